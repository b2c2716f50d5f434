/**
 * Results certified by a second operator. With certification on (RESULT_CERTIFICATION=on, or an owner's
 * `result_certification` setting), a declaration or a correction is a proposal: stored and audited,
 * previewed for the operators, neither published to players nor settled. Another operator with the
 * results right certifies it: then it is declared as any declaration is (declarations.ts), in the same
 * transaction that claims it, so it is declared once however many certify it at the same moment; its
 * settlement job carries both names. Anyone with the results right may reject it with a reason (its
 * proposer too: a typo seen after sending it); a rejection changes nothing else.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { counted, formatPoints, panaDigit, type Declaration } from '@matka/shared/domain';
import type { AppContext } from '../context';
import type { MarketFamily } from '../db/columns';
import type { DB } from '../db/types';
import { Refusal } from '../errors';
import { audit } from './audit';
import { findMarket } from './catalog';
import { formatKolkataShort } from './clock';
import { checkEarly, declareResult, resultAction, type Declared } from './declarations';
import type { Actor } from './operators';
import { previewDeclaration } from './preview-sql';

/** Whether declarations need a second operator, and what turned it on. */
export interface Certification {
  on: boolean;
  by: 'server' | 'setting' | null;
}

export async function certificationOf(ctx: AppContext): Promise<Certification> {
  if (ctx.config.resultCertification) return { on: true, by: 'server' };
  const row = await ctx.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'result_certification')
    .executeTakeFirst();
  return row?.value === 'on' ? { on: true, by: 'setting' } : { on: false, by: null };
}

/** The part a declaration declares: a regular market's session, 'open' for a Starline slot or a Gali market. */
const sessionOf = (d: Declaration): 'open' | 'close' => (d.family === 'regular' ? d.session : 'open');
const valueOf = (d: Declaration) => (d.family === 'gali' ? d.jodi : d.pana);
/** 'KALYAN's open result' */
const partOf = (name: string, d: Declaration) =>
  d.family === 'regular' ? `${name}'s ${d.session} result` : `${name}'s result`;

const COLUMNS = [
  'p.id',
  'p.market_id',
  'm.name as market_name',
  'p.family',
  sql<string>`p.result_date::text`.as('date'),
  'p.session',
  'p.declaration',
  'p.early_reason',
  'p.proposed_by',
  'p.proposed_at',
  'p.status',
  'p.decided_by',
  'p.decided_at',
  'p.reason',
] as const;

const proposalRows = (db: Kysely<DB> | Transaction<DB>) =>
  db.selectFrom('result_proposals as p').innerJoin('markets as m', 'm.id', 'p.market_id').select(COLUMNS);
type Row = Awaited<ReturnType<ReturnType<typeof proposalRows>['executeTakeFirstOrThrow']>>;

const declarationOf = (r: Row): Declaration =>
  (typeof r.declaration === 'string' ? JSON.parse(r.declaration) : r.declaration) as Declaration;

/** A proposal as the operator API answers it; a waiting one with what declaring it would do now. */
async function shown(db: Kysely<DB>, r: Row, withPreview: boolean) {
  const d = declarationOf(r);
  const family = r.family as MarketFamily;
  let preview = null;
  if (withPreview && r.status === 'pending') {
    const p = await previewDeclaration(db, r.market_id, r.date, d);
    const s = p.summary;
    preview = {
      msg: `${counted(s.paid, 'winning bid')} would be paid ${formatPoints(s.paid_points)} points${
        s.reversed ? `; ${counted(s.reversed, 'earlier win')} (${formatPoints(s.reversed_points)} points) reversed` : ''
      }${p.uncovered.length ? `; ${counted(p.uncovered.length, 'player')} cannot cover the reversal` : ''}`,
      winners_count: p.winners.length,
      total_payout: s.paid_points,
      reversed: s.reversed,
      reversed_points: s.reversed_points,
      uncovered: p.uncovered.length,
    };
  }
  return {
    id: String(r.id),
    market: { id: r.market_id, name: r.market_name, family },
    date: r.date,
    session: r.session as 'open' | 'close',
    value: valueOf(d),
    result_text: proposedText(d),
    early_reason: r.early_reason,
    proposed_by: r.proposed_by,
    proposed_at: formatKolkataShort(r.proposed_at),
    status: r.status as 'pending' | 'certified' | 'rejected',
    decided_by: r.decided_by,
    decided_at: r.decided_at ? formatKolkataShort(r.decided_at) : null,
    reason: r.reason,
    preview,
  };
}
export type ShownProposal = Awaited<ReturnType<typeof shown>>;

/** What a proposal declares, as the operators read it: 'Open 128-1', '128-1' (a slot), '47' (a jodi). */
function proposedText(d: Declaration): string {
  if (d.family === 'gali') return d.jodi;
  const pana = `${d.pana}-${panaDigit(d.pana)}`;
  return d.family === 'regular' ? `${d.session === 'open' ? 'Open' : 'Close'} ${pana}` : pana;
}

/**
 * Proposes a declaration: checked as a declaration is (the market, the value against the result so far
 * through its preview, the early-result rule), stored and audited. One proposal waits per session.
 */
export async function proposeResult(
  ctx: AppContext,
  r: { family: MarketFamily; ref: string; date: string; declaration: Declaration; params: { early_reason?: string } },
  actor: Actor,
): Promise<ShownProposal> {
  const { db } = ctx;
  const { family, date, declaration: d, params } = r;
  const market = await findMarket(db, r.ref, family);
  const action = resultAction(family, 'propose');
  await checkEarly(ctx, { market, date, declaration: d, params }, actor, action);
  // what declaring it would do, and a value the result so far refuses (a close before its open) refused now
  await previewDeclaration(db, market.id, date, d);
  const id = await db.transaction().execute(async (trx) => {
    const waiting = await proposalRows(trx)
      .where('p.market_id', '=', market.id)
      .where('p.result_date', '=', date)
      .where('p.session', '=', sessionOf(d))
      .where('p.status', '=', 'pending')
      .executeTakeFirst();
    if (waiting)
      throw new Refusal(
        409,
        `A proposal of ${partOf(market.name, d)} for ${date} (${valueOf(declarationOf(waiting))}, by ${waiting.proposed_by}) waits for certification: certify or reject it first`,
      );
    const row = await trx
      .insertInto('result_proposals')
      .values({
        market_id: market.id,
        result_date: date,
        family,
        session: sessionOf(d),
        declaration: JSON.stringify(d),
        early_reason: params.early_reason ?? null,
        proposed_by: actor.name,
        proposed_at: ctx.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, action, `${family}:${market.name} ${date}`, params, null, {
      proposal: String(row.id),
      ...d,
      proposed_by: actor.name,
    });
    return String(row.id);
  });
  return shown(db, await proposalRows(db).where('p.id', '=', id).executeTakeFirstOrThrow(), true);
}

/** The waiting proposals (oldest first), then those decided in the last `days` days (newest first). */
export async function listProposals(ctx: AppContext, since: string) {
  const { db } = ctx;
  const waiting = await proposalRows(db).where('p.status', '=', 'pending').orderBy('p.id').execute();
  const decided = await proposalRows(db)
    .where('p.status', '<>', 'pending')
    .where('p.result_date', '>=', since)
    .orderBy('p.id', 'desc')
    .limit(100)
    .execute();
  return [
    ...(await Promise.all(waiting.map((r) => shown(db, r, true)))),
    ...(await Promise.all(decided.map((r) => shown(db, r, false)))),
  ];
}

/** Which proposal a call means: its id, or the waiting one of a market's session on a day. */
export interface ProposalRef {
  id?: string;
  family?: MarketFamily;
  market?: string;
  session?: 'open' | 'close';
  date?: string;
}

async function findProposal(ctx: AppContext, ref: ProposalRef, today: string): Promise<Row> {
  if (ref.id !== undefined) {
    if (!/^\d{1,18}$/.test(ref.id)) throw new Refusal(400, `'${ref.id}' is not a proposal id`);
    const row = await proposalRows(ctx.db).where('p.id', '=', ref.id).executeTakeFirst();
    if (!row) throw new Refusal(404, `No proposal ${ref.id}`);
    return row;
  }
  const family = ref.family ?? 'regular';
  const market = await findMarket(ctx.db, ref.market!, family);
  if (family === 'regular' && !ref.session) throw new Refusal(400, 'session must be open or close');
  const session = family === 'regular' ? ref.session! : 'open';
  const date = ref.date ?? today;
  const row = await proposalRows(ctx.db)
    .where('p.market_id', '=', market.id)
    .where('p.result_date', '=', date)
    .where('p.session', '=', session)
    .where('p.status', '=', 'pending')
    .executeTakeFirst();
  if (!row)
    throw new Refusal(
      404,
      `No proposal of ${family === 'regular' ? `${market.name}'s ${session} result` : `${market.name}'s result`} for ${date} waits for certification`,
    );
  return row;
}

const decidedAlready = (r: { id: string | number; status: string; decided_by: string | null }) =>
  new Refusal(409, `Proposal ${r.id} is already ${r.status} (by ${r.decided_by})`);

/**
 * Decides a waiting proposal in a transaction: certified (never by its proposer) or rejected. Refused when
 * another decision came first (the row's lock makes a second decision wait for the first, then find it).
 */
async function decideWaiting(
  trx: Transaction<DB>,
  id: string,
  decision: { status: 'certified' | 'rejected'; by: string; at: Date; reason?: string },
) {
  let q = trx
    .updateTable('result_proposals')
    .set({ status: decision.status, decided_by: decision.by, decided_at: decision.at, reason: decision.reason ?? null })
    .where('id', '=', id)
    .where('status', '=', 'pending');
  if (decision.status === 'certified') q = q.where('proposed_by', '<>', decision.by);
  if (await q.returning('id').executeTakeFirst()) return;
  const now = await trx
    .selectFrom('result_proposals')
    .select(['status', 'decided_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  throw decidedAlready({ id, ...now });
}

/** Certifies a proposal: declared (published and settled) as its proposer asked, with both names. */
export async function certifyProposal(
  ctx: AppContext,
  ref: ProposalRef,
  actor: Actor,
  today: string,
): Promise<{ declared: Declared; declaration: Declaration; proposal: ShownProposal }> {
  const row = await findProposal(ctx, ref, today);
  if (row.status !== 'pending') throw decidedAlready(row);
  if (row.proposed_by === actor.name)
    throw new Refusal(
      403,
      `You proposed this result: another operator with the results right certifies it (proposal ${row.id})`,
    );
  const id = String(row.id);
  const d = declarationOf(row);
  const claim = (trx: Transaction<DB>) =>
    decideWaiting(trx, id, { status: 'certified', by: actor.name, at: ctx.clock.now() });
  const declared = await declareResult(
    ctx,
    {
      family: row.family as MarketFamily,
      ref: String(row.market_id),
      date: row.date,
      declaration: d,
      params: row.early_reason ? { early_reason: row.early_reason } : {},
    },
    actor,
    { proposal: id, proposedBy: row.proposed_by, claim },
  );
  return {
    declared,
    declaration: d,
    proposal: await shown(ctx.db, await proposalRows(ctx.db).where('p.id', '=', id).executeTakeFirstOrThrow(), false),
  };
}

/** Rejects a proposal with a reason: nothing is published or settled, the rejection is audited. */
export async function rejectProposal(
  ctx: AppContext,
  ref: ProposalRef,
  reason: string,
  actor: Actor,
  today: string,
): Promise<ShownProposal> {
  const row = await findProposal(ctx, ref, today);
  const id = String(row.id);
  await ctx.db.transaction().execute(async (trx) => {
    await decideWaiting(trx, id, { status: 'rejected', by: actor.name, at: ctx.clock.now(), reason });
    await audit(
      trx,
      resultAction(row.family as MarketFamily, 'reject'),
      `${row.family}:${row.market_name} ${row.date}`,
      { id, reason },
      null,
      {
        proposal: id,
        ...declarationOf(row),
        proposed_by: row.proposed_by,
        rejected_by: actor.name,
        reason,
      },
    );
  });
  return shown(ctx.db, await proposalRows(ctx.db).where('p.id', '=', id).executeTakeFirstOrThrow(), false);
}
