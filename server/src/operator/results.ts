/**
 * /operator/result/*, /starline/*, /gali/* and /settlement: preview and declare a regular market's open
 * or close pana, a starline slot's pana, a Gali jodi; the declared results; a settlement job's progress.
 * Declaring is services/declarations.ts (the early-result rule, the result and its job in one short
 * audited transaction); the job settles the bids in chunks (services/settlement-jobs). The answer waits
 * for it at most SETTLE_WAIT_MS, then carries the job's progress (GET /operator/settlement?id= follows it).
 */
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import type { MarketFamily } from '../db/columns';
import { counted, formatPoints, shortResultText } from '@matka/shared/domain';
import { addDays, formatKolkataShort, kolkataIsoDate } from '../services/clock';
import { correctsEarlier, type Declaration } from '../services/settlement';
import { previewDeclaration, type Preview } from '../services/preview-sql';
import { jobState, type JobState } from '../services/settlement-jobs';
import { declareResult, howLong, timingOf, type Declared } from '../services/declarations';
import { certifyProposal, listProposals, proposeResult, rejectProposal } from '../services/proposals';
import { certificationOf } from '../services/certification-setting';
import { declarersBetween, declaredResults } from '../services/results';
import { sealedBooksBetween } from '../services/books';
import { findMarket } from '../services/catalog';
import { route } from './common';
import { Refusal } from '../errors';
import type { Actor } from '../services/operators';

/** A finished job's summary, as a declaration answered it before settlement ran in chunks. */
function summaryOf(job: JobState) {
  return {
    // a summary is of a job that has counted its bids
    bids: job.bids_total ?? 0,
    paid: job.paid,
    paid_points: job.paid_points,
    reversed: job.reversed,
    reversed_points: job.reversed_points,
    shortfall_points: job.shortfall_points,
    withheld_points: job.withheld_points,
    lost: job.lost ?? 0,
    pending: job.pending ?? 0,
  };
}

/** What a settlement job did, or how far it is. */
function jobText(job: JobState): string {
  const p = formatPoints;
  if (job.status === 'superseded')
    return job.bids_total === null
      ? 'settlement stopped before it counted its bids: a later declaration settles them'
      : `settlement stopped at ${p(job.bids_done)} of ${counted(job.bids_total, 'bid')}: a later declaration settles them`;
  if (job.status === 'running')
    return job.bids_total === null
      ? 'settling: counting the bids to settle'
      : `settling ${counted(job.bids_total, 'bid')}: ${p(job.bids_done)} settled so far, ${counted(job.paid, 'winning bid')} paid ${p(job.paid_points)} points`;
  const s = summaryOf(job);
  // the bids waiting for the close result were judged, not settled
  const settled = s.bids - s.pending;
  return [
    `settled ${counted(settled, 'bid')}: ${counted(s.paid, 'winning bid')} paid ${p(s.paid_points)} points`,
    s.reversed ? `${counted(s.reversed, 'earlier win')} reversed (${p(s.reversed_points)} points)` : '',
    s.shortfall_points ? `${p(s.shortfall_points)} points of reversed wins were no longer in the wallets` : '',
    s.withheld_points
      ? `${p(s.withheld_points)} points of new wins kept back against earlier reversals that were not recovered`
      : '',
    s.pending ? `${counted(s.pending, 'bid')} ${s.pending === 1 ? 'waits' : 'wait'} for the close result` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

export const resultsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { db, clock } = ctx;

  const dayOf = (date: string | undefined) => {
    const today = kolkataIsoDate(clock.now());
    const d = date ?? today;
    if (d > today) throw new Refusal(400, `Cannot declare a result for a future day (${d}; today is ${today})`);
    return d;
  };

  const declare = async (
    family: MarketFamily,
    ref: string,
    date: string,
    d: Declaration,
    params: { early_reason?: string },
    actor: Actor,
  ) => {
    if ((await certificationOf(ctx)).on) {
      const proposal = await proposeResult(ctx, { family, ref, date, declaration: d, params }, actor);
      return {
        status: true as const,
        msg: `${proposal.market.name} ${date}: ${proposal.result_text} proposed by ${actor.name}; it is published and settled once another operator with the results right certifies it${proposal.preview ? ` (${proposal.preview.msg})` : ''}`,
        proposed: true as const,
        proposal,
      };
    }
    return declared(await declareResult(ctx, { family, ref, date, declaration: d, params }, actor), family, d, params);
  };

  /** A declaration's answer: what it declared, how it settles (or how far it is). */
  const declared = (
    { out, job, timing: t }: Declared,
    family: MarketFamily,
    d: Declaration,
    params: { early_reason?: string },
  ) => {
    const text = shortResultText(family, out.result);
    // what happened: a first declaration says nothing more; a change of this session's result is a correction
    const label = !out.changed ? ' (unchanged)' : correctsEarlier(out.before, d) ? ' (corrected)' : '';
    const head = `${out.market.name} ${out.date}: ${text}${label}${t.early > 0 ? ` (declared ${howLong(t.early)} before its draw at ${t.due}: ${params.early_reason})` : ''}`;
    return {
      status: true as const,
      msg: [head, jobText(job)].join('; '),
      market: out.market,
      date: out.date,
      result: out.result,
      result_text: text,
      changed: out.changed,
      corrected: out.changed && correctsEarlier(out.before, d),
      early: t.early > 0,
      books: out.books,
      job,
      summary: job.status === 'done' ? summaryOf(job) : null,
      proposed: false as const,
    };
  };

  // Certification: the proposals, certified (then declared as above) or rejected by a second operator.
  route(op, OP.proposals, async () => {
    const since = addDays(kolkataIsoDate(clock.now()), -29);
    return { status: true, certification: await certificationOf(ctx), proposals: await listProposals(ctx, since) };
  });
  route(op, OP.certifyResult, async (b, req) => {
    const { declared: done, declaration, proposal } = await certifyProposal(ctx, b, req.operator!);
    const answer = declared(done, proposal.market.family, declaration, {
      early_reason: proposal.early_reason ?? undefined,
    });
    return {
      ...answer,
      msg: `${answer.msg}; proposed by ${proposal.proposed_by}, certified by ${req.operator!.name}`,
      proposal,
    };
  });
  route(op, OP.rejectResult, async (b, req) => {
    const proposal = await rejectProposal(ctx, b, b.reason, req.operator!, kolkataIsoDate(clock.now()));
    return {
      status: true,
      msg: `Rejected: ${proposal.market.name} ${proposal.date} ${proposal.result_text} (proposed by ${proposal.proposed_by}): ${b.reason}. Nothing was published or settled.`,
      proposal,
    };
  });

  // A settlement job's progress and, once done, its summary (the console and the CLI follow it).
  route(op, OP.settlement, async (q) => {
    const job = await jobState(db, String(q.id));
    return { status: true, msg: jobText(job), job, summary: job.status === 'done' ? summaryOf(job) : null };
  });

  const preview = async (family: MarketFamily, ref: string, date: string, d: Declaration) => {
    const market = await findMarket(db, ref, family);
    const p: Preview = await previewDeclaration(db, market.id, date, d);
    const s = p.summary;
    const t = timingOf(market, d, date, clock.now());
    return {
      status: true as const,
      msg: `${p.market.name} ${p.date}: if declared ${shortResultText(family, p.result)}, ${counted(s.paid, 'winning bid')} would be paid ${formatPoints(s.paid_points)} points${
        s.reversed
          ? `; ${counted(s.reversed, 'earlier win')} (${formatPoints(s.reversed_points)} points) would be reversed`
          : ''
      }${
        p.uncovered.length
          ? `; ${counted(p.uncovered.length, 'player')} cannot cover the reversal (${p.uncovered
              .map((u) => `${u.mobile} short ${u.shortfall}`)
              .join(', ')}): their pending withdrawals are held`
          : ''
      }${t.early > 0 ? `. Early: ${t.what} is due at ${t.due}, ${howLong(t.early)} from now; declaring it now needs an owner's override with a reason` : ''}`,
      early: t.early > 0 ? { due: t.due, minutes_early: t.early } : null,
      market: p.market,
      date: p.date,
      result: p.result,
      result_text: shortResultText(family, p.result),
      winners_count: p.winners.length,
      total_payout: s.paid_points,
      winners: p.winners.slice(0, 100),
      uncovered: p.uncovered,
      summary: s,
      exposure: p.exposure,
    };
  };

  // The declared results of the last `days` days (30 by default), newest first, of one family or all.
  route(op, OP.resultHistory, async (q) => {
    const today = kolkataIsoDate(clock.now());
    const from = addDays(today, -((q.days ?? 30) - 1));
    const rows = await declaredResults(db, { from, to: today, family: q.family });
    const books = await sealedBooksBetween(db, from, today);
    const declarers = await declarersBetween(db, from, today);
    return {
      status: true,
      from,
      to: today,
      results: rows.map((r) => ({
        market_id: r.market_id,
        family: r.family,
        market: r.market,
        date: r.date,
        result_text: shortResultText(r.family, r),
        books: books.get(`${r.market_id}:${r.date}`) ?? [],
        declared: formatKolkataShort(r.declared_at),
        // the close result, or a correction, changes the row later
        changed: formatKolkataShort(r.updated_at),
        declared_by: declarers.get(`${r.market_id}:${r.date}`)?.declared_by ?? null,
        certified_by: declarers.get(`${r.market_id}:${r.date}`)?.certified_by ?? null,
      })),
    };
  });

  route(op, OP.declareResult, async (b, req) => {
    return declare(
      'regular',
      b.market,
      dayOf(b.date),
      { family: 'regular', session: b.session, pana: b.pana.trim() },
      b,
      req.operator!,
    );
  });
  route(op, OP.previewResult, async (b) => {
    return preview('regular', b.market, dayOf(b.date), { family: 'regular', session: b.session, pana: b.pana.trim() });
  });
  route(op, OP.declareStarline, async (b, req) => {
    return declare('starline', b.slot, dayOf(b.date), { family: 'starline', pana: b.pana.trim() }, b, req.operator!);
  });
  route(op, OP.previewStarline, async (b) => {
    return preview('starline', b.slot, dayOf(b.date), { family: 'starline', pana: b.pana.trim() });
  });
  route(op, OP.declareGali, async (b, req) => {
    return declare('gali', b.market, dayOf(b.date), { family: 'gali', jodi: b.jodi.trim() }, b, req.operator!);
  });
  route(op, OP.previewGali, async (b) => {
    return preview('gali', b.market, dayOf(b.date), { family: 'gali', jodi: b.jodi.trim() });
  });
};
