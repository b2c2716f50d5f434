import { SERVER_TEXTS } from '@matka/shared/domain';
import { randomBytes, scrypt as scryptCb, timingSafeEqual, hash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Refusal } from '../errors';

/** A person's answer when the server will not hash another password right now. */
const MSG_HASHING_BUSY = SERVER_TEXTS.tooManyAttempts;

/**
 * The whole process's scrypt work, bounded: at most `running` hashes at once (libuv's 4 threads), and at
 * most `queue` waiting behind them (about a second of work at 77 ms a hash); a request beyond that is
 * refused at once with 'Too many attempts' (HTTP 429) instead of making every login wait. `runs` and
 * `refused` count since start (tests and metrics read them).
 *
 * Two lanes: a check against no account (a login to an unknown number, checked against a dummy hash so
 * that its time tells nothing) takes at most `unknownRunning` of the slots and waits behind every real
 * account's work, so a flood of logins to unknown numbers never queues a real player's login behind it.
 */
export const hashing = {
  running: 4,
  unknownRunning: 1,
  queue: 48,
  active: 0,
  activeUnknown: 0,
  runs: 0,
  refused: 0,
  waiting: [] as (() => void)[],
  waitingUnknown: [] as (() => void)[],
};

export type HashLane = 'account' | 'unknown';

/** Starts the waiting work that may start now: real accounts' first. */
function dispatch() {
  while (hashing.active < hashing.running) {
    const next = hashing.waiting.shift();
    if (next) {
      hashing.active++;
      next();
      continue;
    }
    if (hashing.activeUnknown >= hashing.unknownRunning) return;
    const unknown = hashing.waitingUnknown.shift();
    if (!unknown) return;
    hashing.active++;
    hashing.activeUnknown++;
    unknown();
  }
}

async function gated<T>(fn: () => Promise<T>, lane: HashLane = 'account'): Promise<T> {
  const unknown = lane === 'unknown';
  const free = hashing.active < hashing.running && (!unknown || hashing.activeUnknown < hashing.unknownRunning);
  if (free) {
    hashing.active++;
    if (unknown) hashing.activeUnknown++;
  } else {
    if (hashing.waiting.length + hashing.waitingUnknown.length >= hashing.queue) {
      hashing.refused++;
      throw new Refusal(429, MSG_HASHING_BUSY);
    }
    // started by dispatch(), which counts it as active
    await new Promise<void>((resolve) => (unknown ? hashing.waitingUnknown : hashing.waiting).push(resolve));
  }
  hashing.runs++;
  try {
    return await fn();
  } finally {
    hashing.active--;
    if (unknown) hashing.activeUnknown--;
    dispatch();
  }
}

/** How long a password check takes here (a moving average of the real ones), for checks that are skipped. */
let typicalCheckMs = 80;

/**
 * scrypt cost for new hashes: N = 2^15, r = 8, p = 1 (32 MiB per hash). Measured on the 2-core CI
 * machine (Node 20): N = 2^14 takes ~34 ms per hash, N = 2^15 ~77 ms, N = 2^16 ~160 ms. 2^15 doubles the
 * cost of an offline guess over the old 2^14 while a login stays well under 0.1 s of CPU (libuv's 4
 * threads hash ~25 logins/s on 2 cores; logins are also rate-limited per mobile and IP), and it keeps
 * the test suite and the login benchmark reasonable. The stored format carries N, r and p, so hashes made
 * with the old cost still verify (and are upgraded at the next successful login: needsRehash()).
 */
export const SCRYPT_N = 2 ** 15;
const R = 8;
const P = 1;
const KEYLEN = 32;
/** the largest cost a stored hash may ask for (a corrupt row must not make us allocate gigabytes) */
const MAX_N = 2 ** 20;

/** scrypt needs about 128 * N * r bytes; allow twice that. */
const maxmemFor = (n: number, r: number) => 256 * n * r;

/** A hash, once the gate gives it a turn; `took` is told how long the hashing itself took (no wait). */
function scrypt(
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
  lane: HashLane = 'account',
  took?: (ms: number) => void,
): Promise<Buffer> {
  return gated(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        const started = performance.now();
        scryptCb(password, salt, KEYLEN, { N: n, r, p, maxmem: maxmemFor(n, r) }, (err, key) => {
          if (err) return reject(err);
          took?.(performance.now() - started);
          resolve(key);
        });
      }),
    lane,
  );
}

/** 'scrypt$N$r$p$<salt b64>$<hash b64>' */
export async function hashPassword(password: string, n: number = SCRYPT_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, n, R, P);
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

function parseHash(stored: string) {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every(Number.isSafeInteger) || n < 2 || n > MAX_N || (n & (n - 1)) !== 0) return null;
  if (r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { n, r, p, salt: Buffer.from(parts[4], 'base64'), hash: Buffer.from(parts[5], 'base64') };
}

export async function verifyPassword(password: string, stored: string, lane: HashLane = 'account'): Promise<boolean> {
  const h = parseHash(stored);
  if (!h) return false;
  // the hash's own time, not its wait for a turn: a wait counted in would lengthen every skipped check
  // under a flood, and with them the flood's queues, until a waiting login outlived its connection
  const key = await scrypt(password, h.salt, h.n, h.r, h.p, lane, (ms) => {
    if (h.n === SCRYPT_N) typicalCheckMs = 0.9 * typicalCheckMs + 0.1 * ms;
  });
  return key.length === h.hash.length && timingSafeEqual(key, h.hash);
}

/**
 * The answer to a password checked against no account, without the CPU: false after about as long as a
 * real check takes, so the answer and its time are those of a wrong password (used past an address's
 * budget of hashed checks for unknown numbers).
 */
export async function skippedCheck(): Promise<false> {
  await sleep(typicalCheckMs * (0.9 + Math.random() * 0.2));
  return false;
}

/** True for a stored hash made with a lower cost than new hashes get. */
let dummy: Promise<string> | null = null;
/** A hash of a random password, made once: what an unknown account's password is checked against. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(newToken());
  return dummy;
}

export function needsRehash(stored: string): boolean {
  const h = parseHash(stored);
  return !h || h.n < SCRYPT_N || h.r < R;
}

export function sha256(s: string): string {
  return hash('sha256', s, 'hex');
}

/** 32 random bytes as hex: the unique_token the client keeps. */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** The stored form of a security PIN: its scrypt hash, as a password's ('' when none was given). */
export const storedPin = async (pin: string | number | null | undefined): Promise<string> =>
  pin === null || pin === undefined || String(pin).trim() === '' ? '' : hashPassword(String(pin).trim());

/** A PIN against the stored one: a hash, or the plain digits kept before migration 023 (compared in constant time). */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyPassword(pin, stored);
  return timingSafeEqual(hash('sha256', pin, 'buffer'), hash('sha256', stored, 'buffer'));
}
