/**
 * Operator endpoints for money and accounts: deposits and withdrawals (list / approve / reject),
 * users, settings. Every change is written to operator_audit in the transaction that makes it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PHONE_RE, parseTime12, webLink, withdrawMethodName } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { formatKolkataShort, formatMinutes12 } from '../services/clock';
import { upiQr } from '../services/upi';
import { readSettings, writeSettings } from '../services/catalog';
import {
  creditWallet,
  decidePending,
  depositRequests,
  depositScreenshot,
  finalizeWithdrawHold,
  lockWallet,
  mobileOf,
  notPending,
  withdrawRequests,
} from '../services/wallet';
import { audit } from '../services/audit';
import { hhmm, idSchema, parse } from './common';
import { Refusal } from '../errors';

const listQuery = z.object({
  status: z
    .enum(['pending', 'approved', 'rejected', 'all'], { error: 'status must be pending, approved, rejected or all' })
    .optional(),
  limit: z.coerce.number().int().positive().max(1000).optional(),
});

const decision = z.object({ id: idSchema, reason: z.string().max(200).optional() });
const approveWithdrawal = z.object({
  id: idSchema,
  receipt_url: z
    .string()
    .max(500)
    .refine((s) => webLink(s) !== null, 'receipt-url must be an http(s) link')
    .optional(),
});

/** Settings the operator may change, each with its check; times are stored as the 12-hour text the app shows. */
const SETTINGS: Record<string, z.ZodType<string>> = (() => {
  const whole = z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number of points')
    .transform((s) => String(Number(s)));
  const time = z
    .string()
    .refine((s) => parseTime12(s) !== null, "must be a time: 'HH:MM' (24-hour) or '10:00 AM'")
    .transform((s) => formatMinutes12(parseTime12(s)!));
  const phoneNo = z.string().regex(PHONE_RE, 'must be a 10-digit mobile number starting 6-9');
  const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
  const upi = z.string().regex(/^[\w.-]{2,256}@[\w.-]{2,64}$/, "must be a UPI id like 'name@bank'");
  return {
    min_amt: whole,
    min_withdrawal: whole,
    withdraw_open_time: time,
    withdraw_close_time: time,
    telegram_no: phoneNo,
    mobile_1: phoneNo,
    mobile_no: phoneNo,
    upi_id: upi,
    google_upi_payment_id: upi,
    phonepay_upi_payment_id: upi,
    payee_name: text(100),
    video_link: z.string().max(500).url('must be a link'),
    how_to_play_content: text(20_000),
    deposit_rule: text(20_000),
    withdrawal_rule: text(20_000),
    // the Privacy Policy page's text (HTML; empty: the app's built-in policy)
    privacy_policy: text(20_000),
    // image URLs of the home slider (api-get-slider-images), separated by spaces, commas or lines
    slider_images: z
      .string()
      .transform((v) => v.split(/[\s,]+/).filter(Boolean))
      .refine((urls) => urls.length <= 10, 'takes at most 10 images')
      .refine(
        (urls) => urls.every((u) => webLink(u) !== null && u.length <= 500),
        'must be image links (http:// or https://)',
      )
      .transform((urls) => urls.join('\n')),
  };
})();

export function registerMoneyOperatorRoutes(op: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;

  // ---------------------------------------------------------------- deposits
  op.get('/deposits', async (req) => {
    const q = parse(listQuery, req.query);
    const status = q.status ?? 'pending';
    const rows = await depositRequests(db, status, q.limit ?? 200);
    return {
      status: true,
      filter: status,
      deposits: rows.map((r) => ({
        id: r.id,
        mobile: r.mobile,
        name: r.name,
        amount: r.amount,
        status: r.status,
        requested: formatKolkataShort(r.created_at),
        decided: r.decided_at ? formatKolkataShort(r.decided_at) : null,
        note: r.note,
        // the player's proof of the UPI payment: its reference and whether a screenshot came
        utr: r.utr ?? '',
        has_screenshot: Boolean(r.has_screenshot),
      })),
    };
  });

  // A deposit's payment screenshot, as the image itself (the console shows it beside the request).
  op.get('/deposits/screenshot', async (req, reply) => {
    const { id } = parse(z.object({ id: z.coerce.number().int().positive('id must be a request id') }), req.query);
    const row = await depositScreenshot(db, id);
    if (!row?.proof_image || !row.proof_type)
      return reply.code(404).send({ status: false, msg: `D${id} has no screenshot` });
    return reply
      .header('Content-Type', row.proof_type)
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `inline; filename="D${id}-payment"`)
      .send(Buffer.from(row.proof_image));
  });

  /**
   * Decides a pending request and credits its points (a deposit in, a rejected withdrawal back) in one
   * transaction, with the ledger row and the audit row. The guarded status change is what makes the
   * credit happen once. Null when the request was not pending.
   */
  const decideWithCredit = (d: {
    table: 'fund_requests' | 'withdraw_requests';
    id: number;
    status: 'approved' | 'rejected';
    note: string;
    credit: { kind: string; note: string; reference: string };
    audit: { action: string; target: string; params: unknown };
  }) => {
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const r = await decidePending(trx, d.table, d.id, { status: d.status, decided_at: now, note: d.note })
        .returning(['user_id', 'amount'])
        .executeTakeFirst();
      if (!r) return null;
      const before = await lockWallet(trx, r.user_id);
      // a decided withdrawal's hold: its ledger row is now final
      if (d.table === 'withdraw_requests') await finalizeWithdrawHold(trx, r.user_id, d.id);
      const wallet = await creditWallet(trx, { userId: r.user_id, points: r.amount, ...d.credit, now });
      await audit(
        trx,
        d.audit.action,
        d.audit.target,
        d.audit.params,
        { status: 'pending', wallet: before.wallet },
        { status: d.status, wallet },
      );
      return { mobile: before.mobile, amount: r.amount, wallet };
    });
  };

  op.post('/deposits/approve', async (req) => {
    const body = parse(decision, req.body);
    const out = await decideWithCredit({
      table: 'fund_requests',
      id: body.id,
      status: 'approved',
      note: body.reason ?? '',
      credit: { kind: 'deposit', note: `Fund added (request D${body.id})`, reference: `deposit:${body.id}` },
      audit: { action: 'deposits approve', target: `D${body.id}`, params: body },
    });
    if (!out) throw await notPending(db, 'fund_requests', body.id, 'deposit request');
    return {
      status: true,
      msg: `Deposit #${body.id} approved: ${out.amount} points credited to ${out.mobile} (wallet now ${out.wallet})`,
      id: String(body.id),
      mobile: out.mobile,
      wallet_amt: out.wallet,
    };
  });

  op.post('/deposits/reject', async (req) => {
    const body = parse(decision, req.body);
    const now = clock.now();
    const out = await db.transaction().execute(async (trx) => {
      const r = await decidePending(trx, 'fund_requests', body.id, {
        status: 'rejected',
        decided_at: now,
        note: body.reason ?? '',
      })
        .returning(['user_id', 'amount'])
        .executeTakeFirst();
      if (!r) return null;
      await audit(trx, 'deposits reject', `D${body.id}`, body, { status: 'pending' }, { status: 'rejected' });
      return r;
    });
    if (!out) throw await notPending(db, 'fund_requests', body.id, 'deposit request');
    return {
      status: true,
      msg: `Deposit #${body.id} rejected (${out.amount} points, nothing credited)`,
      id: String(body.id),
    };
  });

  // ---------------------------------------------------------------- withdrawals
  op.get('/withdrawals', async (req) => {
    const q = parse(listQuery, req.query);
    const status = q.status ?? 'pending';
    const rows = await withdrawRequests(db, status, q.limit ?? 200);
    return {
      status: true,
      filter: status,
      withdrawals: rows.map((r) => ({
        id: r.id,
        mobile: r.mobile,
        name: r.name,
        amount: r.amount,
        status: r.status,
        method: withdrawMethodName(r.payment_method),
        number: r.payment_number,
        receipt_url: r.receipt_url,
        note: r.note,
        requested: formatKolkataShort(r.created_at),
        decided: r.decided_at ? formatKolkataShort(r.decided_at) : null,
      })),
    };
  });

  op.post('/withdrawals/approve', async (req) => {
    const body = parse(approveWithdrawal, req.body);
    const now = clock.now();
    const out = await db.transaction().execute(async (trx) => {
      const r = await decidePending(trx, 'withdraw_requests', body.id, {
        status: 'approved',
        decided_at: now,
        receipt_url: body.receipt_url ?? null,
      })
        .returning(['user_id', 'amount', 'payment_method', 'payment_number'])
        .executeTakeFirst();
      if (!r) return null;
      // the held points are paid out: the hold's ledger row is now final
      await finalizeWithdrawHold(trx, r.user_id, body.id);
      await audit(
        trx,
        'withdrawals approve',
        `W${body.id}`,
        body,
        { status: 'pending' },
        { status: 'approved', receipt_url: body.receipt_url ?? null },
      );
      return { ...r, mobile: await mobileOf(trx, r.user_id) };
    });
    if (!out) throw await notPending(db, 'withdraw_requests', body.id, 'withdrawal request');
    const label = withdrawMethodName(out.payment_method);
    return {
      status: true,
      msg: `Withdrawal #${body.id} approved: pay ${out.amount} to ${label} ${out.payment_number} (${out.mobile})`,
      id: String(body.id),
    };
  });

  op.post('/withdrawals/reject', async (req) => {
    const body = parse(decision, req.body);
    const out = await decideWithCredit({
      table: 'withdraw_requests',
      id: body.id,
      status: 'rejected',
      note: body.reason ?? '',
      credit: {
        kind: 'withdraw_refund',
        note: `Withdrawal request W${body.id} cancelled: points returned`,
        reference: `withdraw_refund:${body.id}`,
      },
      audit: { action: 'withdrawals reject', target: `W${body.id}`, params: body },
    });
    if (!out) throw await notPending(db, 'withdraw_requests', body.id, 'withdrawal request');
    return {
      status: true,
      msg: `Withdrawal #${body.id} rejected: ${out.amount} points returned to ${out.mobile} (wallet now ${out.wallet})`,
      id: String(body.id),
      wallet_amt: out.wallet,
    };
  });

  // ---------------------------------------------------------------- settings
  op.get('/settings', async () => {
    const settings = await readSettings(db);
    return {
      status: true,
      settings,
      keys: Object.keys(SETTINGS),
      // the QR code players scan on /qrpay (from upi_id and payee_name)
      qr: await upiQr(settings),
    };
  });

  const setSettings = async (action: string, values: Record<string, string>, params: unknown) => {
    const before = await db.transaction().execute(async (trx) => {
      const b = await writeSettings(trx, values);
      await audit(trx, action, Object.keys(values).join(','), params, b, values);
      return b;
    });
    await ctx.markets.invalidate();
    return before;
  };

  op.post('/settings/set', async (req) => {
    const body = parse(
      z.object({
        key: z.string({ error: 'key is required' }).max(64),
        value: z.string({ error: 'value is required' }).max(20_000, 'the value must be at most 20000 characters'),
      }),
      req.body,
    );
    const check = Object.hasOwn(SETTINGS, body.key) ? SETTINGS[body.key] : undefined;
    if (!check) throw new Refusal(400, `unknown setting '${body.key}' (one of: ${Object.keys(SETTINGS).join(', ')})`);
    const v = check.safeParse(body.value.trim());
    if (!v.success) throw new Refusal(400, `${body.key} ${v.error.issues[0]?.message ?? 'is invalid'}`);
    const before = await setSettings('settings set', { [body.key]: v.data }, body);
    return {
      status: true,
      msg: `${body.key} = ${v.data} (was ${before[body.key] ?? 'unset'})`,
      key: body.key,
      value: v.data,
    };
  });

  op.post('/settings/withdraw-window', async (req) => {
    const body = parse(z.object({ open: hhmm('open'), close: hhmm('close') }), req.body);
    const open = formatMinutes12(parseTime12(body.open)!);
    const close = formatMinutes12(parseTime12(body.close)!);
    await setSettings('settings set-withdraw-window', { withdraw_open_time: open, withdraw_close_time: close }, body);
    return { status: true, msg: `Withdrawals allowed ${open} to ${close} (Asia/Kolkata)`, open, close };
  });
}
