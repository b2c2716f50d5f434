import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@matka/shared';
import { CHOOSE_MARKET_TEXT } from '@matka/shared/bid';
import GaliChooser from '../src/pages/GaliChooser';
import GaliMarketsPage from '../src/pages/GaliMarketsPage';
import GaliHome from '../src/pages/GaliHome';
import { mockApi, renderRoutes, setVisibility } from './helpers';

const MARKETS = {
  status: true,
  web_galidessar_chart_url: '/charts/gali',
  result: [
    { game_id: 21, game_name: 'DISAWAR', open_time: '04:30 AM', close_time: '05:00 AM', result: '47', msg_status: 0 },
    { game_id: 22, game_name: 'FARIDABAD', open_time: '05:40 PM', close_time: '06:00 PM', result: '', msg_status: 1 },
  ],
};
const RATES = {
  status: true,
  game_rates: [
    {
      single_digit_val_1: '10',
      single_digit_val_2: '95',
      single_pana_val_1: '10',
      single_pana_val_2: '96',
      double_pana_val_1: '10',
      double_pana_val_2: '950',
    },
  ],
};
const home = (betting: '0' | '1') => ({ status: true, betting_status: betting, wallet_amt: '500' });

const pages = [
  { path: '/galigame', element: <GaliMarketsPage /> },
  { path: '/galiIMP', element: <GaliHome /> },
];

afterEach(() => {
  jest.useRealTimers();
  setVisibility('visible');
});

describe('Gali market list', () => {
  it('a market whose jodi is declared before its time is closed, not a button', async () => {
    mockApi({
      'api-galidisawar-game': { ...MARKETS, result: [{ ...MARKETS.result[1], result: '12', open_result: '12' }] },
      'api-home-info': home('1'),
    });
    await renderRoutes(pages, '/galigame');
    const [card] = await screen.findAllByTestId('gali-market');
    expect(within(card).getByText('12')).toBeInTheDocument();
    expect(within(card).getByText('Market Closed')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('shows each market with its result or **, close time and Market Open / Market Closed', async () => {
    mockApi({ 'api-galidisawar-game': MARKETS, 'api-home-info': home('1') });
    await renderRoutes(pages, '/galigame');
    const cards = await screen.findAllByTestId('gali-market');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('DISAWAR')).toBeInTheDocument();
    expect(within(cards[0]).getByText('47')).toBeInTheDocument();
    // bids stop at the open time; a declared market shows no draw time
    expect(within(cards[0]).getByText('Bids closed at 04:30 AM')).toBeInTheDocument();
    expect(cards[0]).not.toHaveTextContent('Result at');
    expect(within(cards[0]).getByText('Market Closed')).toBeInTheDocument();
    expect(within(cards[0]).queryByRole('button')).toBeNull();
    expect(within(cards[1]).getByText('**')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Market Open')).toBeInTheDocument();
    // FARIDABAD takes bids until 05:40 PM; its jodi is drawn at 06:00 PM
    expect(cards[1]).toHaveTextContent('Bids until 05:40 PM');
    expect(cards[1]).toHaveTextContent('Result at 06:00 PM');
    expect(cards[1]).not.toHaveTextContent('Close');
  });

  it('an open market goes to /galiallgame with the market when betting is on', async () => {
    mockApi({ 'api-galidisawar-game': MARKETS, 'api-home-info': home('1') });
    const { router, store } = await renderRoutes(pages, '/galigame');
    await screen.findAllByTestId('gali-market');
    expect(store.getState().home.betting_status).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: /FARIDABAD/ }));
    expect(router.state.location.pathname).toBe('/galiallgame');
    expect(router.state.location.state).toEqual({
      gameId: '22',
      gameName: 'FARIDABAD',
      openTime: '05:40 PM',
      closeTime: '06:00 PM',
      openResult: '',
      closeResult: '',
    });
  });

  it('betting off: no market is a button (none would lead anywhere), and the notice says why', async () => {
    mockApi({ 'api-galidisawar-game': MARKETS, 'api-home-info': home('0') });
    await renderRoutes(pages, '/galigame');
    await screen.findAllByTestId('gali-market');
    expect(await screen.findByTestId('betting-off')).toHaveTextContent(MSG.bettingOff);
    expect(screen.getByText('FARIDABAD')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /FARIDABAD/ })).toBeNull();
    // the market's own state is still true: open, bids until its time (not "closed" at an hour to come)
    const faridabad = screen.getAllByTestId('gali-market')[1];
    expect(faridabad).toHaveTextContent('Market Open');
    expect(faridabad).toHaveTextContent('Bids until 05:40 PM');
  });

  it('a break running: the notice says until when, and no market is a button', async () => {
    const until = new Date(Date.now() + 24 * 3600_000).toISOString();
    mockApi({
      'api-galidisawar-game': MARKETS,
      'api-home-info': home('1'),
      'api-responsible': { status: true, break_until: until, excluded_until: '', age_declared: true },
    });
    await renderRoutes(pages, '/galigame');
    expect(await screen.findByTestId('play-paused')).toHaveTextContent(/break/i);
    expect(screen.queryByRole('button', { name: /FARIDABAD/ })).toBeNull();
    expect(screen.getAllByTestId('gali-market')[1]).toHaveTextContent('Market Open');
  });

  it('shows NO DATA FOUND when there are no markets', async () => {
    mockApi({ 'api-galidisawar-game': { status: true, result: [] }, 'api-home-info': home('1') });
    await renderRoutes(pages, '/galigame');
    expect(await screen.findByText('NO DATA FOUND')).toBeInTheDocument();
  });

  it('polls every 5 s and not at all while the tab is hidden', async () => {
    jest.useFakeTimers();
    const api = mockApi({ 'api-galidisawar-game': MARKETS, 'api-home-info': home('1') });
    await renderRoutes(pages, '/galigame');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(api.count('api-galidisawar-game')).toBe(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(api.count('api-galidisawar-game')).toBe(2);
    act(() => setVisibility('hidden'));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(16000);
    });
    expect(api.count('api-galidisawar-game')).toBe(2);
    act(() => setVisibility('visible'));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5100);
    });
    expect(api.count('api-galidisawar-game')).toBeGreaterThanOrEqual(3);
  });
});

describe('/galiIMP GALI DISAWAR', () => {
  it('with betting on: history tiles, chart in a new tab, rates and the market list (one poll for both)', async () => {
    const api = mockApi({
      'api-galidisawar-game': MARKETS,
      'api-galidisawar-game-rates': RATES,
      'api-home-info': home('1'),
    });
    await renderRoutes(pages, '/galiIMP');
    expect(screen.getByRole('heading', { name: 'GALI DISAWAR' })).toBeInTheDocument();
    await screen.findAllByTestId('gali-market');
    expect(await screen.findByRole('link', { name: 'Bid-History' })).toHaveAttribute('href', '/impbid');
    expect(screen.getByRole('link', { name: 'Win History' })).toHaveAttribute('href', '/impwin');
    const chart = screen.getByRole('link', { name: 'Chart' });
    expect(chart).toHaveAttribute('href', '/charts/gali');
    expect(chart).toHaveAttribute('target', '_blank');
    const rates = await screen.findByRole('region', { name: 'Game Rates' });
    for (const [label, value] of [
      ['Left Digit', '10-95'],
      ['Right Digit', '10-96'],
      ['Jodi Digit', '10-950'],
    ]) {
      expect(within(rates).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(api.count('api-galidisawar-game')).toBe(1);
  });

  it('with betting off: no history tiles, no rates, still the chart and the list', async () => {
    const api = mockApi({
      'api-galidisawar-game': MARKETS,
      'api-galidisawar-game-rates': RATES,
      'api-home-info': home('0'),
    });
    await renderRoutes(pages, '/galiIMP');
    await screen.findAllByTestId('gali-market');
    expect(screen.queryByRole('link', { name: 'Bid-History' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Win History' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Chart' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Game Rates' })).toBeNull();
    expect(api.count('api-galidisawar-game-rates')).toBe(0);
  });
});

describe('/galiallgame chooser', () => {
  // 2026-11-22 12:00 in Asia/Kolkata
  const noon = () => new Date('2026-11-22T12:00:00+05:30');
  const chooser = [{ path: '/galiallgame', element: <GaliChooser now={noon} /> }];

  it('without a game id explains and links back', async () => {
    mockApi({});
    await renderRoutes(chooser, '/galiallgame');
    expect(screen.getByRole('alert')).toHaveTextContent(CHOOSE_MARKET_TEXT);
    expect(screen.getByRole('link', { name: 'Choose a market' })).toHaveAttribute('href', '/galiIMP');
  });

  it('titles the screen with the game and navigates with gameId, openTime, gameName and pana while open', async () => {
    mockApi({});
    const state = {
      gameId: '22',
      gameName: 'FARIDABAD',
      openTime: '12:01 PM',
      closeTime: '',
      openResult: '',
      closeResult: '',
    };
    const { router } = await renderRoutes(chooser, '/galiallgame', state);
    expect(screen.getByRole('heading', { name: 'FARIDABAD' })).toBeInTheDocument();
    const buttons = within(screen.getByRole('navigation', { name: 'Gali bid types' })).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['LLeft Digit', 'RRight Digit', 'JJodi Digit']);
    await userEvent.click(screen.getByRole('button', { name: 'Jodi Digit' }));
    expect(router.state.location.pathname).toBe('/jodidigit');
    expect(router.state.location.state).toEqual({ ...state, pana: 'Jodi Digit' });
  });

  it.each([
    ['12:00 PM', 'at the open time'],
    ['11:59 AM', 'after the open time'],
  ])('open time %s (%s): toast "Bidding is closed for ..." and no navigation', async (openTime) => {
    mockApi({});
    const { router } = await renderRoutes(chooser, '/galiallgame', { gameId: '22', openTime, gameName: 'FARIDABAD' });
    await userEvent.click(screen.getByRole('button', { name: 'Left Digit' }));
    expect(await screen.findByText('Bidding is closed for Left Digit')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/galiallgame');
    await userEvent.click(screen.getByRole('button', { name: 'Right Digit' }));
    expect(await screen.findByText('Bidding is closed for Right Digit')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/galiallgame');
  });
});
