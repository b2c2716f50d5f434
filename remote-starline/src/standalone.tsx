import '@matka/shared/ui/theme.css';
import { Navigate } from 'react-router-dom';
import { pathsOf } from '@matka/shared';
import { mountStandalone } from '@matka/shared/standalone';
import { routes } from './routes';

// The standalone page opens at '/', or '/index.html' when served from /remotes/starline/index.html:
// any path the family does not own goes to the starline home.
void mountStandalone({
  title: 'Starline',
  routes: [...routes, { path: '*', element: <Navigate to="/star" replace /> }],
  links: pathsOf('starline'),
});
