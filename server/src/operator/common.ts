/**
 * What every operator route group shares: a route bound to its call by name. The call's declaration in
 * the contract gives its method and path (@matka/shared/contract OPERATOR_CALLS), its request schema
 * parses the body of a POST or the query of a GET before the handler runs (OPERATOR_REQUESTS), and its
 * answer schema types what the handler returns (OPERATOR_ANSWERS; the operator scope writes the answer
 * through it). A handler cannot read another call's request or answer another call's shape.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { OPERATOR_CALLS, type OperatorCall } from '@matka/shared/contract';
import {
  OPERATOR_REQUESTS,
  type OperatorCallWithAnswer,
  type OperatorCallWithRequest,
  type OperatorRequests,
} from '@matka/shared/contract/schemas';
import type { OPERATOR_ANSWERS } from '@matka/shared/contract/schemas';
import { Refusal } from '../errors';

/** What a call's handler is given: its request, parsed (nothing for a call that reads none). */
export type InputOf<C extends OperatorCall> = C extends OperatorCallWithRequest
  ? z.output<OperatorRequests[C]>
  : undefined;
/** A value as a handler may hold it before it is sent: a moment is a Date, which JSON writes as its ISO text. */
type Sendable<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? Sendable<U>[]
    : T extends object
      ? { [K in keyof T]: Sendable<T[K]> }
      : T;
/** What a call's handler returns: its declared answer, or the reply when it sent bytes itself. */
export type OutputOf<C extends OperatorCall> = C extends OperatorCallWithAnswer
  ? Sendable<z.input<(typeof OPERATOR_ANSWERS)[C]>>
  : FastifyReply;

export type OperatorHandler<C extends OperatorCall> = (
  input: InputOf<C>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<OutputOf<C>>;

const REQUESTS: Partial<Record<OperatorCall, z.ZodType>> = OPERATOR_REQUESTS;

/** Registers an operator call's handler at the method and path the contract declares for it. */
export function route<C extends OperatorCall>(op: FastifyInstance, call: C, handler: OperatorHandler<C>): void {
  const { method, path } = OPERATOR_CALLS[call];
  const schema = REQUESTS[call];
  op.route({
    method,
    url: path,
    handler: (req, reply) => {
      const input = schema ? parse(schema, method === 'GET' ? req.query : req.body) : undefined;
      return handler(input as InputOf<C>, req, reply);
    },
  });
}

/** Parses an operator request body (or query) with its zod schema; 400 with the first issue otherwise. */
export function parse<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const r = schema.safeParse(data ?? {});
  if (!r.success) throw new Refusal(400, r.error.issues[0]?.message ?? 'Invalid request');
  return r.data;
}
