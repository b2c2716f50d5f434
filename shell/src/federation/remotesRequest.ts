/** How the shell asks which release of each family this player gets (/remotes.json). */
import { readStoredSession } from '@matka/shared';
import { RELEASES_HTTP } from '@matka/shared/contract';

/**
 * Where this player's releases are asked for: with the player's token, so the server draws the player's
 * release by account (the same on every device); before login, the stable releases.
 */
export function remotesRequest(): { url: string; init: RequestInit } {
  const token = readStoredSession(typeof localStorage === 'undefined' ? undefined : localStorage).unique_token;
  return {
    url: RELEASES_HTTP.remotes,
    init: { cache: 'no-store', headers: token ? { [RELEASES_HTTP.tokenHeader]: token } : {} },
  };
}
