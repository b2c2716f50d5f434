import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { AppContext } from '../context';
import { MSG, SERVER_TEXTS, compose } from '@matka/shared/domain';
import { isDemoSms } from '../config';
import { otpText } from './sms';
import { refusal } from '../errors';

export type OtpPurpose = 'register' | 'forgot' | 'upi';

const OTP_TTL_MS = 5 * 60 * 1000;
const OTP_RESEND_MS = 30 * 1000;
const OTP_MAX_TRIES = 5;
export const MSG_TOO_MANY = SERVER_TEXTS.tooManyAttempts;
const MSG_TOO_MANY_WRONG_CODES = SERVER_TEXTS.tooManyWrongCodes;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Wrong codes allowed per subject (a mobile, or an account's UPI number) in 24 hours, across all its
 * codes: 0.1 % of the code space, so a guesser's daily chance stays at or below 0.1 % (10 for 4 digits,
 * 1000 for 6). Per IP, five times that.
 */
const dailyWrongCodes = (length: number) => Math.max(1, Math.floor(10 ** length / 1000));

/** Wrong guesses recorded on a subject's codes of the last 24 hours (the database, so every process agrees). */
async function wrongCodesToday(db: Kysely<DB>, now: Date, subject: string): Promise<number> {
  const since = new Date(now.getTime() - DAY_MS);
  const r = await db
    .selectFrom('otp_codes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('attempts'), eb.lit(0)).as('n'))
    .where('mobile', '=', subject)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * HMAC-SHA256 under the server's OTP secret (config OTP_SECRET or <DATA_DIR>/otp-secret): a database dump
 * alone does not reveal the codes (a plain hash of a 4-digit code is reversed by trying all 10 000).
 * Codes stored by the older plain-sha256 scheme simply fail to verify and expire within 5 minutes.
 */
const hashCode = (secret: string, subject: string, purpose: string, code: string) =>
  createHmac('sha256', secret).update(`otp:${subject}:${purpose}:${code}`).digest('hex');

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

const waitMessage = (ms: number) => compose('otpWait', { seconds: Math.max(1, Math.ceil(ms / 1000)) });

/**
 * Creates a new 4-digit code for (subject, purpose), replacing any earlier one, and sends it to `mobile`.
 * Refused within 30 s of the previous code and when an OTP rate limit is used up. The limits are kept
 * per purpose (so codes of one kind cannot use up another kind's quota) and per IP; a UPI code (asked by
 * a logged-in account, `accountId`) counts against that account and its (account, number) subject, never
 * against the number's registration / forgot-password quota. Everything is checked and counted
 * synchronously before the first await, so concurrent requests cannot slip past the limits or the gap.
 * `subject` is what the code is stored under (default: the mobile itself); a UPI number's code is
 * stored under the account and the number, so only that account can use it. Returns the code; a refusal
 * is thrown (a Refusal with the message the player reads).
 */
export async function issueOtp(
  ctx: AppContext,
  mobile: string,
  purpose: OtpPurpose,
  ip: string,
  subject: string = mobile,
  accountId?: string,
): Promise<string> {
  const { limiter, config } = ctx;
  const rl = config.rateLimits;
  const pairs: [string, number][] =
    purpose === 'upi'
      ? [
          [`otp:upi:${subject}`, rl.otpPerMobile],
          [`otp:acct:${accountId ?? subject}`, rl.otpPerMobile * 2],
          // SMS to one number through any number of accounts (its own quota, not registration's)
          [`otp:upi-to:${mobile}`, rl.otpPerMobile * 3],
          [`otp:ip:${ip}`, rl.otpPerIp],
        ]
      : [
          [`otp:${purpose}:${mobile}`, rl.otpPerMobile],
          [`otp:ip:${ip}`, rl.otpPerIp],
        ];
  // The resend gap first (of concurrent requests in any process exactly one passes it), then the
  // limits, checked and counted together under their keys' locks.
  const gateKey = `${purpose}:${subject}`;
  const waitMs = await ctx.otpGate.claim(gateKey, OTP_RESEND_MS);
  if (waitMs > 0) throw refusal(waitMessage(waitMs));
  if (!(await limiter.take(pairs))) {
    await ctx.otpGate.release(gateKey);
    throw refusal(MSG_TOO_MANY);
  }
  const now = ctx.clock.now();
  // No new codes once today's wrong guesses are used up (a new code would not make guessing cheaper).
  if ((await wrongCodesToday(ctx.db, ctx.clock.now(), subject)) >= dailyWrongCodes(config.otpLength)) {
    await ctx.otpGate.release(gateKey);
    throw refusal(MSG_TOO_MANY_WRONG_CODES);
  }
  // The stored code as a second line (another process sharing the database, a restart)
  const last = await ctx.db
    .selectFrom('otp_codes')
    .select('created_at')
    .where('mobile', '=', subject)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last) {
    const wait = new Date(last.created_at).getTime() + OTP_RESEND_MS - now.getTime();
    if (wait > 0) throw refusal(waitMessage(wait));
  }
  const otp = String(randomInt(0, 10 ** config.otpLength)).padStart(config.otpLength, '0');
  const inserted = await ctx.db.transaction().execute(async (trx) => {
    // the code sent just before stays good (the spec accepts the stored or the resent code); older ones end
    const keep = await trx
      .selectFrom('otp_codes')
      .select('id')
      .where('mobile', '=', subject)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    await trx
      .updateTable('otp_codes')
      .set({ consumed_at: now })
      .where('mobile', '=', subject)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .where('id', '<>', keep?.id ?? '0')
      .execute();
    return trx
      .insertInto('otp_codes')
      .values({
        mobile: subject,
        purpose,
        code_hash: hashCode(ctx.otpSecret, subject, purpose, otp),
        created_at: now,
        expires_at: new Date(now.getTime() + OTP_TTL_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  if (isDemoSms(config)) ctx.outbox.set(mobile, { mobile, otp, purpose, created_at: now.toISOString() });
  try {
    await ctx.sms.send({ mobile, otp, purpose, text: otpText(otp) });
  } catch (err) {
    // Not sent: the code does not count (no live code, no resend gap) and the player is told so.
    await ctx.db.deleteFrom('otp_codes').where('id', '=', inserted.id).execute();
    await ctx.otpGate.release(gateKey);
    ctx.outbox.delete(mobile);
    ctx.log.warn({ mobile, purpose, provider: ctx.sms.name, err: String(err) }, 'OTP could not be sent');
    throw refusal(MSG.sendOtpFailed);
  }
  if (!isDemoSms(config)) ctx.log.info({ mobile, purpose, provider: ctx.sms.name }, 'OTP sent');
  return otp;
}

/**
 * Checks a code against the live code of (mobile, purpose) and consumes it on success. A wrong code
 * counts a try; after 5 wrong tries (or 5 minutes) the code is dead and a new one must be requested.
 * Past the day's wrong guesses of the subject (dailyWrongCodes) or of the IP nothing is checked.
 *
 * Every budget is taken before the code is compared, atomically in the database, so a burst of guesses
 * from any number of connections, addresses and processes is checked no more often than the budgets
 * allow: the IP's guess is counted under its key's lock (given back when the code was right, or when
 * there was no live code to guess), and the subject's guesses run one at a time under an advisory lock
 * of the subject, where the day's wrong guesses are read and the code's try is taken by a guarded
 * `UPDATE … SET attempts = attempts + 1 … WHERE attempts < 5 RETURNING` before the comparison.
 */
/**
 * A code as an app sent it, as text: some apps send the number 237 for the code '0237', so a whole
 * number is padded with leading zeros to the code's length (anything else is compared as it is).
 */
export function codeText(code: string | number, length: number): string {
  if (typeof code === 'string') return code;
  return Number.isSafeInteger(code) && code >= 0 ? String(code).padStart(length, '0') : String(code);
}

/** Whether a code of this subject and purpose is live (sent, not used up, not expired). */
export async function hasLiveCode(ctx: AppContext, subject: string, purpose: OtpPurpose): Promise<boolean> {
  const live = await ctx.db
    .selectFrom('otp_codes')
    .select('id')
    .where('mobile', '=', subject)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', OTP_MAX_TRIES)
    .where('expires_at', '>', ctx.clock.now())
    .limit(1)
    .executeTakeFirst();
  return live !== undefined;
}

export async function verifyOtp(
  ctx: AppContext,
  mobile: string,
  purpose: OtpPurpose,
  sent: string | number,
  ip: string,
): Promise<boolean> {
  const code = codeText(sent, ctx.config.otpLength);
  const budget = dailyWrongCodes(ctx.config.otpLength);
  const ipKey = `otp-wrong:ip:${ip}`;
  if (!(await ctx.dailyLimiter.take([[ipKey, budget * 5]]))) return false;
  const now = ctx.clock.now();
  const wellFormed = new RegExp(`^\\d{${ctx.config.otpLength}}$`).test(code);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`otp-subject:${mobile}`}, 0))`.execute(trx);
    const left = budget - (await wrongCodesToday(trx, ctx.clock.now(), mobile));
    if (left <= 0) return 'limited' as const;
    // The tries are taken before the comparison: of racing guesses at most OTP_MAX_TRIES get a code back.
    // After a resend the code sent before still works (the spec accepts either): a guess is compared with
    // each live code (at most the newest two) and takes a try from each, so the day's budget counts
    // comparisons, and a guesser's chance stays the same.
    const taken = await sql<{ id: string; code_hash: string }>`
      UPDATE otp_codes SET attempts = attempts + 1
       WHERE id IN (SELECT id FROM otp_codes
                     WHERE mobile = ${mobile} AND purpose = ${purpose} AND consumed_at IS NULL
                       AND attempts < ${OTP_MAX_TRIES} AND expires_at > ${now}
                     ORDER BY created_at DESC LIMIT ${Math.min(2, left)})
      RETURNING id, code_hash`.execute(trx);
    if (taken.rows.length === 0) return 'none' as const;
    const hash = hashCode(ctx.otpSecret, mobile, purpose, code);
    if (!wellFormed || !taken.rows.some((live) => sameHex(hash, live.code_hash))) return 'wrong' as const;
    // right: the codes are used up, and the tries of this guess were not wrong guesses
    await trx
      .updateTable('otp_codes')
      .set({ consumed_at: now, attempts: sql`attempts - 1` })
      .where(
        'id',
        'in',
        taken.rows.map((r) => r.id),
      )
      .execute();
    await trx
      .updateTable('otp_codes')
      .set({ consumed_at: now })
      .where('mobile', '=', mobile)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    return 'right' as const;
  });
  // only wrong guesses stay counted against the IP
  if (outcome !== 'wrong') await ctx.dailyLimiter.refund(ipKey);
  return outcome === 'right';
}

/**
 * LEGACY_REGISTRATION=unverified: apps that compare the code on the phone get it in the answer. Such a
 * code proves nothing, so it is marked: a registration that sends it back stays unapproved and a UPI
 * number saved with it is held (codeWasDisclosed). Returns the answer's extra field.
 */
export async function discloseOtp(
  ctx: AppContext,
  subject: string,
  purpose: OtpPurpose,
  otp: string,
): Promise<{ otp?: string }> {
  if (ctx.config.legacyRegistration !== 'unverified' || purpose === 'forgot') return {};
  await ctx.db
    .updateTable('otp_codes')
    .set({ disclosed: true })
    .where('mobile', '=', subject)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
  return { otp };
}

/** Whether the code a verification just used up (at or after `since`) had been given to an app. */
export async function codeWasDisclosed(ctx: AppContext, subject: string, purpose: OtpPurpose, since: Date) {
  const row = await ctx.db
    .selectFrom('otp_codes')
    .select('id')
    .where('mobile', '=', subject)
    .where('purpose', '=', purpose)
    .where('disclosed', '=', true)
    .where('consumed_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}
