/**
 * Responsible play (issue D, first part): the player's page (/responsible) reads and changes it here: the
 * age declaration, a break, self-exclusion. Enforced for every client by the server (may_play).
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { BREAK_PERIODS, EXCLUSION_PERIODS, PERIOD_LABELS, isPermanent } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { defineCall } from '../http/api';
import { formatKolkataDateTime } from '../services/clock';
import { declareAge, pausePlay, protectionPage } from '../services/protection';

export const protectionPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const page = async (userId: string, msg = '') => ({
    status: true,
    msg,
    ...(await protectionPage(db, userId, clock.now())),
  });
  const until = (d: Date) => (isPermanent(d) ? 'permanently' : `until ${formatKolkataDateTime(d)}`);

  defineCall(app, ctx, 'api-responsible', { schema: z.object({}) }, ({ user }) => page(user.id));

  defineCall(app, ctx, 'api-confirm-age', { schema: z.object({}) }, async ({ user }) => {
    await declareAge(db, user.id, clock.now());
    return page(user.id, 'Thank you');
  });

  defineCall(
    app,
    ctx,
    'api-take-break',
    { schema: z.object({ period: z.enum(BREAK_PERIODS, { error: 'Choose 24 hours, 7 days or 30 days' }) }) },
    async ({ body, user }) => {
      const end = await pausePlay(db, user.id, 'break', body.period, clock.now());
      await ctx.users.invalidate(user.id);
      return page(user.id, `You are taking a break ${until(end)} (${PERIOD_LABELS[body.period]})`);
    },
  );

  defineCall(
    app,
    ctx,
    'api-self-exclude',
    { schema: z.object({ period: z.enum(EXCLUSION_PERIODS, { error: 'Choose 6 months, 1 year or permanently' }) }) },
    async ({ body, user }) => {
      const end = await pausePlay(db, user.id, 'exclusion', body.period, clock.now());
      await ctx.users.invalidate(user.id);
      return page(user.id, `You have excluded yourself from play ${until(end)}`);
    },
  );
};
