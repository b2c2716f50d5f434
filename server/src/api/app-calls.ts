/**
 * The calls only the 'MATKA 04' apps make (@matka/shared/contract dialects.ts): their
 * bootstrap (the app key), the security PIN screen, the game and bid screens' checks and their UPI
 * deposit. Each is served by the same services as the spec's calls, with the same checks.
 */
import { CALL } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import {
  MAX_BID,
  MIN_BID,
  MIN_TRANSFER,
  MSG,
  depositProblemText,
  formatBidDate,
  SERVER_TEXTS,
} from '@matka/shared/domain';
import type { AppContext } from '../context';
import { MSG_BETTING_DISABLED } from '../errors';
import { defineCall, MSG_BAD_TOKEN, Refusal, refusal, userForToken } from '../http/api';
import { pinSigninDone, pinSigninMissed, pinSigninOf } from '../services/pin-signin';
import { bootstrapKey, originalKeyEncoded } from '../http/dialects';
import { deviceResult, weekdayDate } from './original-fields';
import { originalTimes } from '../services/markets';
import { sessionClosed } from '../services/bids';
import { hashPassword, pinMatches } from '../services/passwords';
import { requestDeposit } from '../services/wallet';
import { settingNumber } from './money-fields';
import { MSG_PIN_WRONG } from '@matka/shared/contract/schemas';
import { NO_DEPOSIT_MAX, depositOverMax } from './deposits';
import { hashStoredPin, securityPinOf } from '../services/accounts';

/** How many PINs an account may try a day to sign in by PIN (not the PIN screen after a login). */
const PIN_SIGNIN_TRIES_PER_DAY = 10;

export const MSG_PIN_NONE = 'No security PIN is set for this account';
const MSG_TOO_MANY = 'Too many attempts. Please try again later.';

export const appCallsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, clock, markets, config } = ctx;

  // The bootstrap: these apps ask the server for the key every later call carries (app keys ship inside
  // every installed app; they tell apps apart, they are no secret).
  // With env_type 'Prod' the original hands out its key encoded (originalKeyEncoded): the apps decode it.
  defineCall(app, ctx, CALL.getAppKey, async ({ body }) => ({
    status: true,
    msg: 'Success',
    app_key:
      String(body.env_type) === 'Prod'
        ? originalKeyEncoded(bootstrapKey(config), config.originalAppKeyPart)
        : bootstrapKey(config),
  }));

  // The PIN screen: after a login (a session's token), or to sign in (a PIN sign-in's token from
  // api-check-mobile, services/pin-signin.ts). The account's PIN, its guesses limited like passwords, and
  // an account's PINs tried to sign in to PIN_SIGNIN_TRIES_PER_DAY a day.
  defineCall(app, ctx, CALL.checkSecurityPin, async ({ body, req }) => {
    const session = await userForToken(ctx, body.unique_token);
    const signin = session ? undefined : await pinSigninOf(db, clock, body.unique_token);
    if (!session && !signin) throw new Refusal(401, MSG_BAD_TOKEN);
    const user = session ?? { id: String(signin!.user_id), mobile: signin!.mobile };
    if (signin && !(await ctx.dailyLimiter.take([[`pin-signin:${user.id}`, PIN_SIGNIN_TRIES_PER_DAY]])))
      throw refusal(MSG_TOO_MANY);
    const attempt = await ctx.passwords.begin('pin', user.mobile, req.ip);
    if (!attempt) throw refusal(MSG_TOO_MANY);
    const stored = await securityPinOf(db, user.id);
    if (stored === '') throw refusal(MSG_PIN_NONE);
    if (!/^\d{1,12}$/.test(body.security_pin) || !(await pinMatches(body.security_pin, stored))) {
      if (signin) await pinSigninMissed(db, clock, String(signin.id));
      throw refusal(MSG_PIN_WRONG);
    }
    if (signin && !(await pinSigninDone(db, clock, { ...signin, id: String(signin.id), user_id: user.id }, req.ip)))
      throw new Refusal(401, MSG_BAD_TOKEN);
    await attempt.succeeded();
    // a PIN kept as plain digits (as the original backend kept them) is hashed now
    if (!stored.startsWith('scrypt$')) await hashStoredPin(db, user.id, stored, await hashPassword(body.security_pin));
    return { status: true, msg: 'Success' };
  });

  // A game screen: 1 while the market's Open session takes bids (the server's clock and results).
  // (2 when it does not, as the original says), with the account's devices
  defineCall(app, ctx, CALL.checkGameStatus, async ({ body, user }) => {
    const market = Number.isSafeInteger(body.game_id) ? await markets.get(body.game_id) : undefined;
    if (!market || !market.active) throw refusal(MSG.invalidGame);
    const open = sessionClosed('single_digit', 'Open', market, clock.now()) === null;
    return {
      status: true,
      msg: open ? 'Betting Is Open' : 'Sorry Betting Is closed.',
      game_status: open ? 1 : 2,
      device_result: await deviceResult(db, user, clock.now()),
    };
  });

  // A bid screen: the day its bids carry (sent back verbatim as bid_date) and the points a row may carry
  // (the family's bet limits: the lowest minimum and the highest maximum of its bet types).
  defineCall(app, ctx, CALL.getCurrentDate, async ({ body, user }) => {
    const market = Number.isSafeInteger(body.game_id) ? await markets.get(body.game_id) : undefined;
    if (!market || !market.active) throw refusal(MSG.invalidGame);
    const limits = await markets.betLimits(market.family);
    const min = Math.min(MIN_BID, ...limits.map((l) => l.min));
    const max = limits.length ? Math.max(...limits.map((l) => l.max)) : MAX_BID;
    const now = clock.now();
    const maxDeposit = await settingNumber(ctx, 'max_amt');
    const times = originalTimes(market, now);
    return {
      status: true,
      msg: 'Success',
      new_date: formatBidDate(now),
      min_bid_amount: String(min),
      max_bid_amount: String(max),
      // what the original's bid screens read besides: the wallet, the money bounds, the day as
      // 'Tue 10-Mar-2026', how far the open and the close are (ms)
      wallet_amt: user.wallet,
      min_deposite: String(await settingNumber(ctx, 'min_amt')),
      max_deposite: String(maxDeposit || NO_DEPOSIT_MAX),
      min_withdrawal: String(await settingNumber(ctx, 'min_withdrawal')),
      max_withdrawal: user.wallet,
      min_transfer: String(MIN_TRANSFER),
      max_transfer: user.wallet,
      date: weekdayDate(now),
      open_duration: times.open_duration,
      close_duration: times.close_duration,
    };
  });

  // Their Add Funds: after paying by a UPI app, a deposit request in the operator's queue, as ours
  // (api-fund-request-add), with the same checks.
  defineCall(app, ctx, CALL.addMoneyViaUpi, async ({ body, user }) => {
    if (user.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
    const problem =
      depositProblemText(body.amount, await settingNumber(ctx, 'min_amt')) || (await depositOverMax(ctx, body.amount));
    if (problem) throw refusal(problem);
    const out = await requestDeposit(db, user.id, body.amount, clock.now());
    return {
      status: true,
      msg: SERVER_TEXTS.fundRequested,
      request_id: String(out.id),
      request_number: `D${out.id}`,
    };
  });
};
