import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { loggedOut, selectSession, useAppDispatch, useAppSelector } from '@matka/shared';

/** No username or token: the session is cleared and the visitor goes to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { username, unique_token } = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  const ok = Boolean(username && unique_token);
  useEffect(() => {
    if (!ok && (username || unique_token)) dispatch(loggedOut());
  }, [ok, username, unique_token, dispatch]);
  return ok ? <>{children}</> : <Navigate to="/login" replace />;
}
