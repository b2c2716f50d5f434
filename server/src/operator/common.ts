/** What every operator route group shares: request parsing and the schemas of common fields. */
import { z } from 'zod';
import { FAMILIES, PHONE_RE, parseIsoDate, type Family } from '@matka/shared/domain';
import { parseHHMM } from '../services/clock';
import { Refusal } from '../errors';

/** A market family in a request. */
export const familySchema = z.enum(FAMILIES as [Family, ...Family[]], {
  error: `family must be ${FAMILIES.join(', ').replace(/, (?=[^,]*$)/, ' or ')}`,
});

export const mobileSchema = z
  .string({ error: 'mobile is required' })
  .regex(PHONE_RE, 'mobile must be 10 digits starting 6-9');
export const hhmm = (what: string) =>
  z
    .string({ error: `${what} time is required (HH:MM)` })
    .refine((s) => parseHHMM(s) !== null, `${what} time must be HH:MM (24-hour)`);

/** Parses an operator request body (or query) with a zod schema; 400 with the first issue otherwise. */
export function parse<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const r = schema.safeParse(data ?? {});
  if (!r.success) throw new Refusal(400, r.error.issues[0]?.message ?? 'Invalid request');
  return r.data;
}

/** A request id from the URL or body: a positive whole number, as a number or plain decimal digits ('0x10', true: no). */
export const idSchema = z
  .union(
    [z.number({ error: 'id must be a whole number' }), z.string().regex(/^\d{1,15}$/, 'id must be a whole number')],
    {
      error: 'id must be a whole number',
    },
  )
  .transform((v) => Number(v))
  .pipe(
    z
      .number()
      .int('id must be a whole number')
      .positive('id must be a whole number')
      .max(Number.MAX_SAFE_INTEGER, 'id too large'),
  );

/** 'YYYY-MM-DD' (a real calendar day). */
export const isoDateSchema = z
  .string({ error: 'date must be YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
  .refine((s) => parseIsoDate(s) !== null, 'date must be a real day (YYYY-MM-DD)');

/** A market by its name or id, as a request gives it. */
export const marketRef = z.union([z.string(), z.number()], { error: 'market is required' }).transform((v) => String(v));

/** A queue's filter: one status (pending by default) or all, and how many rows. */
export const listQuery = z.object({
  status: z
    .enum(['pending', 'approved', 'rejected', 'all'], { error: 'status must be pending, approved, rejected or all' })
    .optional(),
  limit: z.coerce.number().int().positive().max(1000).optional(),
});

/** A decision on a request: its id and the operator's reason. */
export const decision = z.object({ id: idSchema, reason: z.string().max(200).optional() });
