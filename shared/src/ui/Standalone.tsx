import { useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import {
  isOk,
  OfflineBanner,
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
import { attachApi, useHomeInfoQuery, useLoginMutation } from '@matka/shared/api';
import './standalone.css';

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

/** One screen of a family as the standalone index lists it. `needs`: what it needs first (navigation state). */
export interface StandaloneScreen {
  path: string;
  title: string;
  needs?: string;
}
export interface StandaloneSection {
  heading: string;
  screens: StandaloneScreen[];
}

/** The standalone page's home: every screen of the family by its name, grouped, with its path. */
function ScreenIndex({ title, sections }: { title: string; sections: StandaloneSection[] }) {
  return (
    <section className="sa-index">
      <h1 className="page-title">{title} screens</h1>
      {sections.map((sec) => (
        <section key={sec.heading} className="sa-section" aria-label={sec.heading}>
          <h2 className="sa-heading">{sec.heading}</h2>
          <ul className="card sa-list">
            {sec.screens.map((sc) => (
              <li key={sc.path}>
                <Link to={sc.path} className="sa-item">
                  <span className="sa-title">{sc.title}</span>
                  <span className="sa-path">{sc.path}</span>
                  {sc.needs && <span className="sa-needs">{sc.needs}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function Frame({ title }: { title: string }) {
  const loggedInNow = useAppSelector(selectIsLoggedIn);
  const { username } = useAppSelector(selectSession);
  const home = useAppSelector(selectHome);
  const dispatch = useAppDispatch();
  useHomeInfoQuery(undefined, { skip: !loggedInNow });
  return (
    <>
      <header className="topbar sa-topbar">
        <Link to="/" className="sa-brand">
          {title}
        </Link>
        {loggedInNow && (
          <>
            <span className="topbar-wallet" data-testid="topbar-wallet">
              {formatPoints(home.wallet_amt)}
            </span>
            <button type="button" className="sa-logout" onClick={() => dispatch(loggedOut())}>
              Log out
            </button>
          </>
        )}
      </header>
      <main className="page">
        <OfflineBanner />
        {loggedInNow ? (
          <>
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
 * Runs one family on its own page: its own store, a minimal frame with a login form, an index of the
 * family's screens at '/' (also for any path the family does not own, e.g. '/index.html'), and the
 * family's routes, so QA can test one remote without the shell.
 */
export async function mountStandalone(opts: {
  title: string;
  routes: RouteObject[];
  sections: StandaloneSection[];
  store?: AppStore;
}) {
  await loadRuntimeConfig('/config.json');
  document.title = `${opts.title} · standalone`;
  const store = opts.store ?? createAppStore();
  attachApi(store);
  const index = <ScreenIndex title={opts.title} sections={opts.sections} />;
  const tree: RouteObject[] = [
    {
      element: <Frame title={opts.title} />,
      children: [...opts.routes, { path: '/', element: index }, { path: '*', element: index }],
    },
  ];
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
