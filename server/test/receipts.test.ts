/**
 * Signed receipts: a bid accepted in each family, and through a deployed app's dialect, returns a
 * compact JWS that jose verifies against /.well-known/jwks.json, naming the bids as stored, the player
 * by an opaque id; a receipt changed by hand does not verify; a retried request gets the same receipt.
 */
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import { SUBMIT_BID_CALL } from '@matka/shared/contract';
import { buildNewResult, type BetTypeId, type Family } from '@matka/shared/domain';
import type { PublishedKey } from '@matka/shared/receipts';
import { call, starlineAppBid, createUser, kolkata, makeTestApp, marketByName, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00') });
});
afterAll(() => t.close());

async function jwks() {
  const res = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/jwk-set\+json/);
  return res.json() as JSONWebKeySet;
}

/** The receipt's payload once jose has checked its signature against the published keys. */
async function verified(receipt: string) {
  const { payload, protectedHeader } = await compactVerify(receipt, createLocalJWKSet(await jwks()));
  expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'matka-receipt+jws' });
  return JSON.parse(new TextDecoder().decode(payload));
}

async function place(family: Family, betType: BetTypeId, market: string, digits: string, token: string) {
  const m = await marketByName(t, market);
  const [new_result] = buildNewResult({
    family,
    betType,
    token,
    gameId: m.id,
    gameName: m.name,
    bidDate: '10-March-2026',
    rows: [
      { digits, closedigits: '', points: 10, session: family === 'regular' ? 'Close' : 'Open', pana: '' },
      {
        digits: family === 'gali' ? '9' : '2',
        closedigits: '',
        points: 20,
        session: family === 'regular' ? 'Close' : 'Open',
        pana: '',
      },
    ],
  });
  const r = await call(
    t.app,
    SUBMIT_BID_CALL[family],
    { unique_token: token, game_id: String(m.id), new_result },
    { 'idempotency-key': `k-${family}-${token.slice(0, 8)}` },
  );
  expect(r.body.status).toBe(true);
  return { r, m, new_result };
}

test('the keys are published as a JWKS: Ed25519, one per kind of statement, each with its kid', async () => {
  const { keys } = await jwks();
  expect(keys.map((k) => (k as PublishedKey).purpose)).toEqual(['receipt', 'book', 'head', 'day']);
  expect(new Set(keys.map((k) => k.kid)).size).toBe(4);
  for (const key of keys) {
    expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: expect.any(String) });
    expect(key).not.toHaveProperty('d');
  }
});

test.each([
  ['regular', 'single_digit', 'MORNING STAR', '5'],
  ['starline', 'starline_single_digit', 'STARLINE 06:00 PM', '3'],
  ['gali', 'gali_left_digit', 'GALI', '4'],
] as const)(
  'a %s bid returns a receipt that verifies and names what was stored',
  async (family, betType, market, digits) => {
    const u = await createUser(t, { wallet: 1000 });
    const { r, m } = await place(family, betType, market, digits, u.token);
    const payload = await verified(r.body.receipt);
    const stored = await t.ctx.db
      .selectFrom('bids')
      .select(['id', 'digits', 'points', 'session', 'bid_date', 'bet_type'])
      .where('user_id', '=', u.id)
      .orderBy('id')
      .execute();
    expect(payload).toMatchObject({
      typ: 'matka-bid-receipt',
      sub: String(r.body.bid_id),
      market: { id: m.id, name: m.name },
      family,
      date: '2026-03-10',
      session: stored[0].session,
      bet_type: betType,
      bids: stored.map((b) => ({
        id: String(b.id),
        digits: b.digits,
        closedigits: '',
        points: Number(b.points),
        rate: expect.stringMatching(/^\d+-\d+$/),
      })),
    });
    expect(new Date(payload.accepted_at).getTime()).toBeGreaterThan(0);
    // the player by an opaque id: not the mobile number, not the account id; the same on every receipt
    expect(JSON.stringify(payload)).not.toContain(u.mobile);
    expect(payload.player).not.toBe(u.id);
    const again = await place(family, betType, market, digits, u.token); // the same idempotency key: a retry
    expect(again.r.body.duplicate).toBe(true);
    expect(again.r.body.receipt).toBe(r.body.receipt);
  },
);

test("a deployed app's dialect gets the receipt as an added field", async () => {
  const u = await createUser(t, { wallet: 1000 });
  const m = await marketByName(t, 'STARLINE 06:00 PM');
  const body = await starlineAppBid(t, u.token, m, '3');
  expect(body).toMatchObject({ status: true, message: expect.any(String) });
  expect((await verified(body.receipt)).bids).toEqual([expect.objectContaining({ digits: '3', points: 10 })]);
});

test('a receipt changed by hand does not verify; the same player has the same opaque id', async () => {
  const u = await createUser(t, { wallet: 1000 });
  const a = await place('gali', 'gali_left_digit', 'GALI', '4', u.token);
  const [h, p, s] = a.r.body.receipt.split('.');
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
  payload.bids[0].points = 1000;
  const forged = [h, Buffer.from(JSON.stringify(payload)).toString('base64url'), s].join('.');
  await expect(verified(forged)).rejects.toThrow(/signature verification failed/);
  // another key's kid: no published key matches
  const other = [
    Buffer.from(JSON.stringify({ ...decodeProtectedHeader(a.r.body.receipt), kid: 'nope' })).toString('base64url'),
    p,
    s,
  ].join('.');
  await expect(verified(other)).rejects.toThrow();
  const b = await place('starline', 'starline_single_digit', 'STARLINE 06:00 PM', '1', u.token);
  expect((await verified(b.r.body.receipt)).player).toBe((await verified(a.r.body.receipt)).player);
});

test('the CLI checks a receipt against the published keys: Genuine with what it says, or Not valid', async () => {
  const { run } = await import('../src/cli/operator');
  const u = await createUser(t, { wallet: 1000 });
  const { r } = await place('gali', 'gali_left_digit', 'GALI', '4', u.token);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as import('node:net').AddressInfo;
  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await run(
      argv,
      { SERVER_URL: `http://127.0.0.1:${port}` },
      {
        out: (s) => out.push(s),
        err: (s) => out.push(s),
      },
    );
    return { code, out: out.join('\n') };
  };
  const good = await cli('verify', r.body.receipt);
  expect(good.code).toBe(0);
  expect(good.out).toMatch(
    /^Genuine: signed by key \S+ of http:\/\/127\.0\.0\.1:\d+; its session's bidding is still open: its book is sealed when bidding closes$/m,
  );
  expect(good.out).toContain('GALI (gali), 2026-03-10');
  expect(good.out).toMatch(/bid \d+: 4 for 10 points at \d+-\d+/);
  const [h, p, s] = r.body.receipt.split('.');
  const changed = JSON.parse(Buffer.from(p, 'base64url').toString());
  changed.bids[0].points = 500;
  const bad = await cli('verify', [h, Buffer.from(JSON.stringify(changed)).toString('base64url'), s].join('.'));
  expect(bad).toEqual({
    code: 1,
    out: 'Not valid: the signature does not match: the receipt was changed, or this server did not sign it',
  });
  // the same signature bytes written with another last character: not the receipt the server signed
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(s.at(-1)!);
  const twin = r.body.receipt.slice(0, -1) + alphabet[(last & ~0xf) | ((last + 1) & 0xf)];
  expect(Buffer.from(twin.split('.')[2], 'base64url')).toEqual(Buffer.from(s, 'base64url'));
  expect(await cli('verify', twin)).toEqual({
    code: 1,
    out: 'Not valid: it is not a bid receipt as the server writes one (a compact JWS in canonical base64url)',
  });
});
