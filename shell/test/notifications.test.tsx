import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { liveUp } from '@matka/shared';
import type { InboxItem } from '@matka/shared/contract';
import NotificationsPage from '../src/pages/NotificationsPage';
import { TopBar } from '../src/layout/TopBar';
import { mockFetch, renderPage } from './helpers';

const ITEMS: InboxItem[] = [
  {
    id: 'zfJ1Z2pCq9j-vJ4bJWv3Ew',
    kind: 'win',
    event: { kind: 'win', market_id: 5, family: 'regular', name: 'KALYAN', points: 1900, bids: 2 },
    at: '2026-03-10T10:35:00.000Z',
    read: false,
  },
  {
    id: 'Mh5bQK7yX0a1nW2cE3dF4g',
    kind: 'notice',
    event: { kind: 'notice', notice_id: 4, title: 'Diwali bonus', body: 'Deposit today: 5% extra', link: '/addfund' },
    at: '2026-03-10T08:00:00.000Z',
    read: false,
  },
  {
    id: 'a9B8c7D6e5F4g3H2i1J0kA',
    kind: 'withdrawal',
    event: { kind: 'withdrawal', request_id: 9, status: 'rejected', points: 500 },
    at: '2026-03-09T08:00:00.000Z',
    read: true,
  },
];

describe('the notifications inbox', () => {
  it('lists the news newest first, opens the right page, and marks them read once shown', async () => {
    let unread = 2;
    const f = mockFetch((call) => {
      if (call === 'api-notifications') return { status: true, notifications: ITEMS, unread };
      if (call === 'api-notifications-read') {
        unread = 0;
        return { status: true, unread };
      }
      return { status: true };
    });
    await renderPage(<NotificationsPage />, { session: true, path: '/notifications' });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('You won 1,900 points'),
      expect.stringContaining('Diwali bonus'),
      expect.stringContaining('Withdrawal rejected'),
    ]);
    expect(items[0]).toHaveTextContent('New');
    expect(items[0]).toHaveTextContent('KALYAN: 2 winning bids');
    expect(items[2]).not.toHaveTextContent('New');
    expect(items[2]).toHaveTextContent('500 points returned to your wallet');
    expect(within(items[0]).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/win');
    expect(within(items[1]).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/addfund');
    expect(within(items[2]).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/withdrawhistory');
    expect(screen.getByRole('link', { name: 'Phone notifications' })).toHaveAttribute('href', '/notifysettings');
    // shown: everything up to the newest is read
    await act(async () => {});
    expect(f.calls.filter((c) => c.call === 'api-notifications-read').map((c) => c.body.upto)).toEqual(['zfJ1Z2pCq9j-vJ4bJWv3Ew']);
  });

  it('says so when there is nothing yet', async () => {
    mockFetch((call) => (call === 'api-notifications' ? { status: true, notifications: [], unread: 0 } : {}));
    await renderPage(<NotificationsPage />, { session: true, path: '/notifications' });
    expect(
      await screen.findByText('No notifications yet. Wins, deposits, withdrawals and notices appear here.'),
    ).toBeInTheDocument();
  });

  it('shows the unread count on the menu button and beside Notifications in the menu', async () => {
    mockFetch((call) =>
      call === 'api-notifications'
        ? { status: true, notifications: ITEMS, unread: 2 }
        : call === 'api-home-info'
          ? { status: true, betting_status: '1', wallet_amt: '100', result: [] }
          : { status: true },
    );
    const { store } = await renderPage(<TopBar />, { session: true, path: '/imp' });
    act(() => {
      store.dispatch(liveUp());
    });
    const menu = await screen.findByRole('button', { name: 'Open menu (2 unread notifications)' });
    await userEvent.click(menu);
    const item = screen.getByRole('link', { name: /Notifications/ });
    expect(item).toHaveAttribute('href', '/notifications');
    expect(item).toHaveTextContent('Notifications2 unread');
  });
});
