/**
 * Results certified by a second operator: with certification on, a declaration is a proposal that pays
 * nobody and shows players nothing; its proposer cannot certify it; another operator with the results
 * right certifies it (declared once, however many certify at the same moment, both names kept) or
 * rejects it with a reason (nothing changes). The CLI's token is an operator of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  asOperator,
  call,
  createUser,
  kolkata,
  makeTestApp,
  marketByName,
  operatorCall,
  operatorSession,
  placeOpenBid,
  runCli,
  starlineAppBid,
  walletOf,
  type OperatorSession,
  type TestApp,
} from './helpers';

let t: TestApp;
let results: OperatorSession;
let owner: OperatorSession;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00') });
  results = await operatorSession(t, 'results');
  owner = await operatorSession(t, 'owner');
});
afterAll(() => t.close());

async function bidOpen(market: string, digit: string) {
  const u = await createUser(t, { wallet: 500 });
  expect((await placeOpenBid(t, u, market, [{ digits: digit, points: 10 }])).body.status).toBe(true);
  return u;
}

const resultRow = async (market: string) => {
  const m = await marketByName(t, market);
  return t.ctx.db
    .selectFrom('results')
    .selectAll()
    .where('market_id', '=', m.id)
    .where('result_date', '=', '2026-03-10')
    .executeTakeFirst();
};
/** MORNING STAR's open result as a player's market list shows it. */
async function openResultShown(token: string): Promise<string> {
  const list = await call(t.app, 'api-get-dashboard-data', { unique_token: token });
  const card = (list.body.result as { game_name: string; open_result?: string | null }[]).find(
    (g) => g.game_name === 'MORNING STAR',
  );
  expect(card).toBeDefined();
  return card!.open_result ?? '';
}
const auditOf = (action: string) =>
  t.ctx.db.selectFrom('operator_audit').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

test('an owner turns certification on in the settings (audited); the list says so', async () => {
  expect((await operatorCall(t, 'result/proposals')).body.certification).toEqual({ on: false, by: null });
  const bad = await asOperator(t, owner, 'settings/set', { key: 'result_certification', value: 'yes' });
  expect(bad.statusCode).toBe(400);
  expect(bad.body.msg).toContain("must be 'on' (a second operator certifies) or 'off'");
  // the results role has no settings right
  expect((await asOperator(t, results, 'settings/set', { key: 'result_certification', value: 'on' })).statusCode).toBe(
    403,
  );
  const on = await asOperator(t, owner, 'settings/set', { key: 'result_certification', value: 'on' });
  expect(on.body).toMatchObject({ status: true, value: 'on' });
  expect((await auditOf('settings set'))[0]).toMatchObject({ operator: owner.name, target: 'result_certification' });
  expect((await operatorCall(t, 'result/proposals')).body.certification).toEqual({ on: true, by: 'setting' });
});

test('a proposal pays nobody and shows nothing; its proposer cannot certify it; a second operator does, once', async () => {
  const winner = await bidOpen('MORNING STAR', '1');
  const loser = await bidOpen('MORNING STAR', '2');
  t.clock.set(kolkata('09:45'));
  const before = await t.ctx.db
    .selectFrom('wallet_transactions')
    .select((e) => e.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();

  // the CLI declares: a proposal, with what declaring it would do
  const proposed = await runCli(t, ['result', 'declare', 'MORNING STAR', 'open', '128']);
  expect(proposed.code).toBe(0);
  expect(proposed.out).toContain(
    'MORNING STAR 2026-03-10: Open 128-1 proposed by operator-token; it is published and settled once another operator with the results right certifies it (1 winning bid would be paid 95 points)',
  );
  expect(await resultRow('MORNING STAR')).toBeUndefined();
  expect(await walletOf(t, winner.id)).toBe(490);
  const after = await t.ctx.db
    .selectFrom('wallet_transactions')
    .select((e) => e.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  expect(after.n).toEqual(before.n);
  // players see no result on the market's card
  expect(await openResultShown(winner.token)).not.toContain('128');

  // a second proposal of the same session waits for this one
  const second = await asOperator(t, results, 'result/declare', {
    market: 'MORNING STAR',
    session: 'open',
    pana: '137',
  });
  expect(second.statusCode).toBe(409);
  expect(second.body.msg).toBe(
    "A proposal of MORNING STAR's open result for 2026-03-10 (128, by operator-token) waits for certification: certify or reject it first",
  );

  const listed = await asOperator(t, results, 'result/proposals');
  const mine = listed.body.proposals.find((p: { market: { name: string } }) => p.market.name === 'MORNING STAR');
  expect(mine).toMatchObject({
    status: 'pending',
    session: 'open',
    value: '128',
    result_text: 'Open 128-1',
    proposed_by: 'operator-token',
    decided_by: null,
    preview: { winners_count: 1, total_payout: 95, reversed: 0, uncovered: 0 },
  });

  // its proposer cannot certify it
  const self = await runCli(t, ['result', 'certify', 'MORNING STAR', 'open']);
  expect(self.code).not.toBe(0);
  expect(self.out).toContain('You proposed this result: another operator with the results right certifies it');
  expect(await resultRow('MORNING STAR')).toBeUndefined();

  // two operators certify at the same moment: declared once
  const [a, b] = await Promise.all([
    asOperator(t, results, 'result/certify', { id: mine.id }),
    asOperator(t, owner, 'result/certify', { id: mine.id }),
  ]);
  const ok = [a, b].filter((r) => r.statusCode === 200);
  const refused = [a, b].filter((r) => r.statusCode !== 200);
  expect(ok).toHaveLength(1);
  expect(refused).toHaveLength(1);
  expect(refused[0].statusCode).toBe(409);
  expect(refused[0].body.msg).toMatch(
    new RegExp(`^Proposal ${mine.id} is already certified \\(by (results|owner)\\d+\\)$`),
  );
  const certifier = ok[0] === a ? results.name : owner.name;
  expect(ok[0].body).toMatchObject({
    proposed: false,
    result_text: '128-1',
    proposal: { status: 'certified', decided_by: certifier },
  });
  expect(ok[0].body.msg).toContain(`proposed by operator-token, certified by ${certifier}`);
  expect((await resultRow('MORNING STAR'))?.open_pana).toBe('128');
  expect(await walletOf(t, winner.id)).toBe(490 + 95);
  expect(await walletOf(t, loser.id)).toBe(490);
  expect(await openResultShown(winner.token)).toContain('128');

  // both names on the result, its job and the audit trail
  const job = await t.ctx.db
    .selectFrom('settlement_jobs')
    .select(['declared_by', 'certified_by'])
    .where('market_id', '=', (await marketByName(t, 'MORNING STAR')).id)
    .executeTakeFirstOrThrow();
  expect(job).toEqual({ declared_by: 'operator-token', certified_by: certifier });
  const history = await operatorCall(t, 'result/history?family=regular');
  expect(history.body.results.find((r: { market: string }) => r.market === 'MORNING STAR')).toMatchObject({
    declared_by: 'operator-token',
    certified_by: certifier,
  });
  const [certified] = await auditOf('result certify');
  expect(certified.operator).toBe(certifier);
  expect(JSON.parse(JSON.stringify(certified.after))).toMatchObject({
    proposal: mine.id,
    proposed_by: 'operator-token',
    certified_by: certifier,
    open_pana: '128',
  });
  expect((await auditOf('result propose'))[0]).toMatchObject({ operator: 'operator-token', ok: true });
});

test('a rejected proposal changes nothing, and needs a reason', async () => {
  t.clock.set(kolkata('10:45'));
  const proposed = await asOperator(t, results, 'result/declare', {
    market: 'MORNING STAR',
    session: 'close',
    pana: '456',
  });
  expect(proposed.body).toMatchObject({ proposed: true, proposal: { result_text: 'Close 456-5', status: 'pending' } });
  const noReason = await runCli(t, ['result', 'reject', 'MORNING STAR', 'close']);
  expect(noReason.code).not.toBe(0);
  expect(noReason.out).toContain('result reject needs --reason');
  const rejected = await runCli(t, [
    'result',
    'reject',
    'MORNING STAR',
    'close',
    '--reason',
    'typo: the close was 457',
  ]);
  expect(rejected.code).toBe(0);
  expect(rejected.out).toContain('Rejected: MORNING STAR 2026-03-10 Close 456-5 (proposed by results');
  expect(rejected.out).toContain('typo: the close was 457. Nothing was published or settled.');
  expect((await resultRow('MORNING STAR'))?.close_pana).toBeNull();
  const again = await asOperator(t, owner, 'result/certify', { id: proposed.body.proposal.id });
  expect(again.statusCode).toBe(409);
  expect(again.body.msg).toBe(`Proposal ${proposed.body.proposal.id} is already rejected (by operator-token)`);
  expect((await auditOf('result reject'))[0]).toMatchObject({ operator: 'operator-token' });
  // nothing waits now: a new proposal of the close may be made
  const next = await asOperator(t, results, 'result/declare', {
    market: 'MORNING STAR',
    session: 'close',
    pana: '457',
  });
  expect(next.body.proposed).toBe(true);
});

test('200 certifications at once, by two operators over several connections, declare it once', async () => {
  const slot = await marketByName(t, 'STARLINE 11:00 AM');
  t.clock.set(kolkata('09:00'));
  const u = await createUser(t, { wallet: 100 });
  expect((await starlineAppBid(t, u.token, slot, '1')).status).toBe(true);
  t.clock.set(kolkata('11:05'));
  const a = await operatorSession(t, 'owner');
  const b = await operatorSession(t, 'results');
  const proposed = await operatorCall(t, 'starline/declare', { slot: slot.name, pana: '128' });
  expect(proposed.body.proposed).toBe(true);
  const id = proposed.body.proposal.id as string;
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) => asOperator(t, i % 2 ? a : b, 'result/certify', { id })),
  );
  const codes = answers.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 200)).toHaveLength(1);
  expect(codes.filter((c) => c === 409)).toHaveLength(199);
  const wins = await t.ctx.db
    .selectFrom('wallet_transactions')
    .select(['amount'])
    .where('user_id', '=', u.id)
    .where('kind', '=', 'win')
    .execute();
  expect(wins).toHaveLength(1);
  expect(await walletOf(t, u.id)).toBe(90 + Number(wins[0].amount));
  const jobs = await t.ctx.db.selectFrom('settlement_jobs').select('id').where('market_id', '=', slot.id).execute();
  expect(jobs).toHaveLength(1);
});

test('Starline and Gali the same, through the CLI', async () => {
  const slot = await marketByName(t, 'STARLINE 10:00 AM');
  t.clock.set(kolkata('09:00'));
  const u = await createUser(t, { wallet: 100 });
  expect((await starlineAppBid(t, u.token, slot, '1')).status).toBe(true);
  t.clock.set(kolkata('18:05'));
  // the console's sessions end when idle: these operators sign in again
  owner = await operatorSession(t, 'owner');
  results = await operatorSession(t, 'results');
  const star = await asOperator(t, owner, 'starline/declare', { slot: slot.name, pana: '128' });
  expect(star.body).toMatchObject({ proposed: true });
  expect(await walletOf(t, u.id)).toBe(90);
  const certified = await runCli(t, ['starline', 'certify', 'STARLINE 10:00 AM']);
  expect(certified.code).toBe(0);
  expect(certified.out).toContain(`certified by operator-token`);
  expect(await walletOf(t, u.id)).toBeGreaterThan(90);

  expect((await asOperator(t, results, 'gali/declare', { market: 'FARIDABAD', jodi: '47' })).body.proposed).toBe(true);
  expect(await resultRow('FARIDABAD')).toBeUndefined();
  const g = await runCli(t, ['gali', 'certify', 'FARIDABAD']);
  expect(g.code).toBe(0);
  expect((await resultRow('FARIDABAD'))?.jodi).toBe('47');
  const none = await runCli(t, ['gali', 'certify', 'FARIDABAD']);
  expect(none.code).not.toBe(0);
  expect(none.out).toContain("No proposal of FARIDABAD's result for 2026-03-10 waits for certification");
});

test("the day's export names both operators of each result, and every proposal", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matka-certified-'));
  try {
    expect((await runCli(t, ['export', 'day', '2026-03-10', '--out', 'day.json'], dir)).code).toBe(0);
    expect((await runCli(t, ['audit', 'verify', '--bundle', 'day.json'], dir)).code).toBe(0);
    const bundle = JSON.parse(fs.readFileSync(path.join(dir, 'day.json'), 'utf8'));
    const day = JSON.parse(Buffer.from(bundle.signed.split('.')[1], 'base64url').toString('utf8'));
    expect(day.results.find((r: { market: string }) => r.market === 'MORNING STAR')).toMatchObject({
      declared_by: 'operator-token',
      certified_by: expect.stringMatching(/^(results|owner)\d+$/),
    });
    expect(day.results.find((r: { market: string }) => r.market === 'FARIDABAD')).toMatchObject({
      declared_by: results.name,
      certified_by: 'operator-token',
    });
    expect(day.proposals.map((p: { status: string }) => p.status)).toEqual([
      'certified',
      'rejected',
      'pending',
      'certified',
      'certified',
      'certified',
    ]);
    expect(day.proposals[1]).toMatchObject({ decided_by: 'operator-token', reason: 'typo: the close was 457' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('turned on in the server configuration, the console cannot turn it off', async () => {
  const on = await makeTestApp({ at: kolkata('08:00'), env: { RESULT_CERTIFICATION: 'on' } });
  try {
    expect((await operatorCall(on, 'result/proposals')).body.certification).toEqual({ on: true, by: 'server' });
    const off = await operatorCall(on, 'settings/set', { key: 'result_certification', value: 'off' });
    expect(off.statusCode).toBe(409);
    expect(off.body.msg).toContain('Result certification is on in the server');
    on.clock.set(kolkata('09:45'));
    expect(
      (await operatorCall(on, 'result/declare', { market: 'MORNING STAR', session: 'open', pana: '128' })).body
        .proposed,
    ).toBe(true);
  } finally {
    await on.close();
  }
});
