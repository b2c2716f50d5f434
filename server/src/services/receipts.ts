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
 * Keys: RECEIPT_KEYS_DIR (default <DATA_DIR>/receipt-keys) holds Ed25519 private keys as PKCS#8 PEM
 * files named by the first market day they sign (`2027-01-01.pem`); every one stays published. A
 * submission of day D is signed by the newest key whose day is D or earlier (the oldest key for days
 * before any), so its receipt is the same whenever it is made, across a rotation too. None there: one is
 * made on first start. To rotate, add a file named by a later day
 * (`openssl genpkey -algorithm ed25519 -out <dir>/2027-01-01.pem`) and restart before that day.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';
import type { ReceiptPayload } from '@matka/shared/contract';
import { formatRate } from '@matka/shared/domain';
import type { DB } from '../db/types';

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

interface SigningKey {
  /** the first market day it signs (YYYY-MM-DD), '' for every day */
  from: string;
  kid: string;
  privateKey: KeyObject;
  jwk: JWK;
}

export class ReceiptSigner {
  private constructor(
    private readonly keys: SigningKey[],
    private readonly playerSecret: string,
  ) {}

  /**
   * Keys from PKCS#8 PEM texts, each with the first market day it signs ('' for every day);
   * `playerSecret` keys the players' opaque ids.
   */
  static async fromPems(
    pems: (string | { pem: string; from: string })[],
    playerSecret: string,
  ): Promise<ReceiptSigner> {
    if (!pems.length) throw new Error('no receipt signing key');
    const keys: SigningKey[] = [];
    for (const given of pems) {
      const { pem, from } = typeof given === 'string' ? { pem: given, from: '' } : given;
      const privateKey = createPrivateKey(pem);
      if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('a receipt signing key must be Ed25519');
      const jwk = await exportJWK(createPublicKey(privateKey));
      const kid = (await calculateJwkThumbprint(jwk)).slice(0, 16);
      keys.push({ from, kid, privateKey, jwk: { ...jwk, kid, alg: 'EdDSA', use: 'sig' } });
    }
    keys.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
    return new ReceiptSigner(keys, playerSecret);
  }

  /** A fresh key kept in memory only (tests). */
  static async generate(playerSecret: string): Promise<ReceiptSigner> {
    const { privateKey } = generateKeyPairSync('ed25519');
    return ReceiptSigner.fromPems([privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()], playerSecret);
  }

  /** The public keys, newest last: /.well-known/jwks.json. */
  jwks(): { keys: JWK[] } {
    return { keys: this.keys.map((k) => k.jwk) };
  }

  /** The opaque id of a player on receipts: HMAC of the account's id, not reversible to it or the mobile. */
  playerId(userId: string): string {
    return createHmac('sha256', this.playerSecret).update(`receipt-player:${userId}`).digest('base64url').slice(0, 22);
  }

  /**
   * A compact JWS (RFC 7515 section 7.1): BASE64URL(header) '.' BASE64URL(payload) '.' BASE64URL(Ed25519
   * signature of the two). Signed with node:crypto, which takes a quarter of the time jose's sign takes on
   * the bid path (24 against 105 us measured); jose verifies them in the tests and in the browser.
   */
  sign(payload: ReceiptPayload): string {
    return this.signJws(payload, payload.date, 'matka-receipt+jws');
  }

  /** A compact JWS of any payload, by the key of market day `date`. */
  signJws(payload: object, date: string, typ: string): string {
    const key = this.keyFor(date);
    const header = { alg: 'EdDSA', kid: key.kid, typ };
    const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
    return `${input}.${sign(null, Buffer.from(input, 'ascii'), key.privateKey).toString('base64url')}`;
  }

  /** The key that signs market day `date`: the newest whose first day is not later (else the oldest). */
  private keyFor(date: string): SigningKey {
    let key = this.keys[0];
    for (const k of this.keys) if (k.from <= date) key = k;
    return key;
  }
}

/** The first market day a key file signs: the YYYY-MM-DD its name starts with, '' (every day) for none. */
export function keyFileDay(name: string): string {
  return /^\d{4}-\d{2}-\d{2}/.exec(name)?.[0] ?? '';
}

/**
 * The keys of RECEIPT_KEYS_DIR (or <DATA_DIR>/receipt-keys), each signing from the day its file is
 * named by; with none, one is made there (mode 600, named by today) and the log says so.
 */
export async function loadReceiptSigner(
  dir: string,
  playerSecret: string,
  log: { warn: (msg: string) => void },
): Promise<ReceiptSigner> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.pem'))
    .sort();
  if (!files.length) {
    const { privateKey } = generateKeyPairSync('ed25519');
    const name = `${new Date().toISOString().slice(0, 10)}.pem`;
    fs.writeFileSync(path.join(dir, name), privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    log.warn(
      `made a receipt signing key in ${path.join(dir, name)}: keep it (and back it up) outside the repository; ` +
        'players verify their receipts against its public key at /.well-known/jwks.json',
    );
    files = [name];
  }
  return ReceiptSigner.fromPems(
    files.map((f) => ({ pem: fs.readFileSync(path.join(dir, f), 'utf8'), from: keyFileDay(f) })),
    playerSecret,
  );
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
    player: signer.playerId(s.userId),
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
