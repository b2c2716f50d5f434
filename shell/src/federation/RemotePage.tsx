import { use } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import { RemoteBoundary, type RemoteFamily } from '@matka/shared';
import { WithApi } from '../layout/WithApi';
import { forgetFamily, loadFamily } from './remotes';

function RemoteRoutes({ family }: { family: RemoteFamily }) {
  const location = useLocation();
  const { routes } = use(loadFamily(family));
  const matches = matchRoutes(routes, location);
  const route = matches?.[matches.length - 1]?.route;
  if (!route) throw new Error(`The ${family} remote has no page for ${location.pathname}`);
  if (route.element) return <>{route.element}</>;
  const Page = route.Component;
  return Page ? <Page /> : null;
}

/**
 * A page owned by a remote: fetched on first visit (with the api attached first), with the fallback
 * when the remote or the api's code is down.
 */
export function RemotePage({ family }: { family: RemoteFamily }) {
  const { pathname } = useLocation();
  return (
    <RemoteBoundary onRetry={() => forgetFamily(family)} resetKey={`${family}:${pathname}`}>
      <WithApi>
        <RemoteRoutes family={family} />
      </WithApi>
    </RemoteBoundary>
  );
}
