import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { holdUnsentRows } from '@matka/shared';
import { UpdatePrompt } from '../src/pwa/UpdatePrompt';
import { familyUpdateWaiting, markFamilyUpdated } from '../src/federation/familyUpdates';
import { checkFamilies, watchFamily } from '../src/federation/watch';

/** A fake network: /remotes.json and the remoteEntry.js validators the test sets. */
function network(state: { urls: Record<string, string>; etags: Record<string, string | null>; down?: boolean }) {
  const calls: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (state.down) throw new TypeError('Failed to fetch');
    // asked with no parameter the client could pick its release by (the cohort is the server's choice)
    if (url.split('?')[0] === '/remotes.json') return new Response(JSON.stringify(state.urls), { status: 200 });
    const etag = state.etags[url];
    if (etag === undefined) return new Response('', { status: 404 });
    return new Response(init?.method === 'HEAD' ? null : 'var matka_remote = {}', {
      status: 200,
      headers: etag ? { etag } : {},
    });
  }) as typeof fetch;
  return calls;
}

describe('a family deployed alone reaches an open tab', () => {
  it('marks a loaded family when its remoteEntry.js changes; offline or unchanged marks nothing', async () => {
    const state = {
      urls: { regular: '/remotes/regular/remoteEntry.js', gali: '/remotes/gali/remoteEntry.js' },
      etags: { '/remotes/regular/remoteEntry.js': 'W/"a-1"', '/remotes/gali/remoteEntry.js': 'W/"g-1"' } as Record<
        string,
        string | null
      >,
      down: false,
    };
    const calls = network(state);
    watchFamily('regular', '/remotes/regular/remoteEntry.js');
    await checkFamilies();
    expect(familyUpdateWaiting()).toBe(false);
    // only loaded families are asked about, with the HTTP cache bypassed
    expect(calls.filter((c) => c.includes('gali'))).toEqual([]);
    expect(calls).toContain('HEAD /remotes/regular/remoteEntry.js');
    expect(calls.find((c) => c.includes('/remotes.json'))).toBe('GET /remotes.json');

    state.down = true;
    await checkFamilies();
    expect(familyUpdateWaiting()).toBe(false);

    state.down = false;
    state.etags['/remotes/regular/remoteEntry.js'] = 'W/"a-2"';
    await checkFamilies();
    expect(familyUpdateWaiting()).toBe(true);
  });
});

describe('a family moved to another address', () => {
  it('is a new build too (another URL in /remotes.json)', async () => {
    let modules: {
      watch: typeof import('../src/federation/watch');
      updates: typeof import('../src/federation/familyUpdates');
    };
    jest.isolateModules(() => {
      modules = {
        watch: require('../src/federation/watch') as typeof import('../src/federation/watch'),
        updates: require('../src/federation/familyUpdates') as typeof import('../src/federation/familyUpdates'),
      };
    });
    const state = {
      urls: { gali: '/remotes/gali/remoteEntry.js' },
      etags: { '/remotes/gali/remoteEntry.js': 'W/"g"' },
    };
    network(state);
    modules!.watch.watchFamily('gali', '/remotes/gali/remoteEntry.js');
    await modules!.watch.checkFamilies();
    expect(modules!.updates.familyUpdateWaiting()).toBe(false);
    state.urls.gali = 'https://cdn.example.com/gali/v2/remoteEntry.js';
    await modules!.watch.checkFamilies();
    expect(modules!.updates.familyUpdateWaiting()).toBe(true);
  });
});

describe('the prompt', () => {
  it('offers the reload only while no bid screen holds unsent rows; Reload shows that it reloads', async () => {
    const slip = {};
    holdUnsentRows(slip, true);
    markFamilyUpdated('wallet');
    render(<UpdatePrompt />);
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
    act(() => holdUnsentRows(slip, false));
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available');
    act(() => holdUnsentRows(slip, true));
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
    act(() => holdUnsentRows(slip, false));
    // jsdom says it cannot navigate: the browser test sees the reload
    const noNavigation = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    noNavigation.mockRestore();
    expect(screen.getByRole('button', { name: 'Reloading...' })).toBeDisabled();
  });
});

describe('a remoteEntry.js without ETag or Last-Modified', () => {
  it('is compared by the digest of its bytes, also on a host that refuses HEAD', async () => {
    const { validatorOf } = await import('../src/federation/watch');
    network({ urls: {}, etags: { '/x/remoteEntry.js': null } });
    expect(await validatorOf('/x/remoteEntry.js')).toMatch(/^sha256:[0-9a-f]{64}$/);
    // a host that refuses HEAD: the file itself, by its digest; a missing file: nothing known
    global.fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'HEAD' ? new Response(null, { status: 405 }) : new Response('var x = 1', { status: 200 }),
    ) as typeof fetch;
    expect(await validatorOf('/y/remoteEntry.js')).toMatch(/^sha256:[0-9a-f]{64}$/);
    network({ urls: {}, etags: {} });
    expect(await validatorOf('/z/remoteEntry.js')).toBeNull();
  });
});
