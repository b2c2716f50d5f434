import { Msg, t, useLanguage } from '@matka/shared/i18n';
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { MSG, PageLoading } from '@matka/shared';

export const REMOTE_UNAVAILABLE_TEXT = 'This section is unavailable right now.';

/**
 * Just after the network returns, the phone's (or the service worker's) connection may not carry
 * requests yet: a load that fails within this time after 'back online' is tried again by itself,
 * every RECOVERY_RETRY_MS, rather than leaving the player on an error.
 */
export const RECOVERY_WINDOW_MS = 15_000;
export const RECOVERY_RETRY_MS = 1_000;

interface Props {
  children: ReactNode;
  /** Called by 'Try again' before the children render anew (drop a cached failed load here). */
  onRetry?: () => void;
  /** Changing it clears a shown error (e.g. the location, so another path gets a fresh try). */
  resetKey?: unknown;
  /** The app cannot reach its server: a page that failed to load says so (one text, whatever failed). */
  offline?: boolean;
  /** Told of every error the boundary catches (a failed load, a page that threw). */
  onError?: (error: Error) => void;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/**
 * Error boundary + Suspense around a remote's pages: a remote that is down, slow or throws shows
 * the fallback for its own paths only, with a 'Try again' button that retries the load.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  /** When the network last came back (the `offline` prop turned false); 0 before that. */
  private onlineSince = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  override componentDidUpdate(prev: Props): void {
    if (prev.offline && !this.props.offline) this.onlineSince = Date.now();
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[remote]', error, info.componentStack);
    this.props.onError?.(error);
    const recovering = !this.props.offline && this.onlineSince > 0;
    if (recovering && Date.now() - this.onlineSince < RECOVERY_WINDOW_MS) {
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(this.retry, RECOVERY_RETRY_MS);
    }
  }

  override componentWillUnmount(): void {
    clearTimeout(this.retryTimer);
  }

  private retry = () => {
    clearTimeout(this.retryTimer);
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) {
      return (
        <div className="remote-fallback" role="alert">
          <p>
            {this.props.offline ? (
              <Msg text={MSG.offlinePage} />
            ) : (
              <Text of={() => t('ui.unavailable', 'This section is unavailable right now.')} />
            )}
          </p>
          <button type="button" className="btn btn-primary" onClick={this.retry}>
            <Text of={() => t('ui.tryAgain', 'Try again')} />
          </button>
        </div>
      );
    }
    return <Suspense fallback={<PageLoading />}>{this.props.children}</Suspense>;
  }
}

/** A text of this module in the language in use (the boundary is a class: its texts render through this). */
function Text({ of }: { of: () => string }) {
  useLanguage();
  return of();
}
