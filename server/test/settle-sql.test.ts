/**
 * Set-based settlement against the domain: for every bet type of every family, bids with and
 * without their own rate, wallets too small for a reversal, a sequence of declarations, corrections and
 * restorations. Before each declaration the expected outcome is worked out here row by row from the
 * domain's rules (`computeChanges`: outcome and payout of each bid) and the money rules of settlement
 * (new wins keep back earlier unrecovered reversals; a reversal takes at most what the wallet holds, in
 * bid order); the SQL settlement must write exactly that: bids, wallets, ledger rows and win records.
 */
import {
  ALL_PANAS,
  JODIS,
  betTypeById,
  betTypesOf,
  sessionMeaningless,
  type BetTypeId,
  type Family,
} from '@matka/shared/domain';
import { computeChanges, loadBids, loadRates, type Declaration, type SettleBid } from '../src/services/settlement';
import { storeDeclaration } from '../src/services/settlement-jobs';
import { previewDeclaration } from '../src/services/preview-sql';
import { createUser, kolkata, ledgerSum, makeTestApp, marketByName, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  // small chunks: each declaration settles in several transactions and two passes
  t = await makeTestApp({ at: kolkata('23:30', '2026-03-10'), config: { settleChunkBids: 97, settleIdleChunks: 1 } });
});
afterAll(() => t.close());

const DATE = '2026-03-10';

/** A small deterministic random source (the same bids every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const DIGITS = '0123456789'.split('');

function playOf(betType: BetTypeId, pick: <T>(xs: readonly T[]) => T): { digits: string; closedigits: string } {
  if (/digit$/.test(betType) && betType !== 'jodi_digit' && betType !== 'gali_jodi_digit')
    return { digits: pick(DIGITS), closedigits: '' };
  if (betType === 'jodi_digit' || betType === 'gali_jodi_digit') return { digits: pick(JODIS), closedigits: '' };
  if (betType === 'half_sangam')
    return pick([0, 1])
      ? { digits: pick(DIGITS), closedigits: pick(ALL_PANAS) }
      : { digits: pick(ALL_PANAS), closedigits: pick(DIGITS) };
  if (betType === 'full_sangam') return { digits: pick(ALL_PANAS), closedigits: pick(ALL_PANAS) };
  return { digits: pick(ALL_PANAS), closedigits: '' };
}

interface Expected {
  bids: Map<string, { status: string; win_amount: string; unrecovered: string }>;
  wallets: Map<string, string>;
  ledger: {
    user_id: string;
    type: string;
    amount: string;
    balance_after: string;
    kind: string;
    reference: string;
    note: string;
  }[];
  wins: { bid_id: string; amount: string }[];
}

/** The expected writes of a settlement, row by row (the rules of settlement before it was set-based). */
function reference(
  family: Family,
  market: string,
  bids: SettleBid[],
  wallets: Map<string, bigint>,
  result: Parameters<typeof computeChanges>[2],
  rates: Parameters<typeof computeChanges>[3],
): Expected {
  const changes = computeChanges(family, bids, result, rates);
  const out: Expected = { bids: new Map(), wallets: new Map(), ledger: [], wins: [] };
  const unrec = new Map(changes.map((c) => [c.bid.id, BigInt(c.bid.unrecovered)]));
  // no session word where it means nothing to the player (Gali, Starline, Full Sangam)
  const describe = (b: SettleBid) => {
    const def = betTypeById(b.bet_type);
    const session = def && sessionMeaningless(def) ? '' : ` (${b.session})`;
    return `${b.pana} ${b.digits}${b.closedigits ? '-' + b.closedigits : ''}${session}`;
  };
  const users = [...new Set(changes.filter((c) => c.pay > 0 || c.reverse > 0).map((c) => c.bid.user_id))].sort(
    (a, b) => Number(a) - Number(b),
  );
  for (const uid of users) {
    let bal = wallets.get(uid)!;
    for (const c of changes) {
      if (c.bid.user_id !== uid || c.pay <= 0) continue;
      const pay = BigInt(c.pay);
      const owed = unrec.get(c.bid.id)!;
      const keep = owed < pay ? owed : pay;
      unrec.set(c.bid.id, owed - keep);
      if (pay - keep > 0n) {
        bal += pay - keep;
        out.ledger.push({
          user_id: uid,
          type: 'credit',
          amount: String(pay - keep),
          balance_after: String(bal),
          kind: 'win',
          reference: `win:bid:${c.bid.id}`,
          note: `Win ${market} ${describe(c.bid)}${keep > 0n ? ` (${keep} kept against the earlier unrecovered reversal)` : ''}`,
        });
      }
    }
    for (const c of changes) {
      if (c.bid.user_id !== uid || c.reverse <= 0) continue;
      const want = BigInt(c.reverse);
      const take = want <= bal ? want : bal;
      unrec.set(c.bid.id, unrec.get(c.bid.id)! + (want - take));
      if (take > 0n) {
        bal -= take;
        out.ledger.push({
          user_id: uid,
          type: 'debit',
          amount: String(take),
          balance_after: String(bal),
          kind: 'win_reversal',
          reference: `reversal:bid:${c.bid.id}`,
          note: `Result corrected: win reversed ${market} ${describe(c.bid)}${take < want ? ` (${want - take} not in the wallet)` : ''}`,
        });
      }
    }
    out.wallets.set(uid, String(bal));
  }
  for (const c of changes) {
    out.bids.set(c.bid.id, {
      status: c.to,
      win_amount: String(c.to === 'won' ? c.pay : 0),
      unrecovered: String(unrec.get(c.bid.id)),
    });
    if (c.pay > 0) out.wins.push({ bid_id: c.bid.id, amount: String(c.pay) });
  }
  return out;
}

async function seed(family: Family, marketName: string, seedNo: number) {
  const random = rng(seedNo);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const market = await marketByName(t, marketName);
  const users = [];
  for (let i = 0; i < 25; i++) users.push(await createUser(t, { wallet: Math.floor(random() * 3) * 400 }));
  const types = betTypesOf(family).map((d) => d.id);
  const rows = [];
  for (let i = 0; i < 700; i++) {
    const betType = types[i % types.length];
    const u = pick(users);
    const { digits, closedigits } = playOf(betType, pick);
    const rated = random() < 0.7;
    rows.push({
      user_id: u.id,
      bet_type: betType,
      session: family === 'regular' ? pick(['Open', 'Close'] as const) : 'Open',
      digits,
      closedigits,
      points: 10 + Math.floor(random() * 50) * 10,
      rate_1: rated ? pick(['10', '1', '10']) : null,
      rate_2: rated ? pick(['95', '9', '1500', '7']) : null,
    });
  }
  // one submission per bid is enough here (the settlement reads the bids)
  for (const r of rows) {
    const sub = await t.ctx.db
      .insertInto('bid_submissions')
      .values({
        user_id: r.user_id,
        family,
        market_id: market.id,
        bet_type: r.bet_type,
        session: r.session,
        bid_date: DATE,
        total_points: r.points,
        row_count: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('bids')
      .values({
        submission_id: sub.id,
        user_id: r.user_id,
        family,
        market_id: market.id,
        bet_type: r.bet_type,
        pana: r.bet_type.replace(/_/g, ' '),
        session: r.session,
        digits: r.digits,
        closedigits: r.closedigits,
        points: r.points,
        bid_date: DATE,
        rate_1: r.rate_1,
        rate_2: r.rate_2,
      })
      .execute();
  }
  return { market, users };
}

async function checkDeclaration(family: Family, market: { id: number; name: string }, d: Declaration) {
  const bids = await loadBids(t.ctx.db, market.id, DATE);
  const walletRows = await t.ctx.db.selectFrom('users').select(['id', 'wallet']).execute();
  const wallets = new Map(walletRows.map((w) => [String(w.id), BigInt(w.wallet)]));
  const current = await t.ctx.db
    .selectFrom('results')
    .select(['open_pana', 'open_digit', 'close_pana', 'close_digit', 'jodi'])
    .where('market_id', '=', market.id)
    .where('result_date', '=', DATE)
    .executeTakeFirst();
  const { nextResult } = await import('../src/services/settlement');
  const result = nextResult({ ...market, family }, current ?? null, d);
  const expected = reference(family, market.name, bids, wallets, result, await loadRates(t.ctx.db, family));
  const ledgerBefore = await t.ctx.db
    .selectFrom('wallet_transactions')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirstOrThrow();
  const winsBefore = await t.ctx.db
    .selectFrom('wins')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirstOrThrow();

  // the preview (by aggregation) says what the settlement then does
  const preview = await previewDeclaration(t.ctx.db, market.id, DATE, d);

  const stored = await t.ctx.db
    .transaction()
    .execute((trx) => storeDeclaration(trx, market.id, DATE, d, t.clock.now(), 'test', t.ctx.receipts));
  const job = await t.ctx.settlement.waitFor(stored.job.id, 30_000);
  expect(job.status).toBe('done');
  const out = { summary: job };
  expect(preview.summary).toMatchObject({
    bids: job.bids_total,
    paid: job.paid,
    paid_points: job.paid_points,
    reversed: job.reversed,
    reversed_points: job.reversed_points,
    lost: job.lost,
    pending: job.pending,
  });
  expect(preview.winners.length).toBe(Math.min(100, job.paid));

  const after = await loadBids(t.ctx.db, market.id, DATE);
  for (const b of after) {
    const was = bids.find((x) => x.id === b.id)!;
    const want = expected.bids.get(b.id) ?? {
      status: was.status,
      win_amount: was.win_amount,
      unrecovered: was.unrecovered,
    };
    expect([b.id, b.status, String(b.win_amount), String(b.unrecovered)]).toEqual([
      b.id,
      want.status,
      want.win_amount,
      want.unrecovered,
    ]);
  }
  for (const [uid, w] of expected.wallets) expect([uid, String(await walletOfId(uid))]).toEqual([uid, w]);
  const ledger = await t.ctx.db
    .selectFrom('wallet_transactions')
    .select(['user_id', 'type', 'amount', 'balance_after', 'kind', 'reference', 'note'])
    .where('id', '>', String(ledgerBefore.m ?? 0))
    .orderBy('id')
    .execute();
  // each player's rows in the same order (chunks interleave players, not one player's rows)
  const byUser = <T extends { user_id: string }>(rows: T[]) =>
    [...rows].sort((a, b) => Number(a.user_id) - Number(b.user_id));
  expect(
    byUser(
      ledger.map((l) => ({
        ...l,
        user_id: String(l.user_id),
        amount: String(l.amount),
        balance_after: String(l.balance_after),
      })),
    ),
  ).toEqual(byUser(expected.ledger));
  const wins = await t.ctx.db
    .selectFrom('wins')
    .select(['bid_id', 'amount'])
    .where('id', '>', String(winsBefore.m ?? 0))
    .orderBy('bid_id')
    .execute();
  expect(wins.map((w) => ({ bid_id: String(w.bid_id), amount: String(w.amount) }))).toEqual(
    [...expected.wins].sort((a, b) => Number(a.bid_id) - Number(b.bid_id)),
  );
  // every wallet still equals its ledger
  for (const uid of expected.wallets.keys()) expect(await walletOfId(uid)).toBe(await ledgerSum(t, uid));
  return { out, expected };
}

const walletOfId = async (id: string) =>
  Number((await t.ctx.db.selectFrom('users').select('wallet').where('id', '=', id).executeTakeFirstOrThrow()).wallet);

/** Withdrawals: every wallet of these players drops to nothing, so reversals fall short. */
async function emptyWallets(users: { id: string }[]) {
  for (const u of users.slice(0, 15)) {
    const w = await walletOfId(u.id);
    if (w <= 0) continue;
    await t.ctx.db.updateTable('users').set({ wallet: 0 }).where('id', '=', u.id).execute();
    await t.ctx.db
      .insertInto('wallet_transactions')
      .values({
        user_id: u.id,
        type: 'debit',
        amount: w,
        balance_after: 0,
        kind: 'withdraw',
        note: 'test',
        reference: `t:${u.id}`,
      })
      .execute();
  }
}

describe('SQL settlement writes what the domain and the money rules give, on every bet type', () => {
  test('regular: open, close, a corrected open, withdrawals, a corrected close, then the first result restored', async () => {
    const { market, users } = await seed('regular', 'KALYAN', 1);
    const steps: Declaration[] = [
      { family: 'regular', session: 'open', pana: '128' },
      { family: 'regular', session: 'close', pana: '470' },
      { family: 'regular', session: 'open', pana: '236' },
    ];
    let paid = 0;
    for (const d of steps) paid += (await checkDeclaration('regular', market, d)).expected.wins.length;
    await emptyWallets(users);
    const short = await checkDeclaration('regular', market, { family: 'regular', session: 'close', pana: '559' });
    for (const d of [
      { family: 'regular', session: 'open', pana: '128' },
      { family: 'regular', session: 'close', pana: '470' },
    ] as Declaration[])
      await checkDeclaration('regular', market, d);
    expect(paid).toBeGreaterThan(5);
    expect(short.out.summary.shortfall_points).toBeGreaterThan(0);
    // declaring the same result again changes nothing
    const again = await checkDeclaration('regular', market, { family: 'regular', session: 'close', pana: '470' });
    expect(again.out.summary).toMatchObject({ paid: 0, reversed: 0 });
  });

  test('starline: a result, a correction with empty wallets, the first result restored', async () => {
    const { market, users } = await seed('starline', (await firstOf('starline')).name, 2);
    await checkDeclaration('starline', market, { family: 'starline', pana: '137' });
    await emptyWallets(users);
    const c = await checkDeclaration('starline', market, { family: 'starline', pana: '480' });
    await checkDeclaration('starline', market, { family: 'starline', pana: '137' });
    expect(c.out.summary.reversed).toBeGreaterThan(0);
  });

  test('gali: a jodi, a correction with empty wallets, the first jodi restored', async () => {
    const { market, users } = await seed('gali', (await firstOf('gali')).name, 3);
    await checkDeclaration('gali', market, { family: 'gali', jodi: '47' });
    await emptyWallets(users);
    const c = await checkDeclaration('gali', market, { family: 'gali', jodi: '74' });
    await checkDeclaration('gali', market, { family: 'gali', jodi: '47' });
    expect(c.out.summary.reversed).toBeGreaterThan(0);
  });
});

async function firstOf(family: Family) {
  return t.ctx.db
    .selectFrom('markets')
    .select(['id', 'name'])
    .where('family', '=', family)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}
