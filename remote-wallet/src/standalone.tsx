import '@matka/shared/ui/theme.css';
import { Navigate } from 'react-router-dom';
import { pathsOf } from '@matka/shared';
import { mountStandalone } from '@matka/shared/standalone';
import { routes } from './routes';

// The standalone page opens at '/', or '/index.html' when served from /remotes/wallet/index.html:
// any path the family does not own goes to the wallet.
void mountStandalone({
  title: 'Wallet',
  routes: [...routes, { path: '*', element: <Navigate to="/imp7" replace /> }],
  links: pathsOf('wallet'),
});
