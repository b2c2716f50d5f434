/**
 * The notifications inbox: the player's wins, deposit and withdrawal decisions and the
 * operator's notices (the live events kept LIVE_KEEP_DAYS), read and unread. The live stream itself is
 * api/live.ts.
 */
import { CALL } from '@matka/shared/contract';
import { SERVER_TEXTS } from '@matka/shared/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { Refusal, defineCall } from '../http/api';
import { inboxOf, inboxUnread, markInboxRead } from '../services/inbox';

export const inboxPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  /** an entry's id as the inbox gave it (opaque: services/live.ts, LiveIds) */
  const MSG_BAD_ID = SERVER_TEXTS.badNotificationId;
  /** an entry's id as the inbox gave it (opaque: services/live.ts, LiveIds) */
  const entryId = (v: string) => {
    const id = ctx.live.ids.decode(v);
    if (id === null) throw new Refusal(400, MSG_BAD_ID);
    return id;
  };

  defineCall(app, ctx, CALL.notifications, async ({ body, user }) => {
    const [notifications, unread] = await Promise.all([
      inboxOf(db, ctx.live.ids, user.id, body.before === undefined ? null : entryId(body.before)),
      inboxUnread(db, user.id),
    ]);
    return { status: true, msg: notifications.length ? '' : 'No notifications yet', notifications, unread };
  });

  defineCall(app, ctx, CALL.notificationsRead, async ({ body, user }) => {
    await markInboxRead(db, user.id, entryId(body.upto));
    return { status: true, msg: '', unread: await inboxUnread(db, user.id) };
  });
};
