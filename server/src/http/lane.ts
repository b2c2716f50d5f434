/**
 * The polled calls' own lane (issue B). Every phone polls the home info every few seconds. Through
 * Fastify's request path (routing, the hooks, the reply, the async handler chain) one process answered
 * it at a third of the rate of a bare Fastify route sending the same bytes (bench:api). A call defined
 * with `definePolledCall` is a call like any other on Fastify, and is also answered in front of Fastify,
 * by Node's http server, when its request is the plain one:
 *
 * - a POST of the call's path (any spelling `rewriteCallUrl` maps to it, no query), a JSON body of known
 *   length up to 4 KB;
 * - an app key whose dialect reads the call's answer as it is, a live token, a body the call's schema
 *   accepts;
 * - no proxy headers to read for the answer's links (PUBLIC_URL set, or TRUST_PROXY off).
 *
 * The lane answers what Fastify's path answers: the same answer (the one function both call), the same
 * headers (http/security.ts's set, the request id, the ETag, 304 for a matching If-None-Match), the same
 * counters and log line (http/operations.ts). Every other request goes to Fastify untouched; one the
 * lane cannot answer once it has read the body (bad JSON, an unknown key or token, an error) goes to
 * Fastify with the body it read, and Fastify answers it, refusals and all, as before. server/test/lane.test.ts
 * compares the two paths.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerFactory, FastifyServerFactoryHandler } from 'fastify';
import type { z } from 'zod';
import { callSpec, type CallName } from '@matka/shared/contract';
import type { AppContext } from '../context';
import {
  defineCall,
  originFor,
  publicBase,
  tokenHash,
  userForToken,
  type AuthUser,
  type FieldsAgree,
  type JsonText,
} from './api';
import { rewriteCallUrl } from './compat';
import { adaptRequest, answerAdapted, dialectOfKey } from './dialects';
import { parseJsonBody } from './input';
import { answered, requestIdOf } from './operations';
import { headerSets } from './security';

type Json = Record<string, unknown>;

/**
 * A polled call's answer: the player's, with links under `base` (publicBase). `now` gives it without
 * waiting when what it needs is in memory (else undefined); `later` reads what it needs first.
 */
export interface PolledAnswer {
  now: (user: AuthUser, base: string) => JsonText | undefined;
  later: (user: AuthUser, base: string) => Promise<JsonText>;
}

interface LaneCall {
  name: CallName;
  /** the route's pattern, as Fastify names the call in the counters and the log */
  pattern: string;
  schema: z.ZodType;
  answer: PolledAnswer;
}

/** A body the lane reads whole; a longer one goes to Fastify unread (its limit is 256 KB). */
const MAX_BODY = 4096;
const JSON_TYPE = /^application\/json\s*(;\s*charset=utf-8\s*)?$/i;
const KEPT = Symbol('the body the lane read');
type KeptBody = IncomingMessage & { [KEPT]?: Buffer };

/** The options Fastify hands its serverFactory (its own, with its defaults filled in). */
interface ServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/**
 * What the lane read of a plain request, kept by its bytes (the call, the Host, the scheme and the body):
 * a phone polls with the same bytes every few seconds, so the next poll skips the parse, the checks and
 * the token's hash (not the account: that is looked up again every time). Kept for the process, not the
 * connection: behind a proxy one upstream connection carries many players' polls in turn. At most
 * READS_KEPT entries, the oldest dropped first: about 2 MB of phones' polls (200-byte bodies), 40 MB at
 * most (the lane reads bodies up to MAX_BODY).
 */
interface Read {
  hash: string;
  token: unknown;
  base: string;
}
const READS_KEPT = 10_000;

const lanes = new WeakMap<AppContext, Lane>();

export class Lane {
  private ctx?: AppContext;
  private log: Pick<FastifyBaseLogger, 'info'> | null = null;
  private apiSet: Record<string, string> = {};
  private readonly calls = new Map<string, LaneCall>();
  /** off until the app is ready, and again once it closes (Fastify then answers 503) */
  private open = false;
  /** the answers it gave (tests tell by it which path answered) */
  served = 0;
  /** what it read of recent plain requests, by their bytes (see Read) */
  private readonly reads = new Map<string, Read>();

  /** Fastify's serverFactory: the server Fastify would make (fastify/lib/server.js), the lane in front. */
  readonly serverFactory: FastifyServerFactory = (handler: FastifyServerFactoryHandler, options) => {
    const opts = options as unknown as ServerOptions;
    const server = http.createServer(opts.http ?? {}, (req, res) => {
      if (!this.take(req, res, handler)) handler(req, res);
    });
    server.keepAliveTimeout = opts.keepAliveTimeout;
    server.requestTimeout = opts.requestTimeout;
    server.setTimeout(opts.connectionTimeout);
    if (opts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    return server;
  };

  /** Joins the lane to its app: `log` when the server writes a line per request. */
  attach(app: FastifyInstance, ctx: AppContext, log: boolean) {
    this.ctx = ctx;
    this.log = log ? app.log : null;
    this.apiSet = headerSets(ctx.config).apiSet;
    lanes.set(ctx, this);
    // a request handed over with its body already read: Fastify parses that body
    app.addHook('preParsing', (req, _reply, payload, done) => {
      const kept = (req.raw as KeptBody)[KEPT];
      done(null, kept === undefined ? payload : Readable.from([kept], { objectMode: false }));
    });
    app.addHook('onReady', (done) => {
      this.open = true;
      done();
    });
    app.addHook('preClose', (done) => {
      this.open = false;
      done();
    });
  }

  add(call: LaneCall) {
    this.calls.set(call.pattern, call);
  }

  /** Whether the lane takes the request (then it answers it, or hands it to Fastify with its body). */
  private take(req: IncomingMessage, res: ServerResponse, handler: FastifyServerFactoryHandler): boolean {
    const ctx = this.ctx;
    if (!this.open || !ctx || req.method !== 'POST') return false;
    const h = req.headers;
    if (h['transfer-encoding'] !== undefined || !JSON_TYPE.test(h['content-type'] ?? '')) return false;
    const length = Number(h['content-length']);
    if (!(length > 0 && length <= MAX_BODY)) return false;
    const url = req.url ?? '';
    const call = this.calls.get(url) ?? this.calls.get(rewriteCallUrl(url));
    // behind a trusted proxy the links' origin comes from its headers, which Fastify reads
    if (!call || (!ctx.config.publicUrl && ctx.config.trustProxy)) return false;
    const started = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      let done: boolean | Promise<boolean>;
      try {
        done = this.answer(ctx, call, req, res, body, started);
      } catch {
        done = false;
      }
      if (done === false) this.handOver(req, res, handler, body);
      else if (done !== true)
        done.then(
          (sent) => sent || this.handOver(req, res, handler, body),
          () => this.handOver(req, res, handler, body),
        );
    });
    return true;
  }

  private handOver(req: IncomingMessage, res: ServerResponse, handler: FastifyServerFactoryHandler, body: Buffer) {
    (req as KeptBody)[KEPT] = body;
    handler(req, res);
  }

  /**
   * The plain request's answer: true once sent, false (nothing written) for anything Fastify's path must
   * answer. Sent at once when the player and what the answer needs are in memory (every poll but the
   * first of a token in USER_CACHE_TTL_MS), with no promise on the way: one process then answered about
   * a quarter more polls a second (0.54 → 0.67 of the bare route, medians of 6 rounds); else after reading them.
   */
  private answer(
    ctx: AppContext,
    call: LaneCall,
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    started: number,
  ): boolean | Promise<boolean> {
    const host = req.headers.host;
    const tls = (req.socket as TLSSocket).encrypted === true;
    const text = body.toString('utf8');
    const key = `${call.pattern} ${tls ? 's' : ''} ${host ?? ''}\n${text}`;
    let read = this.reads.get(key);
    if (!read) {
      let raw: unknown;
      try {
        raw = parseJsonBody(text);
      } catch {
        return false;
      }
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return false;
      const dialect = dialectOfKey(ctx.config, (raw as Json).app_key);
      if (!dialect || answerAdapted(dialect, call.name)) return false;
      const envelope = adaptRequest(dialect, call.name, raw as Json);
      const hash = tokenHash(envelope.unique_token);
      if (hash === null || !call.schema.safeParse(envelope).success) return false;
      const base = originFor(ctx.config, host, tls ? 'https' : 'http');
      read = { hash, token: envelope.unique_token, base };
      if (this.reads.size >= READS_KEPT) this.reads.delete(this.reads.keys().next().value as string);
      this.reads.set(key, read);
    }
    const user = ctx.users.get(read.hash);
    const out = user && call.answer.now(user, read.base);
    if (out) return this.send(call, req, res, out, started);
    return this.answerLater(ctx, call, req, res, read.token, read.base, started);
  }

  private async answerLater(
    ctx: AppContext,
    call: LaneCall,
    req: IncomingMessage,
    res: ServerResponse,
    token: unknown,
    base: string,
    started: number,
  ): Promise<boolean> {
    const user = await userForToken(ctx, token);
    if (!user) return false;
    return this.send(call, req, res, await call.answer.later(user, base), started);
  }

  private send(call: LaneCall, req: IncomingMessage, res: ServerResponse, out: JsonText, started: number): true {
    if (res.headersSent) return true;
    // the headers in the order Fastify's path sets them: the request id (security hook), the API's set,
    // the ETag, then the body's type and length (http/api.ts sendJsonText)
    const id = requestIdOf(req);
    const etag = out.etag;
    const headers: Record<string, string> = { 'x-request-id': id, ...this.apiSet, etag };
    let status = 304;
    if (req.headers['if-none-match'] === etag) res.writeHead(status, headers).end();
    else {
      status = 200;
      headers['content-type'] = 'application/json; charset=utf-8';
      const bytes = out.bytes;
      headers['content-length'] = String(bytes.length);
      res.writeHead(status, headers).end(bytes);
    }
    this.served++;
    answered(this.log, 'POST', call.pattern, status, performance.now() - started, id);
    return true;
  }
}

/** The lane of an app (by its context), when it has one. */
export const laneOf = (ctx: AppContext): Lane | undefined => lanes.get(ctx);

/**
 * A polled call: defined on Fastify like every call (defineCall: its refusals, dialects and schema),
 * and on the app's lane, which answers its plain requests ahead of Fastify with the same `answer`.
 */
export function definePolledCall<N extends CallName, S extends z.ZodType<Json>>(
  app: FastifyInstance,
  ctx: AppContext,
  name: N,
  opts: { schema: S } & FieldsAgree<N, S>,
  answer: PolledAnswer,
): void {
  if (callSpec(name).auth !== true) throw new Error(`${name}: a polled call is a player's (the contract's auth)`);
  defineCall(app, ctx, name, opts, ({ user, req }) => {
    const base = publicBase(ctx, req);
    const out = answer.now(user as AuthUser, base);
    return out ? Promise.resolve(out) : answer.later(user as AuthUser, base);
  });
  lanes.get(ctx)?.add({ name, pattern: `/api/${name}`, schema: opts.schema, answer });
}
