/**
 * /operator/settings: every setting, the QR code players pay to, one setting set (each key with its
 * check), and the withdrawal hours. Writing is services/market-admin.ts's saveSettings (audited).
 */
import { OPERATOR_REQUESTS } from '@matka/shared/contract/schemas';
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { PHONE_RE, parseTime12, webLink } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { formatMinutes12 } from '../services/clock';
import { TRANSLATED_SETTINGS, readSettings } from '../services/catalog';
import { saveSettings } from '../services/market-admin';
import { upiQr } from '../services/upi';
import { Refusal } from '../errors';
import { parse, route } from './common';

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
    // the most one deposit request may ask ('0': no maximum); the 'MATKA 04' apps show it (max_amt)
    max_amt: whole,
    // the app versions the 'MATKA 04' apps compare with their own (api-get-dashboard-data)
    user_current_version: z.string().regex(/^[\w.-]{1,20}$/, "must be a version like '1' or '2.0.1'"),
    user_minimum_version: z.string().regex(/^[\w.-]{1,20}$/, "must be a version like '1' or '2.0.1'"),
    // responsible play: '1' requires a player's age declaration before any bid (off by default,
    // so installed apps that cannot ask it keep working)
    require_age_declaration: z.enum(['0', '1'], { error: "must be '1' (required) or '0'" }),
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
    // the same texts in Hindi and Marathi (empty: the English one), e.g. how_to_play_content_hi
    ...Object.fromEntries(
      TRANSLATED_SETTINGS.flatMap((key) => ['hi', 'mr'].map((lang) => [`${key}_${lang}`, text(20_000)])),
    ),
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

export const settingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { db } = ctx;

  // ---------------------------------------------------------------- settings
  route(op, OP.settings, async () => {
    const settings = await readSettings(db);
    return {
      status: true,
      settings,
      keys: Object.keys(SETTINGS),
      // the QR code players scan on /qrpay (from upi_id and payee_name)
      qr: await upiQr(settings),
    };
  });

  route(op, OP.setSetting, async (req) => {
    const body = parse(OPERATOR_REQUESTS.setSetting, req.body);
    const check = Object.hasOwn(SETTINGS, body.key) ? SETTINGS[body.key] : undefined;
    if (!check) throw new Refusal(400, `unknown setting '${body.key}' (one of: ${Object.keys(SETTINGS).join(', ')})`);
    const v = check.safeParse(body.value.trim());
    if (!v.success) throw new Refusal(400, `${body.key} ${v.error.issues[0]?.message ?? 'is invalid'}`);
    const before = await saveSettings(ctx, 'settings set', { [body.key]: v.data }, body);
    return {
      status: true,
      msg: `${body.key} = ${v.data} (was ${before[body.key] ?? 'unset'})`,
      key: body.key,
      value: v.data,
    };
  });

  route(op, OP.setWithdrawWindow, async (req) => {
    const body = parse(OPERATOR_REQUESTS.setWithdrawWindow, req.body);
    const open = formatMinutes12(parseTime12(body.open)!);
    const close = formatMinutes12(parseTime12(body.close)!);
    await saveSettings(
      ctx,
      'settings set-withdraw-window',
      { withdraw_open_time: open, withdraw_close_time: close },
      body,
    );
    return { status: true, msg: `Withdrawals allowed ${open} to ${close} (Asia/Kolkata)`, open, close };
  });
};
