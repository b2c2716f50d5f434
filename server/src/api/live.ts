/**
 * The live stream: `POST /api/live` with the app key and the player's token (`{ app_key, unique_token }`
 * in the body, or the token as `Authorization: Bearer <token>`) answers `text/event-stream` and stays open: results and market changes
 * for everyone, the player's own wallet, wins and money decisions (the events of @matka/shared/contract's
 * live.ts). `Last-Event-ID` (header, or `last_event_id` in the body) replays what a reconnecting client
 * missed. Fetch reads it (an EventSource cannot send a token without putting it in the address).
 */
import type { FastifyPluginAsync } from 'fastify';
import { LIVE_PATH } from '@matka/shared/contract';
import { SERVER_TEXTS } from '@matka/shared/domain';
import { localize, requestLanguage } from '../http/language';
import type { AppContext } from '../context';
import { MSG_BAD_APP_KEY, MSG_BAD_TOKEN, userForToken } from '../http/api';
import { dialectOfKey } from '../http/dialects';
import { LiveRefused, type LiveStream } from '../services/live';
import { refusedBody } from '../errors';

/** The refusals of a stream that cannot be had now (the app polls meanwhile and tries later). */
export const MSG_LIVE_DOWN = 'Live updates are not available now. Please try again later.';
/** an address holds as many streams as it may (LIVE_STREAMS_PER_ADDRESS) */
export const MSG_TOO_MANY_STREAMS = SERVER_TEXTS.tooManyStreams;

export const livePlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(LIVE_PATH, async (req, reply) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    // the app key, as every call asks it
    if (!dialectOfKey(ctx.config, body.app_key)) return reply.code(401).send(refusedBody(401, MSG_BAD_APP_KEY));
    const auth = req.headers.authorization;
    const token = body.unique_token ?? (auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined);
    const user = await userForToken(ctx, token);
    if (!user) return reply.code(401).send(refusedBody(401, MSG_BAD_TOKEN));
    const header = req.headers['last-event-id'];
    const last =
      typeof header === 'string' ? header : typeof body.last_event_id === 'string' ? body.last_event_id : undefined;

    const res = reply.raw;
    let stream: LiveStream | null = null;
    let gone = false;
    res.on('close', () => {
      gone = true;
      if (stream) ctx.live.drop(stream);
    });
    // counted first (an address over its cap is refused), then the answer starts
    const begin = () => {
      reply.hijack();
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'Content-Type': 'text/event-stream; charset=utf-8',
        // nothing in between may keep or transform it; nginx must not buffer it (docs/operating.md's block)
        'Cache-Control': 'no-cache, no-transform',
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
        Connection: 'keep-alive',
      });
      // the stream is idle between events: the request's timeouts do not apply (heartbeats keep it open)
      req.raw.socket.setTimeout(0);
      req.raw.socket.setNoDelay(true);
    };
    try {
      stream = await ctx.live.open(user.id, user.token_id, req.ip, res, last, begin);
      if (gone) ctx.live.drop(stream);
    } catch (err) {
      if (err instanceof LiveRefused)
        return reply.code(429).send(refusedBody(429, localize(MSG_TOO_MANY_STREAMS, requestLanguage(req))));
      req.log.warn({ err: String(err) }, 'live: could not open a stream');
      if (!reply.sent && !res.headersSent) return reply.code(503).send(refusedBody(503, MSG_LIVE_DOWN));
      res.end();
    }
  });
};
