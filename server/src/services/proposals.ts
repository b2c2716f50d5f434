/**
 * Results certified by a second operator. With certification on (RESULT_CERTIFICATION=on, or an owner's
 * `result_certification` setting), a declaration or a correction is a proposal: stored and audited,
 * previewed for the operators, neither published to players nor settled. Another operator with the
 * results right certifies it: then it is declared as any declaration is (declarations.ts), in the same
 * transaction that claims it, so it is declared once however many certify it at the same moment; its
 * settlement job carries both names. Anyone with the results right may reject it with a reason (its
 * proposer too: a typo seen after sending it); a rejection changes nothing else.
 *
 * Two people, each themselves: the proposer and the certifier are operator accounts signed in with their
 * own password and two-step code (the server's token is a machine credential: it does neither). The
 * certifier names the proposal by its id and the value they were shown; their account was not created,
 * promoted or reset in the last certify_wait_hours (24 at least), nor ever by the proposer. A disabled
 * market's proposal is not certified, and a proposal that waited across a change of the setting is void.
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
import { TOKEN_ACTOR_NAME, type Actor } from './operators';
import { previewDeclaration } from './preview-sql';

/** Hours an account waits after it was created, promoted or reset before it may certify (the setting). */
export const CERTIFY_WAIT_HOURS = 24;

/**
 * The operator behind a proposal or a certification: a person's account, signed in, with two-step sign-in
 * on. The server's token runs the business but neither proposes nor certifies.
 */
export async function personOf(ctx: AppContext, actor: Actor, doing: string) {
  if (actor.id === null || actor.name === TOKEN_ACTOR_NAME)
    throw new Refusal(
      403,
      `The operator token is the server's machine credential: it cannot ${doing}. Sign in as yourself (the console, or the CLI with OPERATOR_NAME)`,
    );
  const row = await ctx.db
    .selectFrom('operator_accounts')
    .select(['id', 'name', 'totp_secret', 'disabled_at'])
    .where('id', '=', actor.id)
    .executeTakeFirst();
  if (!row || row.disabled_at) throw new Refusal(403, 'Your account is disabled');
  if (!row.totp_secret)
    throw new Refusal(
      403,
      `Turn on two-step sign-in (My account) before you ${doing}: this needs two people, each signed in as themselves`,
    );
  return row;
}

/** Throws unless `actor` may certify a result `proposer` proposed: old enough, never vouched for by them. */
async function checkCertifier(ctx: AppContext, actor: Actor & { id: string }, proposer: string) {
  const vouches = await ctx.db
    .selectFrom('operator_vouches')
    .select(['what', 'by_name', 'at'])
    .where('operator_id', '=', actor.id)
    .orderBy('at', 'desc')
    .execute();
  const byProposer = vouches.find((v) => v.by_name !== null && v.by_name.toLowerCase() === proposer.toLowerCase());
  if (byProposer)
    throw new Refusal(
      403,
      `${proposer} ${byProposer.what} your account: another operator certifies ${proposer}'s results`,
    );
  const setting = await ctx.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'certify_wait_hours')
    .executeTakeFirst();
  const hours = Math.max(CERTIFY_WAIT_HOURS, Number(setting?.value ?? CERTIFY_WAIT_HOURS) || CERTIFY_WAIT_HOURS);
  const latest = vouches[0];
  if (latest && ctx.clock.now().getTime() - latest.at.getTime() < hours * 3_600_000)
    throw new Refusal(
      403,
      `Your account was ${latest.what} at ${formatKolkataShort(latest.at)}: it may certify results ${hours} hours after that, from ${formatKolkataShort(new Date(latest.at.getTime() + hours * 3_600_000))}`,
    );
}

/**
 * Makes every waiting proposal void (in the transaction that changes the certification setting): each was
 * made under the rules before the change, so none is certified under the new ones.
 */
export async function voidWaitingProposals(trx: Transaction<DB>, by: string, at: Date, why: string) {
  const rows = await trx
    .updateTable('result_proposals')
    .set({ status: 'void', decided_by: by, decided_at: at, reason: why })
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.length;
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
    status: r.status as 'pending' | 'certified' | 'rejected' | 'void',
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
  await personOf(ctx, actor, 'propose a result');
  const market = await findMarket(db, r.ref, family);
  const action = resultAction(family, 'propose');
  await checkEarly(ctx, { market, date, declaration: d, params }, actor, action);
  // what declaring it would do, and a value the result so far refuses (a close before its open) refused now
  await previewDeclaration(db, market.id, date, d);
  const waitingRefusal = (waiting: Row) =>
    new Refusal(
      409,
      `A proposal of ${partOf(market.name, d)} for ${date} (${valueOf(declarationOf(waiting))}, by ${waiting.proposed_by}) waits for certification: certify or reject it first`,
    );
  const waitingNow = (q: Kysely<DB> | Transaction<DB>) =>
    proposalRows(q)
      .where('p.market_id', '=', market.id)
      .where('p.result_date', '=', date)
      .where('p.session', '=', sessionOf(d))
      .where('p.status', '=', 'pending')
      .executeTakeFirst();
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const waiting = await waitingNow(trx);
      if (waiting) throw waitingRefusal(waiting);
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
    })
    .catch(async (err: unknown) => {
      // proposals of one session at once: the one-waiting index lets one in, the others find it waiting
      if ((err as { code?: string }).code !== '23505') throw err;
      const waiting = await waitingNow(db);
      throw waiting
        ? waitingRefusal(waiting)
        : new Refusal(
            409,
            'Another proposal of this result came at the same moment: look at the proposals and try again',
          );
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

/**
 * Certifies one proposal, named by its id and the value its certifier was shown: declared (published and
 * settled) as its proposer asked, with both names.
 */
export async function certifyProposal(
  ctx: AppContext,
  ref: { id: string; value: string },
  actor: Actor,
): Promise<{ declared: Declared; declaration: Declaration; proposal: ShownProposal }> {
  await personOf(ctx, actor, 'certify a result');
  const row = await findProposal(ctx, { id: ref.id }, '');
  if (row.status === 'void')
    throw new Refusal(
      409,
      `Proposal ${row.id} is void: the certification setting changed while it waited (${row.reason ?? ''}). It is proposed again`,
    );
  if (row.status !== 'pending') throw decidedAlready(row);
  const d = declarationOf(row);
  if (valueOf(d) !== ref.value)
    throw new Refusal(
      409,
      `Proposal ${row.id} declares ${valueOf(d)}, not ${ref.value}: look at the proposals again before you certify`,
    );
  if (row.proposed_by.toLowerCase() === actor.name.toLowerCase())
    throw new Refusal(
      403,
      `You proposed this result: another operator with the results right certifies it (proposal ${row.id})`,
    );
  await checkCertifier(ctx, { ...actor, id: actor.id! }, row.proposed_by);
  const market = await ctx.db
    .selectFrom('markets')
    .select(['name', 'active'])
    .where('id', '=', row.market_id)
    .executeTakeFirstOrThrow();
  if (!market.active)
    throw new Refusal(
      409,
      `${market.name} is disabled: its proposal ${row.id} cannot be certified. Reject it, or enable the market first`,
    );
  const id = String(row.id);
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
