/**
 * One idempotency key per confirmation. crypto.randomUUID exists only in secure contexts (https,
 * localhost); on a plain-http LAN address fall back to getRandomValues, which every browser has.
 */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(b);
  else for (let i = 0; i < b.length; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The key of one request of a confirmation. A confirmation sends one request per session, and SP DP
 * TP one per pana kind as well; the server keys a submission by (user, key), so each request needs its
 * own key, stable across retries of the same confirmation: '<id>' for the first possible request
 * (Open, or the only kind) and '<id>-N' for the others, numbered by (pana kind, session) rather than
 * by position, so a retry after a partial success maps each request to the key it had.
 */
export function requestKey(id: string, pana: string, session: string, kinds: readonly string[]): string {
  const i = (session === 'Close' ? kinds.length : 0) + Math.max(0, kinds.indexOf(pana));
  return i === 0 ? id : `${id}-${i + 1}`;
}
