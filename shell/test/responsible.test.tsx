import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ResponsiblePage from '../src/pages/ResponsiblePage';
import { AgePrompt } from '../src/layout/AgePrompt';
import { RealityCheck, nextCheck, playedText } from '../src/layout/RealityCheck';
import { mockFetch, renderPage } from './helpers';

const NONE = {
  status: true,
  age_declared: true,
  age_required: false,
  break_until: '',
  excluded_until: '',
  permanent: false,
  history: [],
};

describe('/responsible', () => {
  it('a break is taken only after a confirmation that says what it means; the page shows it', async () => {
    let state: Record<string, unknown> = NONE;
    const f = mockFetch((call, body) => {
      if (call === 'api-responsible') return state;
      if (call === 'api-take-break') {
        state = {
          ...NONE,
          break_until: '2026-03-17T02:30:00.000Z',
          history: [
            {
              kind: 'break',
              until: '2026-03-17T02:30:00.000Z',
              note: String(body.period),
              at: '2026-03-10T02:30:00.000Z',
            },
          ],
        };
        return { ...state, msg: 'You are taking a break until 17-March-2026 8:00 AM (7 days)' };
      }
      return { status: true };
    });
    await renderPage(<ResponsiblePage />, { session: true, path: '/responsible' });
    await screen.findByText('No break or self-exclusion is running.');
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Take a break' }));
    const dialog = screen.getByRole('dialog', { name: 'Take a break: 7 days?' });
    expect(dialog).toHaveTextContent(
      'For 7 days you cannot bid, add funds, or send or receive transfers. You can still log in, see your histories and withdraw your points. You cannot shorten or end it.',
    );
    // nothing is sent before the confirmation
    expect(f.calls.filter((c) => c.call === 'api-take-break')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the break' }));
    expect(f.calls.find((c) => c.call === 'api-take-break')?.body.period).toBe('7d');
    // said once, in one date format, on the card brought into view and focused
    const shown = await screen.findByText(/^You are taking a break until 17-March-2026/);
    expect(shown.closest('[role="status"]')).toHaveFocus();
    expect(screen.queryByText('You are taking a break until 17-March-2026 8:00 AM (7 days)')).not.toBeInTheDocument();
    expect(screen.getByText(/^Break taken, until 17-March-2026/)).toBeInTheDocument();
  });

  it('self-exclusion says that only the operator can end it; cancelling sends nothing', async () => {
    const f = mockFetch((call) => (call === 'api-responsible' ? NONE : { status: true }));
    await renderPage(<ResponsiblePage />, { session: true, path: '/responsible' });
    await screen.findByText('No break or self-exclusion is running.');
    await userEvent.click(screen.getByRole('radio', { name: 'Permanently' }));
    await userEvent.click(screen.getByRole('button', { name: 'Exclude myself' }));
    const dialog = screen.getByRole('dialog', { name: 'Exclude yourself: Permanently?' });
    expect(dialog).toHaveTextContent(/^Exclude yourself: Permanently\?From now on, for good, you cannot bid/);
    expect(dialog).toHaveTextContent('only the operator can, on a written request');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(f.calls.filter((c) => c.call === 'api-self-exclude')).toHaveLength(0);
  });
});

describe('the age prompt', () => {
  beforeEach(() => localStorage.clear());

  it('asks an account without the declaration once on this device; I confirm sends it', async () => {
    const f = mockFetch((call) =>
      call === 'api-responsible'
        ? { ...NONE, age_declared: false }
        : call === 'api-confirm-age'
          ? NONE
          : { status: true },
    );
    await renderPage(<AgePrompt />, { session: true, path: '/imp' });
    const dialog = await screen.findByRole('dialog', { name: 'Before you play' });
    expect(dialog).toHaveTextContent('I confirm that I am 18 years of age or older.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'I confirm' }));
    expect(f.calls.filter((c) => c.call === 'api-confirm-age')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('matka.age-asked')).toBe('1');
  });

  it('is not shown to an account that declared it, nor to a visitor', async () => {
    const f = mockFetch((call) => (call === 'api-responsible' ? NONE : { status: true }));
    await renderPage(<AgePrompt />, { session: true, path: '/imp' });
    await screen.findByText((_, el) => el?.tagName === 'OUTPUT');
    expect(screen.queryByRole('dialog')).toBeNull();
    await renderPage(<AgePrompt />, { path: '/htp' });
    expect(f.calls.filter((c) => c.call === 'api-responsible')).toHaveLength(1);
  });
});

describe('limits and the reality check on /responsible', () => {
  const LIMIT = {
    kind: 'stake',
    period: 'day',
    amount: 1000,
    used: 250,
    resets: '2026-03-10T18:30:00.000Z',
    next_amount: null,
    next_at: '',
    removing: false,
  };

  it('sets a limit (the server says what it did), shows it with its use and a raise that waits, and lists the changes', async () => {
    let state: Record<string, unknown> = { ...NONE, limits: [], limit_history: [], reality_check_minutes: 0 };
    const f = mockFetch((call, body) => {
      if (call === 'api-responsible') return state;
      if (call === 'api-take-break') {
        state = { ...state, break_until: '2026-03-17T02:30:00.000Z' };
        return { ...state, msg: 'You are taking a break until 17-March-2026 08:00 AM' };
      }
      if (call === 'api-set-limit') {
        state = {
          ...state,
          limits: [{ ...LIMIT, next_amount: 5000, next_at: '2026-03-11T02:30:00.000Z' }],
          limit_history: [
            {
              kind: 'stake',
              period: 'day',
              action: 'raised',
              amount: 5000,
              previous: 1000,
              effective_at: '2026-03-11T02:30:00.000Z',
              at: '2026-03-10T02:30:00.000Z',
            },
          ],
        };
        return {
          ...state,
          msg: `Your daily stake limit will be raised to 5,000 points on 11-March-2026 08:00 AM (${body.amount})`,
        };
      }
      return { status: true };
    });
    await renderPage(<ResponsiblePage />, { session: true, path: '/responsible' });
    await screen.findByText('You have set no limits.');
    // a limit that is not a number is refused here, and nothing is sent
    await userEvent.type(screen.getByLabelText('Points'), 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(screen.getByText('Enter the limit in points, or 0 to remove it')).toBeInTheDocument();
    expect(f.calls.filter((c) => c.call === 'api-set-limit')).toHaveLength(0);
    await userEvent.selectOptions(screen.getByLabelText('Limit'), 'Stake');
    await userEvent.selectOptions(screen.getByLabelText('Per'), 'Day');
    await userEvent.clear(screen.getByLabelText('Points'));
    await userEvent.type(screen.getByLabelText('Points'), '5,000');
    await userEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(
      await screen.findByText('Your daily stake limit will be raised to 5,000 points on 11-March-2026 08:00 AM (5000)'),
    ).toBeInTheDocument();
    expect(f.calls.find((c) => c.call === 'api-set-limit')?.body).toMatchObject({
      kind: 'stake',
      period: 'day',
      amount: '5000',
    });
    expect(await screen.findByText('Daily stake limit: 1,000 points')).toBeInTheDocument();
    expect(screen.getByText(/^250 used of 1,000, 750 left; resets 11-March-2026/)).toBeInTheDocument();
    expect(screen.getByText(/^Raised to 5,000 points on 11-March-2026 08:00/)).toBeInTheDocument();
    expect(
      screen.getByText(/^Daily stake limit raised to 5,000 points \(was 1,000\), from 11-March-2026/),
    ).toBeInTheDocument();
    // a break begun then: the limit's answer above is not left standing beside it
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Take a break' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Start the break' }));
    await screen.findByText(/^You are taking a break until/);
    expect(screen.queryByText(/^Your daily stake limit will be raised/)).not.toBeInTheDocument();
  });

  it("a limit already passed says it is reached, not '480 used' of 100", async () => {
    mockFetch((call) =>
      call === 'api-responsible'
        ? {
            ...NONE,
            limits: [{ ...LIMIT, kind: 'deposit', amount: 100, used: 480 }],
            limit_history: [],
            reality_check_minutes: 0,
          }
        : { status: true },
    );
    await renderPage(<ResponsiblePage />, { session: true, path: '/responsible' });
    expect(await screen.findByText(/^Reached \(480 used\): nothing more until 11-March-2026/)).toBeInTheDocument();
    expect(screen.queryByText(/480 used of/)).not.toBeInTheDocument();
  });

  it('the reality check interval is saved on the account; its message stays once the page is read again', async () => {
    let saved = 0;
    const f = mockFetch((call, body) => {
      if (call === 'api-responsible') return { ...NONE, limits: [], limit_history: [], reality_check_minutes: saved };
      if (call !== 'api-set-reality-check') return { status: true };
      saved = Number(body.minutes);
      return { ...NONE, reality_check_minutes: saved, msg: `A reality check every ${saved} minutes` };
    });
    await renderPage(<ResponsiblePage />, { session: true, path: '/responsible' });
    expect(await screen.findByRole('radio', { name: 'Off' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Every 60 minutes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A reality check every 60 minutes')).toBeInTheDocument();
    expect(f.calls.find((c) => c.call === 'api-set-reality-check')?.body.minutes).toBe(60);
    // the save makes the page's answer stale: read again, it says 60, and the message is still there
    await waitFor(() => expect(f.calls.filter((c) => c.call === 'api-responsible')).toHaveLength(2));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByText('A reality check every 60 minutes')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Every 60 minutes' })).toBeChecked();
  });
});

describe('the reality check dialog', () => {
  it('opens when an interval since login has passed, with the figures read then; Continue closes it', async () => {
    let staked = 500;
    // the 30-minute check falls 2 s from now (room for a slow machine to mount the component first)
    const loginAt = new Date(Date.now() - 30 * 60_000 + 2000).toISOString();
    const f = mockFetch((call) => {
      if (call === 'api-reality-check') return { status: true, minutes: 30, login_at: loginAt, staked, won: 300 };
      return { status: true };
    });
    await renderPage(<RealityCheck />, { session: true, path: '/imp' });
    staked = 700;
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' }, { timeout: 6000 });
    expect(dialog).toHaveTextContent('You have played for 30 minutes since you logged in.');
    // read again when it opened: 700 staked, 300 won
    await within(dialog).findByText('700 points');
    expect(dialog).toHaveTextContent('Net result-400 points');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(f.calls.filter((c) => c.call === 'api-reality-check').length).toBeGreaterThanOrEqual(2);
  }, 15_000);

  it('Log out ends the session there and goes to /login', async () => {
    const loginAt = new Date(Date.now() - 60 * 60_000 + 2000).toISOString();
    const f = mockFetch((call) =>
      call === 'api-reality-check'
        ? { status: true, minutes: 60, login_at: loginAt, staked: 0, won: 0 }
        : { status: true, msg: 'Logged out' },
    );
    const { store } = await renderPage(<RealityCheck />, { session: true, path: '/imp' });
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' }, { timeout: 6000 });
    expect(dialog).toHaveTextContent('You have played for 1 hour since you logged in.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    // the location shows the page before; the logout's answer moves it
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(f.calls.filter((c) => c.call === 'api-user-logout')).toHaveLength(1);
    expect(store.getState().session.unique_token).toBeNull();
  }, 15_000);

  it('says nothing while the check is off', async () => {
    mockFetch((call) =>
      call === 'api-reality-check'
        ? { status: true, minutes: 0, login_at: new Date(Date.now() - 3 * 3600_000).toISOString(), staked: 0, won: 0 }
        : { status: true },
    );
    await renderPage(<RealityCheck />, { session: true, path: '/imp' });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads 1 hour 30 minutes and finds the next check from the login', () => {
    expect(playedText(90 * 60_000)).toBe('1 hour 30 minutes');
    expect(playedText(120 * 60_000)).toBe('2 hours');
    expect(playedText(60_000)).toBe('1 minute');
    expect(nextCheck(0, 30, 31 * 60_000)).toBe(60 * 60_000);
    expect(nextCheck(0, 30, 30 * 60_000)).toBe(60 * 60_000);
  });
});
