/**
 * The transfer calls (spec sections 5, 7): who owns a number (a lookup limited like the codes) and a
 * transfer of points to that account (both wallets locked, two ledger rows: `services/wallet.ts`).
 */
import { CALL } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { MSG, POINTS_WHOLE, compose, transferProblem, SERVER_TEXTS } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { MSG_BETTING_DISABLED } from '../errors';
import { Refusal, defineCall, refusal } from '../http/api';
import { MSG_TOO_MANY } from '../services/otp';
import { playRefusal, protectionOf } from '../services/protection';
import { takeLookup } from '../services/ratelimit';
import { accountName, MSG_RECEIVER_UNKNOWN, transferPoints } from '../services/wallet';
import { MAX_AMOUNT } from '@matka/shared/contract/schemas';

const MSG_TRANSFER_OK = SERVER_TEXTS.transferOk;

export const transfersPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;

  // ---------------------------------------------------------------- transfers
  defineCall(app, ctx, CALL.checkUserForTransferAmt, async ({ body, user, req }) => {
    if (body.mobile_no === user.mobile) throw refusal(MSG.transferOwnPhone);
    // a lookup of who owns a number: limited per account and per IP (no free enumeration)
    if (!(await takeLookup(ctx.limiter, ctx.config.rateLimits.otpPerIp, req.ip, user.id))) throw refusal(MSG_TOO_MANY);
    const name = await accountName(db, body.mobile_no);
    if (name === undefined) throw refusal(MSG_RECEIVER_UNKNOWN);
    return { status: true, msg: 'Success', user_name: name };
  });

  defineCall(app, ctx, CALL.userTransferWalletBalance, async ({ body, user }) => {
    if (user.betting_status !== '1') {
      // a break or a self-exclusion says what it is, whatever else keeps betting off
      const paused = playRefusal(await protectionOf(db, user.id, clock.now()), clock.now());
      throw refusal(paused ?? MSG_BETTING_DISABLED);
    }
    if (body.mobile_no === user.mobile) throw refusal(MSG.transferOwnPhone);
    // the domain's checks of the points (the balance: under the wallets' lock, by transferPoints)
    const problem = transferProblem(body.amount, Number.POSITIVE_INFINITY);
    // a fraction is a malformed request (400), as in every other call that takes points
    if (problem) throw new Refusal(problem === POINTS_WHOLE ? 400 : 200, problem);
    if (body.amount > MAX_AMOUNT) throw new Refusal(400, compose('pointsTooMany', { max: MAX_AMOUNT }));
    const r = await transferPoints(db, {
      fromId: user.id,
      toMobile: body.mobile_no,
      amount: body.amount,
      note: body.transfer_note ?? '',
      now: clock.now(),
    });
    await ctx.users.invalidate(user.id, r.toId);
    return { status: true, msg: MSG_TRANSFER_OK, wallet_amt: r.wallet, transfer_id: r.id };
  });
};
