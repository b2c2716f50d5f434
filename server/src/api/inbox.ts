/**
 * The notifications inbox (issue C): the player's wins, deposit and withdrawal decisions and the
 * operator's notices (the live events kept LIVE_KEEP_DAYS), read and unread. The live stream itself is
 * api/live.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { defineCall } from '../http/api';
import { inboxOf, inboxUnread, markInboxRead } from '../services/live';

export const inboxPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  /** an entry's id as the inbox gave it (opaque: services/live.ts, LiveIds) */
  const eventId = (msg: string) =>
    z.string({ error: msg }).transform((v, c) => {
      const id = ctx.live.ids.decode(v);
      if (id === null) {
        c.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      return id;
    });

  defineCall(
    app,
    ctx,
    'api-notifications',
    { schema: z.object({ before: eventId('Invalid notification id').optional() }) },
    async ({ body, user }) => {
      const [notifications, unread] = await Promise.all([
        inboxOf(db, ctx.live.ids, user.id, body.before ?? null),
        inboxUnread(db, user.id),
      ]);
      return { status: true, msg: notifications.length ? '' : 'No notifications yet', notifications, unread };
    },
  );

  defineCall(
    app,
    ctx,
    'api-notifications-read',
    { schema: z.object({ upto: eventId('Invalid notification id') }) },
    async ({ body, user }) => {
      await markInboxRead(db, user.id, body.upto);
      return { status: true, msg: '', unread: await inboxUnread(db, user.id) };
    },
  );
};
