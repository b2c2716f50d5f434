/**
 * A day for the auditor: `export day <date>` writes the day's results, sealed books, ledger and audit
 * rows signed with the day bundle key; `audit verify --bundle` checks the file offline and fails when any
 * one byte of it is changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { calculateJwkThumbprint, CompactSign, exportJWK, generateKeyPair, type JSONWebKeySet } from 'jose';
import {
  createUser,
  kolkata,
  makeTestApp,
  OPERATOR_TOKEN,
  operatorCall,
  placeOpenBid,
  runCli,
  type TestApp,
} from './helpers';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00') });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matka-export-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the day exported verifies offline, and not once any one byte of it is changed', async () => {
  for (const digit of ['1', '2', '3']) {
    const u = await createUser(t, { wallet: 500 });
    expect((await placeOpenBid(t, u, 'MORNING STAR', [{ digits: digit, points: 10 }])).body.status).toBe(true);
  }
  t.clock.set(kolkata('09:45'));
  expect(
    (await operatorCall(t, 'result/declare', { market: 'MORNING STAR', session: 'open', pana: '128' })).body.status,
  ).toBe(true);

  const cli = (...argv: string[]) => runCli(t, argv, dir);
  // the day of the test's clock, when the bids, the ledger and the result were stored
  const made = await cli('export', 'day', '2026-03-10', '--out', 'day.json');
  expect(made.code).toBe(0);
  expect(made.out).toContain(path.join(dir, 'day.json'));
  // without --out: under the data dir, never in the directory it was run from; the path is printed
  const before = fs.readdirSync(dir);
  const kept = await runCli(t, ['export', 'day', '2026-03-10'], dir, { OPERATOR_TOKEN, DATA_DIR: 'data' });
  const file = path.join(dir, 'data', 'exports', 'matka-day-2026-03-10.json');
  expect(kept.out).toContain(`: ${file} (check it with: npm run operator -- audit verify --bundle ${file})`);
  expect(fs.existsSync(file)).toBe(true);
  expect(fs.readdirSync(dir).filter((f) => !before.includes(f))).toEqual(['data']);
  const good = await cli('audit', 'verify', '--bundle', 'day.json');
  expect(good).toMatchObject({ code: 0 });
  expect(good.out).toMatch(
    /^Valid: the day 2026-03-10, signed by key \S+ \(RFC 7638 thumbprint [\w-]{43}, from http:\/\/127\.0\.0\.1:\d+\/\.well-known\/jwks\.json\): 1 result, 1 sealed book \(3 receipts\), \d+ ledger rows?, \d+ audit rows? linked$/,
  );
  // the thumbprint is the published key's, as anyone computes it
  const jwks = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as JSONWebKeySet;
  const kid = /signed by key (\S+)/.exec(good.out)![1];
  const published = jwks.keys.find((k) => k.kid === kid)!;
  expect(good.out).toContain(`thumbprint ${await calculateJwkThumbprint(published, 'sha256')}`);
  // a key pinned by the auditor: the same answer offline
  fs.writeFileSync(path.join(dir, 'pinned.json'), JSON.stringify(published));
  const pinned = await cli('audit', 'verify', '--bundle', 'day.json', '--key', 'pinned.json');
  expect(pinned.code).toBe(0);
  expect(pinned.out).toContain(`from the pinned key ${path.join(dir, 'pinned.json')}`);

  // one byte changed, wherever it is: in the signed day, in its signature, in the keys, in the date
  const bytes = fs.readFileSync(path.join(dir, 'day.json'));
  const text = bytes.toString('utf8');
  const signed = text.indexOf('"signed":"') + 10;
  const places = [signed + 40, text.length - 10, text.indexOf('"x":"') + 8, text.indexOf('"date":"') + 10, 5];
  for (const at of places) {
    const changed = Buffer.from(bytes);
    changed[at] = changed[at] === 0x41 ? 0x42 : 0x41; // 'A' <-> 'B', or an 'A' in place of what was there
    fs.writeFileSync(path.join(dir, 'changed.json'), changed);
    const bad = await cli('audit', 'verify', '--bundle', 'changed.json');
    expect([at, bad.code, bad.out]).toEqual([at, 1, expect.stringMatching(/^Not valid: /)]);
  }
});

test('the export of a day not in the calendar is refused with a reason, not a 500', async () => {
  const bad = await operatorCall(t, 'export/day?date=2026-02-30');
  expect(bad.statusCode).toBe(400);
  expect(bad.body.msg).toContain('Date must be a real day (YYYY-MM-DD)');
});

test("a forged day, signed by another key under the server's key id, is Not valid", async () => {
  const cli = (...argv: string[]) => runCli(t, argv, dir);
  const bundle = JSON.parse(fs.readFileSync(path.join(dir, 'day.json'), 'utf8'));
  const [head, body] = bundle.signed.split('.');
  const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  const day = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  // the attacker rewrites the day's ledger, and signs it with a key of their own labelled with the server's kid
  day.ledger = [];
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { extractable: true });
  const forged = await new CompactSign(new TextEncoder().encode(JSON.stringify(day)))
    .setProtectedHeader(header)
    .sign(privateKey);
  const jwk = { ...(await exportJWK(publicKey)), kid: header.kid, alg: 'EdDSA', use: 'sig' };
  fs.writeFileSync(path.join(dir, 'forged.json'), JSON.stringify({ ...bundle, signed: forged, keys: { keys: [jwk] } }));
  const bad = await cli('audit', 'verify', '--bundle', 'forged.json');
  expect(bad.code).toBe(1);
  expect(bad.out).toMatch(/^Not valid: its signature does not verify with the trusted keys/);
  expect(bad.out).not.toContain('Valid: the day');
  // its own key pinned instead of the server's: still the forger's key, not the server's thumbprint
  fs.writeFileSync(path.join(dir, 'theirs.json'), JSON.stringify(jwk));
  const theirs = await cli('audit', 'verify', '--bundle', 'forged.json', '--key', 'theirs.json');
  expect(theirs.code).toBe(0);
  expect(theirs.out).toContain(`thumbprint ${await calculateJwkThumbprint(jwk, 'sha256')}`);
  const jwks = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as JSONWebKeySet;
  const server = jwks.keys.find((k) => k.kid === header.kid)!;
  expect(theirs.out).not.toContain(await calculateJwkThumbprint(server, 'sha256'));
});
