import '@matka/shared/ui/theme.css';
import { Navigate } from 'react-router-dom';
import { pathsOf } from '@matka/shared';
import { mountStandalone } from '@matka/shared/standalone';
import { routes } from './routes';

// The standalone page opens at '/', or '/index.html' when served from /remotes/regular/index.html:
// any path the family does not own goes to /game, which lists the markets to pick from.
void mountStandalone({
  title: 'Matka Markets',
  routes: [...routes, { path: '*', element: <Navigate to="/game" replace /> }],
  links: pathsOf('regular'),
});
