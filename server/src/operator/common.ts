/**
 * What every operator route group shares: parsing a request by its call's schema in the contract
 * (@matka/shared/contract/schemas, OPERATOR_REQUESTS).
 */
import type { z } from 'zod';
import { Refusal } from '../errors';

/** Parses an operator request body (or query) with its zod schema; 400 with the first issue otherwise. */
export function parse<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const r = schema.safeParse(data ?? {});
  if (!r.success) throw new Refusal(400, r.error.issues[0]?.message ?? 'Invalid request');
  return r.data;
}
