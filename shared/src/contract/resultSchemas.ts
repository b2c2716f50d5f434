/**
 * Results and their settlement as the operator API answers them (preview, declaration, history, a job's
 * progress), and certification: with it on, a declaration is a proposal that a second operator certifies
 * or rejects. Requests and answers declared once, for the server, the console and the CLI.
 */
import { z } from 'zod';
import { SealedBookSchema } from './verifySchemas';
import { answer, count, doneWith, family, id } from './answerParts';

/** The points a settlement moves (a chunk's, a job's, a declaration's). */
export const SettledPointsSchema = z.object({
  paid: count,
  paid_points: z.number(),
  reversed: count,
  reversed_points: z.number(),
  /** points of reversed wins the wallets no longer held (recorded on the bids; reported, never negative) */
  shortfall_points: z.number(),
  /** points of new wins kept back against earlier unrecovered reversals of the same bids */
  withheld_points: z.number(),
});

/** The bids a declaration settles, and the points it moves. */
export const SettleSummarySchema = SettledPointsSchema.extend({ bids: count, lost: count, pending: count });

/** A declaration's settlement job: progress while it runs, then done. */
export const SettlementJobSchema = SettledPointsSchema.extend({
  id,
  status: z.enum(['running', 'done', 'superseded']),
  /** the bids it settles; null until its first step has counted them */
  bids_total: count.nullable(),
  bids_done: count,
  /** the market and the day (YYYY-MM-DD) it settles */
  market_id: z.number(),
  date: z.string(),
  /** the day's bids it left lost and pending: null until its last step has counted them */
  lost: count.nullable(),
  pending: count.nullable(),
});

/** One winning bid of a previewed result. */
export const WinnerSchema = z.object({
  bid_id: id,
  mobile: z.string(),
  bet: z.string(),
  session: z.string(),
  digits: z.string(),
  closedigits: z.string(),
  points: z.number(),
  win_amount: z.number(),
});

/**
 * A player a correction's reversals would leave short: the wins it takes back are more than the wallet
 * (with what the correction newly pays them) holds. Their pending withdrawals are held for the shortfall.
 */
export const UncoveredSchema = z.object({
  mobile: z.string(),
  name: z.string(),
  /** points of wins the correction reverses */
  reversed: z.number(),
  /** the wallet now, and what the correction newly pays them */
  wallet: z.number(),
  gained: z.number(),
  /** what the reversal cannot take */
  shortfall: z.number(),
  /** points in pending withdrawals (not yet held), which the shortfall would hold */
  pending_withdrawals: z.number(),
});

const atStake = <K extends string>(key: K) =>
  z.array(z.object({ [key]: z.string(), points: z.number() } as { [P in K]: z.ZodString } & { points: z.ZodNumber }));

/** The points at stake on a market's open bids, by what the result could be. */
export const ExposureSchema = z.object({
  /** pending bids that the declared session can still settle, and their points */
  bids: count,
  points: z.number(),
  by_digit: z.record(z.string(), z.number()),
  by_pana: atStake('pana'),
  by_jodi: atStake('jodi'),
  /** Half / Full Sangam bids by 'open-close' */
  by_sangam: atStake('sangam'),
  /** the candidate results that would pay the most, with that payout */
  riskiest: z.array(z.object({ result: z.string(), payout: z.number() })),
});

const resultMarket = z.object({ id: count, name: z.string(), family });
/** a result's panas, digits and jodi as stored: null where its family or its day has none (yet) */
const resultFields = z.object({
  open_pana: z.string().nullable(),
  open_digit: z.string().nullable(),
  close_pana: z.string().nullable(),
  close_digit: z.string().nullable(),
  jodi: z.string().nullable(),
});

/** What declaring a result would do: its winners, what it reverses, the exposure, whether it is early. */
export const PreviewSchema = doneWith({
  market: resultMarket,
  date: z.string(),
  result: resultFields,
  result_text: z.string(),
  winners_count: count,
  total_payout: z.number(),
  /** the first 100 winners */
  winners: z.array(WinnerSchema),
  /** a correction: the players whose wallets cannot cover the wins it reverses */
  uncovered: z.array(UncoveredSchema),
  summary: SettleSummarySchema,
  exposure: ExposureSchema,
  /** the result is declared before its draw: when it is due and how early (needs an owner's reason) */
  early: z.object({ due: z.string(), minutes_early: z.number() }).nullable(),
});

/** A declaration: the result stored and its settlement job (the summary once the job is done). */
export const DeclarationSchema = doneWith({
  market: resultMarket,
  date: z.string(),
  result: resultFields,
  result_text: z.string(),
  changed: z.boolean(),
  corrected: z.boolean(),
  early: z.boolean(),
  books: z.array(SealedBookSchema), // the sealed books of the sessions it ends, whose bids it settles
  job: SettlementJobSchema,
  summary: SettleSummarySchema.nullable(),
});

export const DeclaredResultSchema = z.object({
  market_id: count,
  family,
  market: z.string(),
  date: z.string(),
  result_text: z.string(),
  books: z.array(SealedBookSchema), // the sealed books its sessions were declared against
  declared: z.string(),
  changed: z.string(),
  /** who declared it (or proposed it), and who certified it (null: declared without certification) */
  declared_by: z.string().nullable(),
  certified_by: z.string().nullable(),
});

// ------------------------------------------------------------------ certification by a second operator

const when = z.string();
/** A proposed result, waiting for a second operator or decided. */
export const ProposalSchema = z.object({
  id,
  market: resultMarket,
  date: z.string(),
  /** the part it declares: a regular market's open or close; 'open' for a Starline slot or a Gali market */
  session: z.enum(['open', 'close']),
  /** what it declares ('128', a Gali jodi '47') and how the result would read ('128-1') */
  value: z.string(),
  result_text: z.string(),
  early_reason: z.string().nullable(),
  proposed_by: z.string(),
  proposed_at: when,
  /** 'void': it waited across a change of the certification setting, and is proposed again */
  status: z.enum(['pending', 'certified', 'rejected', 'void']),
  decided_by: z.string().nullable(),
  decided_at: when.nullable(),
  /** why it was rejected, or made void */
  reason: z.string().nullable(),
  /** a waiting proposal's effect now: winners and payout, what it reverses, who cannot cover it */
  preview: z
    .object({
      msg: z.string(),
      winners_count: count,
      total_payout: z.number(),
      reversed: count,
      reversed_points: z.number(),
      uncovered: count,
    })
    .nullable(),
});

/** Whether declarations need a second operator, and what turned it on. */
export const CertificationSchema = z.object({
  on: z.boolean(),
  /** 'server': RESULT_CERTIFICATION=on in the server's configuration (the console cannot turn it off) */
  by: z.enum(['server', 'setting']).nullable(),
});

const proposalRef = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String).optional(),
    family: family.optional(),
    market: z.union([z.string(), z.number()]).transform(String).optional(),
    session: z.enum(['open', 'close'], { error: 'session must be open or close' }).optional(),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
      .optional(),
  })
  .refine((r) => r.id !== undefined || r.market !== undefined, {
    message: "Give the proposal's id, or its market (and its session for a regular market)",
  });

/**
 * A certification names one proposal by its id and the value its certifier was shown: a proposal rejected
 * and proposed again with another value in between is not certified in its place.
 */
const certifyRef = z.object({
  id: z
    .union([z.string(), z.number()], { error: "Give the proposal's id" })
    .transform(String)
    .pipe(z.string().regex(/^\d{1,18}$/, "Give the proposal's id")),
  value: z
    .string({ error: 'Give the value you certify (the pana or jodi shown with the proposal)' })
    .trim()
    .regex(/^(\d{3}|\d{2})$/, 'The value is a pana of 3 digits or a jodi of 2, as the proposal shows it'),
});

export const CERTIFY_REQUESTS = {
  proposals: z.object({}),
  certifyResult: certifyRef,
  rejectResult: proposalRef.and(
    z.object({
      reason: z
        .string({ error: 'A reason is required' })
        .trim()
        .min(3, 'Give a reason of at least 3 characters')
        .max(200, 'The reason is too long (max 200 characters)'),
    }),
  ),
} as const;

/** A declaration with certification on: the proposal stored, waiting for a second operator. */
export const ProposedSchema = doneWith({ proposed: z.literal(true), proposal: ProposalSchema });
/** A declare call's answer: the result declared and settling, or (certification on) proposed. */
const declared = z.union([DeclarationSchema.extend({ proposed: z.literal(false) }), ProposedSchema]);

export const RESULT_ANSWERS = {
  previewResult: PreviewSchema,
  declareResult: declared,
  previewStarline: PreviewSchema,
  declareStarline: declared,
  previewGali: PreviewSchema,
  declareGali: declared,
  resultHistory: answer({ from: z.string(), to: z.string(), results: z.array(DeclaredResultSchema) }),
  settlement: doneWith({ job: SettlementJobSchema, summary: SettleSummarySchema.nullable() }),
  proposals: answer({ certification: CertificationSchema, proposals: z.array(ProposalSchema) }),
  /** the proposal certified: declared and settling, as a declaration without certification answers */
  certifyResult: DeclarationSchema.extend({ proposed: z.literal(false), proposal: ProposalSchema }),
  rejectResult: doneWith({ proposal: ProposalSchema }),
} as const;
