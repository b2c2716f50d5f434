/**
 * Runtime configuration, read from `/config.json` when the page starts, so one build can talk to
 * any server with this contract.
 */
export interface RuntimeConfig {
  /** Base URL of the API, e.g. '/api' or 'https://api.example.com/api'. */
  apiBase: string;
  /** The `app_key` sent in every call. */
  appKey: string;
  /** Where the 'Download App' link points. */
  appDownloadUrl: string;
  /** Digits of a one-time code (the server's OTP_LENGTH): 4 or 6. */
  otpLength: number;
}

const DEFAULTS: RuntimeConfig = { apiBase: '/api', appKey: '', appDownloadUrl: '', otpLength: 4 };

/** The digits of a one-time code the server sends (4 unless it says 6). */
export const otpLength = (): 4 | 6 => (getRuntimeConfig().otpLength === 6 ? 6 : 4);

let current: RuntimeConfig = { ...DEFAULTS };

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(patch: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...current, ...patch };
  return current;
}

/**
 * Fetches the config document. `base` is the origin the config lives at (a remote running standalone
 * may point at another server). Missing or broken config keeps the defaults rather than stopping the app.
 */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  // The server that serves the page may have inlined it (no round trip before the first render).
  const inlined = (globalThis as { __MATKA_CONFIG__?: Partial<RuntimeConfig> }).__MATKA_CONFIG__;
  if (inlined && typeof inlined === 'object') {
    const apiBase = inlined.apiBase
      ? new URL(inlined.apiBase, window.location.href).toString().replace(/\/$/, '')
      : DEFAULTS.apiBase;
    return setRuntimeConfig({ ...inlined, apiBase });
  }
  try {
    const res = await fetch(url, { cache: 'no-store' });
    if (res.ok) {
      const json = (await res.json()) as Partial<RuntimeConfig>;
      const origin = new URL(url, window.location.href);
      const apiBase = json.apiBase ? new URL(json.apiBase, origin).toString().replace(/\/$/, '') : DEFAULTS.apiBase;
      return setRuntimeConfig({ ...json, apiBase });
    }
  } catch {
    // fall through to the defaults
  }
  return current;
}
