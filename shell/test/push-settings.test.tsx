import { within, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PushSettingsPage from '../src/pages/PushSettingsPage';
import { mockFetch, renderPage } from './helpers';

const KEY = Buffer.alloc(65, 4).toString('base64url');
const SUB = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  keys: { p256dh: Buffer.alloc(65, 1).toString('base64url'), auth: Buffer.alloc(16, 2).toString('base64url') },
};

/** A browser with push: a service worker registration whose push manager the test watches. */
function browserWithPush(permission: NotificationPermission = 'default') {
  let current: (PushSubscription & { unsubscribe: jest.Mock }) | null = null;
  const subscribe = jest.fn(async () => {
    current = { endpoint: SUB.endpoint, toJSON: () => SUB, unsubscribe: jest.fn(async () => true) } as never;
    return current;
  });
  const requestPermission = jest.fn(async () => 'granted' as NotificationPermission);
  Object.defineProperty(window, 'PushManager', { value: function PushManager() {}, configurable: true });
  Object.defineProperty(window, 'Notification', { value: { permission, requestPermission }, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => current, subscribe } }) },
    configurable: true,
  });
  return { subscribe, requestPermission };
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).PushManager;
  delete (window as unknown as Record<string, unknown>).Notification;
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

const server = (subscribed: () => boolean) =>
  mockFetch((call, body) => {
    if (call === 'api-home-info')
      return {
        status: true,
        betting_status: '1',
        result: [{ game_id: 5, game_name: 'KALYAN', open_time: '', close_time: '', msg_status: 1 }],
      };
    if (call === 'api-starline-game')
      return { status: true, result: [{ game_id: 31, game_name: 'STARLINE 10:00 AM', open_time: '', msg_status: 1 }] };
    if (call === 'api-galidisawar-game')
      return { status: true, result: [{ game_id: 41, game_name: 'FARIDABAD', open_time: '', msg_status: 1 }] };
    if (call === 'api-push-settings')
      return {
        status: true,
        public_key: KEY,
        subscribed: subscribed() && body.endpoint === SUB.endpoint,
        categories: ['wins'],
        follows: [],
      };
    if (call === 'api-push-subscribe')
      return { status: true, msg: 'Notifications are on for this phone', subscribed: true };
    if (call === 'api-push-follow') return { status: true, follows: body.follows };
    return { status: true };
  });

describe('/notifysettings', () => {
  it('asks for permission only on the tap, subscribes with the server key, and sends the chosen categories', async () => {
    const b = browserWithPush();
    let on = false;
    const f = server(() => on);
    await renderPage(<PushSettingsPage />, { session: true, path: '/notifysettings' });
    await screen.findByText('Notifications are off for this phone.');
    expect(b.requestPermission).not.toHaveBeenCalled();
    // every kind is chosen at first; the player drops the notices and follows KALYAN
    await userEvent.click(screen.getByRole('checkbox', { name: 'Notices from the operator' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'KALYAN' }));
    // Starline and Gali markets can be followed too, each family under its name
    const gali = await screen.findByRole('group', { name: 'Gali Disawar' });
    await userEvent.click(within(gali).getByRole('checkbox', { name: 'FARIDABAD' }));
    expect(
      within(screen.getByRole('group', { name: 'Starline' })).getByRole('checkbox', { name: 'STARLINE 10:00 AM' }),
    ).toBeInTheDocument();
    on = true;
    await userEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText('Notifications are on for this phone')).toHaveAttribute('role', 'status');
    expect(b.requestPermission).toHaveBeenCalledTimes(1);
    expect(b.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) });
    const sent = f.calls.find((c) => c.call === 'api-push-subscribe')!.body;
    expect(sent).toMatchObject({ subscription: SUB, categories: ['results_bid', 'results_followed', 'wins', 'money'] });
    expect(f.calls.find((c) => c.call === 'api-push-follow')!.body.follows).toEqual([5, 41]);
    await screen.findByRole('button', { name: 'Turn off notifications' });
  });

  it('says how to unblock when notifications are blocked, and what to do without push', async () => {
    browserWithPush('denied');
    server(() => false);
    await renderPage(<PushSettingsPage />, { session: true, path: '/notifysettings' });
    expect(await screen.findByText(/Notifications are blocked for this app/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });

  it('tells a browser without push what it can do', async () => {
    server(() => false);
    await renderPage(<PushSettingsPage />, { session: true, path: '/notifysettings' });
    expect(await screen.findByText(/This browser cannot show notifications/)).toBeInTheDocument();
  });
});
