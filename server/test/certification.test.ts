/**
 * Results certified by a second operator: with certification on, a declaration is a proposal that pays
 * nobody and shows players nothing; its proposer cannot certify it; another operator with the results
 * right certifies it (declared once, however many certify at the same moment, both names kept) or
 * rejects it with a reason (nothing changes). Both are people signed in as themselves, with two-step
 * sign-in: the server's token does neither, a new or freshly promoted account waits 24 hours, an account
 * never certifies who vouched for it, and a certification names the proposal and the value it saw.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  asOperator,
  call,
  cliAs,
  createUser,
  kolkata,
  makeTestApp,
  marketByName,
  operatorCall,
  operatorSession,
  personSession,
  placeOpenBid,
  runCli,
  signInAgain,
  starlineAppBid,
  walletOf,
  type PersonSession,
  type TestApp,
} from './helpers';

let t: TestApp;
let results: PersonSession;
let owner: PersonSession;
let checker: PersonSession;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00') });
  results = await personSession(t, 'results');
  owner = await personSession(t, 'owner');
  checker = await personSession(t, 'results');
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

const proposalsNow = async () =>
  (await asOperator(t, checker, 'result/proposals')).body.proposals as {
    id: string;
    market: { name: string };
    status: string;
    value: string;
  }[];

test('a proposal pays nobody and shows nothing; its proposer cannot certify it; a second operator does, once', async () => {
  const winner = await bidOpen('MORNING STAR', '1');
  const loser = await bidOpen('MORNING STAR', '2');
  t.clock.set(kolkata('09:45'));
  results = await signInAgain(t, results);
  owner = await signInAgain(t, owner);
  checker = await signInAgain(t, checker);
  const before = await t.ctx.db
    .selectFrom('wallet_transactions')
    .select((e) => e.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();

  // the CLI, signed in as a person, declares: a proposal, with what declaring it would do
  const proposed = await cliAs(t, results, ['result', 'declare', 'MORNING STAR', 'open', '128']);
  expect(proposed.code).toBe(0);
  expect(proposed.out).toContain(
    `MORNING STAR 2026-03-10: Open 128-1 proposed by ${results.name}; it is published and settled once another operator with the results right certifies it (1 winning bid would be paid 95 points)`,
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
  const second = await asOperator(t, owner, 'result/declare', {
    market: 'MORNING STAR',
    session: 'open',
    pana: '137',
  });
  expect(second.statusCode).toBe(409);
  expect(second.body.msg).toBe(
    `A proposal of MORNING STAR's open result for 2026-03-10 (128, by ${results.name}) waits for certification: certify or reject it first`,
  );

  const listed = await asOperator(t, results, 'result/proposals');
  const mine = listed.body.proposals.find((p: { market: { name: string } }) => p.market.name === 'MORNING STAR');
  expect(mine).toMatchObject({
    status: 'pending',
    session: 'open',
    value: '128',
    result_text: 'Open 128-1',
    proposed_by: results.name,
    decided_by: null,
    preview: { winners_count: 1, total_payout: 95, reversed: 0, uncovered: 0 },
  });

  // its proposer cannot certify it, through the CLI or the console
  const self = await cliAs(t, results, ['result', 'certify', mine.id, '128']);
  expect(self.code).not.toBe(0);
  expect(self.out).toContain('You proposed this result: another operator with the results right certifies it');
  expect((await asOperator(t, results, 'result/certify', { id: mine.id, value: '128' })).statusCode).toBe(403);
  expect(await resultRow('MORNING STAR')).toBeUndefined();

  // two operators certify at the same moment: declared once
  const [a, b] = await Promise.all([
    asOperator(t, checker, 'result/certify', { id: mine.id, value: '128' }),
    asOperator(t, owner, 'result/certify', { id: mine.id, value: '128' }),
  ]);
  const ok = [a, b].filter((r) => r.statusCode === 200);
  const refused = [a, b].filter((r) => r.statusCode !== 200);
  expect(ok).toHaveLength(1);
  expect(refused).toHaveLength(1);
  expect(refused[0].statusCode).toBe(409);
  expect(refused[0].body.msg).toMatch(
    new RegExp(`^Proposal ${mine.id} is already certified \\(by (results|owner)\\d+\\)$`),
  );
  const certifier = ok[0] === a ? checker.name : owner.name;
  expect(ok[0].body).toMatchObject({
    proposed: false,
    result_text: '128-1',
    proposal: { status: 'certified', decided_by: certifier },
  });
  expect(ok[0].body.msg).toContain(`proposed by ${results.name}, certified by ${certifier}`);
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
  expect(job).toEqual({ declared_by: results.name, certified_by: certifier });
  const history = await operatorCall(t, 'result/history?family=regular');
  expect(history.body.results.find((r: { market: string }) => r.market === 'MORNING STAR')).toMatchObject({
    declared_by: results.name,
    certified_by: certifier,
  });
  const [certified] = await auditOf('result certify');
  expect(certified.operator).toBe(certifier);
  expect(JSON.parse(JSON.stringify(certified.after))).toMatchObject({
    proposal: mine.id,
    proposed_by: results.name,
    certified_by: certifier,
    open_pana: '128',
  });
  expect((await auditOf('result propose'))[0]).toMatchObject({ operator: results.name, ok: true });
});

test('a rejected proposal changes nothing, and needs a reason', async () => {
  t.clock.set(kolkata('10:45'));
  results = await signInAgain(t, results);
  owner = await signInAgain(t, owner);
  checker = await signInAgain(t, checker);
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
  const again = await asOperator(t, owner, 'result/certify', { id: proposed.body.proposal.id, value: '456' });
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

test("the server's token and a fresh owner cannot publish a result; nor can the name 'operator-token'", async () => {
  t.clock.set(kolkata('11:00'));
  const ledger = () =>
    t.ctx.db
      .selectFrom('wallet_transactions')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
  const before = await ledger();
  owner = await signInAgain(t, owner);
  // the token proposes nothing, certifies nothing
  const byToken = await operatorCall(t, 'gali/declare', { market: 'DISAWAR', jodi: '12' });
  expect(byToken.statusCode).toBe(403);
  expect(byToken.body.msg).toBe(
    "The operator token is the server's machine credential: it cannot propose a result. Sign in as yourself (the console, or the CLI with OPERATOR_NAME)",
  );
  const proposed = await asOperator(t, owner, 'gali/declare', { market: 'DISAWAR', jodi: '12' });
  expect(proposed.body.proposed).toBe(true);
  const id = proposed.body.proposal.id as string;
  const tokenCertifies = await runCli(t, ['gali', 'certify', id, '12']);
  expect(tokenCertifies.code).not.toBe(0);
  expect(tokenCertifies.out).toContain('it cannot certify a result');

  // the token makes an owner and signs in as it: too new to certify
  const fresh = await personSession(t, 'owner', { ageHours: 1 });
  const tooNew = await asOperator(t, fresh, 'result/certify', { id, value: '12' });
  expect(tooNew.statusCode).toBe(403);
  expect(tooNew.body.msg).toMatch(/^Your account was created at .*: it may certify results 24 hours after that, from /);
  // an account the proposer made never certifies the proposer's results, however old
  const made = await personSession(t, 'results', { by: owner, ageHours: 72 });
  const vouched = await asOperator(t, made, 'result/certify', { id, value: '12' });
  expect(vouched.statusCode).toBe(403);
  expect(vouched.body.msg).toBe(
    `${owner.name} created your account: another operator certifies ${owner.name}'s results`,
  );
  // a promotion starts the wait again (the token promotes: the token never proposes)
  const promoted = await operatorCall(t, 'operators/role', { name: checker.name, role: 'owner' });
  expect(promoted.body.status).toBe(true);
  const justPromoted = await asOperator(t, checker, 'result/certify', { id, value: '12' });
  expect(justPromoted.statusCode).toBe(403);
  expect(justPromoted.body.msg).toMatch(/^Your account was promoted at /);
  // an account without two-step sign-in proposes nothing
  const plain = await operatorSession(t, 'results');
  const noTotp = await asOperator(t, plain, 'gali/declare', { market: 'DISAWAR', jodi: '12' });
  expect(noTotp.statusCode).toBe(403);
  expect(noTotp.body.msg).toContain('Turn on two-step sign-in (My account) before you propose a result');

  // nothing published, nobody paid
  expect(await resultRow('DISAWAR')).toBeUndefined();
  expect(await ledger()).toEqual(before);
  for (const name of ['operator-token', 'Operator-Token']) {
    const taken = await operatorCall(t, 'operators', { name, role: 'owner' });
    expect(taken.statusCode).toBe(400);
    expect(taken.body.msg).toBe(`'operator-token' is reserved for the server's own token: choose another name`);
  }
  // the vouches are kept as made
  await expect(
    t.ctx.db.updateTable('operator_vouches').set({ by_name: null }).where('by_name', '=', owner.name).execute(),
  ).rejects.toThrow(/kept as written|cannot be changed|refuse/i);
  const rejected = await asOperator(t, owner, 'result/reject', { id, reason: 'tested the rules' });
  expect(rejected.body.status).toBe(true);
});

test("a proposal swapped after review is not certified; nor is a disabled market's proposal", async () => {
  t.clock.set(kolkata('11:10'));
  owner = await signInAgain(t, owner);
  results = await signInAgain(t, results);
  const other = await personSession(t, 'results');
  // the certifier looks at 128; the proposer rejects it and proposes 460
  const first = await asOperator(t, results, 'gali/declare', { market: 'DISAWAR', jodi: '28' });
  const seen = (await proposalsNow()).find((p) => p.id === first.body.proposal.id)!;
  expect(seen.value).toBe('28');
  expect((await asOperator(t, results, 'result/reject', { id: seen.id, reason: 'swap' })).body.status).toBe(true);
  const swapped = await asOperator(t, results, 'gali/declare', { market: 'DISAWAR', jodi: '46' });
  const late = await asOperator(t, other, 'result/certify', { id: seen.id, value: seen.value });
  expect(late.statusCode).toBe(409);
  expect(late.body.msg).toBe(`Proposal ${seen.id} is already rejected (by ${results.name})`);
  const wrongValue = await asOperator(t, other, 'result/certify', { id: swapped.body.proposal.id, value: '28' });
  expect(wrongValue.statusCode).toBe(409);
  expect(wrongValue.body.msg).toBe(
    `Proposal ${swapped.body.proposal.id} declares 46, not 28: look at the proposals again before you certify`,
  );
  const noValue = await asOperator(t, other, 'result/certify', { id: swapped.body.proposal.id });
  expect(noValue.statusCode).toBe(400);
  const byMarket = await asOperator(t, other, 'result/certify', { family: 'gali', market: 'DISAWAR', value: '46' });
  expect(byMarket.statusCode).toBe(400);
  expect(await resultRow('DISAWAR')).toBeUndefined();

  // the market disabled while its proposal waits: not certified
  expect((await operatorCall(t, 'market/disable', { name: 'DISAWAR', family: 'gali' })).body.status).toBe(true);
  const disabled = await asOperator(t, other, 'result/certify', { id: swapped.body.proposal.id, value: '46' });
  expect(disabled.statusCode).toBe(409);
  expect(disabled.body.msg).toContain('DISAWAR is disabled: its proposal');
  expect((await operatorCall(t, 'market/enable', { name: 'DISAWAR', family: 'gali' })).body.status).toBe(true);

  // rejected now, so the next tests start with nothing waiting for DISAWAR
  expect(
    (await asOperator(t, results, 'result/reject', { id: swapped.body.proposal.id, reason: 'tested' })).body.status,
  ).toBe(true);
  expect(
    (
      await asOperator(t, results, 'result/reject', {
        id: (await proposalsNow()).find((p) => p.market.name === 'MORNING STAR' && p.status === 'pending')!.id,
        reason: 'tested',
      })
    ).body.status,
  ).toBe(true);
  // the wait is an owner's setting of at least 24 hours
  const short = await asOperator(t, owner, 'settings/set', { key: 'certify_wait_hours', value: '12' });
  expect(short.statusCode).toBe(400);
  expect(short.body.msg).toContain('must be from 24 to 2160 hours');
});

test('12 proposals of one session at once: one proposal, the others refused, no 500', async () => {
  t.clock.set(kolkata('11:20'));
  owner = await signInAgain(t, owner);
  results = await signInAgain(t, results);
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      asOperator(t, i % 2 ? owner : results, 'gali/declare', { market: 'DISAWAR', jodi: String(10 + i) }),
    ),
  );
  const codes = answers.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 200)).toHaveLength(1);
  expect(codes.filter((c) => c === 409)).toHaveLength(11);
  for (const r of answers.filter((x) => x.statusCode === 409))
    expect(r.body.msg).toMatch(/^A proposal of DISAWAR's result for 2026-03-10 \(\d\d, by (owner|results)\d+\) waits/);
  const waiting = (await proposalsNow()).filter((p) => p.market.name === 'DISAWAR' && p.status === 'pending');
  expect(waiting).toHaveLength(1);
});

test('200 certifications at once, by two operators over several connections, declare it once', async () => {
  const slot = await marketByName(t, 'STARLINE 11:00 AM');
  t.clock.set(kolkata('09:00'));
  const u = await createUser(t, { wallet: 100 });
  expect((await starlineAppBid(t, u.token, slot, '1')).status).toBe(true);
  t.clock.set(kolkata('11:35'));
  const a = await signInAgain(t, owner);
  const b = await personSession(t, 'results');
  results = await signInAgain(t, results);
  const proposed = await asOperator(t, results, 'starline/declare', { slot: slot.name, pana: '128' });
  expect(proposed.body.proposed).toBe(true);
  const id = proposed.body.proposal.id as string;
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) => asOperator(t, i % 2 ? a : b, 'result/certify', { id, value: '128' })),
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
  owner = await signInAgain(t, owner);
  results = await signInAgain(t, results);
  const star = await asOperator(t, owner, 'starline/declare', { slot: slot.name, pana: '128' });
  expect(star).toMatchObject({ body: { proposed: true } });
  expect(await walletOf(t, u.id)).toBe(90);
  const certified = await cliAs(t, results, ['starline', 'certify', star.body.proposal.id, '128']);
  expect(certified.code).toBe(0);
  expect(certified.out).toContain(`certified by ${results.name}`);
  expect(await walletOf(t, u.id)).toBeGreaterThan(90);

  const gali = await asOperator(t, results, 'gali/declare', { market: 'FARIDABAD', jodi: '47' });
  expect(gali.body.proposed).toBe(true);
  expect(await resultRow('FARIDABAD')).toBeUndefined();
  const g = await cliAs(t, owner, ['gali', 'certify', gali.body.proposal.id, '47']);
  expect(g.code).toBe(0);
  expect((await resultRow('FARIDABAD'))?.jodi).toBe('47');
  const none = await cliAs(t, owner, ['gali', 'certify', gali.body.proposal.id, '47']);
  expect(none.code).not.toBe(0);
  expect(none.out).toContain(`Proposal ${gali.body.proposal.id} is already certified (by ${owner.name})`);
  const usage = await cliAs(t, owner, ['gali', 'certify', 'FARIDABAD']);
  expect(usage.code).toBe(2);
  expect(usage.out).toContain("gali certify needs <id> <value>: the proposal's id and the pana or jodi it shows");
  const wrongPassword = await runCli(t, ['result', 'proposals'], process.cwd(), {
    OPERATOR_NAME: owner.name,
    OPERATOR_PASSWORD: 'not it',
  });
  expect(wrongPassword.code).toBe(1);
  expect(wrongPassword.out).toContain(`Error: signing in as ${owner.name}: Wrong username or password`);
});

test("the day's export names both operators of each result, and every proposal", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matka-certified-'));
  try {
    expect((await runCli(t, ['export', 'day', '2026-03-10', '--out', 'day.json'], dir)).code).toBe(0);
    expect((await runCli(t, ['audit', 'verify', '--bundle', 'day.json'], dir)).code).toBe(0);
    const bundle = JSON.parse(fs.readFileSync(path.join(dir, 'day.json'), 'utf8'));
    const day = JSON.parse(Buffer.from(bundle.signed.split('.')[1], 'base64url').toString('utf8'));
    expect(day.results.find((r: { market: string }) => r.market === 'MORNING STAR')).toMatchObject({
      declared_by: results.name,
      certified_by: expect.stringMatching(/^(results|owner)\d+$/),
    });
    expect(day.results.find((r: { market: string }) => r.market === 'FARIDABAD')).toMatchObject({
      declared_by: results.name,
      certified_by: owner.name,
    });
    const statuses = day.proposals.map((p: { status: string }) => p.status);
    expect(statuses.slice(0, 3)).toEqual(['certified', 'rejected', 'rejected']);
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
    const person = await personSession(on, 'results');
    expect(
      (await asOperator(on, person, 'result/declare', { market: 'MORNING STAR', session: 'open', pana: '128' })).body
        .proposed,
    ).toBe(true);
  } finally {
    await on.close();
  }
});

test('turning certification off takes a second owner and a day; what waits then is void', async () => {
  const a = await makeTestApp({ at: kolkata('08:00') });
  try {
    const sita = await personSession(a, 'owner');
    const ravi = await personSession(a, 'owner');
    const asha = await personSession(a, 'results');
    expect((await asOperator(a, sita, 'settings/set', { key: 'result_certification', value: 'on' })).body.status).toBe(
      true,
    );
    a.clock.set(kolkata('09:45'));
    const proposed = await asOperator(a, asha, 'result/declare', {
      market: 'MORNING STAR',
      session: 'open',
      pana: '128',
    });
    expect(proposed.body.proposed).toBe(true);
    // the token does not request it; one owner requests it: nothing changes yet
    expect((await operatorCall(a, 'settings/set', { key: 'result_certification', value: 'off' })).statusCode).toBe(403);
    const asked = await asOperator(a, sita, 'settings/set', { key: 'result_certification', value: 'off' });
    expect(asked.body).toMatchObject({ status: true, value: 'on', pending: true });
    expect(asked.body.msg).toBe(
      `Turning result certification off needs a second owner: requested by ${sita.name}. Another owner approves it by setting it off too; it applies 24 hours after that. Until then every result needs two people.`,
    );
    const self = await asOperator(a, sita, 'settings/set', { key: 'result_certification', value: 'off' });
    expect(self.statusCode).toBe(403);
    expect(self.body.msg).toBe('You requested it: another owner approves turning result certification off');
    const shown = await asOperator(a, ravi, 'settings');
    expect(shown.body.settings.result_certification).toBe('on');
    expect(shown.body.requests).toEqual([
      expect.objectContaining({
        key: 'result_certification',
        value: 'off',
        requested_by: sita.name,
        approved_by: null,
      }),
    ]);
    // a second owner approves: it applies a day later; meanwhile results still need two people
    const approved = await asOperator(a, ravi, 'settings/set', { key: 'result_certification', value: 'off' });
    expect(approved.body.msg).toMatch(
      new RegExp(
        `^Approved: result certification turns off at 2026-03-11 09:45 \\(requested by ${sita.name}, approved by ${ravi.name}\\)`,
      ),
    );
    a.clock.set(new Date(a.clock.now().getTime() + 23 * 3_600_000));
    expect((await operatorCall(a, 'result/proposals')).body.certification).toEqual({ on: true, by: 'setting' });
    a.clock.set(new Date(a.clock.now().getTime() + 3_600_000));
    expect((await operatorCall(a, 'result/proposals')).body.certification).toEqual({ on: false, by: null });
    // applied once, audited with both names; the proposal that waited across it is void
    const list = (await operatorCall(a, 'result/proposals')).body.proposals as {
      id: string;
      status: string;
      reason: string;
    }[];
    expect(list.find((p) => p.id === proposed.body.proposal.id)).toMatchObject({ status: 'void' });
    const steps = await a.ctx.db
      .selectFrom('operator_audit')
      .select(['action', 'after'])
      .where('action', 'like', 'settings %')
      .where('target', '=', 'result_certification')
      .orderBy('id')
      .execute();
    expect(steps.map((r) => r.action)).toEqual([
      'settings set',
      'settings request',
      'settings approve',
      'settings applied',
    ]);
    expect(steps[3].after).toMatchObject({
      result_certification: 'off',
      requested_by: sita.name,
      approved_by: ravi.name,
      voided: 1,
    });
    // turning it on takes one owner, at once
    const on = await asOperator(a, await signInAgain(a, sita), 'settings/set', {
      key: 'result_certification',
      value: 'on',
    });
    expect(on.body).toMatchObject({ status: true, value: 'on' });
    expect(on.body.pending).toBeUndefined();
  } finally {
    await a.close();
  }
});
