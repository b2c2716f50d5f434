import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SERVER_TEXTS, messageText, type Message } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { sha256 } from '../services/passwords';
import type { AuthUser, CachedUser } from '../services/usercache';
import { Refusal } from '../errors';
import { localize, requestLanguage, type Lang } from './language';
import {
  CALLS,
  DIALECT_FACTS,
  callSpec,
  isCallName,
  type AnswerOf,
  type CallName,
  type Dialect,
  RULE_REFUSAL,
} from '@matka/shared/contract';
import { REQUEST_SCHEMAS, refusalCode, refusalsOf, type ParsedRequestOf } from '@matka/shared/contract/schemas';
import { WRITTEN_ANSWERS, WRITTEN_REFUSAL, declaredOnly } from '@matka/shared/contract/written';
import { adaptAnswer, adaptRequest, answerAdapted, dialectOfKey } from './dialects';

// the handlers take these from here; their owners are the token cache and the errors module

export type { AuthUser } from '../services/usercache';
export { Refusal, refusal } from '../errors';

/**
 * The message each refused request was answered with, before its translation (CHECK_ANSWERS checks its
 * code against the call's declared refusals); a request refused by its own schema is marked `request`.
 */
const REFUSED = new WeakMap<FastifyRequest, Message | typeof BY_SCHEMA>();
const BY_SCHEMA = Symbol('the request schema');

/**
 * The player API's envelope of a refusal: {status:false, msg, code}, its message kept for CHECK_ANSWERS.
 * The code is what a client decides by: the message's catalogue id, or `request` for a field the call's
 * schema refused; the text is for a person, in the player's language.
 */
function refusalBody(
  msg: Message,
  req?: FastifyRequest,
  user?: AuthUser | null,
  extra: Record<string, unknown> = {},
  given: Message | typeof BY_SCHEMA = msg,
) {
  if (req) REFUSED.set(req, given);
  const code = given === BY_SCHEMA ? 'request' : (refusalCode(given) ?? RULE_REFUSAL);
  return {
    ...extra,
    status: false as const,
    msg: req ? localize(msg, answerLanguage(req, user)) : messageText(msg),
    code,
  };
}

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

export const MSG_BAD_APP_KEY = SERVER_TEXTS.badAppKey;
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
 * body, app_key (401), the token when the contract says the call needs it (401), the body by the call's
 * schema in the contract (@matka/shared/contract/schemas, 400 with the schema's message), then runs the
 * handler; the handler's return value is the 200 body, a Refusal it throws (or a service throws) is
 * answered {status:false,msg} with the Refusal's status.
 */
export function defineCall<N extends CallName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: N,
  // the 200 answer: the contract's answer of the call (checked here at compile time), kept with its ETag
  handler: (args: CallArgs<ParsedRequestOf<N>> & { user: UserOf<N> }) => Promise<AnswerOf<N> | Tagged<AnswerOf<N>>>,
): void {
  if (!isCallName(name)) throw new Error(`${name} is not a call of @matka/shared/contract: declare it there`);
  const auth = callSpec(name).auth;
  const keyless = callSpec(name).keyless === true;
  const onSend = ctx.config.checkAnswers ? [answerCheck(name)] : [];
  const preSerialization = [writtenBySchema(name, ctx.config.checkAnswers)];
  app.post(`/api/${name}`, { onSend, preSerialization }, async (req, reply) => {
    const raw = req.body;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      return reply.code(400).send(refusalBody(SERVER_TEXTS.notAnObject, req));
    }
    // (a NUL anywhere in the body was refused by the body parser: http/input.ts)
    // the app key names the dialect of the contract its app speaks (http/dialects.ts); the bootstrap
    // call that gives a deployed app its key carries none
    const dialect = keyless ? 'spec' : dialectOfKey(ctx.config, (raw as Json).app_key);
    if (!dialect) return reply.code(401).send(refusalBody(MSG_BAD_APP_KEY, req));
    const envelope = adaptRequest(dialect, name, raw as Json);
    // a refusal's status: as declared, or 200 for the apps that read a body only from a 200
    const refuse = (status: number) => reply.code(DIALECT_FACTS[dialect].refusalStatus === 200 ? 200 : status);
    let user: AuthUser | null = null;
    if (auth) {
      user = await userForToken(ctx, envelope.unique_token);
      if (!user) return refuse(401).send(refusalBody(MSG_BAD_TOKEN, req));
    }
    const parsed = (REQUEST_SCHEMAS[name] as unknown as z.ZodType<ParsedRequestOf<N>>).safeParse(envelope);
    if (!parsed.success) return refuse(400).send(refusalBody(firstIssue(parsed.error), req, user, {}, BY_SCHEMA));
    let out: unknown;
    try {
      out = await handler({ body: parsed.data, user: user as UserOf<N>, req, reply, dialect });
    } catch (err) {
      // the one refusal style: a service or the handler threw it
      if (err instanceof Refusal)
        return refuse(err.statusCode).send(refusalBody(err.composed ?? err.message, req, user, err.extra));
      throw err;
    }
    // a dialect's app reads its own fields: adapted, the answer has no ETag of its own
    if (answerAdapted(dialect, name))
      out = adaptAnswer(dialect, name, (out instanceof Tagged ? out.body : out) as Json);
    if (out instanceof Tagged) return notModified(req, reply, out.etag) ? reply.code(304).send() : out.body;
    // an answer's message (a refusal in its body, or a success: 'Login successful') speaks the player's
    // language too
    const body = out as { status?: unknown; msg?: unknown; code?: unknown };
    // an answer that says no (the original's checks: 'Sorry Betting Is closed.') carries its code too
    const said =
      body && body.status === false && typeof body.msg === 'string' && body.code === undefined
        ? { ...body, code: refusalCode(body.msg) ?? RULE_REFUSAL }
        : body;
    if (said && typeof said.msg === 'string' && said.msg) {
      const lang = answerLanguage(req, user);
      if (lang) return { ...said, msg: localize(said.msg, lang) };
    }
    return said;
  });
}

/**
 * What is wrong with a refusal the call does not declare (@matka/shared/contract/refusals), else null.
 * A refusal of the framework itself (a body it could not parse, too large: its error handler, never 200)
 * is the envelope's; the request schema's own messages are declared by the schema.
 */
function undeclared(name: CallName, req: FastifyRequest, status: number, body: { msg: string; code: string }) {
  const given = REFUSED.get(req);
  if (given === BY_SCHEMA || (given === undefined && status !== 200 && status !== 401)) return null;
  // the code on the wire is what a client decides by: it must be one the call declares
  if ((refusalsOf(name) as readonly string[]).includes(body.code)) return null;
  const said = body.code === RULE_REFUSAL ? `a text no catalogue has ('${messageText(given ?? body.msg)}')` : body.code;
  return `refused with ${said}, not declared for the call`;
}

/** Whether an answer about to be written is a refusal (by its status, or the original's status false). */
const isRefusal = (reply: FastifyReply, body: unknown) =>
  reply.statusCode !== 200 || (body as { status?: unknown } | null)?.status === false;

/**
 * Every answer is written through its call's schema (@matka/shared/contract writtenAnswers.ts): a field the
 * schema does not name never leaves the server. With CHECK_ANSWERS (the test suites) such a field is a
 * drift, answered 500 with its path, so the test that made the call fails where it made it.
 */
export function writtenBySchema(name: CallName, check: boolean) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (payload === null || typeof payload !== 'object') return payload;
    const undeclared: string[] = [];
    const written = declaredOnly(
      isRefusal(reply, payload) ? WRITTEN_REFUSAL : WRITTEN_ANSWERS[name],
      payload,
      check ? undeclared : undefined,
    );
    if (!undeclared.length) return written;
    const drift = `${undeclared.join(', ')}: not declared`;
    req.log.error({ call: name, drift }, 'answer drifted from the contract');
    reply.code(500);
    return { status: false, msg: `${name} answer drifted from the contract: ${drift}`, code: 'server' };
  };
}

/**
 * CHECK_ANSWERS: the answer about to be sent (in the spec's dialect or a deployed app's), parsed by the
 * contract's schema of the call (a success) or of a refusal; one that does not conform is answered 500
 * with what drifted, so a test that made the call fails where it made it.
 */
export function answerCheck(name: CallName) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' || reply.statusCode === 304) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      body = payload;
    }
    const refused = isRefusal(reply, body);
    const checked = (refused ? WRITTEN_REFUSAL : WRITTEN_ANSWERS[name]).safeParse(body);
    const drift = checked.success
      ? refused
        ? undeclared(name, req, reply.statusCode, body as { msg: string; code: string })
        : null
      : checked.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
    if (drift === null) return payload;
    req.log.error({ call: name, drift }, 'answer drifted from the contract');
    reply.code(500);
    return JSON.stringify({ status: false, msg: `${name} answer drifted from the contract: ${drift}`, code: 'server' });
  };
}
