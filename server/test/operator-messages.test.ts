/**
 * Every refusal the console can show for a request's fields names the field as a person reads it:
 * no internal name ('val_1', 'early_reason', 'min_withdrawal') and a capital first letter. Each operator
 * request is tried empty, with every field of the wrong kind, and with every field an unlikely string.
 */
import { OPERATOR_REQUESTS } from '@matka/shared/contract/schemas';
import { z } from 'zod';
import { installSchemaMessages } from '../src/http/input';

installSchemaMessages();

const INTERNAL = /\b[a-z]+(?:_[a-z0-9]+)+\b/;

function objectOf(schema: z.ZodType): z.ZodObject | null {
  let s: unknown = schema;
  for (let i = 0; i < 5 && s; i++) {
    if (s instanceof z.ZodObject) return s;
    const def = (s as { def?: { in?: unknown; schema?: unknown; innerType?: unknown } }).def;
    s = def?.in ?? def?.schema ?? def?.innerType;
  }
  return null;
}

function messages(schema: z.ZodType, body: unknown): string[] {
  const r = schema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('operator requests refuse by labels', () => {
  const calls = Object.entries(OPERATOR_REQUESTS) as [string, z.ZodType][];

  it.each(calls)('%s', (_name, schema) => {
    const obj = objectOf(schema);
    const keys = obj ? Object.keys(obj.shape) : [];
    const tries: unknown[] = [{}, Object.fromEntries(keys.map((k) => [k, { x: 1 }]))];
    for (const k of keys) tries.push({ [k]: 'zz?' }, { [k]: -1.5 });
    const said = [...new Set(tries.flatMap((b) => messages(schema, b)))];
    const bad = said.filter((m) => INTERNAL.test(m) || !/^[A-Z0-9]/.test(m));
    expect(bad).toEqual([]);
  });
});
