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
import { createUser, insertBid, makeTestApp, marketByName, operatorCall, runCli, type TestApp } from './helpers';

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

  // the same edit with every hash after it made again: the chain is whole, but the head kept earlier
  // no longer matches the row it names
  const rows = await t.ctx.db.selectFrom('operator_audit').selectAll().orderBy('seq').execute();
  await behindTheTriggers('operator_audit', sql`UPDATE operator_audit SET hash = NULL, seq = NULL, prev_hash = NULL`);
  expect(await linkUnchained(t.ctx.db)).toBe(rows.length);
  expect((await verifyChain(t.ctx.db)).intact).toBe(true);
  const now = LogAnswerSchema.parse((await t.app.inject({ method: 'GET', url: `/verify/log?seq=${kept.seq}` })).json());
  expect(now.at!.seq).toBe(kept.seq);
  expect(now.at!.hash).not.toBe(kept.hash);

  // a row taken away: the rows after it are missing their predecessor
  await behindTheTriggers('operator_audit', sql`DELETE FROM operator_audit WHERE seq = 2`);
  expect(await verifyChain(t.ctx.db)).toMatchObject({ intact: false, problem: 'gap', row: { seq: 3 } });
});

test('the CLI says intact, or names the row and fails (exit 1)', async () => {
  const { code, out } = await runCli(t, ['audit', 'verify']);
  // the chain was broken by the test before (a row deleted)
  expect(code).toBe(1);
  expect(out).toMatch(/^The audit trail does not match at row 3 \(.+\): rows before it are missing/);
});
