import { Msg } from '@matka/shared/i18n';
import { MSG, PageLoading, useOffline } from '@matka/shared';
import { useHomeInfoQuery } from '@matka/shared/api';

/**
 * The betting gate while the home info is on its way: loading, or (the call failed) a way to try
 * again. The answer fills the store's home slice, and the gate then shows the page or goes to /imp.
 * (Offline it says what a remote page says: the page opens when the network is back.)
 */
export default function HomeInfoPending() {
  const { isError, isFetching, refetch } = useHomeInfoQuery();
  const offline = useOffline();
  if (!isError || isFetching) return <PageLoading />;
  return (
    <div className="list-error" role="alert">
      <p>
        <Msg text={offline ? MSG.offlinePage : MSG.errorOccurredTryAgain} />
      </p>
      <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
        Try again
      </button>
    </div>
  );
}
