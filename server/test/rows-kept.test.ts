/**
 * Rows nobody rewrites unseen: the database refuses an edit of a bid as placed, of a ledger row or of an
 * audit row, and their deletion; the audit trail is a hash chain that `audit verify` walks, naming the
 * first row changed behind the triggers' back; its head is signed and published at /verify/log, so a
 * head kept earlier shows a chain rewritten since.
 */
import { sql } from 'kysely';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { LogAnswerSchema } from '@matka/shared/contract/schemas';
import { linkUnchained, verifyChain } from '../src/services/audit-chain';
import {
  createUser,
  insertBid,
  kolkata,
  makeTestApp,
  marketByName,
  operatorCall,
  placeOpenBid,
  runCli,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

/** The database's refusal of a statement (its SQLSTATE), or 'done'. */
async function tried(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await statement.execute(t.ctx.db);
    return 'done';
  } catch (e) {
    return String((e as { code?: string }).code);
  }
}

test('a bid as placed, a ledger row and an audit row are never changed or deleted by anyone', async () => {
  const u = await createUser(t, { wallet: 500 });
  const m = await marketByName(t, 'MORNING STAR');
  const bid = await insertBid(t, { user: u.id, market: m.id, date: '2026-03-10' });
  await operatorCall(t, 'credit', { mobile: u.mobile, points: 50 });
  expect(await tried(sql`UPDATE bids SET points = 1000 WHERE id = ${bid}::bigint`)).toBe('MKFIX');
  expect(await tried(sql`UPDATE bids SET digits = '9', rate_2 = 950 WHERE id = ${bid}::bigint`)).toBe('MKFIX');
  expect(await tried(sql`DELETE FROM bids WHERE id = ${bid}::bigint`)).toBe('MKFIX');
  expect(await tried(sql`TRUNCATE bids CASCADE`)).toBe('MKFIX');
  expect(await tried(sql`UPDATE wallet_transactions SET amount = amount + 1 WHERE user_id = ${u.id}::bigint`)).toBe(
    'MKFIX',
  );
  expect(await tried(sql`DELETE FROM wallet_transactions WHERE user_id = ${u.id}::bigint`)).toBe('MKFIX');
  expect(await tried(sql`UPDATE operator_audit SET operator = 'someone else'`)).toBe('MKFIX');
  expect(await tried(sql`DELETE FROM operator_audit`)).toBe('MKFIX');
  // what settles a bid is not what it was placed with: its outcome still changes
  expect(await tried(sql`UPDATE bids SET status = 'lost', settled_at = now() WHERE id = ${bid}::bigint`)).toBe('done');
  const row = await t.ctx.db
    .selectFrom('bids')
    .select(['points', 'digits'])
    .where('id', '=', bid)
    .executeTakeFirstOrThrow();
  expect([Number(row.points), row.digits]).toEqual([10, '3']);
});

test('every row a receipt, a book or a proposal is built from is kept; a sealed book is never sealed again', async () => {
  t.clock.set(kolkata('08:00'));
  const u = await createUser(t, { wallet: 500 });
  expect((await placeOpenBid(t, u, 'SRIDEVI', [{ digits: '4', points: 10 }])).body.status).toBe(true);
  const m = await marketByName(t, 'SRIDEVI');
  t.clock.set(kolkata('11:40'));
  expect(
    (await operatorCall(t, 'result/declare', { market: 'SRIDEVI', session: 'open', pana: '112' })).body.status,
  ).toBe(true);
  const book = await t.ctx.db
    .selectFrom('bid_books')
    .selectAll()
    .where('market_id', '=', m.id)
    .where('session', '=', 'open')
    .executeTakeFirstOrThrow();
  expect(Number(book.size)).toBe(1);
  const sub = await t.ctx.db
    .selectFrom('bids')
    .select('submission_id')
    .where('user_id', '=', u.id)
    .executeTakeFirstOrThrow();
  const s = sub.submission_id;
  // the submission a receipt is rebuilt from, its leaf, the book's pieces: no change, no deletion
  expect(await tried(sql`UPDATE bid_submissions SET total_points = 1 WHERE id = ${s}::bigint`)).toBe('MKFIX');
  expect(await tried(sql`UPDATE bid_submissions SET book = 'close' WHERE id = ${s}::bigint`)).toBe('MKFIX');
  expect(await tried(sql`DELETE FROM bids WHERE submission_id = ${s}::bigint`)).toBe('MKFIX');
  expect(await tried(sql`DELETE FROM bid_submissions WHERE id = ${s}::bigint`)).toBe('MKFIX');
  expect(await tried(sql`UPDATE receipt_leaves SET leaf = sha256('x') WHERE submission_id = ${s}::bigint`)).toBe(
    'MKFIX',
  );
  expect(await tried(sql`DELETE FROM receipt_leaves`)).toBe('MKFIX');
  expect(await tried(sql`UPDATE bid_book_chunks SET root = sha256('x') WHERE market_id = ${m.id}`)).toBe('MKFIX');
  expect(await tried(sql`DELETE FROM bid_book_chunks WHERE market_id = ${m.id}`)).toBe('MKFIX');
  // a sealed book: its root is never cleared (to be built again), its size and sealing time never change
  const where = sql`market_id = ${m.id} AND book_date = ${book.book_date} AND session = 'open'`;
  expect(await tried(sql`UPDATE bid_books SET root = NULL, size = NULL, signature = NULL WHERE ${where}`)).toBe(
    'MKFIX',
  );
  expect(await tried(sql`UPDATE bid_books SET size = 2 WHERE ${where}`)).toBe('MKFIX');
  expect(await tried(sql`UPDATE bid_books SET sealed_at = now() WHERE ${where}`)).toBe('MKFIX');
  expect(await tried(sql`DELETE FROM bid_books WHERE ${where}`)).toBe('MKFIX');
  expect(await tried(sql`TRUNCATE bid_books CASCADE`)).toBe('MKFIX');
  // no bid joins the sealed session, whoever writes it
  const late = await tried(sql`
    WITH s AS (
      INSERT INTO bid_submissions (user_id, family, market_id, bet_type, session, bid_date, total_points, row_count)
      VALUES (${u.id}::bigint, 'regular', ${m.id}, 'single_digit', 'Open', ${book.book_date}, 10, 1) RETURNING id)
    INSERT INTO bids (submission_id, user_id, family, market_id, bet_type, pana, session, digits, points, bid_date)
    SELECT s.id, ${u.id}::bigint, 'regular', ${m.id}, 'single_digit', 'Single Digit', 'Open', '2', 10, ${book.book_date}
    FROM s`);
  expect(late).toBe('MKFIX');
  // the book as it was: the same size, root and signature
  const after = await t.ctx.db
    .selectFrom('bid_books')
    .selectAll()
    .where('market_id', '=', m.id)
    .where('session', '=', 'open')
    .executeTakeFirstOrThrow();
  expect(after).toEqual(book);
});

test('a proposal is decided once: what was proposed and its decision never change', async () => {
  const m = await marketByName(t, 'KALYAN');
  const p = await t.ctx.db
    .insertInto('result_proposals')
    .values({
      market_id: m.id,
      result_date: '2026-03-09',
      family: 'regular',
      session: 'open',
      declaration: JSON.stringify({ family: 'regular', session: 'open', pana: '128' }),
      proposed_by: 'someone',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = sql`id = ${p.id}::bigint`;
  expect(
    await tried(
      sql`UPDATE result_proposals SET declaration = '{"family":"regular","session":"open","pana":"460"}' WHERE ${id}`,
    ),
  ).toBe('MKFIX');
  expect(await tried(sql`UPDATE result_proposals SET proposed_by = 'another' WHERE ${id}`)).toBe('MKFIX');
  expect(
    await tried(
      sql`UPDATE result_proposals SET status = 'rejected', decided_by = 'b', decided_at = now(), reason = 'no' WHERE ${id}`,
    ),
  ).toBe('done');
  expect(
    await tried(sql`UPDATE result_proposals SET status = 'pending', decided_by = NULL, decided_at = NULL WHERE ${id}`),
  ).toBe('MKFIX');
  expect(await tried(sql`UPDATE result_proposals SET status = 'certified' WHERE ${id}`)).toBe('MKFIX');
  expect(await tried(sql`UPDATE result_proposals SET reason = 'another reason' WHERE ${id}`)).toBe('MKFIX');
  expect(await tried(sql`DELETE FROM result_proposals WHERE ${id}`)).toBe('MKFIX');
  expect(await tried(sql`TRUNCATE result_proposals`)).toBe('MKFIX');
  expect(await tried(sql`TRUNCATE audit_heads`)).toBe('MKFIX');
});

/** Runs statements with one table's triggers off, as a superuser could, then on again. */
async function behindTheTriggers(table: string, statement: ReturnType<typeof sql>) {
  await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER USER`.execute(t.ctx.db);
  try {
    await statement.execute(t.ctx.db);
  } finally {
    await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER USER`.execute(t.ctx.db);
  }
}

test("audit verify: intact with its count; an audit row edited behind the triggers' back is named", async () => {
  const u = await createUser(t, { wallet: 0 });
  for (const points of [10, 20, 30]) await operatorCall(t, 'credit', { mobile: u.mobile, points });
  const good = await operatorCall(t, 'audit/verify');
  expect(good.body).toMatchObject({ status: true, check: { intact: true } });
  const count = good.body.check.count as number;
  expect(count).toBeGreaterThanOrEqual(3);
  expect(good.body.msg).toBe(`The audit trail is intact: ${count} rows, linked from the first to the last`);

  // a signed head, published: anyone may keep it
  const signed = await operatorCall(t, 'audit/sign', {});
  expect(signed.body.head).toMatchObject({ seq: count, hash: good.body.check.head.hash });
  const log = LogAnswerSchema.parse((await t.app.inject({ method: 'GET', url: '/verify/log' })).json());
  expect(log.head).toEqual(signed.body.head);
  const keys = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as JSONWebKeySet;
  const { payload } = await compactVerify(log.head!.signature, createLocalJWKSet(keys));
  expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ seq: log.head!.seq, hash: log.head!.hash });
  const kept = log.head!;

  // the second credit's amount changed in its audit row, by someone who can turn the triggers off
  const target = await t.ctx.db
    .selectFrom('operator_audit')
    .select(['id', 'seq'])
    .where('action', '=', 'credit')
    .where('target', '=', u.mobile)
    .orderBy('seq')
    .offset(1)
    .limit(1)
    .executeTakeFirstOrThrow();
  await behindTheTriggers(
    'operator_audit',
    sql`UPDATE operator_audit SET params = jsonb_set(params, '{points}', '2000') WHERE id = ${target.id}::bigint`,
  );
  const bad = await operatorCall(t, 'audit/verify');
  expect(bad.body.check).toMatchObject({ intact: false, problem: 'content', row: { seq: Number(target.seq) } });
  expect(bad.body.msg).toMatch(
    new RegExp(
      `^The audit trail does not match at row ${target.seq} \\(credit, .+\\): its fields are not what was written`,
    ),
  );

  // the same edit with every hash after it made again: every link holds, but the head signed earlier
  // no longer matches the chain recomputed, and audit verify says so
  const rows = await t.ctx.db.selectFrom('operator_audit').selectAll().orderBy('seq').execute();
  await behindTheTriggers('operator_audit', sql`UPDATE operator_audit SET hash = NULL, seq = NULL, prev_hash = NULL`);
  expect(await linkUnchained(t.ctx.db)).toBe(rows.length);
  const rewritten = await operatorCall(t, 'audit/verify');
  expect(rewritten.body.check).toMatchObject({ intact: false, problem: 'head', row: { seq: kept.seq } });
  expect(rewritten.body.msg).toMatch(
    new RegExp(
      `^The audit trail does not match at the head signed at .+ for row ${kept.seq} \\(${kept.hash}\\): a signed head does not match the chain recomputed`,
    ),
  );
  const now = LogAnswerSchema.parse((await t.app.inject({ method: 'GET', url: `/verify/log?seq=${kept.seq}` })).json());
  expect(now.at!.seq).toBe(kept.seq);
  expect(now.at!.hash).not.toBe(kept.hash);

  // a row taken away: the rows after it are missing their predecessor
  await behindTheTriggers('operator_audit', sql`DELETE FROM operator_audit WHERE seq = 2`);
  expect(await verifyChain(t.ctx.db)).toMatchObject({ intact: false, problem: 'gap', row: { seq: 3 } });
});

test("a deleted head and a row inserted behind the chain's back are each reported; nothing links that row", async () => {
  const a = await makeTestApp();
  try {
    const u = await createUser(a, { wallet: 0 });
    for (const points of [10, 20]) await operatorCall(a, 'credit', { mobile: u.mobile, points });
    const signed = await operatorCall(a, 'audit/sign', {});
    expect(signed.body.head.seq).toBeGreaterThan(1);
    // signing again with nothing new but the row that records the signing: the same head
    expect((await operatorCall(a, 'audit/sign', {})).body.head).toEqual(signed.body.head);
    const good = await operatorCall(a, 'audit/verify');
    expect(good.body.check).toMatchObject({ intact: true, heads: 1 });
    expect(good.body.msg).toContain('; 1 signed head match it');

    // the head deleted (its trigger off, as the table's owner could): the chain's record of its signing names it
    const head = await a.ctx.db.selectFrom('audit_heads').selectAll().executeTakeFirstOrThrow();
    await sql`ALTER TABLE audit_heads DISABLE TRIGGER USER`.execute(a.ctx.db);
    await sql`DELETE FROM audit_heads`.execute(a.ctx.db);
    await sql`ALTER TABLE audit_heads ENABLE TRIGGER USER`.execute(a.ctx.db);
    const gone = await operatorCall(a, 'audit/verify');
    expect(gone.body.check).toMatchObject({
      intact: false,
      problem: 'head missing',
      head: { seq: head.seq === null ? 0 : Number(head.seq) },
    });
    expect(gone.body.msg).toContain(
      `which records the head of row ${head.seq}: the head whose signing it records is no longer stored (deleted)`,
    );
    await a.ctx.db.insertInto('audit_heads').values(head).execute();
    expect((await operatorCall(a, 'audit/verify')).body.check.intact).toBe(true);

    // a backdated row inserted with no trigger touched: outside the chain, reported, never linked at a start
    await sql`INSERT INTO operator_audit (action, target, params, before, after, ok, operator, created_at)
      VALUES ('credit', ${u.mobile}, '{"points":5000}', 'null', 'null', true, 'someone', '2026-01-01')`.execute(
      a.ctx.db,
    );
    expect(await linkUnchained(a.ctx.db)).toBe(0);
    const backdated = await operatorCall(a, 'audit/verify');
    expect(backdated.body.check).toMatchObject({ intact: false, problem: 'unlinked', row: { action: 'credit' } });
    expect(backdated.body.msg).toMatch(
      /^The audit trail does not match at audit row id \d+ \(credit, 2026-01-01T.+\): it is outside the chain/,
    );
  } finally {
    await a.close();
  }
});

test('the CLI says intact, or names the row and fails (exit 1)', async () => {
  const { code, out } = await runCli(t, ['audit', 'verify']);
  // the chain was broken by the test before (a row deleted)
  expect(code).toBe(1);
  expect(out).toMatch(/^The audit trail does not match at row 3 \(.+\): rows before it are missing/);
});
