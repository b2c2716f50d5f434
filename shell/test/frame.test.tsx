import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, OfflineBanner, selectSession } from '@matka/shared';
import { TopBar } from '../src/layout/TopBar';
import { RequireSession } from '../src/layout/RequireSession';
import { Landing } from '../src/pages/RootPage';
import { LoginForm } from '../src/pages/LoginPage';
import HomePage from '../src/pages/HomePage';
import ChartsPage from '../src/pages/ChartsPage';
import GameRatesPage from '../src/pages/GameRatesPage';
import { sanitizeHtml as sanitizeContent } from '@matka/shared/html';
import HowToPlayPage from '../src/pages/HowToPlayPage';
import PrivacyPage from '../src/pages/PrivacyPage';
import { PullToRefresh } from '../src/components/PullToRefresh';
import { mockFetch, renderPage } from './helpers';

const loc = () => screen.getByTestId('location');

const markets = [
  {
    game_id: 1,
    game_name: 'KALYAN',
    open_result: '123',
    close_result: '',
    open_time: '03:45 PM',
    close_time: '05:45 PM',
    msg_status: 1,
  },
  {
    game_id: 2,
    game_name: 'MAIN BAZAR',
    open_result: '',
    close_result: '',
    open_time: '09:35 PM',
    close_time: '11:55 PM',
    msg_status: 0,
  },
];

function homeInfo(betting: '0' | '1') {
  return (call: string) =>
    call === 'api-home-info'
      ? {
          status: true,
          betting_status: betting,
          wallet_amt: '1250',
          telegram_no: '9876500001',
          mobile_1: '9876500002',
          mobile_no: '9876500003',
          result: markets,
        }
      : { status: true };
}

describe('top bar and side menu', () => {
  it('shows the wallet balance only when betting is on, linking to /imp7', async () => {
    mockFetch(homeInfo('1'));
    await renderPage(<TopBar />, { session: true, path: '/imp' });
    const wallet = await screen.findByTestId('topbar-wallet');
    expect(wallet).toHaveTextContent(/^1,250$/);
    expect(wallet.closest('a')).toHaveAttribute('href', '/imp7');
  });

  it('polls the balance every 5 s on any page, so a win shows without visiting /imp', async () => {
    jest.useFakeTimers();
    try {
      let wallet = '1250';
      const f = mockFetch((call) =>
        call === 'api-user-wallet-balance' ? { status: true, wallet_amt: wallet } : homeInfo('1')(call),
      );
      await renderPage(<TopBar />, { session: true, path: '/galigame' });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(100);
      });
      expect(screen.getByTestId('topbar-wallet')).toHaveTextContent(/^1,250$/);
      wallet = '3150'; // a win was settled
      await act(async () => {
        await jest.advanceTimersByTimeAsync(5100);
      });
      expect(screen.getByTestId('topbar-wallet')).toHaveTextContent(/^3,150$/);
      expect(f.calls.filter((c) => c.call === 'api-user-wallet-balance').length).toBeGreaterThanOrEqual(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('hides the wallet and gated menu items when betting is off', async () => {
    mockFetch(homeInfo('0'));
    const { store } = await renderPage(<TopBar />, { session: true, path: '/imp' });
    await waitFor(() => expect(store.getState().home.betting_status).toBe('0'));
    expect(screen.queryByTestId('topbar-wallet')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog');
    const names = within(menu)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(names).toEqual([
      'Home',
      'Charts',
      'Notifications',
      'Responsible Play',
      'Verify a Receipt',
      'Change Password',
      'Privacy Policy',
      'Log out',
    ]);
  });

  it('is a dialog: focus moves in, Escape closes; user name and mobile; all items with betting on', async () => {
    mockFetch(homeInfo('1'));
    const { store } = await renderPage(<TopBar />, { session: true, path: '/imp' });
    await waitFor(() => expect(store.getState().home.betting_status).toBe('1'));
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Ravi Kumar...' });
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(within(menu).getByText('9876543210')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Home',
      'Add Funds',
      'Wallet',
      'Win History',
      'Bid History',
      'How To Play',
      'Game Rates',
      'Charts',
      'Notifications',
      'Responsible Play',
      'Verify a Receipt',
      'Change Password',
      'Privacy Policy',
      'Log out',
    ]);
    expect(within(menu).getByRole('link', { name: 'Add Funds' })).toHaveAttribute('href', '/imp9');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Log out calls api-user-logout, clears the session and goes to /login', async () => {
    const f = mockFetch(homeInfo('1'));
    const { store } = await renderPage(<TopBar />, { session: true, path: '/imp' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(loc()).toHaveTextContent('/login'));
    expect(f.calls.some((c) => c.call === 'api-user-logout')).toBe(true);
    expect(selectSession(store.getState())).toEqual({ username: null, unique_token: null, mobile: null });
  });

  it('the session guard sends a visitor without a token to /login', async () => {
    mockFetch(() => ({ status: true }));
    await renderPage(
      <RequireSession>
        <p>secret page</p>
      </RequireSession>,
      { path: '/imp' },
    );
    expect(screen.queryByText('secret page')).toBeNull();
    expect(loc()).toHaveTextContent('/login');
  });
});

describe('landing', () => {
  it('has Login, Download App, the ticker, tiles to /login and How To Play to /htp, and the login form', async () => {
    mockFetch(() => ({ status: true }));
    await renderPage(<Landing loginForm={<LoginForm />} />, { path: '/' });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Download App' })).toHaveAttribute('href', '/app.apk');
    expect(screen.getByRole('marquee', { name: MSG.downloadTicker })).toBeInTheDocument();
    for (const t of ['AddFund', 'Withdraw', 'Gali Disawar', 'Starline'])
      expect(screen.getByRole('link', { name: t })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'How To Play' })).toHaveAttribute('href', '/htp');
    expect(screen.getByRole('heading', { name: 'Login To Play' })).toBeInTheDocument();
  });
});

describe('home', () => {
  it('shows market cards: name, result, times, chip; tiles by betting status', async () => {
    mockFetch(homeInfo('1'));
    await renderPage(<HomePage />, { session: true, path: '/imp' });
    const cards = await screen.findAllByTestId('market-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('KALYAN');
    expect(cards[0]).toHaveTextContent('123-6*-***');
    expect(cards[0]).toHaveTextContent('Market Open');
    expect(cards[0]).toHaveTextContent('03:45 PM');
    expect(cards[1]).toHaveTextContent('***-**-***');
    expect(cards[1]).toHaveTextContent('Market Closed');
    expect(screen.getByRole('link', { name: 'Add Fund' })).toHaveAttribute('href', '/addfund');
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/withdraw');
    expect(screen.getByRole('link', { name: 'Starline' })).toHaveAttribute('href', '/star');
    expect(screen.getByRole('link', { name: 'Gali Disawar' })).toHaveAttribute('href', '/galiIMP');
  });

  it('a break running: the notice says until when, and no market offers Play', async () => {
    const until = new Date(Date.now() + 24 * 3600_000).toISOString();
    mockFetch((call) =>
      call === 'api-responsible'
        ? { status: true, break_until: until, excluded_until: '', age_declared: true }
        : homeInfo('1')(call),
    );
    await renderPage(<HomePage />, { session: true, path: '/imp' });
    const notice = await screen.findByTestId('play-paused');
    expect(notice).toHaveTextContent(/^You are taking a break until .+\. Bids, deposits and transfers/);
    const cards = await screen.findAllByTestId('market-card');
    expect(cards[0]).toHaveTextContent('Market Open');
    expect(within(cards[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(cards[0]).not.toHaveTextContent('Play');
  });

  it('an account waiting for approval is told so, not to contact support', async () => {
    mockFetch((call) =>
      call === 'api-home-info' ? { ...(homeInfo('0')(call) as object), awaiting_approval: true } : { status: true },
    );
    await renderPage(<HomePage />, { session: true, path: '/imp' });
    const notice = await screen.findByTestId('betting-off');
    expect(notice).toHaveTextContent("Your account is waiting for the operator's approval.");
    expect(notice).not.toHaveTextContent('Customer Support');
  });

  it('self-excluded with betting off: the exclusion alone says why, not a second reason above it', async () => {
    const until = new Date(Date.now() + 200 * 24 * 3600_000).toISOString();
    mockFetch((call) =>
      call === 'api-responsible'
        ? { status: true, break_until: '', excluded_until: until, age_declared: true }
        : homeInfo('0')(call),
    );
    await renderPage(<HomePage />, { session: true, path: '/imp' });
    expect(await screen.findByTestId('play-paused')).toHaveTextContent(/excluded yourself/);
    expect(screen.queryByTestId('betting-off')).toBeNull();
  });

  it('offline: the banner over the last markets; back online the list refreshes and the banner goes', async () => {
    let reachable = true;
    const fetch = mockFetch((call) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return homeInfo('1')(call);
    });
    await renderPage(
      <>
        <OfflineBanner />
        <HomePage />
      </>,
      { session: true, path: '/imp' },
    );
    expect(await screen.findAllByTestId('market-card')).toHaveLength(2);
    expect(screen.queryByText(MSG.offline)).not.toBeInTheDocument();
    reachable = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(MSG.offline)).toBeInTheDocument();
    expect(screen.getAllByTestId('market-card')).toHaveLength(2);
    reachable = true;
    const before = fetch.calls.filter((c) => c.call === 'api-home-info').length;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(MSG.offline)).not.toBeInTheDocument());
    await waitFor(() => expect(fetch.calls.filter((c) => c.call === 'api-home-info').length).toBe(before + 1));
    expect(screen.getAllByTestId('market-card')).toHaveLength(2);
  });

  it('a market whose close result is declared, or whose close time has come, shows Market Closed and is no button', async () => {
    const declared = [{ ...markets[0], close_result: '446' }];
    mockFetch((call) => (call === 'api-home-info' ? { ...homeInfo('1')(call), result: declared } : { status: true }));
    await renderPage(<HomePage />, { session: true, path: '/imp' });
    const [card] = await screen.findAllByTestId('market-card');
    expect(card).toHaveTextContent('123-64-446');
    expect(card).toHaveTextContent('Market Closed');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('an open market whose close time has come since the last poll shows Market Closed', async () => {
    mockFetch(homeInfo('1'));
    await renderPage(<HomePage />, { session: true, path: '/imp', now: () => new Date('2026-03-05T17:45:00+05:30') });
    const cards = await screen.findAllByTestId('market-card');
    expect(cards[0]).toHaveTextContent('Market Closed');
    expect(within(cards[0]).queryByRole('button')).toBeNull();
  });

  it('tapping an open market goes to /game with the market (times and results) when betting is on', async () => {
    mockFetch(homeInfo('1'));
    await renderPage(<HomePage />, { session: true, path: '/imp' });
    const cards = await screen.findAllByTestId('market-card');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Add Fund' })).toBeInTheDocument());
    await userEvent.click(within(cards[0]).getByRole('button'));
    expect(loc()).toHaveTextContent('/game');
    expect(JSON.parse(loc().getAttribute('data-state')!)).toEqual({
      gameId: '1',
      gameName: 'KALYAN',
      openTime: '03:45 PM',
      closeTime: '05:45 PM',
      openResult: '123',
      closeResult: '',
    });
    expect(within(cards[1]).queryByRole('button')).toBeNull();
  });

  it('with betting off: no Add Fund / Withdraw, no Play on an open market, and a notice that says why', async () => {
    mockFetch(homeInfo('0'));
    const { store } = await renderPage(<HomePage />, { session: true, path: '/imp' });
    const cards = await screen.findAllByTestId('market-card');
    await waitFor(() => expect(store.getState().home.betting_status).toBe('0'));
    expect(screen.queryByRole('link', { name: 'Add Fund' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Withdraw' })).toBeNull();
    expect(within(cards[0]).getByText('Market Open')).toBeInTheDocument();
    expect(within(cards[0]).queryByRole('button')).toBeNull();
    expect(screen.queryByText('▶ Play')).toBeNull();
    expect(screen.getByTestId('betting-off')).toHaveTextContent(MSG.bettingOff);
  });

  it("Customer Support is a dialog with WhatsApp, Telegram and Call; a missing number says 'Unable to initiate contact'", async () => {
    mockFetch((call) =>
      call === 'api-home-info' ? { status: true, betting_status: '1', result: [], telegram_no: '' } : { status: true },
    );
    await renderPage(<HomePage />, { session: true, path: '/imp' });
    expect(await screen.findByText('No markets right now.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Customer Support' }));
    const dialog = screen.getByRole('dialog', { name: 'Customer Support' });
    for (const n of ['WhatsApp', 'Telegram', 'Call'])
      expect(within(dialog).getByRole('button', { name: n })).toBeInTheDocument();
  });
});

describe('content pages', () => {
  it('charts: a row per game, View Charts opens its URL in a new tab', async () => {
    mockFetch(() => ({
      status: true,
      result: [{ game_id: 1, game_name: 'KALYAN', web_chart_url: '/charts/market/1' }],
    }));
    await renderPage(<ChartsPage />, { session: true, path: '/charts' });
    const link = await screen.findByRole('link', { name: 'View Charts of KALYAN' });
    expect(link).toHaveAttribute('href', '/charts/market/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveTextContent('View Charts');
  });

  it('game rates: pairs a-b; empty state', async () => {
    mockFetch(() => ({
      status: true,
      game_rates: [{ single_digit_val_1: '10', single_digit_val_2: '95', jodi_digit_val_1: 10, jodi_digit_val_2: 950 }],
    }));
    await renderPage(<GameRatesPage />, { session: true, path: '/gameRates' });
    expect(await screen.findByText('10-95')).toBeInTheDocument();
    expect(screen.getByText('10-950')).toBeInTheDocument();
  });

  it('how to play: sanitized HTML (no scripts, no handlers) and the video link', async () => {
    mockFetch(() => ({
      status: true,
      content: [
        {
          how_to_play_content:
            '<p onclick="alert(1)">Play <b>well</b></p><script>window.hacked=1</script><img src=x onerror="alert(2)">',
          video_link: 'https://video.example/v',
        },
      ],
    }));
    const { container } = await renderPage(<HowToPlayPage />, { path: '/htp' });
    expect(await screen.findByText('well')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onclick|onerror/);
    expect(screen.getByRole('link', { name: /tutorial video/ })).toHaveAttribute('href', 'https://video.example/v');
    expect(sanitizeContent('<a href="javascript:alert(1)">x</a>')).not.toContain('javascript:');
  });

  it("privacy policy: the operator's text, sanitized; the built-in policy when there is none or the call fails", async () => {
    mockFetch(() => ({
      status: true,
      privacy_policy: '<h1>Our policy</h1><p onclick="x()">We keep little.</p><script>1</script>',
    }));
    const first = await renderPage(<PrivacyPage />, { path: '/privacypolicy' });
    expect(await screen.findByText('We keep little.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Our policy' })).toBeInTheDocument();
    expect(first.container.querySelector('script')).toBeNull();
    expect(first.container.innerHTML).not.toMatch(/onclick/);
    first.unmount();
    mockFetch(() => ({ status: true, privacy_policy: '' }));
    const second = await renderPage(<PrivacyPage />, { path: '/privacypolicy' });
    expect(await screen.findByRole('heading', { name: 'What we collect' })).toBeInTheDocument();
    second.unmount();
    mockFetch(() => {
      throw new Error('offline');
    });
    await renderPage(<PrivacyPage />, { path: '/privacypolicy' });
    expect(await screen.findByRole('heading', { name: 'What we collect' })).toBeInTheDocument();
  });

  it("nests the content's headings under the page title: its top level becomes h2", () => {
    expect(sanitizeContent('<h3>How to play</h3><p>x</p><h4>Rules</h4>')).toBe(
      '<h2>How to play</h2><p>x</p><h3>Rules</h3>',
    );
    expect(sanitizeContent('<h1>A</h1><h2>B</h2>')).toBe('<h2>A</h2><h3>B</h3>');
    expect(sanitizeContent('<h2>Same</h2>')).toBe('<h2>Same</h2>');
    expect(sanitizeContent('<p>none</p>')).toBe('<p>none</p>');
  });
});

describe('pull to refresh', () => {
  const touch = (type: string, y: number) =>
    act(() => {
      const e = new Event(type, { bubbles: true }) as Event & { touches: { clientX: number; clientY: number }[] };
      Object.defineProperty(e, 'touches', { value: type === 'touchend' ? [] : [{ clientX: 10, clientY: y }] });
      window.dispatchEvent(e);
    });

  it('pulling past the threshold and releasing refreshes; a short pull does not', async () => {
    jest.useFakeTimers();
    try {
      const onRefresh = jest.fn();
      const { container } = await renderPage(<PullToRefresh onRefresh={onRefresh} />);
      const ptr = container.querySelector('.ptr')!;
      touch('touchstart', 100);
      touch('touchmove', 150);
      expect(ptr).toHaveAttribute('data-state', 'pulling');
      touch('touchend', 150);
      expect(ptr).toHaveAttribute('data-state', 'pending');
      act(() => jest.advanceTimersByTime(1000));
      expect(onRefresh).not.toHaveBeenCalled();
      touch('touchstart', 100);
      touch('touchmove', 300);
      expect(ptr).toHaveAttribute('data-state', 'releasing');
      expect((ptr as HTMLElement).style.height).toBe('80px');
      touch('touchend', 300);
      expect(ptr).toHaveAttribute('data-state', 'refreshing');
      expect((ptr as HTMLElement).style.height).toBe('50px');
      act(() => jest.advanceTimersByTime(500));
      expect(onRefresh).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
