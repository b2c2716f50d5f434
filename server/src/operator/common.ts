/**
 * What every operator route group shares: a route registered from its call's declaration in the
 * contract (@matka/shared/contract OPERATOR_CALLS: its method and path), and a request parsed by its
 * call's schema (@matka/shared/contract/schemas OPERATOR_REQUESTS).
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import { OPERATOR_CALLS, type OperatorCall } from '@matka/shared/contract';
import { Refusal } from '../errors';

/** Registers the handler of an operator call at the method and path the contract declares for it. */
export function route(op: FastifyInstance, call: OperatorCall, handler: RouteHandlerMethod): void {
  const { method, path } = OPERATOR_CALLS[call];
  op.route({ method, url: path, handler });
}

/** Parses an operator request body (or query) with its zod schema; 400 with the first issue otherwise. */
export function parse<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const r = schema.safeParse(data ?? {});
  if (!r.success) throw new Refusal(400, r.error.issues[0]?.message ?? 'Invalid request');
  return r.data;
}
