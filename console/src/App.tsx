import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { roleAllows, rolesWith } from '@matka/shared/domain';
import { signedIn, useSessionQuery, type Role } from './api';
import { Layout } from './Layout';
import { NewPasswordPage } from './pages/NewPasswordPage';
import { AccountPage } from './pages/AccountPage';
import { UserPage } from './pages/UserPage';
import { SignInPage } from './pages/SignInPage';
import { SCREENS, screensFor } from './screens';
import { useConsoleDispatch, useConsoleSelector, type ConsoleStore } from './store';

/** A screen the operator's role may not open says so (the server refuses its calls anyway). */
function Guarded({ path, role, page }: { path: string; role: Role; page?: ReactNode }) {
  const screen = SCREENS.find((s) => s.path === path)!;
  if (!roleAllows(role, screen.right))
    return (
      <section className="card" role="alert">
        <h1>{screen.label}</h1>
        <p>
          Your role ({role}) cannot open {screen.label}. Ask an operator with the role{' '}
          {rolesWith(screen.right).join(' or ')}.
        </p>
      </section>
    );
  return <>{page ?? screen.page}</>;
}

function Home({ role }: { role: Role }) {
  const first = screensFor(role)[0];
  if (first) return <Navigate to={first.path} replace />;
  return (
    <section className="card">
      <h1>Welcome</h1>
      <p>Your role ({role}) has no console screens.</p>
    </section>
  );
}

function Console() {
  const dispatch = useConsoleDispatch();
  const operator = useConsoleSelector((s) => s.session.operator);
  // A reload keeps the session (its cookie): ask the server who is signed in, and for the CSRF token.
  const session = useSessionQuery(undefined, { skip: !!operator });
  useEffect(() => {
    if (session.data?.operator) dispatch(signedIn(session.data));
  }, [session.data, dispatch]);

  if (!operator && session.isLoading)
    return (
      <p className="console-busy" role="status">
        Checking your session...
      </p>
    );
  if (!operator) return <SignInPage />;
  if (operator.must_change_password) return <NewPasswordPage />;
  return (
    <Layout operator={operator}>
      <Routes>
        <Route path="/" element={<Home role={operator.role} />} />
        {SCREENS.map((s) => (
          <Route key={s.path} path={s.path} element={<Guarded path={s.path} role={operator.role} />} />
        ))}
        <Route path="/users/:mobile" element={<Guarded path="/users" role={operator.role} page={<UserPage />} />} />
        <Route path="/account" element={<AccountPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Layout>
  );
}

export function App({ store }: { store: ConsoleStore }) {
  return (
    <Provider store={store}>
      <BrowserRouter basename="/console">
        <Console />
      </BrowserRouter>
    </Provider>
  );
}
