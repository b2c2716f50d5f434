import { Msg } from '@matka/shared/i18n';
import { MSG } from '../domain/messages';
import { selectOffline } from '../store/network';
import { useAppSelector } from '../store/store';

/** True while the app cannot reach its server (see the network slice). */
export function useOffline(): boolean {
  return useAppSelector(selectOffline);
}

/** 'You are offline — showing the last data', above the page while the server cannot be reached. */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <p className="offline-banner" role="status" data-testid="offline-banner">
      <Msg text={MSG.offline} />
    </p>
  );
}

/** Why a bid or money button is disabled while offline; its id goes into the button's aria-describedby. */
export function OfflineReason({ id }: { id: string }) {
  return (
    <p id={id} className="offline-reason" role="status">
      <Msg text={MSG.offlineReason} />
    </p>
  );
}
