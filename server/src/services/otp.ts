import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { isDemoSms } from '../config';
import { sha256 } from './passwords';

export type OtpPurpose = 'register' | 'forgot' | 'upi';

export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_RESEND_MS = 30 * 1000;
export const OTP_MAX_TRIES = 5;
export const MSG_TOO_MANY = 'Too many attempts. Please try again later.';

const hashCode = (mobile: string, purpose: string, code: string) => sha256(`otp:${mobile}:${purpose}:${code}`);

export type IssueResult = { ok: true; otp: string } | { ok: false; msg: string };

/**
 * Creates a new 4-digit code for (subject, purpose), replacing any earlier one, and sends it to `mobile`.
 * Refused within 30 s of the previous code and when the per-mobile / per-IP OTP rate limit is used up.
 * `subject` is what the code is stored under (default: the mobile itself); a UPI number's code is
 * stored under the account and the number, so only that account can use it.
 */
export async function issueOtp(
  ctx: AppContext,
  mobile: string,
  purpose: OtpPurpose,
  ip: string,
  subject: string = mobile,
): Promise<IssueResult> {
  const { limiter, config } = ctx;
  const rl = config.rateLimits;
  if (limiter.isLimited(`otp:m:${mobile}`, rl.otpPerMobile) || limiter.isLimited(`otp:ip:${ip}`, rl.otpPerIp)) {
    return { ok: false, msg: MSG_TOO_MANY };
  }
  const now = ctx.clock.now();
  const last = await ctx.db
    .selectFrom('otp_codes')
    .select('created_at')
    .where('mobile', '=', subject)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last) {
    const wait = Math.ceil((new Date(last.created_at).getTime() + OTP_RESEND_MS - now.getTime()) / 1000);
    if (wait > 0) return { ok: false, msg: `Please wait ${wait} seconds before requesting a new OTP.` };
  }
  limiter.hit(`otp:m:${mobile}`);
  limiter.hit(`otp:ip:${ip}`);
  const otp = String(randomInt(0, 10000)).padStart(4, '0');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('otp_codes')
      .set({ consumed_at: now })
      .where('mobile', '=', subject)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('otp_codes')
      .values({
        mobile: subject,
        purpose,
        code_hash: hashCode(subject, purpose, otp),
        created_at: now,
        expires_at: new Date(now.getTime() + OTP_TTL_MS),
      })
      .execute();
  });
  if (isDemoSms(config)) {
    ctx.outbox.set(mobile, { mobile, otp, purpose, created_at: now.toISOString() });
    ctx.log.info({ mobile, purpose, otp }, `OTP for ${mobile} (${purpose}): ${otp}`);
  } else {
    // A real SMS provider would be called here; codes never reach the log in production.
    ctx.log.info({ mobile, purpose }, 'OTP issued');
  }
  return { ok: true, otp };
}

/**
 * Checks a code against the live code of (mobile, purpose) and consumes it on success. A wrong code
 * counts a try; after 5 wrong tries (or 5 minutes) the code is dead and a new one must be requested.
 */
export async function verifyOtp(ctx: AppContext, mobile: string, purpose: OtpPurpose, code: string): Promise<boolean> {
  const now = ctx.clock.now();
  const live = await ctx.db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!live || live.attempts >= OTP_MAX_TRIES || new Date(live.expires_at) <= now) return false;
  if (!/^\d{4}$/.test(code) || hashCode(mobile, purpose, code) !== live.code_hash) {
    await ctx.db
      .updateTable('otp_codes')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', live.id)
      .execute();
    return false;
  }
  // Consume atomically: of two concurrent correct submissions only one wins.
  const res = await ctx.db
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', live.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', OTP_MAX_TRIES)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
