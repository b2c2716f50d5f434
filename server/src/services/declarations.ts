/**
 * Declaring a result (operator/results.ts serves it): the early-result rule (a result before its draw
 * needs an owner and a reason; a refused attempt is audited too), then the result and its settlement job
 * stored and audited in one short transaction (the market's bids wait only for this), the market cache
 * dropped in every process, and the job given a moment to settle before the answer (SETTLE_WAIT_MS).
 */
import { declarations } from './metrics';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/types';
import type { MarketFamily } from '../db/columns';
import { Refusal } from '../errors';
import { audit } from './audit';
import { findMarket, type FoundMarket } from './catalog';
import { minutesToHHMM } from './clock';
import type { Actor } from './operators';
import { drawMinute, minutesEarly, type Declaration } from './settlement';
import { storeDeclaration, type JobState, type StoredDeclaration } from './settlement-jobs';

/** '3 h 50 min' */
export const howLong = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}` : `${minutes} min`;

/** When a declaration's draw is due, how early it comes now (0: on time) and what it is, for messages. */
export interface Timing {
  early: number;
  due: string;
  what: string;
}

export function timingOf(market: FoundMarket, d: Declaration, date: string, now: Date): Timing {
  const early = minutesEarly(market, d, date, now);
  const session = d.family === 'regular' ? `${d.session} ` : '';
  return { early, due: `${minutesToHHMM(drawMinute(market, d))} IST`, what: `${market.name}'s ${session}result` };
}

/** A declaration stored: the result and its job as the answer waited for it, and its timing. */
export interface Declared {
  out: StoredDeclaration;
  job: JobState;
  timing: Timing;
}

/** The audit trail's action for a family's declaration step: 'result declare', 'gali propose' … */
export const resultAction = (family: MarketFamily, step: 'declare' | 'propose' | 'certify' | 'reject') =>
  `${family === 'regular' ? 'result' : family} ${step}`;

/**
 * The early-result rule: a result before its draw settles bids and closes betting early, so only an
 * owner may declare it, with a reason. A refused attempt is audited. The timing either way.
 */
export async function checkEarly(
  ctx: AppContext,
  r: { market: FoundMarket; date: string; declaration: Declaration; params: { early_reason?: string } },
  actor: Actor,
  action: string,
): Promise<Timing> {
  const { market, date, declaration: d, params } = r;
  const t = timingOf(market, d, date, ctx.clock.now());
  if (t.early > 0) {
    const refusal = !params.early_reason
      ? new Refusal(
          409,
          `${t.what} for ${date} is due at ${t.due}, ${howLong(t.early)} from now: declaring it early needs an owner's override with a reason`,
          { early: true, due: t.due, minutes_early: t.early },
        )
      : actor.role !== 'owner'
        ? new Refusal(403, 'Only an owner can declare a result before its draw time', { early: true })
        : null;
    if (refusal) {
      const target = `${market.family}:${market.name} ${date}`;
      await audit(ctx.db, action, target, params, null, { refused: refusal.message, minutes_early: t.early }, false);
      throw refusal;
    }
  }
  return t;
}

/**
 * A proposal being certified: claimed in the declaration's transaction (only a waiting one, and only by
 * an operator other than its proposer), so two certifications of it declare it once.
 */
export interface Certifying {
  proposal: string;
  proposedBy: string;
  claim: (trx: Transaction<DB>) => Promise<void>;
}

export async function declareResult(
  ctx: AppContext,
  r: { family: MarketFamily; ref: string; date: string; declaration: Declaration; params: { early_reason?: string } },
  actor: Actor,
  certifying?: Certifying,
): Promise<Declared> {
  const { db, clock } = ctx;
  const { family, date, declaration: d, params } = r;
  const market = await findMarket(db, r.ref, family);
  const action = resultAction(family, certifying ? 'certify' : 'declare');
  const target = `${family}:${market.name} ${date}`;
  const t = await checkEarly(ctx, { market, date, declaration: d, params }, actor, action);
  await ctx.leaves.flush(); // the receipts this process gave last are in the books the declaration seals
  const out: StoredDeclaration = await db.transaction().execute(async (trx) => {
    await certifying?.claim(trx);
    const by = certifying ? certifying.proposedBy : actor.name;
    const o = await storeDeclaration(trx, market.id, date, d, clock.now(), by, ctx.receipts);
    if (certifying) {
      await trx.updateTable('settlement_jobs').set({ certified_by: actor.name }).where('id', '=', o.job.id).execute();
      await trx
        .updateTable('result_proposals')
        .set({ job_id: o.job.id })
        .where('id', '=', certifying.proposal)
        .execute();
    }
    // the audit row keeps the override: its reason is in the params, how early in what it did
    // the job's first step counts its bids (the 'settlement done' row has them)
    await audit(trx, action, target, params, o.before, {
      ...o.result,
      job: o.job.id,
      ...(certifying
        ? { proposal: certifying.proposal, proposed_by: certifying.proposedBy, certified_by: actor.name }
        : {}),
      ...(t.early > 0 ? { minutes_early: t.early } : {}),
    });
    return o;
  });
  declarations.inc({ family });
  const answerBy = Date.now() + ctx.config.settleWaitMs;
  await ctx.markets.invalidate(); // home / starline / Gali lists and the charts show it at once
  // the bids settle in chunks; the answer waits a moment for them, then tells the progress
  const job = await ctx.settlement.waitFor(out.job.id, Math.max(0, answerBy - Date.now()));
  return { out, job, timing: t };
}
