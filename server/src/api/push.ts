/**
 * Web push settings (issue C): the server's public key, this device's subscription and its categories,
 * and the markets the player follows. Sending is services/push.ts.
 */
import { SERVER_TEXTS } from '@matka/shared/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { defineCall } from '../http/api';
import { checkCategories, checkSubscription, follow, pushSettings, subscribe, unsubscribe } from '../services/push';

const endpoint = z.string({ error: 'endpoint is required' }).max(1000, 'Invalid endpoint');

export const pushPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const answer = async (userId: string, device: string | undefined, msg = '') => ({
    status: true,
    msg,
    public_key: ctx.push.publicKey,
    ...(await pushSettings(db, userId, device)),
  });

  defineCall(app, ctx, 'api-push-settings', { schema: z.object({ endpoint: endpoint.optional() }) }, ({ body, user }) =>
    answer(user.id, body.endpoint),
  );

  defineCall(
    app,
    ctx,
    'api-push-subscribe',
    {
      schema: z.object({
        subscription: z.object(
          {
            endpoint,
            keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }, { error: 'keys are required' }),
          },
          { error: 'subscription is required' },
        ),
        categories: z.array(z.string().max(40), { error: 'categories must be a list' }).max(10),
      }),
    },
    async ({ body, user }) => {
      const sub = checkSubscription(body.subscription, ctx.config.push.hosts);
      const categories = checkCategories(body.categories);
      await subscribe(db, user.id, user.token_id, sub, categories, ctx.clock.now());
      return answer(user.id, sub.endpoint, SERVER_TEXTS.pushOn);
    },
  );

  defineCall(app, ctx, 'api-push-unsubscribe', { schema: z.object({ endpoint }) }, async ({ body, user }) => {
    await unsubscribe(db, user.id, body.endpoint);
    return answer(user.id, body.endpoint, SERVER_TEXTS.pushOff);
  });

  defineCall(
    app,
    ctx,
    'api-push-follow',
    {
      schema: z.object({
        follows: z
          .array(z.union([z.number(), z.string()]), { error: 'follows must be a list of market ids' })
          .max(200, 'Too many markets')
          .transform((l, c) => {
            const ids = l.map(Number);
            if (!ids.every((n) => Number.isSafeInteger(n) && n > 0)) {
              c.addIssue({ code: 'custom', message: SERVER_TEXTS.unknownMarket });
              return z.NEVER;
            }
            return ids;
          }),
      }),
    },
    async ({ body, user }) => {
      await follow(db, user.id, body.follows);
      return answer(user.id, undefined, 'Saved');
    },
  );
};
