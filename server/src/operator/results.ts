/**
 * Operator endpoints for markets and results: add / enable / disable a market; preview and declare a
 * regular market's open or close pana, a starline slot's pana, a Gali jodi. A declaration stores the
 * result and a settlement job, audited in the same short transaction; the job settles the bids of that
 * market and day in chunks (services/settlement-jobs). The answer waits for it at most SETTLE_WAIT_MS,
 * then carries the job's progress (GET /operator/settlement?id= follows it).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { MarketFamily } from '../db/types';
import { WEEKDAY_NAMES, formatRate, rateLabel, shortResultText } from '@matka/shared/domain';
import { addDays, formatKolkataShort, kolkataIsoDate, minutesToHHMM, parseHHMM } from '../services/clock';
import { correctsEarlier, drawMinute, minutesEarly, type Declaration } from '../services/settlement';
import { previewDeclaration, type Preview } from '../services/preview-sql';
import { jobState, storeDeclaration, type JobState, type StoredDeclaration } from '../services/settlement-jobs';
import { declaredResults } from '../services/results';
import {
  addMarket,
  findMarket,
  type FoundMarket,
  findMarketInFamilies,
  gameRates,
  lockMarket,
  setGameRate,
  updateMarket,
} from '../services/catalog';
import { audit } from '../services/audit';
import { familySchema, hhmm, isoDateSchema, parse } from './common';
import { Refusal } from '../errors';
import type { Actor } from '../services/operators';

const marketRef = z.union([z.string(), z.number()], { error: 'market is required' }).transform((v) => String(v));
const dateOpt = isoDateSchema.optional();
/** An owner's reason for declaring a result before its draw time (the override; audited). */
const earlyReason = z
  .string({ error: 'early_reason must be text' })
  .trim()
  .max(200, 'The reason is too long (max 200 characters)')
  .optional()
  .transform((v) => v || undefined);

/** '3 h 50 min' */
const howLong = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}` : `${minutes} min`;

const schemas = {
  regular: z.object({
    market: marketRef,
    session: z.enum(['open', 'close'], { error: 'session must be open or close' }),
    pana: z.string({ error: 'pana is required' }).max(10),
    date: dateOpt,
    early_reason: earlyReason,
  }),
  starline: z.object({
    slot: marketRef,
    pana: z.string({ error: 'pana is required' }).max(10),
    date: dateOpt,
    early_reason: earlyReason,
  }),
  gali: z.object({
    market: marketRef,
    jodi: z.string({ error: 'jodi is required' }).max(10),
    date: dateOpt,
    early_reason: earlyReason,
  }),
  add: z.object({
    family: familySchema.default('regular'),
    name: z
      .string({ error: 'market name is required' })
      .trim()
      .min(1, 'market name is required')
      .max(60, 'market name is too long')
      .regex(/^[\p{L}\p{N} .:'&_-]+$/u, "market name may only hold letters, digits, spaces and . : ' & _ -"),
    open: hhmm('open'),
    close: hhmm('close').optional(),
  }),
  toggle: z.object({ name: marketRef, family: familySchema.optional() }),
  offDays: z.object({
    market: marketRef,
    family: familySchema,
    days: z
      .array(z.number({ error: 'days must be weekday numbers 0 (Sunday) to 6 (Saturday)' }).int().min(0).max(6), {
        error: 'days must be a list of weekday numbers 0 (Sunday) to 6 (Saturday)',
      })
      .max(7)
      .refine((d) => new Set(d).size === d.length, 'each day may be given once')
      .refine((d) => d.length < 7, 'a market cannot be off every day: disable it instead'),
  }),
  rate: z.object({
    family: familySchema,
    rate_key: z.string({ error: 'rate_key is required' }).max(40),
    val_1: z.coerce
      .number({ error: 'val_1 must be a whole number' })
      .int('val_1 must be a whole number')
      .positive('val_1 must be more than 0')
      .max(10_000_000, 'val_1 is too large'),
    val_2: z.coerce
      .number({ error: 'val_2 must be a whole number' })
      .int('val_2 must be a whole number')
      .positive('val_2 must be more than 0')
      .max(100_000_000, 'val_2 is too large'),
  }),
  history: z.object({
    family: familySchema.optional(),
    days: z.coerce
      .number({ error: 'days must be a whole number' })
      .int()
      .min(1, 'days must be 1 to 92')
      .max(92, 'days must be 1 to 92')
      .optional(),
  }),
};

const dayNames = (days: readonly number[]) =>
  days.length
    ? [...days]
        .sort()
        .map((d) => WEEKDAY_NAMES[d])
        .join(', ')
    : 'none';

/** A finished job's summary, as a declaration answered it before settlement ran in chunks. */
function summaryOf(job: JobState) {
  return {
    bids: job.bids_total,
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
export function jobText(job: JobState): string {
  if (job.status === 'superseded')
    return `settlement stopped at ${job.bids_done} of ${job.bids_total} bids: a later declaration settles them`;
  if (job.status === 'running')
    return `settling ${job.bids_total} bids: ${job.bids_done} settled so far, ${job.paid} paid ${job.paid_points} points`;
  const s = summaryOf(job);
  return [
    `settled ${s.bids} bids: ${s.paid} paid ${s.paid_points} points`,
    s.reversed ? `${s.reversed} earlier wins reversed (${s.reversed_points} points)` : '',
    s.shortfall_points ? `${s.shortfall_points} points of reversed wins were no longer in the wallets` : '',
    s.withheld_points
      ? `${s.withheld_points} points of new wins kept back against earlier reversals that were not recovered`
      : '',
    s.pending ? `${s.pending} bids wait for the close result` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

export function registerResultOperatorRoutes(op: FastifyInstance, ctx: AppContext) {
  const { db, clock, config } = ctx;

  const dayOf = (date: string | undefined) => {
    const today = kolkataIsoDate(clock.now());
    const d = date ?? today;
    if (d > today) throw new Refusal(400, `Cannot declare a result for a future day (${d}; today is ${today})`);
    return d;
  };

  // ---------------------------------------------------------------- markets
  op.post('/market/add', async (req) => {
    const body = parse(schemas.add, req.body);
    const open = parseHHMM(body.open)!;
    const close = body.family === 'starline' ? open : body.close !== undefined ? parseHHMM(body.close)! : null;
    if (close === null) throw new Refusal(400, 'close time is required (HH:MM)');
    if (body.family === 'regular' && close <= open) throw new Refusal(400, 'close time must be after open time');
    const m = await db.transaction().execute(async (trx) => {
      const row = await addMarket(trx, {
        family: body.family,
        name: body.name,
        open_minute: open,
        close_minute: close,
      });
      await audit(trx, 'market add', `${row.family}:${row.name}`, body, null, {
        id: row.id,
        open: minutesToHHMM(open),
        close: minutesToHHMM(close),
      });
      return row;
    });
    await ctx.markets.invalidate();
    return {
      status: true,
      msg: `Added ${m.family} market ${m.name} (id ${m.id}), open ${minutesToHHMM(open)}, close ${minutesToHHMM(close)}`,
      market: { id: m.id, family: m.family, name: m.name, open: minutesToHHMM(open), close: minutesToHHMM(close) },
    };
  });

  const toggle = (active: boolean) => async (req: { body: unknown }) => {
    const body = parse(schemas.toggle, req.body);
    const m = await db.transaction().execute(async (trx) => {
      const found = await findMarketInFamilies(trx, body.name, body.family);
      await updateMarket(trx, found.id, { active }, clock.now());
      await audit(
        trx,
        active ? 'market enable' : 'market disable',
        `${found.family}:${found.name}`,
        body,
        { active: found.active },
        { active },
      );
      return found;
    });
    await ctx.markets.invalidate();
    return { status: true, msg: `${m.name} (${m.family}) is now ${active ? 'enabled' : 'disabled'}`, id: m.id };
  };
  op.post('/market/enable', toggle(true));
  op.post('/market/disable', toggle(false));

  // Weekly off days: the market takes no bid on them (the shared rule isOffDay) and its lists say closed.
  op.post('/market/off-days', async (req) => {
    const body = parse(schemas.offDays, req.body);
    const days = [...body.days].sort();
    const m = await db.transaction().execute(async (trx) => {
      const found = await findMarket(trx, body.market, body.family);
      const before = await lockMarket(trx, found.id);
      await updateMarket(trx, found.id, { off_days: days }, clock.now());
      await audit(
        trx,
        'market off-days',
        `${found.family}:${found.name}`,
        body,
        { off_days: before.off_days },
        { off_days: days },
      );
      return found;
    });
    await ctx.markets.invalidate();
    return { status: true, msg: `${m.name} (${m.family}) is off on: ${dayNames(days)}`, off_days: days };
  });

  // ---------------------------------------------------------------- rates
  op.get('/rates', async () => {
    const rows = await gameRates(db);
    return { status: true, rates: rows.map((r) => ({ ...r, val_1: Number(r.val_1), val_2: Number(r.val_2) })) };
  });

  // A rate pair 'val_1 - val_2': a bid of val_1 points wins val_2. Only the pairs that exist change.
  op.post('/rates/set', async (req) => {
    const body = parse(schemas.rate, req.body);
    await db.transaction().execute(async (trx) => {
      const old = await setGameRate(trx, body);
      await audit(trx, 'rates set', `${body.family}:${body.rate_key}`, body, old, {
        val_1: body.val_1,
        val_2: body.val_2,
      });
    });
    await ctx.markets.invalidate();
    return {
      status: true,
      msg: `${body.family} ${rateLabel(body.family, body.rate_key)}: ${formatRate(body.val_1, body.val_2)}`,
    };
  });

  // ---------------------------------------------------------------- results
  /** The draw time of a declaration and how early it comes now (0: on time). */
  const timing = (market: FoundMarket, d: Declaration, date: string) => {
    const early = minutesEarly(market, d, date, clock.now());
    const session = d.family === 'regular' ? `${d.session} ` : '';
    return { early, due: `${minutesToHHMM(drawMinute(market, d))} IST`, what: `${market.name}'s ${session}result` };
  };

  const declare = async (
    family: MarketFamily,
    ref: string,
    date: string,
    d: Declaration,
    params: { early_reason?: string },
    actor: Actor,
  ) => {
    const market = await findMarket(db, ref, family);
    const action = `${family === 'regular' ? 'result' : family} declare`;
    // A result before its draw settles bids and closes betting early: only an owner, with a reason.
    const t = timing(market, d, date);
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
        await audit(
          db,
          action,
          `${family}:${market.name} ${date}`,
          params,
          null,
          { refused: refusal.message, minutes_early: t.early },
          false,
        );
        throw refusal;
      }
    }
    // The result and its job, in one short transaction (the market's bids wait only for this).
    const out: StoredDeclaration = await db.transaction().execute(async (trx) => {
      const o = await storeDeclaration(trx, market.id, date, d, clock.now(), actor.name);
      // the audit row keeps the override: its reason is in the params, how early in what it did
      await audit(trx, action, `${family}:${market.name} ${date}`, params, o.before, {
        ...o.result,
        job: o.job.id,
        bids: o.job.bids_total,
        ...(t.early > 0 ? { minutes_early: t.early } : {}),
      });
      return o;
    });
    await ctx.markets.invalidate(); // home / starline / Gali lists and the charts show it at once
    // the bids settle in chunks; the answer waits a moment for them, then tells the progress
    const job = await ctx.settlement.waitFor(out.job.id, config.settleWaitMs);
    const text = shortResultText(family, out.result);
    // what happened: a first declaration says nothing more; a change of this session's result is a correction
    const label = !out.changed ? ' (unchanged)' : correctsEarlier(out.before, d) ? ' (corrected)' : '';
    const head = `${out.market.name} ${out.date}: ${text}${label}${t.early > 0 ? ` (declared ${howLong(t.early)} before its draw at ${t.due}: ${params.early_reason})` : ''}`;
    return {
      status: true,
      msg: [head, jobText(job)].join('; '),
      market: out.market,
      date: out.date,
      result: out.result,
      result_text: text,
      changed: out.changed,
      corrected: out.changed && correctsEarlier(out.before, d),
      early: t.early > 0,
      job,
      summary: job.status === 'done' ? summaryOf(job) : null,
    };
  };

  // A settlement job's progress and, once done, its summary (the console and the CLI follow it).
  op.get('/settlement', async (req) => {
    const q = parse(z.object({ id: z.coerce.number().int().positive('id must be a job id') }), req.query);
    const job = await jobState(db, String(q.id));
    return { status: true, msg: jobText(job), job, summary: job.status === 'done' ? summaryOf(job) : null };
  });

  const preview = async (family: MarketFamily, ref: string, date: string, d: Declaration) => {
    const market = await findMarket(db, ref, family);
    const p: Preview = await previewDeclaration(db, market.id, date, d);
    const s = p.summary;
    const t = timing(market, d, date);
    return {
      status: true,
      msg: `${p.market.name} ${p.date}: if declared ${shortResultText(family, p.result)}, ${s.paid} winning bids would be paid ${s.paid_points} points${
        s.reversed ? `; ${s.reversed} earlier wins (${s.reversed_points} points) would be reversed` : ''
      }${t.early > 0 ? `. Early: ${t.what} is due at ${t.due}, ${howLong(t.early)} from now; declaring it now needs an owner's override with a reason` : ''}`,
      early: t.early > 0 ? { due: t.due, minutes_early: t.early } : null,
      market: p.market,
      date: p.date,
      result: p.result,
      result_text: shortResultText(family, p.result),
      winners_count: p.winners.length,
      total_payout: s.paid_points,
      winners: p.winners.slice(0, 100),
      summary: s,
      exposure: p.exposure,
    };
  };

  // The declared results of the last `days` days (30 by default), newest first, of one family or all.
  op.get('/result/history', async (req) => {
    const q = parse(schemas.history, req.query);
    const today = kolkataIsoDate(clock.now());
    const from = addDays(today, -((q.days ?? 30) - 1));
    const rows = await declaredResults(db, { from, to: today, family: q.family });
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
        declared: formatKolkataShort(r.declared_at),
        // the close result, or a correction, changes the row later
        changed: formatKolkataShort(r.updated_at),
      })),
    };
  });

  op.post('/result/declare', async (req) => {
    const b = parse(schemas.regular, req.body);
    return declare(
      'regular',
      b.market,
      dayOf(b.date),
      { family: 'regular', session: b.session, pana: b.pana.trim() },
      b,
      req.operator!,
    );
  });
  op.post('/result/preview', async (req) => {
    const b = parse(schemas.regular, req.body);
    return preview('regular', b.market, dayOf(b.date), { family: 'regular', session: b.session, pana: b.pana.trim() });
  });
  op.post('/starline/declare', async (req) => {
    const b = parse(schemas.starline, req.body);
    return declare('starline', b.slot, dayOf(b.date), { family: 'starline', pana: b.pana.trim() }, b, req.operator!);
  });
  op.post('/starline/preview', async (req) => {
    const b = parse(schemas.starline, req.body);
    return preview('starline', b.slot, dayOf(b.date), { family: 'starline', pana: b.pana.trim() });
  });
  op.post('/gali/declare', async (req) => {
    const b = parse(schemas.gali, req.body);
    return declare('gali', b.market, dayOf(b.date), { family: 'gali', jodi: b.jodi.trim() }, b, req.operator!);
  });
  op.post('/gali/preview', async (req) => {
    const b = parse(schemas.gali, req.body);
    return preview('gali', b.market, dayOf(b.date), { family: 'gali', jodi: b.jodi.trim() });
  });
}
