/**
 * Manual credits and debits above the owner's threshold take two people: the request moves nothing; its
 * requester and the server's token cannot approve it; a second operator approves it once (the points
 * move then, with both names), or rejects it with a reason. Below the threshold, a move is at once.
 */
import {
  asOperator,
  cliAs,
  createUser,
  makeTestApp,
  operatorCall,
  personSession,
  runCli,
  walletOf,
  type PersonSession,
  type TestApp,
} from './helpers';

let t: TestApp;
let owner: PersonSession;
let finance: PersonSession;
let other: PersonSession;
beforeAll(async () => {
  t = await makeTestApp();
  owner = await personSession(t, 'owner');
  finance = await personSession(t, 'finance');
  other = await personSession(t, 'finance');
});
afterAll(() => t.close());

const ledger = async (userId: string) =>
  (await t.ctx.db.selectFrom('wallet_transactions').select(['amount', 'note']).where('user_id', '=', userId).execute())
    .length;

test('above the threshold a credit waits for a second operator; the requester and the token cannot approve it', async () => {
  const u = await createUser(t, { wallet: 100 });
  // no threshold (the default): moved at once, as before
  expect((await asOperator(t, finance, 'credit', { mobile: u.mobile, points: 50000 })).body.wallet_amt).toBe('50100');
  const set = await asOperator(t, owner, 'settings/set', { key: 'manual_move_threshold', value: '10000' });
  expect(set.body).toMatchObject({ status: true, value: '10000' });
  // at the threshold: at once
  expect((await asOperator(t, finance, 'credit', { mobile: u.mobile, points: 10000 })).body.wallet_amt).toBe('60100');
  const rows = await ledger(u.id);

  const asked = await asOperator(t, finance, 'credit', {
    mobile: u.mobile,
    points: 95000,
    note: 'big win paid by hand',
  });
  expect(asked.body).toMatchObject({
    status: true,
    pending: true,
    wallet_amt: '60100',
    request: { status: 'pending' },
  });
  expect(asked.body.msg).toBe(
    `95000 points is more than 10000: this credit waits for a second operator with the money right (request ${asked.body.request.id}); nothing moved yet`,
  );
  expect(await walletOf(t, u.id)).toBe(60100);
  expect(await ledger(u.id)).toBe(rows);
  const id = asked.body.request.id as string;

  // the token neither asks for a large move nor approves one
  const tokenAsks = await operatorCall(t, 'credit', { mobile: u.mobile, points: 20000 });
  expect(tokenAsks.statusCode).toBe(403);
  expect(tokenAsks.body.msg).toContain(
    "The operator token is the server's machine credential: it cannot credit more than the threshold",
  );
  expect((await operatorCall(t, 'manual-moves/approve', { id })).statusCode).toBe(403);
  const self = await asOperator(t, finance, 'manual-moves/approve', { id });
  expect(self.statusCode).toBe(403);
  expect(self.body.msg).toBe('You requested this credit: another operator with the money right approves it');
  expect(await walletOf(t, u.id)).toBe(60100);

  const listed = await asOperator(t, other, 'manual-moves');
  expect(listed.body.threshold).toBe(10000);
  expect(listed.body.moves[0]).toMatchObject({ id, status: 'pending', points: 95000, requested_by: finance.name });

  // two approve at once: moved once
  const [a, b] = await Promise.all([
    asOperator(t, other, 'manual-moves/approve', { id }),
    asOperator(t, owner, 'manual-moves/approve', { id }),
  ]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  const ok = a.statusCode === 200 ? a : b;
  const approver = ok === a ? other.name : owner.name;
  expect(ok.body.msg).toBe(
    `Credited 95000 points to ${u.mobile}: requested by ${finance.name}, approved by ${approver}`,
  );
  expect(await walletOf(t, u.id)).toBe(155100);
  expect(await ledger(u.id)).toBe(rows + 1);
  const [row] = await t.ctx.db
    .selectFrom('operator_audit')
    .select(['operator', 'after'])
    .where('action', '=', 'credit')
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  expect(row).toMatchObject({ operator: approver, after: { requested_by: finance.name, approved_by: approver } });
});

test('a debit above the threshold rejected with a reason moves nothing; a request is decided once', async () => {
  const u = await createUser(t, { wallet: 50000 });
  const asked = await asOperator(t, finance, 'debit', {
    mobile: u.mobile,
    points: 20000,
    note: 'chargeback of a deposit',
  });
  expect(asked.body.pending).toBe(true);
  const id = asked.body.request.id as string;
  expect((await asOperator(t, other, 'manual-moves/reject', { id })).statusCode).toBe(400);
  const no = await asOperator(t, other, 'manual-moves/reject', { id, reason: 'the bank confirmed the deposit' });
  expect(no.body.msg).toBe(
    `Rejected: debit of 20000 points for ${u.mobile} (requested by ${finance.name}): the bank confirmed the deposit. Nothing moved.`,
  );
  expect(await walletOf(t, u.id)).toBe(50000);
  const late = await asOperator(t, owner, 'manual-moves/approve', { id });
  expect(late.statusCode).toBe(409);
  expect(late.body.msg).toBe(`Request ${id} is already rejected (by ${other.name})`);
  expect((await asOperator(t, owner, 'manual-moves/approve', { id: '999999' })).statusCode).toBe(404);
});

test('the CLI lists the requests and a second operator, signed in as themselves, approves one', async () => {
  const u = await createUser(t, { wallet: 0 });
  const asked = await asOperator(t, finance, 'credit', { mobile: u.mobile, points: 12000 });
  const id = asked.body.request.id as string;
  const listed = await runCli(t, ['manual', 'list']);
  expect(listed.code).toBe(0);
  expect(listed.out).toContain('A manual credit or debit of more than 10000 points waits for a second operator.');
  expect(listed.out).toMatch(new RegExp(`^${id}\\s+${u.mobile}\\s+credit\\s+12000 .* pending`, 'm'));
  const byToken = await runCli(t, ['manual', 'approve', id]);
  expect(byToken.code).toBe(1);
  const done = await cliAs(t, owner, ['manual', 'approve', id]);
  expect(done.code).toBe(0);
  expect(done.out).toBe(
    `Credited 12000 points to ${u.mobile}: requested by ${finance.name}, approved by ${owner.name}`,
  );
  expect(await walletOf(t, u.id)).toBe(12000);
  const usage = await runCli(t, ['manual', 'reject', id]);
  expect(usage.code).toBe(2);
  expect(usage.out).toContain('manual reject needs --reason TEXT');
});
