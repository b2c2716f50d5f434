/**
 * An answer as its schema declares it: a copy that holds only the fields the schema names, at every depth,
 * and the paths of the fields it had that no schema names. The server writes every answer through this
 * copy, so a field nobody declared (a column a query picked up, a secret on a row) never leaves it; the
 * test suites also fail an answer with an undeclared field, so the schema is what the server sends.
 *
 * It reads zod's own definitions (`schema._zod.def`), so it follows what the contract says: objects (their
 * shape), unions (a field any option declares), arrays, records, and the
 * wrappers around them (optional, nullable, default, readonly, pipes, lazy). What z.unknown(), z.any() or
 * z.custom() holds is its own, written as it is.
 */
import type { z } from 'zod';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: readonly z.ZodType[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  items?: readonly z.ZodType[];
  rest?: z.ZodType | null;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
};

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The schemas a value may be read by once the wrappers are off (a union's options, each of them). */
function alternatives(schema: z.ZodType, out: z.ZodType[] = [], depth = 0): z.ZodType[] {
  if (depth > 20) return out;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return alternatives(def.innerType, out, depth + 1);
  if (def.type === 'lazy' && def.getter) return alternatives(def.getter(), out, depth + 1);
  if (def.type === 'pipe' && def.in && def.out)
    // a transform's output is no schema: what is written is what its input declares
    return alternatives(defOf(def.out).type === 'transform' ? def.in : def.out, out, depth + 1);
  if (def.type === 'union' && def.options) {
    for (const o of def.options) alternatives(o, out, depth + 1);
    return out;
  }
  if (def.type === 'intersection' && def.left && def.right) {
    alternatives(def.left, out, depth + 1);
    alternatives(def.right, out, depth + 1);
    return out;
  }
  out.push(schema);
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** A schema that says nothing of the fields (z.unknown(), z.any(), z.custom()): what it holds is its own. */
const ANYTHING = new Set(['any', 'unknown', 'custom']);

/**
 * How to write a value read by some schemas, worked out once per schema and kept (an answer is written on
 * every request): what a list's items are read by, and each field's own writer.
 */
interface Writer {
  /** the value is written as it is (a schema that says nothing of its fields) */
  readonly whole: boolean;
  /** the items of a list; null: no schema reads it as a list */
  items(): Writer | null;
  /** a field's writer; undefined: no schema names it */
  field(key: string): Writer | undefined;
}

function writerOf(schemas: z.ZodType[]): Writer {
  const whole = schemas.some((s) => ANYTHING.has(defOf(s).type));
  let items: Writer | null | undefined;
  let fields: Map<string, Writer> | undefined;
  let record: Writer | null | undefined;
  const fieldSchemas = () => {
    const byKey = new Map<string, z.ZodType[]>();
    const records: z.ZodType[] = [];
    for (const s of schemas) {
      const def = defOf(s);
      if (def.type === 'object' && def.shape)
        for (const [k, f] of Object.entries(def.shape)) byKey.set(k, alternatives(f, byKey.get(k) ?? []));
      else if (def.type === 'record' && def.valueType) alternatives(def.valueType, records);
    }
    fields = new Map([...byKey].map(([k, list]) => [k, writerOf(list)]));
    record = records.length ? writerOf(records) : null;
  };
  return {
    whole,
    items() {
      if (items === undefined) {
        const elements: z.ZodType[] = [];
        for (const s of schemas) {
          const def = defOf(s);
          if (def.type === 'array' && def.element) alternatives(def.element, elements);
          else if (def.type === 'tuple') {
            for (const i of def.items ?? []) alternatives(i, elements);
            if (def.rest) alternatives(def.rest, elements);
          }
        }
        items = elements.length ? writerOf(elements) : null;
      }
      return items;
    },
    field(key) {
      if (!fields) fieldSchemas();
      return fields!.get(key) ?? record ?? undefined;
    },
  };
}

const WRITERS = new WeakMap<z.ZodType, Writer>();
function writerFor(schema: z.ZodType): Writer {
  let w = WRITERS.get(schema);
  if (!w) WRITERS.set(schema, (w = writerOf(alternatives(schema))));
  return w;
}

function walk(w: Writer, value: unknown, path: string, undeclared: string[] | null): unknown {
  if (w.whole) return value;
  if (Array.isArray(value)) {
    const items = w.items();
    if (!items) return value;
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++)
      out[i] = walk(items, value[i], undeclared ? `${path}[${i}]` : '', undeclared);
    return out;
  }
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const k in value) {
    if (k === '__proto__') continue; // never a field of an answer, and a copy must not take it as its prototype
    const v = value[k];
    const f = w.field(k);
    if (f) copy[k] = walk(f, v, undeclared ? (path ? `${path}.${k}` : k) : '', undeclared);
    else if (v !== undefined) undeclared?.push(path ? `${path}.${k}` : k);
  }
  return copy;
}

/**
 * The answer with only what `schema` declares; every field no schema names is listed in `undeclared` when
 * it is given. An open object (z.looseObject) lets a client read a deployed server's extra fields: what
 * this server writes is still only what it names.
 */
export function declaredOnly<T>(schema: z.ZodType, value: T, undeclared?: string[]): T {
  return walk(writerFor(schema), value, '', undeclared ?? null) as T;
}

/** The paths of the fields of `value` that `schema` does not name (`rows[0].secret`). */
export function undeclaredFields(schema: z.ZodType, value: unknown): string[] {
  const found: string[] = [];
  walk(writerFor(schema), value, '', found);
  return found;
}
