import { NETWORK_ONLY, NOT_THE_APP, REMOTE_CHUNK, REMOTE_ENTRY } from '../src/sw/routes';

describe('what the service worker does with a request', () => {
  it('sends the runtime config, the worker and the API to the network only', () => {
    for (const p of ['/config.json', '/sw.js', '/api/api-home-info', '/operator/users'])
      expect(NETWORK_ONLY.test(p)).toBe(true);
    for (const p of [
      '/main.a8bff56bcb.js',
      '/manifest.webmanifest',
      '/apiary.png',
      '/remotes/regular/155.eb65161376.js',
      '/remotes/regular/remoteEntry.js',
      '/remotes.json',
    ])
      expect(NETWORK_ONLY.test(p)).toBe(false);
  });

  it("asks the network first for what names the remotes' builds, and keeps the last copy for offline use", () => {
    for (const p of ['/remotes/regular/remoteEntry.js', '/remotes/gali/mf-manifest.json', '/remotes.json'])
      expect(REMOTE_ENTRY.test(p)).toBe(true);
    for (const p of ['/config.json', '/remotes/regular/155.eb65161376.js', '/api/remotes.json.x', '/imp'])
      expect(REMOTE_ENTRY.test(p)).toBe(false);
  });

  it("keeps a remote's content-hashed chunks, never its remoteEntry.js", () => {
    expect(REMOTE_CHUNK.test('/remotes/regular/155.eb65161376.js')).toBe(true);
    expect(REMOTE_CHUNK.test('/remotes/wallet/__federation_expose_routes.5643a97f2f.css')).toBe(true);
    expect(REMOTE_CHUNK.test('/remotes/regular/remoteEntry.js')).toBe(false);
    expect(REMOTE_CHUNK.test('/155.eb65161376.js')).toBe(false);
  });

  it('answers navigations of the app only: not the API, operator tools, server pages or standalone remotes', () => {
    for (const p of ['/api/x', '/operator', '/dev/outbox', '/remotes/gali/', '/console/', '/charts/market/3'])
      expect(NOT_THE_APP.test(p)).toBe(true);
    for (const p of ['/', '/imp', '/charts', '/game', '/login']) expect(NOT_THE_APP.test(p)).toBe(false);
  });
});
