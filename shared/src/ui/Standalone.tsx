import { useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import {
  isOk,
  Toaster,
  loadRuntimeConfig,
  loggedIn,
  loggedOut,
  selectIsLoggedIn,
  selectSession,
  selectHome,
  createAppStore,
  useAppDispatch,
  useAppSelector,
  type AppStore,
  formatPoints,
} from '@matka/shared';
import { useHomeInfoQuery, useLoginMutation } from '@matka/shared/api';

/** The login form of the standalone frame (QA logs in against the API, then tests the family). */
function StandaloneLogin() {
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useAppDispatch();
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    const { data } = await login({ mobile, password });
    if (data && isOk(data) && data.unique_token) {
      dispatch(loggedIn({ username: String(data.user_name ?? ''), unique_token: data.unique_token, mobile }));
    } else setError('User Not Registered');
  }
  return (
    <form className="card auth-card" onSubmit={submit} noValidate>
      <h1>Login To Play</h1>
      <label htmlFor="sa-mobile">Phone Number</label>
      <input id="sa-mobile" inputMode="numeric" value={mobile} onChange={(e) => setMobile(e.target.value)} />
      <label htmlFor="sa-password">Password</label>
      <input id="sa-password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={isLoading}>
        {isLoading ? 'Submitting...' : 'Login'}
      </button>
      {error && <p className="form-error">{error}</p>}
    </form>
  );
}

function Frame({ title, links }: { title: string; links: string[] }) {
  const loggedInNow = useAppSelector(selectIsLoggedIn);
  const { username } = useAppSelector(selectSession);
  const home = useAppSelector(selectHome);
  const dispatch = useAppDispatch();
  useHomeInfoQuery(undefined, { skip: !loggedInNow });
  return (
    <>
      <header className="topbar">
        <span className="topbar-brand">{title} (standalone)</span>
        {loggedInNow && (
          <>
            <span className="topbar-wallet" data-testid="topbar-wallet">
              {formatPoints(home.wallet_amt)}
            </span>
            <button type="button" className="btn btn-secondary" onClick={() => dispatch(loggedOut())}>
              Log out
            </button>
          </>
        )}
      </header>
      <main className="page">
        {loggedInNow ? (
          <>
            <nav className="tile-row" aria-label={`${title} pages`}>
              {links.map((l) => (
                <Link key={l} to={l}>
                  {l}
                </Link>
              ))}
            </nav>
            <p className="sr-only">Logged in as {username}</p>
            <Outlet />
          </>
        ) : (
          <StandaloneLogin />
        )}
      </main>
      <Toaster />
    </>
  );
}

/**
 * Runs one family on its own page: its own store, a minimal frame with a login form, and the
 * family's routes, so QA can test one remote without the shell.
 */
export async function mountStandalone(opts: {
  title: string;
  routes: RouteObject[];
  links: string[];
  store?: AppStore;
}) {
  await loadRuntimeConfig('/config.json');
  const store = opts.store ?? createAppStore();
  const tree: RouteObject[] = [{ element: <Frame title={opts.title} links={opts.links} />, children: opts.routes }];
  function StandaloneRoutes() {
    return useRoutes(tree);
  }
  createRoot(document.getElementById('root')!).render(
    <Provider store={store}>
      <BrowserRouter basename={standaloneBasename()}>
        <StandaloneRoutes />
      </BrowserRouter>
    </Provider>,
  );
}

/** '/remotes/regular' when the page is served from the API server, '' from a dev server at '/'. */
function standaloneBasename(): string {
  const m = window.location.pathname.match(/^\/remotes\/[a-z]+/);
  return m ? m[0] : '';
}
