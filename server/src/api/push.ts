/**
 * Web push settings: the server's public key, this device's subscription and its categories,
 * and the markets the player follows. Sending is services/push.ts.
 */
import { CALL } from '@matka/shared/contract';
import { SERVER_TEXTS } from '@matka/shared/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { defineCall } from '../http/api';
import { checkCategories, checkSubscription, follow, pushSettings, subscribe, unsubscribe } from '../services/push';

export const pushPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const answer = async (userId: string, device: string | undefined, msg = '') => ({
    status: true,
    msg,
    public_key: ctx.push.publicKey,
    ...(await pushSettings(db, userId, device)),
  });

  defineCall(app, ctx, CALL.pushSettings, ({ body, user }) => answer(user.id, body.endpoint));

  defineCall(app, ctx, CALL.pushSubscribe, async ({ body, user }) => {
    const sub = checkSubscription(body.subscription, ctx.config.push.hosts);
    const categories = checkCategories(body.categories);
    await subscribe(db, user.id, user.token_id, sub, categories, ctx.clock.now());
    return answer(user.id, sub.endpoint, SERVER_TEXTS.pushOn);
  });

  defineCall(app, ctx, CALL.pushUnsubscribe, async ({ body, user }) => {
    await unsubscribe(db, user.id, body.endpoint);
    return answer(user.id, body.endpoint, SERVER_TEXTS.pushOff);
  });

  defineCall(app, ctx, CALL.pushFollow, async ({ body, user }) => {
    await follow(db, user.id, body.follows);
    return answer(user.id, undefined, 'Saved');
  });
};
