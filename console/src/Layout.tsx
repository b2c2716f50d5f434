import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { consoleApi, messageOf, signedOut, useSignOutMutation, type Operator } from './api';
import { ErrorText } from './parts';
import { screensFor } from './screens';
import { useConsoleDispatch } from './store';

export function Layout({ operator, children }: { operator: Operator; children: ReactNode }) {
  const dispatch = useConsoleDispatch();
  const [signOut, { isLoading, error }] = useSignOutMutation();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a narrow screen the strip scrolls: the open screen's item is brought into view.
  useEffect(() => {
    const active = nav.current?.querySelector<HTMLElement>('a.active');
    if (!nav.current || !active) return;
    const left = active.offsetLeft - (nav.current.clientWidth - active.offsetWidth) / 2;
    nav.current.scrollLeft = Math.max(0, left);
  }, [pathname]);
  const leave = async () => {
    const r = await signOut();
    if (!('error' in r)) {
      dispatch(signedOut());
      dispatch(consoleApi.util.resetApiState());
    }
  };
  return (
    <div className="console">
      <header className="console-top">
        <strong className="console-brand">Matka Console</strong>
        <span className="console-who">
          {operator.name} · {operator.role}
        </span>
        <Link to="/account" className="btn btn-secondary console-account">
          My account
        </Link>
        <button type="button" className="btn btn-secondary console-signout" onClick={leave} disabled={isLoading}>
          {isLoading ? 'Signing out...' : 'Sign out'}
        </button>
      </header>
      <ErrorText text={error ? messageOf(error) : ''} />
      <nav className="console-nav" aria-label="Console" ref={nav}>
        {screensFor(operator.role).map((s) => (
          <NavLink key={s.path} to={s.path}>
            {s.label}
          </NavLink>
        ))}
      </nav>
      <main className="console-main">{children}</main>
    </div>
  );
}
