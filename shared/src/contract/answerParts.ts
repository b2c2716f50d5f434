/**
 * The pieces every operator answer schema is made of (operatorAnswerSchemas.ts, resultSchemas.ts): what
 * every answer carries, an answer whose message says what was done, ids, counts and the family.
 */
import { z } from 'zod';
import { FAMILIES, type Family } from '../domain';

export const family = z.enum(FAMILIES as [Family, ...Family[]]);
/** ids of rows held as PostgreSQL bigint: text */
export const id = z.string();
export const count = z.number().int();

/** What every operator answer carries. */
export const ok = z.object({ status: z.literal(true), msg: z.string().optional() });
export const answer = <S extends z.ZodRawShape>(shape: S) => ok.extend(shape);
/** An answer whose message says what was done. */
export const done = answer({ msg: z.string() });
export const doneWith = <S extends z.ZodRawShape>(shape: S) => done.extend(shape);
