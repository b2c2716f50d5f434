/**
 * /operator/notices (owner): the notices sent to every player, and sending one (its title, text and an
 * optional link: a page of the app such as /addfund, or an https address). Issue C.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { findRoute } from '@matka/shared/routes';
import { webLink } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { actorContext } from '../services/operators';
import { latestNotices, sendNotice } from '../services/notices';
import { parse } from './common';

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} is too long (at most ${max} characters)`);

/** A translation's field: optional; empty is none (the English shows). */
const optional = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what} is too long (at most ${max} characters)`)
    .optional()
    .transform((v) => v ?? '');

const notice = z.object({
  title: text('Title', 80),
  body: text('Text', 500),
  title_hi: optional('Title in Hindi', 80),
  body_hi: optional('Text in Hindi', 500),
  title_mr: optional('Title in Marathi', 80),
  body_mr: optional('Text in Marathi', 500),
  link: z
    .string({ error: 'Link must be text' })
    .trim()
    .max(300, 'Link is too long (at most 300 characters)')
    .optional()
    .transform((v) => v ?? '')
    .refine(
      (v) => v === '' || (v.startsWith('/') ? !!findRoute(v) : webLink(v)?.startsWith('https://')),
      'Link must be a page of the app (such as /addfund) or an https:// address',
    ),
});

export const noticesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  op.get('/notices', async () => ({ status: true, notices: await latestNotices(ctx.db) }));

  op.post('/notices', async (req) => {
    const n = parse(notice, req.body);
    const sent = await sendNotice(ctx.db, ctx.clock, n, actorContext.getStore()?.name ?? null);
    return { status: true, msg: `Notice #${sent.id} sent to every player`, notice: sent };
  });
};
