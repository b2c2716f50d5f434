/**
 * Input that never reaches a handler as something odd: JSON bodies are checked for nesting depth
 * before they are parsed (a 240 KB `[[[…]]]` is refused, not recursed into), `__proto__` keys are
 * refused, and every schema error that has no message of its own gets one written for a person.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';

const MAX_JSON_DEPTH = 32;
const MSG_TOO_DEEP = 'Request body is nested too deeply';
const MSG_BAD_JSON = 'Invalid JSON body';
/** PostgreSQL text cannot hold NUL: a body that carries one is refused before anything reads it. */
export const MSG_NUL = 'Invalid characters in request';

/** Deepest nesting of arrays / objects in a JSON text (strings skipped); stops counting past `limit`. */
function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 91 || c === 123 /* [ { */) {
      depth++;
      if (depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

const badRequest = (msg: string) => Object.assign(new Error(msg), { statusCode: 400 }) as FastifyError;

/** Parses a JSON body: depth first, then JSON.parse refusing `__proto__` keys. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw badRequest(MSG_TOO_DEEP);
  // JSON can only carry NUL escaped
  if (text.includes('\\u0000')) throw badRequest(MSG_NUL);
  try {
    // A key can only be __proto__ if the text spells it, plainly or with \u escapes: only then is the
    // (several times slower) reviver needed.
    if (!text.includes('__proto__') && !text.includes('\\u')) return JSON.parse(text);
    return JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__') throw badRequest('Invalid request');
      return value;
    });
  } catch (err) {
    if ((err as FastifyError).statusCode === 400) throw err;
    throw badRequest(MSG_BAD_JSON);
  }
}

/** The JSON parsers of the app (application/json, and text/plain that legacy clients send JSON as). */
export function registerJsonParsers(app: FastifyInstance) {
  for (const type of ['application/json', 'text/plain']) {
    app.removeContentTypeParser(type);
    app.addContentTypeParser(type, { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, parseJsonBody(body as string));
      } catch (err) {
        done(err as FastifyError, undefined);
      }
    });
  }
}

const label = (path: readonly PropertyKey[]): string => {
  const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  if (!last) return 'The request';
  const words = last.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * zod's messages for the issues our schemas give no message of their own ("Invalid input: expected
 * string, received number" is not for a person): '<Field> is required', '<Field> is not valid', '<Field>
 * is too long'.
 */
export function installSchemaMessages() {
  z.config({
    customError: (iss) => {
      const what = label(iss.path ?? []);
      switch (iss.code) {
        case 'invalid_type':
          return iss.input === undefined || iss.input === null ? `${what} is required` : `${what} is not valid`;
        case 'too_big':
          return iss.origin === 'string' || iss.origin === 'array' ? `${what} is too long` : `${what} is too large`;
        case 'too_small':
          return iss.origin === 'string' && iss.minimum === 1 ? `${what} is required` : `${what} is too small`;
        case 'unrecognized_keys':
          return `Unknown field: ${iss.keys.join(', ')}`;
        default:
          return `${what} is not valid`;
      }
    },
  });
}
