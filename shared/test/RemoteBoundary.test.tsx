import { act, render, screen } from '@testing-library/react';
import { use } from 'react';
import { MSG, RemoteBoundary, REMOTE_UNAVAILABLE_TEXT } from '@matka/shared';

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
});
