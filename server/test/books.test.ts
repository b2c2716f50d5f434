/**
 * Sealed books: after a session's bidding closes, every bid's proof leads from its receipt to the
 * published root (computed here, RFC 6962 / RFC 9162, independently of the server's code); the book's
 * head is signed with the book key of its day; a bid sent after the seal is refused and is in no book, also when
 * hundreds race the seal; a result is declared only against a sealed book and names its root.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { SUBMIT_BID_CALL } from '@matka/shared/contract';
import { buildNewResult, type BetTypeId, type Family } from '@matka/shared/domain';
import { BookAnswerSchema, ProofAnswerSchema } from '@matka/shared/contract/schemas';
import { auditPath, sealBooks, treeRoot } from '../src/services/books';
import { BookSealer } from '../src/services/book-keeper';
import { receiptsOf } from '../src/services/receipts';
import {
  starlineAppBid,
  call,
  createUser,
  insertBid,
  kolkata,
  makeTestApp,
  marketByName,
  operatorCall,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00') });
});
afterAll(() => t.close());

const DATE = '2026-03-10';

// ------------------------------------------------------------------ RFC 6962, written here from the RFC

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leafOf = (receipt: string) => sha(Buffer.from([0]), Buffer.from(receipt, 'ascii'));

/** MTH(D[n]) of RFC 6962 section 2.1: split at the largest power of two smaller than n. */
function mth(leaves: Buffer[]): Buffer {
  if (leaves.length === 0) return sha();
  if (leaves.length === 1) return leaves[0];
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return sha(Buffer.from([1]), mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}

/** RFC 9162 section 2.1.3.2: does this audit path lead from the leaf hash to the root? */
function verifyInclusion(index: number, size: number, leaf: Buffer, path: Buffer[], root: Buffer): boolean {
  if (index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = sha(Buffer.from([1]), p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else r = sha(Buffer.from([1]), r, p);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(root);
}

const hex = (h: string) => Buffer.from(h, 'hex');

test("the server's tree and audit paths are RFC 6962's, for every size up to 70 and every leaf", () => {
  for (let n = 0; n <= 70; n++) {
    const leaves = Array.from({ length: n }, (_, i) => leafOf(`receipt ${i}`));
    expect(treeRoot(leaves).toString('hex')).toBe(mth(leaves).toString('hex'));
    for (let i = 0; i < n; i++) expect(verifyInclusion(i, n, leaves[i], auditPath(leaves, i), mth(leaves))).toBe(true);
  }
});

// ------------------------------------------------------------------ the API

async function place(
  family: Family,
  betType: BetTypeId,
  market: string,
  session: 'Open' | 'Close',
  digits: string,
  token: string,
) {
  const m = await marketByName(t, market);
  const [new_result] = buildNewResult({
    family,
    betType,
    token,
    gameId: m.id,
    gameName: m.name,
    bidDate: '10-March-2026',
    rows: [{ digits, closedigits: '', points: 10, session, pana: '' }],
  });
  const r = await call(t.app, SUBMIT_BID_CALL[family], { unique_token: token, game_id: String(m.id), new_result });
  return r.body as { status: boolean; msg: string; bid_id?: string; receipt?: string };
}

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const bidIdsOf = (receipt: string) =>
  (JSON.parse(Buffer.from(receipt.split('.')[1], 'base64url').toString()) as { bids: { id: string }[] }).bids.map(
    (b) => b.id,
  );

/** Each receipt's bids lead to the published root of its book, by the RFC's own rules. */
async function provesAll(receipts: string[], root: string) {
  for (const receipt of receipts)
    for (const id of bidIdsOf(receipt)) {
      const p = await get(`/verify/proof?bid=${id}`);
      expect(p.status).toBe(200);
      const proof = ProofAnswerSchema.parse(p.body);
      expect(proof.root).toBe(root);
      expect(proof.leaf_hash).toBe(leafOf(receipt).toString('hex'));
      expect(
        verifyInclusion(proof.leaf_index, proof.tree_size, leafOf(receipt), proof.audit_path.map(hex), hex(root)),
      ).toBe(true);
    }
}

async function book(market: number, session: 'open' | 'close') {
  const res = await get(`/verify/book?market=${market}&date=${DATE}&session=${session}`);
  expect(res.status).toBe(200);
  expect(res.headers['access-control-allow-origin']).toBe('*');
  const b = BookAnswerSchema.parse(res.body);
  // its head is signed with the book key of its day
  const keys = (await get('/.well-known/jwks.json')).body as JSONWebKeySet;
  const { payload, protectedHeader } = await compactVerify(b.signature, createLocalJWKSet(keys));
  expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'matka-book+jws' });
  // the head as signed: all but the result's fields (what was declared, by whom)
  const { signature: _s, result: _r, declared: _d, declared_by: _b, certified_by: _c, ...head } = b;
  expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(head);
  return b;
}

test('a regular market: each session sealed by its result, every bid proven, a late bid refused and in no book', async () => {
  t.clock.set(kolkata('08:00'));
  const m = await marketByName(t, 'MORNING STAR');
  const open: string[] = [];
  const close: string[] = [];
  for (let i = 0; i < 5; i++) {
    const u = await createUser(t, { wallet: 1000 });
    const a = await place('regular', 'single_digit', 'MORNING STAR', 'Open', String(i), u.token);
    const b = await place('regular', 'single_digit', 'MORNING STAR', 'Close', String(9 - i), u.token);
    open.push(a.receipt!);
    close.push(b.receipt!);
  }
  // still open: no book, no proof
  expect((await get(`/verify/proof?bid=${bidIdsOf(open[0])[0]}`)).body.error).toMatch(/still open/);
  expect((await get(`/verify/book?market=${m.id}&date=${DATE}&session=open`)).status).toBe(404);

  t.clock.set(kolkata('09:45'));
  const declared = await operatorCall(t, 'result/declare', { market: 'MORNING STAR', session: 'open', pana: '128' });
  expect(declared.body.status).toBe(true);
  const openBook = await book(m.id, 'open');
  expect(openBook).toMatchObject({
    size: 5,
    session: 'open',
    market: { id: m.id, name: 'MORNING STAR' },
    result: '128-1*-***',
  });
  // the result names the root of the book it settles
  expect(declared.body.books).toEqual([{ session: 'open', size: 5, root: openBook.root }]);
  const event = await t.ctx.db
    .selectFrom('live_events')
    .select('data')
    .where('kind', '=', 'result')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect((event.data as { books?: unknown }).books).toEqual([{ session: 'open', size: 5, root: openBook.root }]);
  await provesAll(open, openBook.root);
  // the Close session still takes bids; its book is not sealed
  const u = await createUser(t, { wallet: 1000 });
  const late = await place('regular', 'single_digit', 'MORNING STAR', 'Close', '7', u.token);
  expect(late.status).toBe(true);
  close.push(late.receipt!);
  expect((await get(`/verify/proof?bid=${bidIdsOf(late.receipt!)[0]}`)).status).toBe(404);

  t.clock.set(kolkata('10:45'));
  const closed = await operatorCall(t, 'result/declare', { market: 'MORNING STAR', session: 'close', pana: '446' });
  expect(closed.body.status).toBe(true);
  const closeBook = await book(m.id, 'close');
  expect(closeBook.size).toBe(6);
  expect(closed.body.books).toEqual([
    { session: 'open', size: 5, root: openBook.root },
    { session: 'close', size: 6, root: closeBook.root },
  ]);
  await provesAll(close, closeBook.root);
  // a book never changes: declaring again (a correction) names the same roots
  const fixed = await operatorCall(t, 'result/declare', { market: 'MORNING STAR', session: 'close', pana: '590' });
  expect(fixed.body.books).toEqual(closed.body.books);
});

test('a bid that reaches the database after its session was sealed is refused and in no book', async () => {
  t.clock.set(kolkata('08:00'));
  const m = await marketByName(t, 'SRIDEVI');
  const u = await createUser(t, { wallet: 1000 });
  const before = await place('regular', 'single_digit', 'SRIDEVI', 'Open', '1', u.token);
  expect(before).toMatchObject({ status: true });
  // the seal commits while the clock still says the session is open (a bid on its way meanwhile)
  await sealBooks(t.ctx.db, t.ctx.receipts, m.id, DATE, ['open'], t.clock.now());
  const after = await place('regular', 'single_digit', 'SRIDEVI', 'Open', '2', u.token);
  expect(after).toMatchObject({
    status: false,
    msg: 'Open bids are closed for Single Digit; Close bids are still taken.',
    code: expect.any(String),
  });
  const b = await book(m.id, 'open');
  expect(b.size).toBe(1);
  await provesAll([before.receipt!], b.root);
  // the other session still takes bids
  expect((await place('regular', 'single_digit', 'SRIDEVI', 'Close', '3', u.token)).status).toBe(true);
});

test('300 bids racing the seal: each is either in the book or was refused', async () => {
  t.clock.set(kolkata('08:00'));
  const m = await marketByName(t, 'TIME BAZAR');
  const users = await Promise.all(Array.from({ length: 30 }, () => createUser(t, { wallet: 10_000 })));
  // the seal starts once a hundred answers are back, while the other two hundred are on their way
  let back = 0;
  let startSeal: () => void = () => undefined;
  const sealing = new Promise<void>((r) => (startSeal = r)).then(() =>
    sealBooks(t.ctx.db, t.ctx.receipts, m.id, DATE, ['open'], t.clock.now()),
  );
  const bids = Array.from({ length: 300 }, (_, i) =>
    place('regular', 'single_digit', 'TIME BAZAR', 'Open', String(i % 10), users[i % 30].token).then((a) => {
      if (++back === 100) startSeal();
      return a;
    }),
  );
  const answers = await Promise.all(bids);
  await sealing;
  const accepted = answers.filter((a) => a.status);
  expect(accepted.length).toBeGreaterThanOrEqual(100);
  for (const a of answers.filter((x) => !x.status))
    expect(a.msg).toBe('Open bids are closed for Single Digit; Close bids are still taken.');
  const b = await book(m.id, 'open');
  expect(b.size).toBe(accepted.length);
  // exactly the accepted submissions, in the order they were accepted, and nothing of the refused
  const stored = await t.ctx.db
    .selectFrom('bid_submissions')
    .select('id')
    .where('market_id', '=', m.id)
    .where('bid_date', '=', DATE)
    .orderBy('id')
    .execute();
  expect(stored.map((s) => String(s.id))).toEqual(
    accepted.map((a) => String(a.bid_id)).sort((x, y) => Number(x) - Number(y)),
  );
  await provesAll(
    accepted.map((a) => a.receipt!),
    b.root,
  );
});

test("a book of 2,100 receipts (leaves made again from the stored bids, in pieces of 1,024): each proof leads to the RFC's root", async () => {
  const m = await marketByName(t, 'MILAN DAY');
  const u = await createUser(t, { wallet: 0 });
  const day = '2026-03-09';
  await sql`
    INSERT INTO bid_submissions (user_id, family, market_id, bet_type, session, bid_date, total_points, row_count)
    SELECT ${u.id}::bigint, 'regular', ${m.id}::int, 'single_digit', 'Open', ${day}::date, 10, 1 FROM generate_series(1, 2099)`.execute(
    t.ctx.db,
  );
  await sql`
    INSERT INTO bids (submission_id, user_id, family, market_id, bet_type, pana, session, digits, points, bid_date, rate_1, rate_2)
    SELECT id, user_id, family, market_id, bet_type, 'Single Digit', 'Open', (id % 10)::text, 10, bid_date, 10, 95
    FROM bid_submissions WHERE market_id = ${m.id}::int AND bid_date = ${day}::date`.execute(t.ctx.db);
  await insertBid(t, { user: u.id, market: m.id, date: day });
  const [sealed] = await sealBooks(t.ctx.db, t.ctx.receipts, m.id, day, ['open'], t.clock.now());
  const subs = await t.ctx.db
    .selectFrom('bid_submissions')
    .select('id')
    .where('market_id', '=', m.id)
    .where('bid_date', '=', day)
    .orderBy('id')
    .execute();
  const receipts = await receiptsOf(
    t.ctx.db,
    t.ctx.receipts,
    subs.map((s) => String(s.id)),
  );
  const leaves = subs.map((s) => leafOf(receipts.get(String(s.id))!));
  expect(sealed.size).toBe(2100);
  expect(sealed.root).toBe(mth(leaves).toString('hex'));
  for (const i of [0, 1, 1023, 1024, 1025, 2047, 2048, 2099]) {
    const bid = await t.ctx.db
      .selectFrom('bids')
      .select('id')
      .where('submission_id', '=', subs[i].id)
      .executeTakeFirstOrThrow();
    const p = ProofAnswerSchema.parse((await get(`/verify/proof?bid=${bid.id}`)).body);
    expect(p.leaf_index).toBe(i);
    expect(verifyInclusion(i, 2100, leaves[i], p.audit_path.map(hex), mth(leaves))).toBe(true);
  }
});

// last: its sweep at 23:05 seals every session of the day that has closed by then
test('Starline, Gali and a deployed app: sealed when their bidding closes by the clock, every bid proven', async () => {
  t.clock.set(kolkata('08:00'));
  const star = await marketByName(t, 'STARLINE 06:00 PM');
  const gali = await marketByName(t, 'GALI');
  const u = await createUser(t, { wallet: 1000 });
  const receipts: Record<string, string[]> = { star: [], gali: [] };
  receipts.star.push((await place('starline', 'starline_single_digit', star.name, 'Open', '3', u.token)).receipt!);
  receipts.gali.push((await place('gali', 'gali_left_digit', gali.name, 'Open', '4', u.token)).receipt!);
  // an app of the original backend: the receipt is an added field of its answer
  const body = await starlineAppBid(t, u.token, star, '8');
  receipts.star.push(body.receipt);

  // 18:05: the slot's bidding has closed (by the clock; no result declared); the sweep seals it
  t.clock.set(kolkata('18:05'));
  const sealer = new BookSealer(t.ctx.db, t.clock, t.ctx.markets, t.ctx.receipts, t.ctx.leaves, t.app.log, 0);
  await sealer.sweep();
  const starBook = await book(star.id, 'open');
  expect(starBook).toMatchObject({ size: 2, family: 'starline', result: null });
  await provesAll(receipts.star, starBook.root);
  // Gali's bidding is still open at 18:05
  expect((await get(`/verify/book?market=${gali.id}&date=${DATE}&session=open`)).status).toBe(404);
  t.clock.set(kolkata('23:05'));
  await sealer.sweep();
  const galiBook = await book(gali.id, 'open');
  expect(galiBook.size).toBe(1);
  await provesAll(receipts.gali, galiBook.root);
});

test('bad or unknown queries get a clear refusal', async () => {
  expect(await get('/verify/proof?bid=abc')).toMatchObject({ status: 400, body: { error: 'bid must be a bid id' } });
  expect(await get('/verify/proof')).toMatchObject({ status: 400, body: { error: 'bid is required' } });
  expect(await get('/verify/proof?bid=999999999')).toMatchObject({ status: 404, body: { error: 'No bid 999999999' } });
  expect(await get('/verify/book?market=1&date=10-03-2026&session=open')).toMatchObject({
    status: 400,
    body: { error: 'Date must be YYYY-MM-DD' },
  });
  expect((await get('/verify/book?market=1&date=2026-03-10&session=noon')).status).toBe(400);
  // a day that is not in the calendar, and a bid missing from its sealed book: reasons with codes, no 500
  expect(await get('/verify/book?market=1&date=2026-02-30&session=open')).toMatchObject({
    status: 400,
    body: { error: 'Date must be a real day (YYYY-MM-DD)', code: 'bad_query' },
  });
  expect(await get('/verify/proof?bid=999999999')).toMatchObject({ body: { code: 'no_bid' } });
});

test('a bid missing from its sealed book is a 409 with its code; an address asks /verify only so often', async () => {
  const m = await marketByName(t, 'KALYAN');
  const u = await createUser(t, { wallet: 1000 });
  // a bid of a day no other test touches
  const day = '2026-03-11';
  const bid = await insertBid(t, { user: u.id, market: m.id, date: day });
  // its session sealed by hand with its pieces left out, as a record removed behind the server's back would
  await t.ctx.db
    .insertInto('bid_books')
    .values({ market_id: m.id, book_date: day, session: 'open', sealed_at: t.clock.now() })
    .execute();
  await sql`ALTER TABLE bid_books DISABLE TRIGGER USER`.execute(t.ctx.db);
  await sql`UPDATE bid_books SET size = 0, root = sha256(''), signature = 'x' WHERE market_id = ${m.id} AND book_date = ${day}::date AND session = 'open'`.execute(
    t.ctx.db,
  );
  await sql`ALTER TABLE bid_books ENABLE TRIGGER USER`.execute(t.ctx.db);
  expect(await get(`/verify/proof?bid=${bid}`)).toMatchObject({
    status: 409,
    body: { code: 'not_in_book', error: `Bid ${bid} is missing from its session's sealed book` },
  });

  const limited = await makeTestApp({ config: { rateLimits: { ...t.ctx.config.rateLimits, verifyPerIp: 5 } } });
  try {
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await limited.app.inject({ method: 'GET', url: `/verify/proof?bid=${i + 1}` })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
    const last = await limited.app.inject({ method: 'GET', url: '/verify/book?market=1&date=2026-03-10&session=open' });
    expect(last.json()).toEqual({ error: 'Too many checks from this address: try again later', code: 'too_many' });
    expect(last.headers['retry-after']).toBeDefined();
    // the keys stay open to all: a receipt's check starts there
    expect((await limited.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).statusCode).toBe(200);
  } finally {
    await limited.close();
  }
});

test("the docs' recipe, Python's standard library alone, finds a real receipt in its book and not a changed one", async () => {
  const doc = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'receipts.md'), 'utf8');
  const script = /```python\n([\s\S]*?)```/.exec(doc)![1];
  t.clock.set(kolkata('08:00'));
  const m = await marketByName(t, 'MAIN BAZAR');
  const u = await createUser(t, { wallet: 1000 });
  const { receipt } = await place('regular', 'single_digit', 'MAIN BAZAR', 'Close', '6', u.token);
  await sealBooks(t.ctx.db, t.ctx.receipts, m.id, DATE, ['close'], t.clock.now());
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as import('node:net').AddressInfo;
  const run = (r: string) =>
    new Promise<string>((resolve, reject) =>
      execFile('python3', ['-c', script, `http://127.0.0.1:${port}`, r], (err, out, errOut) =>
        err ? reject(new Error(errOut || err.message)) : resolve(out),
      ),
    );
  expect(await run(receipt!)).toMatch(/^in the sealed book [0-9a-f]{64} None\n$/);
  const [h, p, s] = receipt!.split('.');
  const changed = JSON.parse(Buffer.from(p, 'base64url').toString());
  changed.bids[0].points = 1000;
  expect(await run([h, Buffer.from(JSON.stringify(changed)).toString('base64url'), s].join('.'))).toMatch(
    /^NOT in the book /,
  );
});
