/**
 * /operator/notices (owner): the notices sent to every player, and sending one (its title, text and an
 * optional link: a page of the app such as /addfund, or an https address).
 */
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { actorContext } from '../services/operators';
import { latestNotices, sendNotice } from '../services/notices';
import { route } from './common';

export const noticesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  route(op, OP.notices, async () => ({ status: true, notices: await latestNotices(ctx.db) }));

  route(op, OP.sendNotice, async (n) => {
    const sent = await sendNotice(ctx.db, ctx.clock, n, actorContext.getStore()?.name ?? null);
    return { status: true, msg: `Notice #${sent.id} sent to every player`, notice: sent };
  });
};
