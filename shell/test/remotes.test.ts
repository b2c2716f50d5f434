import { familyEntries, familyOfRemote, forgetEntries } from '../src/federation/releases';

describe("where the shell loads a family's release from", () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    forgetEntries();
  });

  it('takes each family’s entry and release from /remotes.json, and nothing else', async () => {
    const fetchMock = jest.fn().mockResolvedValue({
      ok: true,
      json: async () => ({
        regular: '/remotes/regular/remoteEntry.js',
        gali: 'https://cdn.example.com/gali/mf-manifest.json',
        shell: '/nope.js',
        releases: { regular: 'r2' },
      }),
    });
    global.fetch = fetchMock as unknown as typeof fetch;
    await expect(familyEntries()).resolves.toEqual({
      regular: { entry: '/remotes/regular/remoteEntry.js', release: 'r2' },
      gali: { entry: 'https://cdn.example.com/gali/mf-manifest.json', release: undefined },
    });
    await familyEntries();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(familyOfRemote('gali')).toBe('gali');
    expect(familyOfRemote('shell')).toBeUndefined();
  });

  it('asks again after a failed read', async () => {
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce({ ok: false, status: 503 })
      .mockResolvedValueOnce({ ok: true, json: async () => ({ wallet: '/remotes/wallet/remoteEntry.js' }) });
    global.fetch = fetchMock as unknown as typeof fetch;
    await expect(familyEntries()).rejects.toThrow('/remotes.json answered 503');
    await expect(familyEntries()).resolves.toEqual({ wallet: { entry: '/remotes/wallet/remoteEntry.js' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
