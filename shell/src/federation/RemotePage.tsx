import { use, useEffect, useRef } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import { useOffline, type RemoteFamily } from '@matka/shared';
import { RemoteBoundary } from '@matka/shared/ui';
import { WithApi } from '../layout/WithApi';
import { forgetFamily, loadFailed, loadFamily } from './remotes';
import { report } from './health';

function RemoteRoutes({ family }: { family: RemoteFamily }) {
  const location = useLocation();
  const { routes } = use(loadFamily(family));
  // a page of the family shown: what its release's errors are counted against
  useEffect(() => report(family, 'view'), [family, location.pathname]);
  const matches = matchRoutes(routes, location);
  const route = matches?.[matches.length - 1]?.route;
  if (!route) throw new Error(`The ${family} remote has no page for ${location.pathname}`);
  if (route.element) return <>{route.element}</>;
  const Page = route.Component;
  return Page ? <Page /> : null;
}

/**
 * A page owned by a remote: fetched on first visit (with the api attached first), with the fallback
 * when the remote or the api's code is down. Offline, a family loaded before opens from the service
 * worker's copies; one that never was says it opens when the network is back, and does so by itself.
 */
export function RemotePage({ family }: { family: RemoteFamily }) {
  const { pathname } = useLocation();
  const offline = useOffline();
  const wasOffline = useRef(offline);
  // Back online: a load that failed meanwhile is tried anew (the boundary's resetKey changes with it).
  if (wasOffline.current && !offline) forgetFamily(family);
  wasOffline.current = offline;
  return (
    <RemoteBoundary
      onRetry={() => forgetFamily(family)}
      onError={() => report(family, loadFailed(family) ? 'load' : 'error')}
      resetKey={`${family}:${pathname}:${offline ? 'offline' : 'online'}`}
      offline={offline}
    >
      <WithApi>
        <RemoteRoutes family={family} />
      </WithApi>
    </RemoteBoundary>
  );
}
