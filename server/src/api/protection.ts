/**
 * Responsible play: the player's page (/responsible) reads and changes it here: the
 * age declaration, a break, self-exclusion. Enforced for every client by the server (may_play).
 */
import { CALL } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { PERIOD_LABELS, formatPoints, isPermanent, limitName } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { defineCall } from '../http/api';
import { formatKolkataDateTime } from '../services/clock';
import {
  declareAge,
  pausePlay,
  protectionPage,
  realityCheck,
  setPlayLimit,
  setRealityCheck,
} from '../services/protection';

export const protectionPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const page = async (userId: string, msg = '') => ({
    status: true,
    msg,
    ...(await protectionPage(db, userId, clock.now())),
  });
  const until = (d: Date) => (isPermanent(d) ? 'permanently' : `until ${formatKolkataDateTime(d)}`);

  defineCall(app, ctx, CALL.responsible, ({ user }) => page(user.id));

  defineCall(app, ctx, CALL.confirmAge, async ({ user }) => {
    await declareAge(db, user.id, clock.now());
    return page(user.id, 'Thank you');
  });

  defineCall(app, ctx, CALL.takeBreak, async ({ body, user }) => {
    const end = await pausePlay(db, user.id, 'break', body.period, clock.now());
    await ctx.users.invalidate(user.id);
    return page(user.id, `You are taking a break ${until(end)} (${PERIOD_LABELS[body.period]})`);
  });

  defineCall(app, ctx, CALL.selfExclude, async ({ body, user }) => {
    const end = await pausePlay(db, user.id, 'exclusion', body.period, clock.now());
    await ctx.users.invalidate(user.id);
    return page(user.id, `You have excluded yourself from play ${until(end)}`);
  });

  // a limit: set, lowered (at once), raised or removed (after 24 hours)
  defineCall(app, ctx, CALL.setLimit, async ({ body, user }) => {
    const { change, effective } = await setPlayLimit(db, user.id, body.kind, body.period, body.amount, clock.now());
    const name = limitName(body.kind, body.period);
    const Name = name[0].toUpperCase() + name.slice(1);
    const msg =
      change === 'same'
        ? `Your ${name} stays as it is`
        : change === 'now'
          ? `${Name} set to ${formatPoints(body.amount!)} points`
          : body.amount === null
            ? `Your ${name} will be removed on ${formatKolkataDateTime(effective)}`
            : `Your ${name} will be raised to ${formatPoints(body.amount)} points on ${formatKolkataDateTime(effective)}`;
    return page(user.id, msg);
  });

  defineCall(app, ctx, CALL.setRealityCheck, async ({ body, user }) => {
    const minutes = Number(body.minutes);
    await setRealityCheck(db, user.id, minutes || null);
    return page(user.id, minutes ? `A reality check every ${minutes} minutes` : 'Reality check turned off');
  });

  defineCall(app, ctx, CALL.realityCheck, async ({ user }) => {
    const r = await realityCheck(db, user.id, user.token_id);
    return { status: true, msg: '', ...r, minutes: r.minutes ?? 0 };
  });
};
