import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathsOf, type Market } from '@matka/shared';
import { BET_TYPES } from '@matka/shared/domain';
import { GamePage } from '../src/pages/GamePage';
import { routes } from '../src/routes';
import { at, mockServer, renderRoutes } from './helpers';

const TITLES = [
  'Single Digit',
  'Jodi Digit',
  'Single Pana',
  'Double Pana',
  'Triple Pana',
  'Half Sangam',
  'Full Sangam',
  'SP DP TP',
  'SP Motor',
  'DP Motor',
];
const KALYAN = {
  gameId: '7',
  gameName: 'KALYAN',
  openTime: '03:45 PM',
  closeTime: '05:45 PM',
  openResult: '',
  closeResult: '',
};

/** /game with a fixed clock, the rest of the family's routes as they are. */
const withClock = (now: () => Date) => [{ path: '/game', element: <GamePage now={now} /> }, ...routes.slice(1)];

describe('the regular routes', () => {
  it('cover exactly the paths the route table gives the family', () => {
    expect(routes.map((r) => r.path).sort()).toEqual([...pathsOf('regular')].sort());
  });

  it.each(['/game', '/single', '/dpmotor'])('%s renders inside FamilyRoot with the session user', async (path) => {
    mockServer();
    await renderRoutes(routes, path, KALYAN);
    const root = document.querySelector('[data-family="regular"]');
    expect(root).toHaveAttribute('data-session-user', 'Ravi');
  });
});

describe('/game', () => {
  it('shows the game name and the ten bet types in order', async () => {
    mockServer();
    await renderRoutes(withClock(at(10)), '/game', KALYAN);
    expect(screen.getByRole('heading', { name: 'KALYAN' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Bet types' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.querySelector('.tile-label')?.textContent),
    ).toEqual(TITLES);
  });

  it.each(Object.values(BET_TYPES).filter((d) => d.family === 'regular'))(
    'the $title tile opens $route with the market in the state',
    async (def) => {
      const u = userEvent.setup();
      mockServer();
      const { router } = await renderRoutes(withClock(at(10)), '/game', KALYAN);
      await u.click(screen.getByRole('button', { name: def.title }));
      await waitFor(() => expect(router.state.location.pathname).toBe(def.route));
      expect(router.state.location.state).toEqual({ ...KALYAN, pana: def.title });
      expect(screen.getByRole('heading', { name: def.title })).toBeInTheDocument();
      expect(screen.getByLabelText('Points')).toBeInTheDocument();
    },
  );

  it.each(['Jodi Digit', 'Half Sangam', 'Full Sangam'])(
    '%s is blocked once the open time is not later than now',
    async (title) => {
      const u = userEvent.setup();
      mockServer();
      const { router } = await renderRoutes(withClock(at(15, 45)), '/game', KALYAN);
      await u.click(screen.getByRole('button', { name: title }));
      expect(await screen.findByText(`Bidding is closed for ${title}`)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/game');
      await u.click(screen.getByRole('button', { name: 'Single Digit' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/single'));
    },
  );

  it('without a market lists the regular markets to pick from and the tiles do nothing', async () => {
    const u = userEvent.setup();
    const markets: Market[] = [
      {
        game_id: 3,
        game_name: 'TIME BAZAR',
        open_time: '01:00 PM',
        close_time: '02:00 PM',
        msg_status: 0,
        open_result: '',
        close_result: '',
        web_chart_url: '',
      },
      {
        game_id: 7,
        game_name: 'KALYAN',
        open_time: '03:45 PM',
        close_time: '05:45 PM',
        msg_status: 1,
        open_result: '',
        close_result: '',
        web_chart_url: '',
      },
    ];
    mockServer({ markets });
    const { router } = await renderRoutes(withClock(at(10)), '/game');
    expect(screen.getByRole('heading', { name: 'Choose a market' })).toBeInTheDocument();
    for (const b of within(screen.getByRole('navigation', { name: 'Bet types' })).getAllByRole('button'))
      expect(b).toBeDisabled();
    const list = await screen.findByRole('list', { name: 'Markets' });
    expect(within(list).getByText('Market Closed')).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'Play TIME BAZAR' })).not.toBeInTheDocument();
    await u.click(within(list).getByRole('link', { name: 'Play KALYAN' }));
    expect(await screen.findByRole('heading', { name: 'KALYAN' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual(KALYAN);
    expect(screen.getByRole('button', { name: 'Single Digit' })).toBeEnabled();
  });

  it('does not offer play when betting is off', async () => {
    mockServer({
      bettingStatus: '0',
      markets: [{ game_id: 7, game_name: 'KALYAN', open_time: '03:45 PM', close_time: '05:45 PM', msg_status: 1 }],
    });
    await renderRoutes(withClock(at(10)), '/game');
    const list = await screen.findByRole('list', { name: 'Markets' });
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
  });
});
