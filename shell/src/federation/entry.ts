/** A configured URL: the remote's remoteEntry.js (a URL of its mf-manifest.json, as older configs name it, means the file beside it). */
export function entryUrl(url: string): string {
  return url.replace(/mf-manifest\.json(?=$|[?#])/, 'remoteEntry.js');
}
