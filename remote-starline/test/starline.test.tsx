import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHOOSE_MARKET_TEXT } from '@matka/shared/bid';
import StarBidTypesPage from '../src/pages/StarBidTypesPage';
import StarHome from '../src/pages/StarHome';
import { mockApi, renderRoutes, setVisibility } from './helpers';

const GAMES = {
  status: true,
  web_starline_chart_url: '/charts/starline',
  result: [
    { game_id: 7, game_name: 'STARLINE 10:00 AM', open_time: '10:00 AM', open_result: '', msg_status: 0 },
    { game_id: 8, game_name: 'STARLINE 11:00 AM', open_time: '11:00 AM', open_result: '128-1', msg_status: 0 },
    { game_id: 9, game_name: 'STARLINE 09:00 PM', open_time: '09:00 PM', open_result: null, msg_status: 1 },
  ],
};
const RATES = {
  status: true,
  game_rates: [
    {
      single_digit_val_1: '10',
      single_digit_val_2: '95',
      single_pana_val_1: '10',
      single_pana_val_2: '1500',
      double_pana_val_1: '10',
      double_pana_val_2: '3000',
      tripple_pana_val_1: '10',
      tripple_pana_val_2: '7000',
    },
  ],
};

const HOME_ON = { status: true, betting_status: '1', wallet_amt: '500' };

const pages = [
  { path: '/star', element: <StarHome /> },
  { path: '/stargame', element: <StarBidTypesPage /> },
];

afterEach(() => {
  jest.useRealTimers();
  setVisibility('visible');
});

describe('/star JACKPOT STARLINE', () => {
  it('shows the tiles, the rates as a-b pairs and every slot with its status, result or placeholder', async () => {
    mockApi({ 'api-starline-game': GAMES, 'api-starline-game-rates': RATES, 'api-home-info': HOME_ON });
    await renderRoutes(pages, '/star');
    expect(screen.getByRole('heading', { name: 'JACKPOT STARLINE' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Bid-History' })).toHaveAttribute('href', '/imp5');
    expect(screen.getByRole('link', { name: 'Win History' })).toHaveAttribute('href', '/imp6');
    const cards = await screen.findAllByTestId('starline-game');
    expect(screen.getByRole('link', { name: 'Chart' })).toHaveAttribute('href', '/charts/starline');
    expect(screen.getByRole('link', { name: 'Chart' })).toHaveAttribute('target', '_blank');

    const rates = await screen.findByRole('region', { name: 'Game Rates' });
    for (const [label, value] of [
      ['Single Digit', '10-95'],
      ['Single Pana', '10-1500'],
      ['Double Panna', '10-3000'],
      ['Tripple Panna', '10-7000'],
    ]) {
      expect(within(rates).getByText(label).nextElementSibling).toHaveTextContent(value);
    }

    expect(cards).toHaveLength(3);
    expect(within(cards[0]).getByText('BETTING IS CLOSED')).toBeInTheDocument();
    expect(within(cards[0]).getByText('***-*')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Open: 10:00 AM')).toBeInTheDocument();
    expect(within(cards[0]).queryByRole('link')).toBeNull();
    expect(within(cards[1]).getByText('128-1')).toBeInTheDocument();
    expect(within(cards[1]).queryByRole('link')).toBeNull();
    expect(within(cards[2]).getByText('BETTING IS RUNNING')).toBeInTheDocument();
    expect(within(cards[2]).getByText('***-*')).toBeInTheDocument();
    expect(within(cards[2]).getByRole('link', { name: 'Play STARLINE 09:00 PM' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Play/ })).toHaveLength(1);
  });

  it('a break running: the notice says until when, and no slot offers Play', async () => {
    const until = new Date(Date.now() + 24 * 3600_000).toISOString();
    mockApi({
      'api-starline-game': GAMES,
      'api-starline-game-rates': RATES,
      'api-home-info': HOME_ON,
      'api-responsible': { status: true, break_until: until, excluded_until: '', age_declared: true },
    });
    await renderRoutes(pages, '/star');
    expect(await screen.findByTestId('play-paused')).toHaveTextContent(/break/i);
    const cards = await screen.findAllByTestId('starline-game');
    // the slot's own state is still told; only Play is gone
    expect(within(cards[2]).getByText('BETTING IS RUNNING')).toBeInTheDocument();
    expect(screen.queryAllByRole('link', { name: /^Play/ })).toHaveLength(0);
  });

  it('play opens the chooser with the slot in navigation state', async () => {
    mockApi({ 'api-starline-game': GAMES, 'api-starline-game-rates': RATES, 'api-home-info': HOME_ON });
    const { router } = await renderRoutes(pages, '/star');
    await userEvent.click(await screen.findByRole('link', { name: 'Play STARLINE 09:00 PM' }));
    expect(router.state.location.pathname).toBe('/stargame');
    expect(router.state.location.state).toEqual({
      gameId: '9',
      gameName: 'STARLINE 09:00 PM',
      openTime: '09:00 PM',
      closeTime: '',
      openResult: '',
      closeResult: '',
    });
    expect(screen.getByRole('heading', { name: 'STARLINE 09:00 PM' })).toBeInTheDocument();
  });

  it('shows NO DATA FOUND for an empty list, no rates panel when the rates fail, and a disabled chart tile without a URL', async () => {
    mockApi({ 'api-starline-game': { status: true, result: [] } });
    await renderRoutes(pages, '/star');
    expect(await screen.findByText('NO DATA FOUND')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Game Rates' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Chart' })).toBeDisabled();
  });

  it('polls the games list every 5 s and not at all while the tab is hidden', async () => {
    jest.useFakeTimers();
    const api = mockApi({ 'api-starline-game': GAMES, 'api-starline-game-rates': RATES, 'api-home-info': HOME_ON });
    await renderRoutes(pages, '/star');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(api.count('api-starline-game')).toBe(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(api.count('api-starline-game')).toBe(2);

    act(() => setVisibility('hidden'));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(16000);
    });
    expect(api.count('api-starline-game')).toBe(2);

    act(() => setVisibility('visible'));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5100);
    });
    expect(api.count('api-starline-game')).toBeGreaterThanOrEqual(3);
    expect(api.count('api-starline-game-rates')).toBe(1);
  });

  it("with betting_status '0': no Bid-History / Win History tiles, no rates and no Play on a running slot", async () => {
    const api = mockApi({
      'api-starline-game': GAMES,
      'api-starline-game-rates': RATES,
      'api-home-info': { ...HOME_ON, betting_status: '0' },
    });
    await renderRoutes(pages, '/star');
    const cards = await screen.findAllByTestId('starline-game');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(within(cards[2]).getByText('BETTING IS RUNNING')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Play/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Bid-History' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Win History' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Chart' })).toBeInTheDocument();
    expect(api.count('api-starline-game-rates')).toBe(0);
  });

  it('a slot whose result is declared before its time shows BETTING IS CLOSED and no Play', async () => {
    mockApi({
      'api-starline-game': { ...GAMES, result: [{ ...GAMES.result[2], open_result: '128-1', msg_status: 1 }] },
      'api-starline-game-rates': RATES,
      'api-home-info': HOME_ON,
    });
    await renderRoutes(pages, '/star');
    const [card] = await screen.findAllByTestId('starline-game');
    expect(within(card).getByText('128-1')).toBeInTheDocument();
    expect(within(card).getByText('BETTING IS CLOSED')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /Play/ })).toBeNull();
  });

  it('a slot whose time has come since the last poll shows BETTING IS CLOSED', async () => {
    mockApi({ 'api-starline-game': GAMES, 'api-starline-game-rates': RATES, 'api-home-info': HOME_ON });
    await renderRoutes(pages, '/star', undefined, { now: () => new Date('2026-03-05T21:00:00+05:30') });
    const cards = await screen.findAllByTestId('starline-game');
    expect(within(cards[2]).getByText('BETTING IS CLOSED')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Play/ })).toBeNull();
  });

  it('updates a slot when the next poll says betting closed', async () => {
    jest.useFakeTimers();
    let running = 1;
    mockApi({
      'api-starline-game': () => ({ ...GAMES, result: [{ ...GAMES.result[2], msg_status: running }] }),
      'api-starline-game-rates': RATES,
      'api-home-info': HOME_ON,
    });
    await renderRoutes(pages, '/star');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('BETTING IS RUNNING')).toBeInTheDocument();
    running = 0;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(screen.getByText('BETTING IS CLOSED')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Play/ })).toBeNull();
  });
});

describe('/stargame chooser', () => {
  it('without a game id explains and links back to /star', async () => {
    mockApi({});
    await renderRoutes(pages, '/stargame');
    expect(screen.getByRole('alert')).toHaveTextContent(CHOOSE_MARKET_TEXT);
    expect(screen.getByRole('link', { name: 'Choose a market' })).toHaveAttribute('href', '/star');
    expect(screen.queryByRole('link', { name: 'Single Digit' })).toBeNull();
  });

  it('offers the four starline bid types, each carrying the slot and its pana', async () => {
    mockApi({});
    const state = {
      gameId: '9',
      gameName: 'STARLINE 09:00 PM',
      openTime: '09:00 PM',
      closeTime: '',
      openResult: '',
      closeResult: '',
    };
    const { router } = await renderRoutes(pages, '/stargame', state);
    const nav = screen.getByRole('navigation', { name: 'Starline bid types' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['SSingle Digit', '/starsingle'],
      ['SSingle Pana', '/ssinglepana'],
      ['DDouble Pana', '/sdoublepana'],
      ['TTriple Pana', '/stripplepana'],
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Double Pana' }));
    expect(router.state.location.pathname).toBe('/sdoublepana');
    expect(router.state.location.state).toEqual({ ...state, pana: 'Double Pana' });
  });
});
