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

const eventId = (msg: string) =>
  z
    .union([z.string(), z.number()], { error: msg })
    .transform(String)
    .refine((v) => /^\d{1,18}$/.test(v), msg);

export const inboxPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  defineCall(
    app,
    ctx,
    'api-notifications',
    { schema: z.object({ before: eventId('Invalid notification id').optional() }) },
    async ({ body, user }) => {
      const [notifications, unread] = await Promise.all([
        inboxOf(db, user.id, body.before ?? null),
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
