/**
 * Wallet calls (spec sections 3, 5, 7): deposits (fund requests), UPI numbers with a server-checked
 * OTP, withdrawals (points held at request time), transfers, and the wallet / deposit / withdraw
 * histories. The requests' checks and answers are here; what they read and write is the wallet
 * service (`services/wallet.ts`), which the operator code shares.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  MSG,
  POINTS_WHOLE,
  PHONE_RE,
  UPI_APPS,
  WITHDRAW_METHOD_CODES,
  WITHDRAW_METHODS,
  depositProblem,
  inWithdrawWindow,
  methodNumberFields,
  transferProblem,
  upiAppOfMethod,
  upiAppOfType,
  withdrawProblem,
  type UpiType,
  type WithdrawMethod,
} from '@matka/shared/domain';
import type { AppContext } from '../context';
import { isDemoSms } from '../config';
import { MSG_BETTING_DISABLED } from '../errors';
import { Refusal, defineCall, historyDate, otpField, phone, refusal, type AuthUser } from '../http/api';
import { formatKolkataDateTime } from '../services/clock';
import { issueOtp, MSG_TOO_MANY, verifyOtp } from '../services/otp';
import { takeLookup } from '../services/ratelimit';
import {
  accountName,
  addDepositProof,
  depositHistory,
  lastDeposit,
  ledgerHistory,
  MSG_RECEIVER_UNKNOWN,
  requestDeposit,
  requestStatusCode,
  requestWithdrawal,
  setUpiNumber,
  transferPoints,
  upiNumbers,
  withdrawHistory,
} from '../services/wallet';

const MAX_AMOUNT = 10_000_000;

const MSG_FUND_REQUESTED = 'Fund request submitted successfully';

/** The UPI reference of a payment (UTR / RRN): 12 digits, as the UPI apps show it. */
export const UTR_RE = /^\d{12}$/;
export const MSG_UTR_INVALID = 'The UTR is the 12-digit UPI reference number of your payment';
/** A payment screenshot, decoded: at most 180 KB (the app shrinks a photo before sending it). */
export const PROOF_MAX_BYTES = 180 * 1024;
const MSG_SCREENSHOT_INVALID = 'The screenshot must be a PNG, JPEG or WebP image of at most 180 KB';

const utrField = z
  .string({ error: MSG_UTR_INVALID })
  .transform((s) => s.replace(/\s+/g, ''))
  .refine((s) => UTR_RE.test(s), MSG_UTR_INVALID);

/** What the image's first bytes say it is (a data URL's declared type is not trusted). */
function imageTypeOf(b: Buffer): string | null {
  if (b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length > 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

const screenshotField = z
  .string({ error: MSG_SCREENSHOT_INVALID })
  .max(Math.ceil((PROOF_MAX_BYTES * 4) / 3) + 64, MSG_SCREENSHOT_INVALID)
  .transform((s, c) => {
    const m = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/]+={0,2})$/.exec(s.trim());
    const bytes = m ? Buffer.from(m[2], 'base64') : null;
    const type = bytes ? imageTypeOf(bytes) : null;
    if (!bytes || !type || bytes.length > PROOF_MAX_BYTES) {
      c.addIssue({ code: 'custom', message: MSG_SCREENSHOT_INVALID });
      return z.NEVER;
    }
    return { bytes: new Uint8Array(bytes), type };
  });
const MSG_TRANSFER_OK = 'Points transferred successfully';

/** A positive whole number of points, as a number or a digit string; one message for anything else. */
const amountField = (msg: string) =>
  z.union([z.string(), z.number()], { error: msg }).transform((v, c) => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    // a decimal is refused as such, never read as another number
    if (/^\d*\.\d+$/.test(s) || /^\d+\.$/.test(s)) {
      c.addIssue({ code: 'custom', message: POINTS_WHOLE });
      return z.NEVER;
    }
    if (!/^\d{1,12}$/.test(s) || Number(s) <= 0) {
      c.addIssue({ code: 'custom', message: msg });
      return z.NEVER;
    }
    if (Number(s) > MAX_AMOUNT) {
      c.addIssue({ code: 'custom', message: `Amount is too large (max ${MAX_AMOUNT})` });
      return z.NEVER;
    }
    return Number(s);
  });

const MSG_POINTS_NOT_NUMBER = 'Points must be a number';

/**
 * Transfer points: a number or a numeric string. Missing / empty: 'Points is required!'; not a number:
 * a 400 saying so; any number (negative, 0, a fraction) is passed on for the handler's checks.
 */
const transferPointsField = () =>
  z.union([z.string().max(40), z.number()], { error: MSG.transferPointsRequired }).transform((v, c) => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (s === '') {
      c.addIssue({ code: 'custom', message: MSG.transferPointsRequired });
      return z.NEVER;
    }
    const n = Number(s);
    if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s) || !Number.isFinite(n)) {
      c.addIssue({ code: 'custom', message: MSG_POINTS_NOT_NUMBER });
      return z.NEVER;
    }
    return n;
  });

const optDate = (msg: string) => historyDate(msg).optional().nullable();
/** Optional date range of the wallet histories (month/day/year, inclusive, Asia/Kolkata days). */
const rangeFields = {
  date_from: optDate('Invalid from date'),
  date_to: optDate('Invalid to date'),
};

const upiType = z.union([z.literal(1), z.literal(2), z.literal(3), z.enum(['1', '2', '3'])], {
  error: 'Invalid UPI type',
});

/** The wallet: balance, deposits, withdrawals, UPI details, transfers and the histories, as a Fastify plugin (registered by app.ts with the context). */
export const walletPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, clock, markets } = ctx;

  const settingNumber = async (key: string, dflt = 0) => {
    const n = Number((await markets.settings())[key]);
    return Number.isFinite(n) && n >= 0 ? n : dflt;
  };

  // ---------------------------------------------------------------- balance and wallet info
  defineCall(app, ctx, 'api-user-wallet-balance', { schema: z.object({}) }, async ({ user }) => {
    const s = await markets.settings();
    return {
      status: true,
      wallet_amt: user.wallet,
      withdraw_open_time: s.withdraw_open_time ?? '',
      withdraw_close_time: s.withdraw_close_time ?? '',
      min_withdrawal: s.min_withdrawal ?? '0',
      min_amt: s.min_amt ?? '0',
    };
  });

  // ---------------------------------------------------------------- deposits
  defineCall(
    app,
    ctx,
    'api-last-fund-request-detail',
    { schema: z.object({ mobile_no: z.unknown().optional() }) },
    async ({ user }) => {
      const last = await lastDeposit(db, user.id);
      return {
        status: true,
        msg: 'Success',
        min_amt: String(await settingNumber('min_amt')),
        last_request: last
          ? {
              request_id: last.id,
              request_amount: last.amount,
              request_status: requestStatusCode(last.status),
              insert_date: formatKolkataDateTime(last.created_at),
            }
          : null,
      };
    },
  );

  defineCall(
    app,
    ctx,
    'api-fund-request-add',
    { schema: z.object({ request_amount: amountField(MSG.amountRequired) }) },
    async ({ body, user }) => {
      if (user.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
      const min = await settingNumber('min_amt');
      const problem = depositProblem(body.request_amount, min);
      if (problem) throw refusal(problem);
      const out = await requestDeposit(db, user.id, body.request_amount, clock.now());
      const id = out.id;
      return { status: true, msg: MSG_FUND_REQUESTED, request_id: String(id), request_number: `D${id}` };
    },
  );

  // The proof of a UPI payment on the player's own pending deposit request (issue 31 item 18).
  defineCall(
    app,
    ctx,
    'api-fund-request-proof',
    {
      schema: z
        .object({
          request_id: z.union([z.string(), z.number()], { error: 'request_id is required' }).transform(String),
          utr: utrField.optional(),
          screenshot: screenshotField.optional(),
        })
        .refine((b) => b.utr !== undefined || b.screenshot !== undefined, 'Enter the UTR or add a screenshot')
        .refine((b) => /^\d{1,18}$/.test(b.request_id), 'Unknown deposit request'),
    },
    async ({ body, user }) => {
      const out = await addDepositProof(
        db,
        user.id,
        body.request_id,
        { utr: body.utr, image: body.screenshot },
        clock.now(),
      );
      return {
        status: true,
        msg: 'Payment reference added: the operator will match it',
        utr: out.utr ?? '',
        has_screenshot: out.has_screenshot,
      };
    },
  );

  defineCall(app, ctx, 'api-fund-request-history', { schema: z.object(rangeFields) }, async ({ body, user }) => {
    const rows = await depositHistory(db, user.id, body);
    return {
      status: true,
      msg: rows.length ? 'Success' : MSG.noDataFound,
      fund_requests: rows.map((r) => ({
        request_id: r.id,
        request_number: `D${r.id}`,
        request_amount: r.amount,
        request_status: requestStatusCode(r.status),
        insert_date: formatKolkataDateTime(r.created_at),
        // why the operator rejected it ('' otherwise)
        reject_reason: r.status === 'rejected' ? r.note : '',
        // the payment's proof the player gave (issue 31 item 18)
        utr: r.utr ?? '',
        has_screenshot: Boolean(r.has_screenshot),
      })),
    };
  });

  // ---------------------------------------------------------------- UPI numbers (OTP checked here)
  const upiSubject = (user: AuthUser, type: UpiType, number: string) => `upi:${user.id}:${type}:${number}`;

  defineCall(
    app,
    ctx,
    'api-upi-send-otp',
    {
      schema: z.object({ mobile: phone(MSG.upiPhoneRequired, MSG.upiPhoneInvalid), upi_type: upiType }),
    },
    async ({ body, user, req }) => {
      if (user.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
      const type = Number(body.upi_type) as UpiType;
      const otp = await issueOtp(ctx, body.mobile, 'upi', req.ip, upiSubject(user, type, body.mobile), user.id);
      return isDemoSms(ctx.config)
        ? { status: true, msg: 'OTP sent successfully', otp }
        : { status: true, msg: 'OTP sent successfully' };
    },
  );

  defineCall(
    app,
    ctx,
    'api-add-user-upi-details',
    {
      schema: z.object({
        upi_type: upiType,
        paytm_no: z.string().max(20).optional().nullable(),
        google_pay_no: z.string().max(20).optional().nullable(),
        phon_pay_no: z.string().max(20).optional().nullable(),
        otp: otpField(MSG.otpInvalid, ctx.config.otpLength),
      }),
    },
    async ({ body, user, req }) => {
      if (user.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
      const type = Number(body.upi_type) as UpiType;
      // only the number of the chosen app counts; the others are left as they are
      const number = (body[upiAppOfType(type).numberField] ?? '').trim();
      if (!number) throw new Refusal(400, MSG.upiPhoneRequired);
      if (!PHONE_RE.test(number)) throw new Refusal(400, MSG.upiPhoneInvalid);
      if (!(await verifyOtp(ctx, upiSubject(user, type, number), 'upi', body.otp, req.ip)))
        throw refusal(MSG.otpInvalid);
      await setUpiNumber(db, user.id, type, number, clock.now());
      return { status: true, msg: MSG.upiNumberAdded };
    },
  );

  defineCall(
    app,
    ctx,
    'api-get-user-payment-details',
    { schema: z.object({ mobile: z.unknown().optional(), mobile_no: z.unknown().optional() }) },
    async ({ user }) => {
      const r = await upiNumbers(db, user.id);
      return {
        status: true,
        msg: 'Success',
        payment_details: [
          Object.fromEntries(Object.values(UPI_APPS).map((a) => [a.detailsField, r[a.numberField] ?? ''])),
        ],
      };
    },
  );

  // The withdrawal methods a player can use now: their stored UPI numbers, with the payment_method
  // code api-user-withdraw-fund-request takes (deployed clients list these in their withdraw form).
  defineCall(
    app,
    ctx,
    'api-user-payment-method-list',
    { schema: z.object({ mobile: z.unknown().optional(), mobile_no: z.unknown().optional() }) },
    async ({ user }) => {
      const r = await upiNumbers(db, user.id);
      const result = WITHDRAW_METHOD_CODES.map((code) => ({ code, value: r[upiAppOfMethod(code).numberField] ?? '' }))
        .filter((m) => m.value !== '')
        .map((m) => ({ payment_method: m.code, name: WITHDRAW_METHODS[m.code], value: m.value }));
      return { status: true, msg: result.length ? 'Success' : 'No payment method added', result };
    },
  );

  // ---------------------------------------------------------------- withdrawals
  defineCall(
    app,
    ctx,
    'api-user-withdraw-fund-request',
    {
      schema: z.object({
        // the account is the token's; a mobile in the body is ignored
        mobile: z.unknown().optional(),
        request_amount: amountField(MSG.amountRequired),
        payment_method: z
          .union(
            [
              z.enum(WITHDRAW_METHOD_CODES as [WithdrawMethod, ...WithdrawMethod[]]),
              z.literal(2),
              z.literal(3),
              z.literal(4),
            ],
            {
              error: MSG.selectPaymentMethod,
            },
          )
          .transform((v) => String(v) as WithdrawMethod),
      }),
    },
    async ({ body, user }) => {
      if (user.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
      const s = await markets.settings();
      const amount = body.request_amount;
      const min = await settingNumber('min_withdrawal');
      // the balance as last known here; the hold is taken only while the wallet covers it (requestWithdrawal)
      const problem = withdrawProblem(amount, Number(user.wallet), min);
      if (problem) throw refusal(problem);
      const now = clock.now();
      if (!inWithdrawWindow(s.withdraw_open_time ?? '', s.withdraw_close_time ?? '', now)) {
        throw refusal(MSG.withdrawOutsideHours);
      }
      const r = await requestWithdrawal(db, { userId: user.id, amount, method: body.payment_method, now });
      await ctx.users.invalidate(user.id);
      return {
        status: true,
        msg: MSG.withdrawSent,
        request_id: String(r.id),
        request_number: `W${r.id}`,
        wallet_amt: String(r.wallet),
      };
    },
  );

  defineCall(
    app,
    ctx,
    'api-user-withdraw-transaction-history',
    { schema: z.object({ mobile_no: z.unknown().optional(), ...rangeFields }) },
    async ({ body, user }) => {
      const rows = await withdrawHistory(db, user.id, body);
      return {
        status: true,
        msg: rows.length ? 'Success' : MSG.noDataFound,
        withdrawdata: rows.map((r) => ({
          request_id: r.id,
          request_number: `W${r.id}`,
          ...methodNumberFields(r.payment_method, r.payment_number),
          payment_method: r.payment_method,
          request_amount: r.amount,
          request_status: requestStatusCode(r.status),
          insert_date: formatKolkataDateTime(r.created_at),
          payment_receipt: r.receipt_url ?? '',
          reject_reason: r.status === 'rejected' ? r.note : '',
        })),
      };
    },
  );

  // ---------------------------------------------------------------- transfers
  const receiverPhone = () => phone(MSG.transferPhoneRequired, MSG.transferPhoneInvalid);

  defineCall(
    app,
    ctx,
    'api-check-user-for-transfer-amt',
    { schema: z.object({ mobile_no: receiverPhone() }) },
    async ({ body, user, req }) => {
      if (body.mobile_no === user.mobile) throw refusal(MSG.transferOwnPhone);
      // a lookup of who owns a number: limited per account and per IP (no free enumeration)
      if (!(await takeLookup(ctx.limiter, ctx.config.rateLimits.otpPerIp, req.ip, user.id)))
        throw refusal(MSG_TOO_MANY);
      const name = await accountName(db, body.mobile_no);
      if (name === undefined) throw refusal(MSG_RECEIVER_UNKNOWN);
      return { status: true, msg: 'Success', user_name: name };
    },
  );

  defineCall(
    app,
    ctx,
    'api-user-transfer-wallet-balance',
    {
      schema: z.object({
        amount: transferPointsField(),
        mobile_no: receiverPhone(),
        transfer_note: z.string().max(200).optional().nullable(),
      }),
    },
    async ({ body, user }) => {
      if (user.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
      if (body.mobile_no === user.mobile) throw refusal(MSG.transferOwnPhone);
      // the domain's checks of the points (the balance: under the wallets' lock, by transferPoints)
      const problem = transferProblem(body.amount, Number.POSITIVE_INFINITY);
      // a fraction is a malformed request (400), as in every other call that takes points
      if (problem) throw new Refusal(problem === POINTS_WHOLE ? 400 : 200, problem);
      if (body.amount > MAX_AMOUNT) throw new Refusal(400, `Points are too many (max ${MAX_AMOUNT})`);
      const r = await transferPoints(db, {
        fromId: user.id,
        toMobile: body.mobile_no,
        amount: body.amount,
        note: body.transfer_note ?? '',
        now: clock.now(),
      });
      await ctx.users.invalidate(user.id, r.toId);
      return { status: true, msg: MSG_TRANSFER_OK, wallet_amt: r.wallet, transfer_id: r.id };
    },
  );

  // ---------------------------------------------------------------- wallet history (the ledger)
  defineCall(app, ctx, 'api-wallet-transaction-history', { schema: z.object(rangeFields) }, async ({ body, user }) => {
    const rows = await ledgerHistory(db, user.id, body);
    return {
      status: true,
      msg: rows.length ? 'Success' : MSG.noDataFound,
      transaction_history: rows.map((r) => ({
        transaction_id: r.id,
        transaction_type: r.type === 'credit' ? '1' : '2',
        transaction_note: r.note,
        amount: r.amount,
        amount_status: r.amount_status,
        insert_date: formatKolkataDateTime(r.created_at),
        balance_after: r.balance_after,
      })),
    };
  });
};
