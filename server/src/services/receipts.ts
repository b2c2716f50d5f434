/**
 * Signed bid receipts: every accepted bid submission gets a compact JWS (RFC 7515) signed with EdDSA
 * (Ed25519), naming its bids, the player (an opaque id, never the mobile number), the market, family,
 * date, session, bet type, each row's digits, points and rate, and the server's time. The public keys
 * are a JWKS at /.well-known/jwks.json, each with its kid (the key's RFC 7638 thumbprint); anyone can
 * check a receipt with off-the-shelf tools (jose, any JOSE library).
 *
 * A receipt is made from the stored rows, and Ed25519 signatures are deterministic: the same submission
 * always has the same receipt (a retried request gets it again, and it can be rebuilt at any time).
 *
 * Keys (see docs/security.md): one Ed25519 key per kind of statement (receipts, books' heads, audit
 * heads, day bundles), so that a key that leaks forges one kind only. RECEIPT_KEYS_DIR (default
 * <DATA_DIR>/receipt-keys) holds them as PKCS#8 PEM files, a folder per kind (`receipts/`, `books/`,
 * `heads/`, `days/`), each named by the first market day it signs (`receipts/2027-01-01.pem`). A
 * statement of day D is signed by the newest key of its kind whose day is D or earlier (the oldest for
 * days before any), so a receipt is the same whenever it is made, across a rotation too. The published
 * set says each key's kind and days (`purpose`, `from`, `until`), and checkers refuse a key outside them.
 * To rotate, add a file named by a later day and restart before that day; to retire a key once its last
 * day is over, replace its file by its public key (`openssl pkey -pubout`, named `<day>.pub.pem`): it stays
 * published for what it signed, and the server can sign nothing more with it (receipts of its days are
 * then no longer rebuilt). A folder with no key gets one on start, and the log says so.
 *
 * `PEM` files directly in the folder are of the older layout, when one key signed every kind: they keep
 * the days before the first key of each kind (made, for a deployment that had them, from the next day).
 * The players' opaque ids are keyed by their own secret (`player-id/<day>.secret`), never another key;
 * days before it keep the ids the older layout gave (keyed by the OTP secret), so old receipts stay.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import type { Kysely } from 'kysely';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import type { ReceiptPayload } from '@matka/shared/contract';
import { formatRate } from '@matka/shared/domain';
import { JWS_TYPE, KEY_PURPOSES, type KeyPurpose, type PublishedKey } from '@matka/shared/receipts';
import type { DB } from '../db/types';
import { kolkataIsoDate } from './clock';

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** A key file: its PEM (private, or public once retired), its first day ('' for every day), its kind. */
export interface KeyFile {
  pem: string;
  from: string;
  /** null: a key of the older layout, signing every kind */
  purpose: KeyPurpose | null;
}

/** A secret keying the players' opaque ids from market day `from` ('' for every day). */
export interface PlayerSecret {
  from: string;
  secret: string;
}

interface SigningKey {
  purpose: KeyPurpose | null;
  from: string;
  kid: string;
  /** null once retired: published for what it signed, signing nothing more */
  privateKey: KeyObject | null;
  jwk: PublishedKey;
}

/** The day before a YYYY-MM-DD day. */
function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The newest of `list` (sorted by `from`) whose day is `date` or earlier, else the oldest. */
function newestFor<T extends { from: string }>(list: T[], date: string): T {
  let got = list[0];
  for (const x of list) if (x.from <= date) got = x;
  return got;
}

/** A statement cannot be signed: its day's key is retired. */
export class RetiredKey extends Error {}

/** The server's signing keys, a set per kind of statement, and the players' opaque ids. */
export class ReceiptSigner {
  private readonly published: { keys: PublishedKey[] };

  private constructor(
    private readonly keys: SigningKey[],
    private readonly playerSecrets: PlayerSecret[],
  ) {
    this.published = { keys: keys.map((k) => ({ ...k.jwk, ...window(keys, k) })) };
  }

  /**
   * Keys from PEM texts (a bare text: one key of the older layout, for every kind and day); `players`
   * keys the players' opaque ids (a bare text: for every day).
   */
  static async fromPems(files: (string | KeyFile)[], players: string | PlayerSecret[]): Promise<ReceiptSigner> {
    if (!files.length) throw new Error('no signing key');
    const keys: SigningKey[] = [];
    for (const given of files) {
      const { pem, from, purpose } = typeof given === 'string' ? { pem: given, from: '', purpose: null } : given;
      const privateKey = pem.includes('PRIVATE KEY') ? createPrivateKey(pem) : null;
      const publicKey = privateKey ? createPublicKey(privateKey) : createPublicKey(pem);
      if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('a signing key must be Ed25519');
      const jwk = await exportJWK(publicKey);
      const kid = (await calculateJwkThumbprint(jwk)).slice(0, 16);
      keys.push({
        purpose,
        from,
        kid,
        privateKey,
        jwk: { ...jwk, kid, alg: 'EdDSA', use: 'sig', ...(purpose ? { purpose } : {}) },
      });
    }
    // by first day; on the same day a key of its own kind after one of the older layout (it wins)
    keys.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : (a.purpose ? 1 : 0) - (b.purpose ? 1 : 0)));
    const secrets = typeof players === 'string' ? [{ from: '', secret: players }] : [...players];
    if (!secrets.length) throw new Error('no player id secret');
    secrets.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
    return new ReceiptSigner(keys, secrets);
  }

  /** A fresh key of each kind and a fresh player secret, kept in memory only (tests). */
  static async generate(): Promise<ReceiptSigner> {
    const fresh = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    return ReceiptSigner.fromPems(
      KEY_PURPOSES.map((purpose) => ({ pem: fresh(), from: '', purpose })),
      randomBytes(32).toString('hex'),
    );
  }

  /** The public keys with their kinds and days, oldest first: /.well-known/jwks.json. */
  jwks(): { keys: PublishedKey[] } {
    return this.published;
  }

  /**
   * The opaque id of a player on receipts of market day `date`: an HMAC of the account's id by the
   * day's player secret, not reversible to it or the mobile.
   */
  playerId(userId: string, date: string): string {
    const { secret } = newestFor(this.playerSecrets, date);
    return createHmac('sha256', secret).update(`receipt-player:${userId}`).digest('base64url').slice(0, 22);
  }

  /**
   * A compact JWS (RFC 7515 section 7.1): BASE64URL(header) '.' BASE64URL(payload) '.' BASE64URL(Ed25519
   * signature of the two). Signed with node:crypto, which takes a quarter of the time jose's sign takes on
   * the bid path (24 against 105 us measured); jose verifies them in the tests and in the browser.
   */
  sign(payload: ReceiptPayload): string {
    return this.signAs('receipt', payload, payload.date);
  }

  /** A compact JWS of a statement of kind `purpose`, by its key of market day `date`. Throws RetiredKey. */
  signAs(purpose: KeyPurpose, payload: object, date: string): string {
    const key = this.keyFor(purpose, date);
    if (!key.privateKey) throw new RetiredKey(`the ${purpose} key ${key.kid} of ${date} is retired`);
    const header = { alg: 'EdDSA', kid: key.kid, typ: JWS_TYPE[purpose] };
    const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
    return `${input}.${sign(null, Buffer.from(input, 'ascii'), key.privateKey).toString('base64url')}`;
  }

  /** Whether statements of kind `purpose` and day `date` can still be signed (their key not retired). */
  canSign(purpose: KeyPurpose, date: string): boolean {
    return this.keyFor(purpose, date).privateKey !== null;
  }

  private keyFor(purpose: KeyPurpose, date: string): SigningKey {
    return newestFor(candidates(this.keys, purpose), date);
  }
}

/** The keys that sign kind `purpose`, by first day (those of the older layout too). */
function candidates(keys: SigningKey[], purpose: KeyPurpose): SigningKey[] {
  return keys.filter((k) => k.purpose === null || k.purpose === purpose);
}

/**
 * The days a key signs, as published: from its first day (open for the oldest of its kind) to the day
 * before the next of its kind (open for the newest); a key of the older layout, over every kind.
 */
function window(keys: SigningKey[], key: SigningKey): { from?: string; until?: string } {
  let from: string | undefined = '\uffff';
  let until: string | undefined = '';
  for (const purpose of key.purpose ? [key.purpose] : KEY_PURPOSES) {
    const list = candidates(keys, purpose);
    const i = list.indexOf(key);
    const f = i === 0 ? undefined : key.from;
    const u = i + 1 < list.length ? dayBefore(list[i + 1].from) : undefined;
    from = from === undefined || f === undefined ? undefined : f < from ? f : from;
    until = until === undefined || u === undefined ? undefined : u > until ? u : until;
  }
  return { ...(from ? { from } : {}), ...(until ? { until } : {}) };
}

/** The first market day a key file signs: the YYYY-MM-DD its name starts with, '' (every day) for none. */
export function keyFileDay(name: string): string {
  return /^\d{4}-\d{2}-\d{2}/.exec(name)?.[0] ?? '';
}

/** The folder of each kind of key under RECEIPT_KEYS_DIR. */
export const KEY_FOLDERS: Record<KeyPurpose, string> = {
  receipt: 'receipts',
  book: 'books',
  head: 'heads',
  day: 'days',
};
const PLAYER_FOLDER = 'player-id';

const pemsIn = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.pem'))
        .sort()
    : [];

/**
 * The keys of RECEIPT_KEYS_DIR (or <DATA_DIR>/receipt-keys) and the player id secrets; a kind with no
 * key, or whose newest key is retired, gets one (mode 600), and the log says so. `olderPlayerSecret`
 * keyed the players' ids when one key signed everything: it keeps the days of that layout's keys.
 */
export async function loadReceiptSigner(
  dir: string,
  olderPlayerSecret: string,
  log: { warn: (msg: string) => void },
  now = new Date(),
): Promise<ReceiptSigner> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const older = pemsIn(dir);
  const today = kolkataIsoDate(now);
  // a deployment with keys of the older layout signed today with them: the new keys start tomorrow
  const start = older.length ? kolkataIsoDate(new Date(now.getTime() + 86_400_000)) : today;
  const files: KeyFile[] = older.map((f) => ({
    pem: fs.readFileSync(path.join(dir, f), 'utf8'),
    from: keyFileDay(f),
    purpose: null,
  }));
  for (const purpose of KEY_PURPOSES) {
    const folder = path.join(dir, KEY_FOLDERS[purpose]);
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    let names = pemsIn(folder);
    const newest = names[names.length - 1];
    const retired = newest?.endsWith('.pub.pem') && keyFileDay(newest) <= today;
    if (!names.length || retired) {
      const name = `${retired ? today : start}.pem`;
      const { privateKey } = generateKeyPairSync('ed25519');
      fs.writeFileSync(path.join(folder, name), privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
      log.warn(
        `made a ${purpose} signing key in ${path.join(folder, name)}: keep it (and back it up) outside the ` +
          'repository; its public key is published at /.well-known/jwks.json',
      );
      names = pemsIn(folder);
    }
    for (const f of names)
      files.push({ pem: fs.readFileSync(path.join(folder, f), 'utf8'), from: keyFileDay(f), purpose });
  }
  const players = path.join(dir, PLAYER_FOLDER);
  fs.mkdirSync(players, { recursive: true, mode: 0o700 });
  let secretFiles = fs
    .readdirSync(players)
    .filter((f) => f.endsWith('.secret'))
    .sort();
  if (!secretFiles.length) {
    fs.writeFileSync(path.join(players, `${start}.secret`), randomBytes(32).toString('hex'), { mode: 0o600 });
    secretFiles = [`${start}.secret`];
  }
  const secrets: PlayerSecret[] = secretFiles.map((f) => ({
    from: keyFileDay(f),
    secret: fs.readFileSync(path.join(players, f), 'utf8').trim(),
  }));
  if (older.length) secrets.push({ from: '', secret: olderPlayerSecret });
  return ReceiptSigner.fromPems(files, secrets);
}

/** A stored submission, as its receipt names it. */
export interface StoredSubmission {
  submissionId: string;
  userId: string;
  family: ReceiptPayload['family'];
  market: { id: number; name: string };
  /** YYYY-MM-DD */
  date: string;
  session: string;
  betType: string;
  acceptedAt: Date;
  bids: {
    id: string;
    digits: string;
    closedigits: string;
    points: number | string;
    rate_1: number | string | null;
    rate_2: number | string | null;
  }[];
}

/** A stored submission's receipt: the same text whether made as it is placed or read back later. */
export function receiptFor(signer: ReceiptSigner, s: StoredSubmission): string {
  return signer.sign({
    typ: 'matka-bid-receipt',
    sub: s.submissionId,
    player: signer.playerId(s.userId, s.date),
    market: s.market,
    family: s.family,
    date: s.date,
    session: s.session,
    bet_type: s.betType,
    bids: s.bids.map((b) => ({
      id: String(b.id),
      digits: b.digits,
      closedigits: b.closedigits,
      points: Number(b.points),
      rate: b.rate_1 !== null && b.rate_2 !== null ? formatRate(b.rate_1, b.rate_2) : '',
    })),
    accepted_at: s.acceptedAt.toISOString(),
  });
}

/** The receipt of a stored submission (the same every time it is asked for), or null for none. */
export async function receiptOf(db: Kysely<DB>, signer: ReceiptSigner, submissionId: string): Promise<string | null> {
  return (await receiptsOf(db, signer, [submissionId])).get(submissionId) ?? null;
}

/** The receipts of stored submissions, by id, in one round trip (those with no bids are not there). */
export async function receiptsOf(db: Kysely<DB>, signer: ReceiptSigner, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!ids.length) return out;
  // the submissions' bids with their submission and market
  const rows = await db
    .selectFrom('bids')
    .innerJoin('bid_submissions as s', 's.id', 'bids.submission_id')
    .innerJoin('markets as m', 'm.id', 's.market_id')
    .select([
      'bids.id',
      'bids.submission_id',
      'bids.digits',
      'bids.closedigits',
      'bids.points',
      'bids.rate_1',
      'bids.rate_2',
      's.user_id',
      's.family',
      's.market_id',
      'm.name as market_name',
      's.bid_date',
      's.session',
      's.bet_type',
      's.created_at',
    ])
    .where('bids.submission_id', 'in', ids)
    .orderBy('bids.submission_id')
    .orderBy('bids.id')
    .execute();
  for (let i = 0; i < rows.length;) {
    const s = rows[i];
    let j = i;
    while (j < rows.length && String(rows[j].submission_id) === String(s.submission_id)) j++;
    const id = String(s.submission_id);
    // a day whose receipt key is retired: its receipts were given then, and are not made again
    if (signer.canSign('receipt', s.bid_date))
      out.set(
        id,
        receiptFor(signer, {
          submissionId: id,
          userId: String(s.user_id),
          family: s.family,
          market: { id: s.market_id, name: s.market_name },
          date: s.bid_date,
          session: s.session,
          betType: s.bet_type,
          acceptedAt: new Date(s.created_at),
          bids: rows.slice(i, j),
        }),
      );
    i = j;
  }
  return out;
}
