import { act, render, screen } from '@testing-library/react';
import { use } from 'react';
import { MSG } from '@matka/shared';
import { RemoteBoundary, REMOTE_UNAVAILABLE_TEXT } from '@matka/shared/ui';
import { RECOVERY_RETRY_MS, RECOVERY_WINDOW_MS } from '../src/ui/RemoteBoundary';

describe('RemoteBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('shows the loading state, then the remote page', async () => {
    let resolve!: (v: string) => void;
    const p = new Promise<string>((r) => (resolve = r));
    function Page() {
      return <p>{use(p)}</p>;
    }
    await act(async () => {
      render(
        <RemoteBoundary>
          <Page />
        </RemoteBoundary>,
      );
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await act(async () => resolve('remote page'));
    expect(await screen.findByText('remote page', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('offline, a page that could not load says it opens when the network is back (one text)', async () => {
    const down = Promise.reject(new Error('offline'));
    down.catch(() => undefined);
    function Page() {
      return <p>{use(down)}</p>;
    }
    let rerender!: ReturnType<typeof render>['rerender'];
    await act(async () => {
      ({ rerender } = render(
        <RemoteBoundary offline resetKey="a">
          <Page />
        </RemoteBoundary>,
      ));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.offlinePage);
    expect(screen.queryByText(REMOTE_UNAVAILABLE_TEXT)).toBeNull();
    rerender(
      <RemoteBoundary offline={false} resetKey="a">
        <Page />
      </RemoteBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(REMOTE_UNAVAILABLE_TEXT);
  });

  it('shows the fallback when the remote fails, and Try again retries the load', async () => {
    let attempts = 0;
    const loads = new Map<number, Promise<string>>();
    function load(n: number) {
      if (!loads.has(n)) loads.set(n, n === 1 ? Promise.reject(new Error('down')) : Promise.resolve('back up'));
      return loads.get(n)!;
    }
    function Page() {
      return <p>{use(load(attempts + 1))}</p>;
    }
    const onRetry = jest.fn(() => {
      attempts += 1;
    });
    await act(async () => {
      render(
        <RemoteBoundary onRetry={onRetry}>
          <Page />
        </RemoteBoundary>,
      );
    });
    expect(await screen.findByText(REMOTE_UNAVAILABLE_TEXT)).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Try again' });
    await act(async () => retry.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('back up', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByText(REMOTE_UNAVAILABLE_TEXT)).not.toBeInTheDocument();
  });

  describe('after the network returns', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('a load that fails just after the network returns is tried again by itself until it opens', async () => {
      let attempts = 0;
      const results = ['offline', 'not yet', 'back up'];
      const loads = new Map<number, Promise<string>>();
      function load(n: number) {
        if (!loads.has(n)) {
          const r = results[n] ?? 'down';
          const p = r === 'back up' ? Promise.resolve(r) : Promise.reject(new Error(r));
          p.catch(() => undefined);
          loads.set(n, p);
        }
        return loads.get(n)!;
      }
      function Page() {
        return <p>{use(load(attempts))}</p>;
      }
      const onRetry = jest.fn(() => {
        attempts += 1;
      });
      const ui = (offline: boolean) => (
        <RemoteBoundary offline={offline} resetKey={offline ? 'offline' : 'online'} onRetry={onRetry}>
          <Page />
        </RemoteBoundary>
      );
      let rerender!: ReturnType<typeof render>['rerender'];
      await act(async () => {
        ({ rerender } = render(ui(true)));
      });
      expect(screen.getByRole('alert')).toHaveTextContent(MSG.offlinePage);
      // Offline, nothing is retried by itself.
      await act(async () => jest.advanceTimersByTime(RECOVERY_WINDOW_MS));
      expect(onRetry).not.toHaveBeenCalled();
      // Back online (the page forgets the failed load): the first try fails too, the network is not up yet.
      attempts = 1;
      await act(async () => rerender(ui(false)));
      expect(screen.getByRole('alert')).toHaveTextContent(REMOTE_UNAVAILABLE_TEXT);
      await act(async () => jest.advanceTimersByTime(RECOVERY_RETRY_MS));
      expect(onRetry).toHaveBeenCalledTimes(1);
      expect(screen.getByText('back up')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('a failure long after the network returned is not retried by itself', async () => {
      const down = Promise.reject(new Error('down'));
      down.catch(() => undefined);
      let show = false;
      function Page() {
        return <p>{show ? use(down) : 'fine'}</p>;
      }
      const onRetry = jest.fn();
      const ui = (offline: boolean) => (
        <RemoteBoundary offline={offline} resetKey={offline ? 'offline' : 'online'} onRetry={onRetry}>
          <Page />
        </RemoteBoundary>
      );
      let rerender!: ReturnType<typeof render>['rerender'];
      await act(async () => {
        ({ rerender } = render(ui(true)));
      });
      await act(async () => rerender(ui(false)));
      await act(async () => jest.advanceTimersByTime(RECOVERY_WINDOW_MS + 1));
      show = true;
      await act(async () =>
        rerender(
          <RemoteBoundary offline={false} resetKey="other" onRetry={onRetry}>
            <Page />
          </RemoteBoundary>,
        ),
      );
      expect(screen.getByRole('alert')).toHaveTextContent(REMOTE_UNAVAILABLE_TEXT);
      await act(async () => jest.advanceTimersByTime(RECOVERY_WINDOW_MS));
      expect(onRetry).not.toHaveBeenCalled();
    });
  });
});
