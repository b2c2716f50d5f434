/** How the shell asks which release of each family this player and device get (/remotes.json). */
import { readStoredSession } from '@matka/shared';
import { RELEASES_HTTP } from '@matka/shared/contract';

const DEVICE_KEY = 'matka.device';

/** A random id kept on this device: a canary release's share is drawn per device before login. */
function deviceId(): string | null {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

/**
 * Where this player's releases are asked for: with the player's token (the same release on every device)
 * and the device's id (the same one on every load before login).
 */
export function remotesRequest(): { url: string; init: RequestInit } {
  const device = deviceId();
  const token = readStoredSession(typeof localStorage === 'undefined' ? undefined : localStorage).unique_token;
  return {
    url: device ? `${RELEASES_HTTP.remotes}?${RELEASES_HTTP.deviceParam}=${device}` : RELEASES_HTTP.remotes,
    init: { cache: 'no-store', headers: token ? { [RELEASES_HTTP.tokenHeader]: token } : {} },
  };
}
