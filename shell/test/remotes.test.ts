import { entryUrl } from '../src/federation/remotes';

describe('where the shell loads a remote from', () => {
  it("takes a remoteEntry.js URL as is, and a URL of an older config's mf-manifest.json as the remoteEntry.js beside it", () => {
    expect(entryUrl('/remotes/regular/remoteEntry.js')).toBe('/remotes/regular/remoteEntry.js');
    expect(entryUrl('https://cdn.example.com/gali/mf-manifest.json')).toBe(
      'https://cdn.example.com/gali/remoteEntry.js',
    );
    expect(entryUrl('https://cdn.example.com/gali/mf-manifest.json?v=3')).toBe(
      'https://cdn.example.com/gali/remoteEntry.js?v=3',
    );
  });
});
