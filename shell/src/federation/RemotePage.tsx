import { use } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import { RemoteBoundary, type RemoteFamily } from '@matka/shared';
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

/** A page owned by a remote: fetched on first visit, with the fallback when the remote is down. */
export function RemotePage({ family }: { family: RemoteFamily }) {
  const { pathname } = useLocation();
  return (
    <RemoteBoundary onRetry={() => forgetFamily(family)} resetKey={`${family}:${pathname}`}>
      <RemoteRoutes family={family} />
    </RemoteBoundary>
  );
}
