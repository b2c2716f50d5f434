import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PHONE_RE, isoDateText, parseHistoryDate, parseIsoDate, SERVER_TEXTS } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { sha256 } from '../services/passwords';
import type { AuthUser, CachedUser } from '../services/usercache';
import { Refusal } from '../errors';
import { localize, requestLanguage, type Lang } from './language';
import {
  CALLS,
  callSpec,
  isCallName,
  type AnswerOf,
  type CallName,
  type Dialect,
  type RequestOf,
} from '@matka/shared/contract';
import { adaptAnswer, adaptRequest, answerAdapted, dialectOfKey } from './dialects';

// the handlers take these from here; their owners are the token cache and the errors module

export type { AuthUser } from '../services/usercache';
export { Refusal, refusal } from '../errors';

/** The player API's envelope of a refusal: {status:false, msg}. */
const refusalBody = (
  msg: string,
  req?: FastifyRequest,
  user?: AuthUser | null,
  extra: Record<string, unknown> = {},
) => ({
  ...extra,
  status: false as const,
  msg: req ? localize(msg, answerLanguage(req, user)) : msg,
});

/**
 * The language of a call's refusals: the account's, when the call has one and the player chose it in
 * our app; else the request's Accept-Language (Hindi or Marathi before English); else English.
 */
export function answerLanguage(req: FastifyRequest, user?: AuthUser | null): Lang | null {
  const chosen = user?.language;
  if (chosen === 'hi' || chosen === 'mr') return chosen;
  if (chosen === 'en') return null;
  return requestLanguage(req);
}

export const MSG_BAD_APP_KEY = 'Invalid app key';
export const MSG_BAD_TOKEN = SERVER_TEXTS.sessionExpired;
const MSG_BAD_REQUEST = 'Invalid request';

/**
 * An answer that is sent with an ETag (the polled lists): a request whose If-None-Match carries it gets
 * 304 and no body. `version` is a short text that changes whenever the answer does (the list's hash and
 * the player's fields), hashed for the ETag instead of the whole answer.
 */
export class Tagged<T extends object = object> {
  constructor(
    readonly body: T,
    readonly version: string,
  ) {}

  get etag(): string {
    return `W/"${hash('sha1', this.version, 'base64url').slice(0, 22)}"`;
  }
}

/** Sets the answer's ETag; true when the request already holds this answer (then 304, no body). */
function notModified(req: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag);
  return req.headers['if-none-match'] === etag;
}

export interface CallArgs<T> {
  body: T;
  /** the dialect of the request's app key (http/dialects.ts): a handler needs it only for its own fields */
  dialect: Dialect;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** The handler's player: always there for a call the contract says needs the token, else maybe. */
type UserOf<N extends CallName> = [(typeof CALLS)[N]['auth']] extends [true] ? AuthUser : AuthUser | null;

type Json = Record<string, unknown>;

/** The hash a token is stored and cached under; null for a value that cannot be a token. */
export function tokenHash(token: unknown): string | null {
  if (typeof token !== 'string' || !/^[0-9a-f]{64}$/i.test(token)) return null;
  return sha256(token.toLowerCase());
}

/**
 * Looks up a live token; null when missing, unknown, revoked or expired. Served from ctx.users (a short
 * in-memory cache, invalidated by every change of the account) when it can be.
 */
export async function userForToken(ctx: AppContext, token: unknown): Promise<AuthUser | null> {
  const hash = tokenHash(token);
  if (hash === null) return null;
  const cached = ctx.users.get(hash);
  if (cached) return cached;
  const started = ctx.users.begin();
  // Every request whose account changed since it was cached comes here (a bid, a transfer): a prepared
  // statement, not a query built per call.
  const [row] = await ctx.database.prepared<CachedUser & { token_id: string; expires_at: Date | string }>(
    'user_for_token',
    `SELECT u.id, u.mobile, u.name, u.betting_status, u.wallet, u.language, t.id AS token_id, t.expires_at
       FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2 AND u.blocked_at IS NULL`,
    [hash, ctx.clock.now()],
  );
  if (!row) return null;
  const { expires_at, token_id, ...user } = row;
  ctx.users.fill(started, hash, token_id, new Date(expires_at), user);
  return { ...user, token_id };
}

/**
 * The origin absolute links to this server start with: PUBLIC_URL when set, else the request's protocol
 * and host (X-Forwarded-* only when TRUST_PROXY trusts the proxy). A host that is not a plain
 * host[:port] gives '' (the links stay relative rather than carry odd text).
 */
export function publicBase(ctx: AppContext, req: FastifyRequest): string {
  return originFor(ctx.config, req.host, req.protocol);
}

/** publicBase of a request's Host header and protocol, as the request reached this server. */
export function originFor(config: Pick<AppContext['config'], 'publicUrl'>, host: unknown, protocol: string): string {
  if (config.publicUrl) return config.publicUrl;
  const proto = protocol === 'https' ? 'https' : 'http';
  if (typeof host !== 'string' || !/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(host)) return '';
  return `${proto}://${host}`;
}

function firstIssue(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return MSG_BAD_REQUEST;
  return issue.message || MSG_BAD_REQUEST;
}

/**
 * Registers POST /api/<name> for a call of the contract (@matka/shared/contract): checks the JSON object
 * body, app_key (401), the token when the contract says the call needs it (401), the zod schema (400),
 * then runs the handler; the handler's return value is the 200 body, a Refusal it throws (or a service
 * throws) is answered {status:false,msg} with the Refusal's status.
 */
type SameKeys<A, B> = [Exclude<A, B>] extends [never] ? ([Exclude<B, A>] extends [never] ? true : false) : false;

/**
 * The schema reads exactly the fields the contract's request of the call declares (RequestOf): else
 * `opts` asks for a property that names both lists, and the call does not compile.
 */
export type FieldsAgree<N extends CallName, S> =
  SameKeys<SchemaFields<S>, keyof RequestOf<N> & string> extends true
    ? unknown
    : { schemaFieldsDifferFromTheContract: { schema: SchemaFields<S>; contract: keyof RequestOf<N> } };
/** The fields an object schema reads (its shape's keys). */
type SchemaFields<S> = S extends { shape: infer Shape } ? keyof Shape & string : never;

/** Each call's request schema, as its route validates it (the OpenAPI document reads them: http/openapi.ts). */
export const DECLARED_SCHEMAS = new Map<CallName, z.ZodType>();

export function defineCall<N extends CallName, S extends z.ZodType<Json>>(
  app: FastifyInstance,
  ctx: AppContext,
  name: N,
  // the body's schema: the fields of the contract's request, their values checked with the spec's messages
  opts: { schema: S } & FieldsAgree<N, S>,
  // the 200 answer: the contract's answer of the call (checked here at compile time), or its JSON text
  handler: (args: CallArgs<z.output<S>> & { user: UserOf<N> }) => Promise<AnswerOf<N> | Tagged<AnswerOf<N>>>,
): void {
  if (!isCallName(name)) throw new Error(`${name} is not a call of @matka/shared/contract: declare it there`);
  DECLARED_SCHEMAS.set(name, opts.schema);
  const auth = callSpec(name).auth;
  const keyless = callSpec(name).keyless === true;
  app.post(`/api/${name}`, async (req, reply) => {
    const raw = req.body;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      return reply.code(400).send(refusalBody('Request body must be a JSON object'));
    }
    // (a NUL anywhere in the body was refused by the body parser: http/input.ts)
    // the app key names the dialect of the contract its app speaks (http/dialects.ts); the bootstrap
    // call that gives a deployed app its key carries none
    const dialect = keyless ? 'spec' : dialectOfKey(ctx.config, (raw as Json).app_key);
    if (!dialect) return reply.code(401).send(refusalBody(MSG_BAD_APP_KEY, req));
    const envelope = adaptRequest(dialect, name, raw as Json);
    let user: AuthUser | null = null;
    if (auth) {
      user = await userForToken(ctx, envelope.unique_token);
      if (!user) return reply.code(401).send(refusalBody(MSG_BAD_TOKEN, req));
    }
    const parsed = opts.schema.safeParse(envelope);
    if (!parsed.success) return reply.code(400).send(refusalBody(firstIssue(parsed.error), req, user));
    let out: unknown;
    try {
      out = await handler({ body: parsed.data, user: user as UserOf<N>, req, reply, dialect });
    } catch (err) {
      // the one refusal style: a service or the handler threw it
      if (err instanceof Refusal)
        return reply.code(err.statusCode).send(refusalBody(err.message, req, user, err.extra));
      throw err;
    }
    // a dialect's app reads its own fields: adapted, the answer has no ETag of its own
    if (answerAdapted(dialect, name)) out = adaptAnswer(dialect, name, (out instanceof Tagged ? out.body : out) as Json);
    if (out instanceof Tagged) return notModified(req, reply, out.etag) ? reply.code(304).send() : out.body;
    // an answer's message (a refusal in its body, or a success: 'Login successful') speaks the player's
    // language too
    const body = out as { status?: unknown; msg?: unknown };
    if (body && typeof body.msg === 'string' && body.msg) {
      const lang = answerLanguage(req, user);
      if (lang) return { ...body, msg: localize(body.msg, lang) };
    }
    return out;
  });
}

// ---- zod helpers with the spec's messages

/** A required non-empty string (trimmed) with one message for missing / wrong type / empty. */
export const reqStr = (msg: string, max = 200) =>
  z.string({ error: msg }).trim().min(1, msg).max(max, `Too long (max ${max} characters)`);

export const phone = (required: string, invalid: string) =>
  z.string({ error: required }).trim().min(1, required).regex(PHONE_RE, invalid);

/**
 * A one-time code as clients send it: a digit string, or a number (some apps send 237 for the code
 * '0237': a whole number is padded with leading zeros to the code length).
 */
export const otpField = (msg: string, length: number) =>
  z
    .union([z.string().max(10), z.number()], { error: msg })
    .transform((v) =>
      typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v).padStart(length, '0') : String(v).trim(),
    );

export const optStr = (max = 200) => z.string().max(max).optional().nullable();

/** month/day/year ('03/15/2026', also '3/5/2026'); also accepts YYYY-MM-DD. Returns 'YYYY-MM-DD'. */
export const historyDate = (msg = 'Invalid date') =>
  z
    .string({ error: msg })
    .trim()
    .transform((s, c) => {
      // the client's month/day/year, or an ISO day; the calendar rules are the domain's
      const ymd = parseHistoryDate(s) ?? parseIsoDate(s);
      if (!ymd || ymd.year < 2000 || ymd.year > 2100) {
        c.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      return isoDateText(ymd);
    });
