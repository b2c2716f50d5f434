import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { MSG } from '../domain/messages';

export const REMOTE_UNAVAILABLE_TEXT = 'This section is unavailable right now.';

interface Props {
  children: ReactNode;
  /** Called by 'Try again' before the children render anew (drop a cached failed load here). */
  onRetry?: () => void;
  /** Changing it clears a shown error (e.g. the location, so another path gets a fresh try). */
  resetKey?: unknown;
  /** The app cannot reach its server: a page that failed to load says so (one text, whatever failed). */
  offline?: boolean;
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

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[remote]', error, info.componentStack);
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) {
      return (
        <div className="remote-fallback" role="alert">
          <p>{this.props.offline ? MSG.offlinePage : REMOTE_UNAVAILABLE_TEXT}</p>
          <button type="button" className="btn btn-primary" onClick={this.retry}>
            Try again
          </button>
        </div>
      );
    }
    return <Suspense fallback={<PageLoading />}>{this.props.children}</Suspense>;
  }
}

export function PageLoading({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {text}
    </div>
  );
}
