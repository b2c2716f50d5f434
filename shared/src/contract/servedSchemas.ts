/**
 * The requests and answers of the served routes that carry JSON (served.ts): what /openapi.json says of
 * them and what their tests parse them with.
 */
import { z } from 'zod';
import type { ServedSchemaKey } from './served';
import { FamilyHealthSchema } from './familySchemas';
import { LiveEventSchema } from './liveSchemas';
import { RefusalSchema } from './answerSchemas';

const ok = { status: z.literal(true), msg: z.string() };

export const PaymentDataAnswerSchema = z.object({
  ...ok,
  payment_data: z.object({
    step1: z.string(),
    step2: z.string(),
    step3: z.string(),
    step4: z.string(),
    /** always empty: where to pay is shown only once a request is accepted */
    upi: z.literal(''),
    qr: z.literal(''),
  }),
});

/** The multipart form of a payment slip: the envelope's fields, the request's id and the image. */
export const PaymentSlipFormSchema = z.object({
  app_key: z.string(),
  unique_token: z.string(),
  fund_request_id: z.string().regex(/^\d{1,18}$/),
  /** the screenshot: a PNG, JPEG or WebP image */
  payment_slip: z.string().meta({ format: 'binary' }),
});

export const PaymentSlipAnswerSchema = z.object({ ...ok, request_status: z.literal('0') });

export const LiveRequestSchema = z.object({
  app_key: z.string(),
  /** or `Authorization: Bearer <token>` */
  unique_token: z.string().optional(),
  /** or the `Last-Event-ID` header: replays what a reconnecting client missed */
  last_event_id: z.string().optional(),
});

/** /remotes.json: each family's entry URL, and the release of each family served from this server. */
export const RemotesAnswerSchema = z.object({
  regular: z.string(),
  starline: z.string(),
  gali: z.string(),
  wallet: z.string(),
  releases: z.record(z.string(), z.string()),
});

export const FamilyHealthAnswerSchema = z.object({ status: z.literal(true), counted: z.number() });

export const HealthAnswerSchema = z.object({ status: z.enum(['ok', 'error']), db: z.string().optional() });

export const ReadyAnswerSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  db: z.string().optional(),
  migrations: z.number().optional(),
  problems: z.array(z.string()).optional(),
  db_role: z.record(z.string(), z.unknown()).optional(),
});

export const RuntimeConfigSchema = z.object({
  apiBase: z.string(),
  appKey: z.string(),
  appDownloadUrl: z.string(),
  otpLength: z.number(),
});

/** A refused original route: status false, its text and code, and the lists an app reads, empty. */
export const RefusedOriginalSchema = RefusalSchema;

/** Each served route's request (a body, or a multipart form) and answer. */
export const SERVED_SCHEMAS: {
  readonly [K in ServedSchemaKey]: { readonly request?: z.ZodType; readonly answer: z.ZodType };
} = {
  paymentData: { answer: PaymentDataAnswerSchema },
  paymentSlip: { request: PaymentSlipFormSchema, answer: PaymentSlipAnswerSchema },
  live: { request: LiveRequestSchema, answer: LiveEventSchema },
  remotes: { answer: RemotesAnswerSchema },
  familyHealth: { request: FamilyHealthSchema, answer: FamilyHealthAnswerSchema },
  ready: { answer: ReadyAnswerSchema },
  health: { answer: HealthAnswerSchema },
  runtimeConfig: { answer: RuntimeConfigSchema },
  refusedOriginal: { answer: RefusedOriginalSchema },
};
