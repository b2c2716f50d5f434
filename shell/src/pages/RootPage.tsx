import { Navigate } from 'react-router-dom';
import { selectIsLoggedIn, useAppSelector } from '@matka/shared';
import { LoginPage } from './LoginPage';

/** '/': the login screen, or /imp when a session is stored. */
export function RootPage() {
  return useAppSelector(selectIsLoggedIn) ? <Navigate to="/imp" replace /> : <LoginPage />;
}
