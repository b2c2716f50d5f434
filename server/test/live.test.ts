/**
 * The live stream, over real sockets: results reach every stream, a player's own events reach
 * only that player, a reconnect replays what it missed (or says refetch), an ended session's stream is
 * closed, markets closing by the clock are told once, and (PostgreSQL) a stream on another server
 * instance hears what this one committed.
 */
import { sql } from 'kysely';
import { panaDigit } from '@matka/shared/domain';
import { REPLAY_LIMIT } from '@matka/shared/contract';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db';
import {
  APP_KEY,
  OPERATOR_TOKEN,
  call,
  createUser,
  kolkata,
  makeTestApp,
  marketByName,
  usingPostgres,
  type TestApp,
  operatorCall,
} from './helpers';
import { openStream, type TestStream } from './live-client';

const DATE = '2026-03-10';
/** an event id as a stream shows it */
const OPAQUE_ID = /^[A-Za-z0-9_-]{22}$/;
let t: TestApp;
let base: string;
const open: TestStream[] = [];

beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('16:00', DATE) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

const stream = async (token: string, opts?: Parameters<typeof openStream>[2]) => {
  const s = await openStream(base, token, opts);
  open.push(s);
  return s;
};

/** One Open single-digit bid of `points` on `digit`, straight into the tables. */
async function bid(userId: string, marketId: number, digit: string, points = 10) {
  const s = await sql<{ id: string }>`
    INSERT INTO bid_submissions (user_id, family, market_id, bet_type, session, bid_date, total_points, row_count)
    VALUES (${userId}::bigint, 'regular', ${marketId}::int, 'single_digit', 'Open', ${DATE}::date, ${points}::int, 1)
    RETURNING id`.execute(t.ctx.db);
  await sql`
    INSERT INTO bids (submission_id, user_id, family, market_id, bet_type, pana, session, digits, points, bid_date, rate_1, rate_2)
    VALUES (${s.rows[0].id}::bigint, ${userId}::bigint, 'regular', ${marketId}::int, 'single_digit', 'Single Digit', 'Open',
            ${digit}, ${points}::int, ${DATE}::date, 10, 95)`.execute(t.ctx.db);
}

test('without a live token the stream is refused with the API message', async () => {
  const res = await fetch(`${base}/api/live`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ app_key: APP_KEY, unique_token: 'f'.repeat(64) }),
  });
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({
    status: false,
    msg: 'Session expired. Please login again.',
    code: expect.any(String),
  });
  // the app key, as every call asks it, before the token is looked at
  const keyless = await fetch(`${base}/api/live`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ unique_token: (await createUser(t)).token }),
  });
  expect([keyless.status, await keyless.json()]).toEqual([
    401,
    { status: false, msg: 'Invalid app key', code: expect.any(String) },
  ]);
  // bad bodies: a message for a person, never a stream or a 500
  for (const [body, type, status, msg] of [
    ['{"unique_token":', 'application/json', 400, 'Invalid JSON body'],
    ['[1,2]', 'application/json', 401, 'Invalid app key'],
    [
      `{"app_key":"${APP_KEY}","unique_token":{"$ne":1}}`,
      'application/json',
      401,
      'Session expired. Please login again.',
    ],
    ['', 'application/json', 401, 'Invalid app key'],
  ] as const) {
    const bad = await fetch(`${base}/api/live`, { method: 'POST', headers: { 'Content-Type': type }, body });
    expect([bad.status, await bad.json()]).toEqual([status, { status: false, msg, code: expect.any(String) }]);
  }
  const token = (await createUser(t)).token;
  // an id the server did not give (a guess, or a plain counter) is no id: the stream starts afresh
  for (const lastEventId of ['abc', '1', 'A'.repeat(22)]) {
    const wrongId = await stream(token, { lastEventId });
    expect((await wrongId.next((e) => e.event === 'hello')).id).toMatch(OPAQUE_ID);
    wrongId.close();
  }
});

test('a result reaches every stream; a win and the wallet only the winner', async () => {
  const winner = await createUser(t);
  const other = await createUser(t);
  const market = await marketByName(t, 'KALYAN');
  await bid(winner.id, market.id, String(panaDigit('128')));
  await bid(other.id, market.id, String((Number(panaDigit('128')) + 1) % 10));

  const a = await stream(winner.token);
  const b = await stream(other.token);
  expect(a.status).toBe(200);
  const hello = await a.next((e) => e.event === 'hello');
  // the id tells nothing of the platform's volume: opaque, not the events' counter
  expect(hello.id).toMatch(OPAQUE_ID);
  await b.next((e) => e.event === 'hello');

  const declared = (
    await operatorCall(t, '/operator/result/declare', { market: 'KALYAN', session: 'open', pana: '128', date: DATE })
  ).body;
  expect(declared).toMatchObject({ status: true });

  for (const s of [a, b]) {
    const r = await s.next((e) => e.event === 'result');
    expect(r.data).toEqual({
      kind: 'result',
      date: DATE,
      market_id: market.id,
      family: 'regular',
      name: 'KALYAN',
      result: '128-1*-***',
      corrected: false,
      open_pana: '128',
      open_digit: '1',
      close_pana: null,
      close_digit: null,
      jodi: null,
      // the sealed book of the session it ends: what was bid before it, fixed
      books: declared.books,
    });
    expect(r.data.books).toEqual([{ session: 'open', size: 2, root: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
  }
  const win = await a.next((e) => e.event === 'win');
  expect(win.data).toMatchObject({ kind: 'win', market_id: market.id, name: 'KALYAN', points: 95, bids: 1 });
  const wallet = await a.next((e) => e.event === 'wallet');
  expect(wallet.data).toEqual({ kind: 'wallet', wallet: 95 });
  // the other player heard nothing of it
  await new Promise((r) => setTimeout(r, 200));
  expect(b.events.map((e) => e.event)).toEqual(['hello', 'result']);

  // a correction is told as one
  await operatorCall(t, '/operator/result/declare', { market: 'KALYAN', session: 'open', pana: '137', date: DATE });
  const fixed = await b.next((e) => e.event === 'result' && e.data.corrected);
  expect(fixed.data.result).toBe('137-1*-***');
});

test("a deposit's decision reaches its player; a reconnect replays what was missed", async () => {
  const p = await createUser(t);
  const s = await stream(p.token);
  const hello = await s.next((e) => e.event === 'hello');
  s.close();

  const req = await call(t.app, 'api-fund-request-add', { unique_token: p.token, request_amount: 700 });
  const approved = (await operatorCall(t, '/operator/deposits/approve', { id: Number(req.body.request_id) })).body;
  expect(approved.status).toBe(true);

  const again = await stream(p.token, { lastEventId: hello.id });
  const dep = await again.next((e) => e.event === 'deposit');
  expect(dep.data).toEqual({
    kind: 'deposit',
    request_id: Number(req.body.request_id),
    status: 'approved',
    points: 700,
  });
  const w = await again.next((e) => e.event === 'wallet');
  expect(w.data.wallet).toBe(700);
  expect(w.id).toMatch(OPAQUE_ID);
  expect(w.id).not.toBe(hello.id);
  // no hello on a replay: the ids carry on
  expect(again.events.some((e) => e.event === 'hello')).toBe(false);

  // the inbox keeps it, unread until read
  const inbox = await call(t.app, 'api-notifications', { unique_token: p.token });
  expect(inbox.body).toMatchObject({ status: true, unread: 1 });
  expect(inbox.body.notifications).toEqual([
    { id: expect.stringMatching(OPAQUE_ID), kind: 'deposit', event: dep.data, at: expect.any(String), read: false },
  ]);
  const depId = inbox.body.notifications[0].id;
  // a plain counter is no id of the inbox's
  expect((await call(t.app, 'api-notifications-read', { unique_token: p.token, upto: '99999' })).body).toEqual({
    status: false,
    msg: 'Invalid notification id',
    code: expect.any(String),
  });
  // paging back past the entry: nothing older
  const older = await call(t.app, 'api-notifications', { unique_token: p.token, before: depId });
  expect(older.body.notifications).toEqual([]);
  const bad = await call(t.app, 'api-notifications-read', { unique_token: p.token, upto: 'x' });
  expect(bad.body).toEqual({ status: false, msg: 'Invalid notification id', code: expect.any(String) });
  const read = await call(t.app, 'api-notifications-read', { unique_token: p.token, upto: depId });
  expect(read.body).toMatchObject({ status: true, unread: 0 });
  expect((await call(t.app, 'api-notifications', { unique_token: p.token })).body.notifications[0].read).toBe(true);

  // missed too much: told to refetch, with the newest id to carry on from
  for (let i = 0; i <= REPLAY_LIMIT; i++)
    await sql`INSERT INTO live_events (user_id, kind, data)
              VALUES (NULL, 'notice', ${JSON.stringify({ kind: 'notice', notice_id: 0, title: `Notice ${i}`, body: 'x', link: '' })})`.execute(
      t.ctx.db,
    );
  const late = await stream(p.token, { lastEventId: w.id });
  const refetch = await late.next((e) => e.event === 'refetch');
  expect(refetch.id).toMatch(OPAQUE_ID);
});

test('a logged-out session loses its stream; another session of the player keeps its own', async () => {
  const p = await createUser(t);
  const login = await call(t.app, 'api-user-login', { mobile: p.mobile, password: 'secret123', device_id: null });
  expect(login.body.status).toBe(true);
  const first = await stream(p.token);
  const second = await stream(login.body.unique_token);
  await first.next((e) => e.event === 'hello');
  await second.next((e) => e.event === 'hello');
  expect((await call(t.app, 'api-user-logout', { unique_token: p.token })).body.status).toBe(true);
  await first.next((e) => e.event === 'revoked');
  for (let i = 0; i < 50 && !first.ended(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(first.ended()).toBe(true);
  expect(second.ended()).toBe(false);
  // an operator's force-logout ends the rest
  await operatorCall(t, '/operator/users/logout', { mobile: p.mobile });
  await second.next((e) => e.event === 'revoked');
});

test('a market closing by the clock is told once, whoever notices it', async () => {
  const p = await createUser(t);
  const s = await stream(p.token);
  await s.next((e) => e.event === 'hello');
  const market = await marketByName(t, 'MILAN DAY');
  await t.ctx.live.tick();
  // past its close time
  t.clock.set(kolkata('23:30', DATE));
  await t.ctx.live.tick();
  await t.ctx.live.tick();
  const closed = await s.next((e) => e.event === 'market' && e.data.market_id === market.id);
  expect(closed.data).toEqual({
    kind: 'market',
    market_id: market.id,
    family: 'regular',
    name: 'MILAN DAY',
    open: false,
  });
  const rows = await sql<{ n: string }>`
    SELECT count(*) AS n FROM live_events WHERE kind = 'market' AND (data->>'market_id')::int = ${market.id}`.execute(
    t.ctx.db,
  );
  expect(rows.rows[0].n).toBe('1');
  t.clock.set(kolkata('16:00', DATE));
  await t.ctx.live.tick();

  // an operator's change of a market: every app fetches its lists again, at once
  const before = s.events.length;
  expect(
    (await operatorCall(t, '/operator/market/disable', { family: 'regular', name: 'MILAN DAY' })).body,
  ).toMatchObject({
    status: true,
  });
  await s.next((e) => e.event === 'lists' && s.events.indexOf(e) >= before);
  // counted before the call: its event may arrive before the call's answer
  const beforeEnable = s.events.length;
  expect(
    (await operatorCall(t, '/operator/market/enable', { family: 'regular', name: 'MILAN DAY' })).body,
  ).toMatchObject({ status: true });
  await s.next((e) => e.event === 'lists' && s.events.indexOf(e) >= beforeEnable);
});

test("an operator's notice reaches every stream and inbox, audited; a bad one is refused", async () => {
  const p = await createUser(t);
  const s = await stream(p.token);
  await s.next((e) => e.event === 'hello');
  for (const [body, msg] of [
    [{ body: 'x' }, 'Title is required'],
    [{ title: 'Hi', body: '  ' }, 'Text is required'],
    [
      { title: 'Hi', body: 'x', link: '/nowhere' },
      'Link must be a page of the app (such as /addfund) or an https:// address',
    ],
    [
      { title: 'Hi', body: 'x', link: 'http://example.com' },
      'Link must be a page of the app (such as /addfund) or an https:// address',
    ],
    [{ title: 'x'.repeat(81), body: 'x' }, 'Title is too long (at most 80 characters)'],
  ] as const)
    expect((await operatorCall(t, '/operator/notices', body)).body).toEqual({
      status: false,
      msg,
      code: expect.any(String),
    });
  expect((await t.ctx.db.selectFrom('notices').select('id').execute()).length).toBe(0);

  const sent = (
    await operatorCall(t, '/operator/notices', {
      title: 'Diwali bonus',
      body: 'Deposit today: 5% extra',
      link: '/addfund',
    })
  ).body;
  expect(sent).toMatchObject({ status: true, msg: `Notice #${sent.notice.id} sent to every player` });
  const heard = await s.next((e) => e.event === 'notice');
  expect(heard.data).toEqual({
    kind: 'notice',
    notice_id: sent.notice.id,
    title: 'Diwali bonus',
    body: 'Deposit today: 5% extra',
    link: '/addfund',
  });
  const inbox = await call(t.app, 'api-notifications', { unique_token: p.token });
  expect(inbox.body.notifications[0]).toMatchObject({ kind: 'notice', read: false, event: heard.data });
  const list = (
    await t.app.inject({
      method: 'GET',
      url: '/operator/notices',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    })
  ).json();
  expect(list.notices[0]).toMatchObject({ id: sent.notice.id, title: 'Diwali bonus', link: '/addfund' });
  const audit = await t.ctx.db.selectFrom('operator_audit').selectAll().where('action', '=', 'notices send').execute();
  expect(audit).toHaveLength(1);
});

(usingPostgres ? test : test.skip)('a stream on another server instance hears what this one committed', async () => {
  const database = await openDatabase({ databaseUrl: t.database.url!, poolSize: 4 });
  const other = await buildApp({ db: database, config: t.config, clock: t.clock, operatorToken: OPERATOR_TOKEN });
  await other.listen({ port: 0, host: '127.0.0.1' });
  try {
    const p = await createUser(t);
    const s = await openStream(`http://127.0.0.1:${(other.server.address() as { port: number }).port}`, p.token);
    open.push(s);
    await s.next((e) => e.event === 'hello');
    const req = await call(t.app, 'api-fund-request-add', { unique_token: p.token, request_amount: 300 });
    await operatorCall(t, '/operator/deposits/reject', { id: Number(req.body.request_id), reason: 'No payment' });
    const dep = await s.next((e) => e.event === 'deposit');
    expect(dep.data).toMatchObject({ status: 'rejected', points: 300 });
  } finally {
    await other.close();
    await database.close();
  }
});
