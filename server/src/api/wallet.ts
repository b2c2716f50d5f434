/**
 * Wallet calls (spec sections 3, 5, 7): deposits (fund requests), UPI numbers with a server-checked
 * OTP, withdrawals (points held at request time), transfers, and the wallet / deposit / withdraw
 * histories. Every balance change writes its ledger row in the same transaction.
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import {
  MSG,
  PHONE_RE,
  WITHDRAW_METHOD_CODES,
  WITHDRAW_METHODS,
  inWithdrawWindow,
  minAddAmount,
  minWithdraw,
  transferPointsTooFew,
  type WithdrawMethod,
} from '@matka/shared/domain';
import type { AppContext } from '../context';
import type { DB } from '../db/types';
import { isDemoSms } from '../config';
import { MSG_BETTING_DISABLED, defineCall, historyDate, otpField, phone, refuse, type AuthUser } from '../http/api';
import { addDays, formatKolkataDateTime, kolkataDayStart } from '../services/clock';
import { issueOtp, MSG_TOO_MANY, verifyOtp } from '../services/otp';

export const MAX_AMOUNT = 10_000_000;
export const MAX_PENDING_DEPOSITS = 5;
export const HISTORY_CAP = 500;

export const MSG_FUND_REQUESTED = 'Fund request submitted successfully';
export const MSG_TOO_MANY_PENDING = `You already have ${MAX_PENDING_DEPOSITS} pending fund requests. Please wait until they are processed.`;
export const MSG_TRANSFER_OK = 'Points transferred successfully';
export const MSG_RECEIVER_UNKNOWN = MSG.transferLookupFailed; // 'Username or password incorrect'

/** UPI-details codes (spec section 9): 1 Paytm, 2 Google Pay, 3 PhonePe -> the users column. */
const UPI_COLUMN = { 1: 'paytm_no', 2: 'google_pay_no', 3: 'phon_pay_no' } as const;
const UPI_FIELD = { 1: 'paytm_no', 2: 'google_pay_no', 3: 'phon_pay_no' } as const;
/** Withdraw codes (spec section 9): 2 Google Pay, 3 Paytm, 4 PhonePe. */
/** Where each withdrawal method's number is stored (the codes and names: WITHDRAW_METHODS in the domain). */
const METHOD_COLUMNS: Record<WithdrawMethod, 'google_pay_no' | 'paytm_no' | 'phon_pay_no'> = {
  '2': 'google_pay_no',
  '3': 'paytm_no',
  '4': 'phon_pay_no',
};

/** A positive whole number of points, as a number or a digit string; one message for anything else. */
export const amountField = (msg: string) =>
  z.union([z.string(), z.number()], { error: msg }).transform((v, c) => {
    const s = typeof v === 'number' ? String(v) : v.trim();
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

export const MSG_POINTS_NOT_NUMBER = 'Points must be a number';
export const MSG_POINTS_WHOLE = 'Points must be a whole number';

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

/** created_at bounds of an inclusive range of Kolkata days. */
export function createdBounds(from?: string | null, to?: string | null) {
  return {
    from: from ? kolkataDayStart(from) : undefined,
    to: to ? kolkataDayStart(addDays(to, 1)) : undefined,
  };
}

/** A user's history query: the rows created within the range's Kolkata days, newest first, at most HISTORY_CAP. */
function createdWithin<O>(
  q: SelectQueryBuilder<DB, 'fund_requests' | 'withdraw_requests' | 'wallet_transactions', O>,
  range: { date_from?: string | null; date_to?: string | null },
) {
  const b = createdBounds(range.date_from, range.date_to);
  if (b.from) q = q.where('created_at', '>=', b.from);
  if (b.to) q = q.where('created_at', '<', b.to);
  return q.orderBy('id', 'desc').limit(HISTORY_CAP).execute();
}

/** '0' Pending, '1' Cancelled / rejected, '2' Approved (spec section 3). */
export const requestStatusCode = (s: string) => (s === 'pending' ? '0' : s === 'approved' ? '2' : '1');

const upiType = z.union([z.literal(1), z.literal(2), z.literal(3), z.enum(['1', '2', '3'])], {
  error: 'Invalid UPI type',
});

/** The wallet: balance, deposits, withdrawals, UPI details, transfers and the histories, as a Fastify plugin (registered by app.ts with the context). */
export const walletPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, clock, markets } = ctx;
  /** The player's UPI numbers (payment details, withdrawal methods). */
  const storedUpiNumbers = (userId: string) =>
    db
      .selectFrom('users')
      .select(['paytm_no', 'google_pay_no', 'phon_pay_no'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

  const settingNumber = async (key: string, dflt = 0) => {
    const n = Number((await markets.settings())[key]);
    return Number.isFinite(n) && n >= 0 ? n : dflt;
  };

  // ---------------------------------------------------------------- balance and wallet info
  defineCall(app, ctx, 'api-user-wallet-balance', { schema: z.object({}), auth: true }, async ({ user }) => {
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
    { schema: z.object({ mobile_no: z.unknown().optional() }), auth: true },
    async ({ user }) => {
      const last = await db
        .selectFrom('fund_requests')
        .select(['id', 'amount', 'status', 'created_at'])
        .where('user_id', '=', user.id)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
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
    { schema: z.object({ request_amount: amountField(MSG.amountRequired) }), auth: true },
    async ({ body, user }) => {
      if (user.betting_status !== '1') return refuse(MSG_BETTING_DISABLED);
      const min = await settingNumber('min_amt');
      if (body.request_amount < min) return refuse(minAddAmount(min));
      // At most MAX_PENDING_DEPOSITS pending requests. A count-then-insert is not enough under READ
      // COMMITTED (concurrent requests all count the same rows), so the account row is locked first:
      // requests of one account take their turn, each counting the ones committed before it.
      const now = clock.now();
      const out = await db.transaction().execute(async (trx) => {
        const me = await trx
          .selectFrom('users')
          .select(['id', 'betting_status'])
          .where('id', '=', user.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (me.betting_status !== '1') return { msg: MSG_BETTING_DISABLED };
        const pending = await trx
          .selectFrom('fund_requests')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', user.id)
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow();
        if (Number(pending.n) >= MAX_PENDING_DEPOSITS) return { msg: MSG_TOO_MANY_PENDING };
        const row = await trx
          .insertInto('fund_requests')
          .values({ user_id: user.id, amount: body.request_amount, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: String(row.id) };
      });
      if (!('id' in out)) return refuse(out.msg);
      const id = out.id;
      return { status: true, msg: MSG_FUND_REQUESTED, request_id: String(id), request_number: `D${id}` };
    },
  );

  defineCall(
    app,
    ctx,
    'api-fund-request-history',
    { schema: z.object(rangeFields), auth: true },
    async ({ body, user }) => {
      const rows = await createdWithin(
        db.selectFrom('fund_requests').select(['id', 'amount', 'status', 'created_at']).where('user_id', '=', user.id),
        body,
      );
      return {
        status: true,
        msg: rows.length ? 'Success' : MSG.noDataFound,
        fund_requests: rows.map((r) => ({
          request_id: r.id,
          request_number: `D${r.id}`,
          request_amount: r.amount,
          request_status: requestStatusCode(r.status),
          insert_date: formatKolkataDateTime(r.created_at),
        })),
      };
    },
  );

  // ---------------------------------------------------------------- UPI numbers (OTP checked here)
  const upiSubject = (user: AuthUser, type: 1 | 2 | 3, number: string) => `upi:${user.id}:${type}:${number}`;

  defineCall(
    app,
    ctx,
    'api-upi-send-otp',
    {
      schema: z.object({ mobile: phone(MSG.upiPhoneRequired, MSG.upiPhoneInvalid), upi_type: upiType }),
      auth: true,
    },
    async ({ body, user, req }) => {
      if (user.betting_status !== '1') return refuse(MSG_BETTING_DISABLED);
      const type = Number(body.upi_type) as 1 | 2 | 3;
      const r = await issueOtp(ctx, body.mobile, 'upi', req.ip, upiSubject(user, type, body.mobile), user.id);
      if (!r.ok) return refuse(r.msg);
      return isDemoSms(ctx.config)
        ? { status: true, msg: 'OTP sent successfully', otp: r.otp }
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
      auth: true,
    },
    async ({ body, user, reply, req }) => {
      if (user.betting_status !== '1') return refuse(MSG_BETTING_DISABLED);
      const type = Number(body.upi_type) as 1 | 2 | 3;
      // only the number of the chosen app counts; the others are left as they are
      const number = (body[UPI_FIELD[type]] ?? '').trim();
      if (!number) return reply.code(400).send(refuse(MSG.upiPhoneRequired));
      if (!PHONE_RE.test(number)) return reply.code(400).send(refuse(MSG.upiPhoneInvalid));
      if (!(await verifyOtp(ctx, upiSubject(user, type, number), 'upi', body.otp, req.ip)))
        return refuse(MSG.otpInvalid);
      await db
        .updateTable('users')
        .set({ [UPI_COLUMN[type]]: number, updated_at: clock.now() })
        .where('id', '=', user.id)
        .execute();
      return { status: true, msg: MSG.upiNumberAdded };
    },
  );

  defineCall(
    app,
    ctx,
    'api-get-user-payment-details',
    { schema: z.object({ mobile: z.unknown().optional(), mobile_no: z.unknown().optional() }), auth: true },
    async ({ user }) => {
      const r = await storedUpiNumbers(user.id);
      return {
        status: true,
        msg: 'Success',
        payment_details: [
          {
            google_pay_number: r.google_pay_no ?? '',
            paytm_number: r.paytm_no ?? '',
            phone_pay_number: r.phon_pay_no ?? '',
          },
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
    { schema: z.object({ mobile: z.unknown().optional(), mobile_no: z.unknown().optional() }), auth: true },
    async ({ user }) => {
      const r = await storedUpiNumbers(user.id);
      const result = WITHDRAW_METHOD_CODES.map((code) => ({ code, value: r[METHOD_COLUMNS[code]] ?? '' }))
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
      auth: true,
    },
    async ({ body, user }) => {
      if (user.betting_status !== '1') return refuse(MSG_BETTING_DISABLED);
      const s = await markets.settings();
      const amount = body.request_amount;
      const min = await settingNumber('min_withdrawal');
      if (amount > Number(user.wallet)) return refuse(MSG.walletLimitExceeded);
      if (amount < min) return refuse(minWithdraw(min));
      const now = clock.now();
      if (!inWithdrawWindow(s.withdraw_open_time ?? '', s.withdraw_close_time ?? '', now)) {
        return refuse(MSG.withdrawOutsideHours);
      }
      const column = METHOD_COLUMNS[body.payment_method];
      // One statement: the stored number, the guarded hold (debit), the request and its ledger row.
      const out = await sql<{ id: string | null; wallet: string | null; number: string | null }>`
        WITH acct AS (
          SELECT ${sql.ref(column)} AS number FROM users WHERE id = ${user.id}::bigint
        ), hold AS (
          UPDATE users SET wallet = wallet - ${amount}::bigint, updated_at = ${now}::timestamptz
          WHERE id = ${user.id}::bigint AND wallet >= ${amount}::bigint AND betting_status = '1'
            AND (SELECT coalesce(number, '') FROM acct) <> ''
          RETURNING wallet
        ), req AS (
          INSERT INTO withdraw_requests (user_id, amount, payment_method, payment_number, created_at)
          SELECT ${user.id}::bigint, ${amount}::bigint, ${body.payment_method}::text, (SELECT number FROM acct), ${now}::timestamptz
          FROM hold
          RETURNING id
        ), ledger AS (
          INSERT INTO wallet_transactions (user_id, type, amount, balance_after, kind, note, reference, amount_status, created_at)
          SELECT ${user.id}::bigint, 'debit', ${amount}::bigint, hold.wallet, 'withdraw',
                 'Withdrawal request W' || req.id || ' (' || ${WITHDRAW_METHODS[body.payment_method]}::text || ' ' || (SELECT number FROM acct) || ')',
                 'withdraw:' || req.id, '0', ${now}::timestamptz
          FROM hold, req
        )
        SELECT (SELECT id FROM req) AS id, (SELECT wallet FROM hold) AS wallet, (SELECT number FROM acct) AS number`.execute(
        db,
      );
      const r = out.rows[0];
      if (r?.id) await ctx.users.invalidate(user.id);
      if (!r?.number) return refuse(`Please add your ${WITHDRAW_METHODS[body.payment_method]} number first`);
      if (!r.id) return refuse(MSG.walletLimitExceeded);
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
    { schema: z.object({ mobile_no: z.unknown().optional(), ...rangeFields }), auth: true },
    async ({ body, user }) => {
      const rows = await createdWithin(
        db
          .selectFrom('withdraw_requests')
          .select(['id', 'amount', 'payment_method', 'payment_number', 'status', 'receipt_url', 'created_at'])
          .where('user_id', '=', user.id),
        body,
      );
      return {
        status: true,
        msg: rows.length ? 'Success' : MSG.noDataFound,
        withdrawdata: rows.map((r) => ({
          request_id: r.id,
          request_number: `W${r.id}`,
          google_pay_number: r.payment_method === '2' ? r.payment_number : '',
          paytm_number: r.payment_method === '3' ? r.payment_number : '',
          phone_pay_number: r.payment_method === '4' ? r.payment_number : '',
          payment_method: r.payment_method,
          request_amount: r.amount,
          request_status: requestStatusCode(r.status),
          insert_date: formatKolkataDateTime(r.created_at),
          payment_receipt: r.receipt_url ?? '',
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
    { schema: z.object({ mobile_no: receiverPhone() }), auth: true },
    async ({ body, user, req }) => {
      if (body.mobile_no === user.mobile) return refuse(MSG.transferOwnPhone);
      // a lookup of who owns a number: limited per account and per IP (no free enumeration)
      const rl = ctx.config.rateLimits;
      if (
        !(await ctx.limiter.take([
          [`lookup:acct:${user.id}`, rl.otpPerIp],
          [`lookup:ip:${req.ip}`, rl.otpPerIp],
        ]))
      )
        return refuse(MSG_TOO_MANY);
      const r = await db.selectFrom('users').select('name').where('mobile', '=', body.mobile_no).executeTakeFirst();
      if (!r) return refuse(MSG_RECEIVER_UNKNOWN);
      return { status: true, msg: 'Success', user_name: r.name };
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
      auth: true,
    },
    async ({ body, user, reply }) => {
      if (user.betting_status !== '1') return refuse(MSG_BETTING_DISABLED);
      if (body.mobile_no === user.mobile) return refuse(MSG.transferOwnPhone);
      // any number below 100 (0, negative, 50.5): the spec's message; then whole points only
      if (transferPointsTooFew(body.amount)) return refuse(MSG.transferPointsMin);
      if (!Number.isInteger(body.amount)) return reply.code(400).send(refuse(MSG_POINTS_WHOLE));
      if (body.amount > MAX_AMOUNT) return reply.code(400).send(refuse(`Points are too many (max ${MAX_AMOUNT})`));
      const r = await transferPoints(ctx, user.id, body.mobile_no, body.amount, body.transfer_note ?? '');
      if (!r.ok) return refuse(r.msg);
      await ctx.users.invalidate(user.id, r.toId);
      return { status: true, msg: MSG_TRANSFER_OK, wallet_amt: r.wallet, transfer_id: r.id };
    },
  );

  // ---------------------------------------------------------------- wallet history (the ledger)
  defineCall(
    app,
    ctx,
    'api-wallet-transaction-history',
    { schema: z.object(rangeFields), auth: true },
    async ({ body, user }) => {
      const rows = await createdWithin(
        db
          .selectFrom('wallet_transactions')
          .select(['id', 'type', 'amount', 'note', 'amount_status', 'created_at', 'balance_after'])
          .where('user_id', '=', user.id),
        body,
      );
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
    },
  );
};

export type TransferResult = { ok: true; id: string; wallet: string; toId: string } | { ok: false; msg: string };

/**
 * Moves points between two wallets in one transaction: both rows locked in id order (two opposite
 * transfers never deadlock), a guarded debit, the credit, the transfer record and two ledger rows.
 */
export async function transferPoints(
  ctx: AppContext,
  fromId: string,
  toMobile: string,
  amount: number,
  note: string,
): Promise<TransferResult> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const to = await trx.selectFrom('users').select(['id']).where('mobile', '=', toMobile).executeTakeFirst();
    if (!to) return { ok: false, msg: MSG_RECEIVER_UNKNOWN };
    if (to.id === fromId) return { ok: false, msg: MSG.transferOwnPhone };
    const locked = await sql<{ id: string; name: string; mobile: string; wallet: string; betting_status: string }>`
      SELECT id, name, mobile, wallet, betting_status FROM users WHERE id IN (${fromId}::bigint, ${to.id}::bigint) ORDER BY id FOR UPDATE`.execute(
      trx,
    );
    const from = locked.rows.find((r) => String(r.id) === String(fromId));
    const dest = locked.rows.find((r) => String(r.id) === String(to.id));
    if (!from || !dest) return { ok: false, msg: MSG_RECEIVER_UNKNOWN };
    if (from.betting_status !== '1') return { ok: false, msg: MSG_BETTING_DISABLED };
    if (BigInt(from.wallet) < BigInt(amount)) return { ok: false, msg: MSG.transferNotEnoughPoints };
    const fromAfter = BigInt(from.wallet) - BigInt(amount);
    const toAfter = BigInt(dest.wallet) + BigInt(amount);
    // One round trip for the rest (the rows are ours until commit).
    const res = await sql<{ id: string }>`
      WITH t AS (
        INSERT INTO transfers (from_user_id, to_user_id, amount, note, created_at)
        VALUES (${fromId}::bigint, ${to.id}::bigint, ${amount}::bigint, ${note.slice(0, 200)}::text, ${now}::timestamptz)
        RETURNING id
      ), a AS (
        UPDATE users SET wallet = wallet - ${amount}::bigint, updated_at = ${now}::timestamptz
        WHERE id = ${fromId}::bigint AND wallet >= ${amount}::bigint RETURNING id
      ), b AS (
        UPDATE users SET wallet = wallet + ${amount}::bigint, updated_at = ${now}::timestamptz
        WHERE id = ${to.id}::bigint RETURNING id
      ), l AS (
        INSERT INTO wallet_transactions (user_id, type, amount, balance_after, kind, note, reference, created_at)
        SELECT * FROM (VALUES
          (${fromId}::bigint, 'debit', ${amount}::bigint, ${String(fromAfter)}::bigint, 'transfer_out',
           ${`Transferred to ${dest.name} (${dest.mobile})`}::text, 'transfer:' || (SELECT id FROM t), ${now}::timestamptz),
          (${to.id}::bigint, 'credit', ${amount}::bigint, ${String(toAfter)}::bigint, 'transfer_in',
           ${`Received from ${from.name} (${from.mobile})`}::text, 'transfer:' || (SELECT id FROM t), ${now}::timestamptz)
        ) AS v(user_id, type, amount, balance_after, kind, note, reference, created_at)
        WHERE EXISTS (SELECT 1 FROM a) AND EXISTS (SELECT 1 FROM b)
      )
      SELECT (SELECT id FROM t) AS id, (SELECT count(*) FROM a) AS a, (SELECT count(*) FROM b) AS b`.execute(trx);
    const row = res.rows[0] as unknown as { id: string; a: string | number; b: string | number };
    // cannot happen while the rows are locked; fail loudly rather than write a half transfer
    if (Number(row.a) !== 1 || Number(row.b) !== 1) throw new Error('transfer: locked rows changed');
    return { ok: true, id: String(row.id), wallet: String(fromAfter), toId: String(to.id) };
  });
}
