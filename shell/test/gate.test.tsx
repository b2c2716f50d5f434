import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Provider } from 'react-redux';
import { MemoryRouter, useRoutes } from 'react-router-dom';
import { createAppStore, loggedIn, loggedOut, MSG, setRuntimeConfig, type AppStore } from '@matka/shared';
import { api } from '@matka/shared/api';
import { buildRoutes } from '../src/App';
import { BareLayout } from '../src/layout/layouts';
import { RequireBetting } from '../src/layout/RequireBetting';
import { deferred, LocationProbe, memoryStorage, mockFetch, renderPage } from './helpers';

const loc = () => screen.getByTestId('location');

function Tree() {
  return useRoutes(buildRoutes());
}

/** The shell's whole route tree at `path`, logged in. */
async function renderApp(path: string, store: AppStore = createAppStore({ storage: memoryStorage() })) {
  setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'k' });
  store.dispatch(loggedIn({ username: 'Ravi Kumar', unique_token: 't'.repeat(64), mobile: '9876543210' }));
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Tree />
          <LocationProbe />
        </MemoryRouter>
      </Provider>,
    );
  });
  return store;
}

const home = (betting: '0' | '1') => ({ status: true, betting_status: betting, wallet_amt: '500', result: [] });
const rates = { status: true, game_rates: [{ single_digit_val_1: '10', single_digit_val_2: '95' }] };

describe('betting gate (spec section 6)', () => {
  it('a player with betting off who opens a gated path directly goes to /imp', async () => {
    mockFetch((call) => (call === 'api-home-info' ? home('0') : call === 'api-game-rates' ? rates : { status: true }));
    await renderApp('/gameRates');
    await waitFor(() => expect(loc()).toHaveTextContent(/^\/imp$/));
    expect(screen.queryByText('10-95')).toBeNull();
  });

  it.each(['/wallet', '/addfund', '/withdraw', '/imp4', '/game', '/leftdigit', '/stargame', '/bid'])(
    'betting off: %s (a remote page) goes to /imp without loading the page, and says why',
    async (p) => {
      const f = mockFetch((call) => (call === 'api-home-info' ? home('0') : { status: true }));
      await renderApp(p);
      await waitFor(() => expect(loc()).toHaveTextContent(/^\/imp$/));
      expect(f.calls.map((c) => c.call)).toContain('api-home-info');
      expect(await screen.findByRole('alert')).toHaveTextContent(MSG.bettingOff);
    },
  );

  it('betting on: the gated page shows', async () => {
    mockFetch((call) => (call === 'api-home-info' ? home('1') : call === 'api-game-rates' ? rates : { status: true }));
    await renderApp('/gameRates');
    expect(await screen.findByText('10-95')).toBeInTheDocument();
    expect(loc()).toHaveTextContent('/gameRates');
  });

  it('while the home info loads: the loading state, not the page; then the decision', async () => {
    const d = deferred();
    mockFetch(async (call) => {
      if (call === 'api-home-info') return (await d.promise, home('0'));
      return call === 'api-game-rates' ? rates : { status: true };
    });
    await renderApp('/gameRates');
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Loading...'))).toBe(true);
    expect(screen.queryByText('10-95')).toBeNull();
    expect(loc()).toHaveTextContent('/gameRates');
    await act(async () => d.resolve(undefined));
    await waitFor(() => expect(loc()).toHaveTextContent(/^\/imp$/));
  });

  it('paths open to every player stay open with betting off: How To Play, Charts, Change Password', async () => {
    for (const p of ['/htp', '/charts', '/change']) {
      mockFetch((call) => (call === 'api-home-info' ? home('0') : { status: true }));
      const store = await renderApp(p);
      await waitFor(() => expect(store.getState().home.betting_status).toBe('0'));
      expect(loc()).toHaveTextContent(p);
      document.body.innerHTML = '';
    }
  });

  it('a server error on the home info says so, with Try again', async () => {
    mockFetch((call) => (call === 'api-home-info' ? new Response('oops', { status: 500 }) : { status: true }));
    await renderPage(
      <RequireBetting>
        <p>gated page</p>
      </RequireBetting>,
      { session: true, path: '/wallet' },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.errorOccurredTryAgain);
    expect(screen.queryByText('gated page')).toBeNull();
  });

  it('the app opened offline: the betting status (and balance) its session last had decides; with none, the offline text', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    // A session that saw betting on before the app was closed: the page shows without the server.
    const storage = memoryStorage();
    const first = createAppStore({ storage });
    first.dispatch(loggedIn({ username: 'Ravi Kumar', unique_token: 't'.repeat(64), mobile: '9876543210' }));
    first.dispatch({
      type: 'api/executeQuery/fulfilled',
      payload: home('1'),
      meta: { arg: { endpointName: 'homeInfo' } },
    });
    const reopened = createAppStore({ storage });
    expect(reopened.getState().home).toMatchObject({ betting_status: '1', wallet_amt: '500' });
    // Logging out forgets both.
    reopened.dispatch(loggedOut());
    expect(storage.getItem('matka.home')).toBeNull();
    expect(createAppStore({ storage }).getState().home).toMatchObject({ betting_status: null, wallet_amt: null });

    await renderPage(
      <RequireBetting>
        <p>gated page</p>
      </RequireBetting>,
      { session: true, path: '/wallet' },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.offlinePage);
    expect(screen.queryByText(MSG.errorOccurredTryAgain)).toBeNull();
  });

  it('the gate alone: the known status decides at once; a failed home-info call offers Try again', async () => {
    let fail = true;
    const f = mockFetch((call) => {
      if (call !== 'api-home-info') return { status: true };
      if (fail) throw new TypeError('Failed to fetch');
      return home('1');
    });
    const { store } = await renderPage(
      <RequireBetting>
        <p>gated page</p>
      </RequireBetting>,
      { session: true, path: '/wallet' },
    );
    // The server could not be reached: the app counts itself offline and says what a remote page says.
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.offlinePage);
    expect(screen.queryByText('gated page')).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('gated page')).toBeInTheDocument();
    expect(f.calls.filter((c) => c.call === 'api-home-info').length).toBeGreaterThanOrEqual(2);
    // a later answer that turns betting off sends the player away
    await act(async () => {
      // the store's type does not know the api's thunks (the api is attached at run time)
      await (store.dispatch as (a: unknown) => Promise<unknown>)(
        api.util.upsertQueryData('homeInfo', undefined, {
          status: true,
          msg: 'Success',
          betting_status: '0',
          wallet_amt: '0',
          telegram_no: '',
          mobile_1: '',
          mobile_no: '',
          awaiting_approval: false,
          result: [],
        }),
      );
    });
    await waitFor(() => expect(loc()).toHaveTextContent(/^\/imp$/));
  });
});

describe('pull to refresh on the bare pages', () => {
  const firstTouch = () =>
    act(() => {
      window.dispatchEvent(new Event('touchstart'));
    });

  it.each(['/', '/login', '/r', '/forgotpass'])('%s has it from the first touch on', async (p) => {
    mockFetch(() => ({ status: true }));
    const { container } = await renderPage(<BareLayout />, { path: p });
    // not with the first screen (the login page's budget): fetched at the first touch
    expect(container.querySelector('.ptr')).toBeNull();
    firstTouch();
    await waitFor(() => expect(container.querySelector('.ptr')).not.toBeNull());
  });

  it.each(['/otpregister', '/otpforgotpass', '/change-password', '/OTPRegister/'])(
    '%s has none (a reload would lose the in-memory draft)',
    async (p) => {
      mockFetch(() => ({ status: true }));
      const { container } = await renderPage(<BareLayout />, { path: p });
      firstTouch();
      await act(() => new Promise((r) => setTimeout(r, 50)));
      expect(container.querySelector('.ptr')).toBeNull();
    },
  );

  it('the login page through the router: a pull past the threshold shows "Release to refresh"', async () => {
    mockFetch(() => ({ status: true }));
    const store = createAppStore({ storage: memoryStorage() });
    setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'k' });
    let container!: HTMLElement;
    await act(async () => {
      ({ container } = render(
        <Provider store={store}>
          <MemoryRouter initialEntries={['/login']}>
            <Tree />
          </MemoryRouter>
        </Provider>,
      ));
    });
    expect(screen.getByRole('heading', { name: 'Login To Play' })).toBeInTheDocument();
    const touch = (type: string, y: number) =>
      act(() => {
        const e = new Event(type, { bubbles: true }) as Event & { touches: { clientX: number; clientY: number }[] };
        Object.defineProperty(e, 'touches', { value: [{ clientX: 10, clientY: y }] });
        window.dispatchEvent(e);
      });
    touch('touchstart', 100); // the first touch fetches it
    await waitFor(() => expect(container.querySelector('.ptr')).not.toBeNull());
    touch('touchstart', 100);
    touch('touchmove', 250);
    expect(container.querySelector('.ptr')).toHaveAttribute('data-state', 'releasing');
    expect(screen.getByText('Release to refresh')).toBeInTheDocument();
  });
});

describe('the login page stays light', () => {
  it('the api joins the shell’s store only when a page that uses it renders: not on /login, then on /imp', async () => {
    mockFetch((call) => (call === 'api-home-info' ? home('1') : { status: true }));
    setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'k' });
    const store = createAppStore({ storage: memoryStorage() });
    const view = await act(async () =>
      render(
        <Provider store={store}>
          <MemoryRouter initialEntries={['/login']}>
            <Tree />
          </MemoryRouter>
        </Provider>,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Login To Play' })).toBeInTheDocument();
    expect('api' in store.getState()).toBe(false);
    view.unmount();
    await renderApp('/imp', store);
    await waitFor(() => expect('api' in store.getState()).toBe(true));
    await waitFor(() => expect(store.getState().home.wallet_amt).toBe('500'));
  });

  /** Files reachable by static imports (dynamic import() is on demand) from `entry`, within shell/src. */
  function staticGraph(entry: string, seen = new Map<string, string[]>()): Map<string, string[]> {
    if (seen.has(entry)) return seen;
    const code = readFileSync(entry, 'utf8');
    const specs = [
      ...code.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm),
    ].map((m) => m[1] ?? m[2]);
    seen.set(entry, specs);
    for (const s of specs) {
      if (!s.startsWith('.')) continue;
      const base = path.resolve(path.dirname(entry), s);
      const file = ['.tsx', '.ts', '/index.tsx', '/index.ts']
        .map((x) => base + x)
        .find((f) => {
          try {
            readFileSync(f);
            return true;
          } catch {
            return false;
          }
        });
      if (file) staticGraph(file, seen);
    }
    return seen;
  }

  it('bootstrap, App, the layouts, the login and landing pages import neither @matka/shared/api nor /domain', () => {
    const src = path.join(__dirname, '../src');
    const graph = staticGraph(path.join(src, 'bootstrap.tsx'));
    for (const f of ['App.tsx', 'layout/layouts.tsx', 'layout/RequireBetting.tsx', 'pages/LoginPage.tsx'])
      expect(graph.has(path.join(src, f))).toBe(true);
    // the landing page and pull-to-refresh are fetched on demand (the login page's budget)
    for (const f of [
      'pages/RootPage.tsx',
      'components/PullToRefresh.tsx',
      'layout/GuestTopBar.tsx',
      'federation/RemotePage.tsx',
      'federation/remotes.ts',
    ])
      expect(graph.has(path.join(src, f))).toBe(false);
    // the landing page gets the login form from App (it must not import the login page's code, which
    // would then be split into a file of its own that the login page loads too)
    expect(staticGraph(path.join(src, 'pages/RootPage.tsx')).has(path.join(src, 'pages/LoginPage.tsx'))).toBe(false);
    const heavy = [...graph].filter(([, specs]) => specs.some((s) => /^@matka\/shared\/(api|domain)$/.test(s)));
    expect(heavy.map(([f]) => path.relative(src, f))).toEqual([]);
  });
});
