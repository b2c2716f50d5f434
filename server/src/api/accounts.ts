import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CALL } from '@matka/shared/contract';
import { MSG, MSG_AGE_REQUIRED, SERVER_TEXTS } from '@matka/shared/domain';
import { declareAge } from '../services/protection';
import type { AppContext } from '../context';
import { isDemoSms } from '../config';
import { Refusal, defineCall, refusal } from '../http/api';
import {
  accountByMobile,
  createAccount,
  passwordHashOf,
  profileOf,
  recordDevice,
  renameAccount,
  setAccountLanguage,
  setPassword,
  securityPinOf,
  upgradePasswordHash,
} from '../services/accounts';
import { dummyHash, hashPassword, skippedCheck, verifyPassword } from '../services/passwords';
import { issueToken, pausedPlayerNear, revokeToken } from '../services/tokens';
import { startPinSignin } from '../services/pin-signin';
import { storedPin } from '../services/passwords';
import { codeWasDisclosed, discloseOtp, issueOtp, MSG_TOO_MANY, verifyOtp, type OtpPurpose } from '../services/otp';
import { AddressLanes, takeLookup } from '../services/ratelimit';

/** Logins to unknown numbers an address may have really hashed per window: a tenth of its failures. */
const unknownLoginsHashed = (config: AppContext['config']) =>
  Math.max(1, Math.floor(config.rateLimits.loginPerIp / 10));

const MSG_OTP_SENT = SERVER_TEXTS.otpSent;
/** A blocked account's login (operator console, Users: block). */
const MSG_ACCOUNT_BLOCKED = SERVER_TEXTS.accountBlocked;
const MSG_LOGIN_OK = SERVER_TEXTS.loginOk;
const MSG_REGISTERED = SERVER_TEXTS.registered;
const MSG_REGISTERED_UNVERIFIED = SERVER_TEXTS.registeredUnverified;

/** The OTP response: the code only in demo mode (spec contract), never in production. */
/** A password reset that carries no code (apps that compare the code on the phone) changes nothing. */
export const MSG_RESET_NEEDS_CODE = SERVER_TEXTS.resetNeedsCode;

function otpResponse(ctx: AppContext, otp: string, msg = MSG_OTP_SENT) {
  return isDemoSms(ctx.config) ? { status: true, msg, otp } : { status: true, msg };
}

/** Accounts: login, logout, registration, one-time codes, passwords, profile, as a Fastify plugin (registered by app.ts with the context). */
export const accountsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, clock, limiter, config } = ctx;
  /** Account lookups (is this number registered?): one budget per IP, taken before the lookup (takeLookup). */
  const lookupAllowed = (ip: string) => takeLookup(limiter, config.rateLimits.otpPerIp, ip);
  const findUser = (mobile: string) => accountByMobile(db, mobile);
  const loginLanes = new AddressLanes(config.loginLanes.perAddress, config.loginLanes.queue);

  // ---------------------------------------------------------------- login / logout
  defineCall(app, ctx, CALL.userLogin, async ({ body, req }) => {
    // one address's logins a few at a time: a flood from a few addresses waits in its own lanes, and a
    // player elsewhere is not queued behind it (AddressLanes)
    const leave = await loginLanes.enter(req.ip);
    if (!leave) throw new Refusal(429, MSG_TOO_MANY);
    try {
      return await login(body, req);
    } finally {
      leave();
    }
  });

  async function login(body: { mobile: string; password: string; device_id?: string | null }, req: FastifyRequest) {
    {
      // Checked and counted under the limits' locks (concurrent guesses cannot all pass); see PasswordGuard.
      const attempt = await ctx.passwords.begin('login', body.mobile, req.ip);
      if (!attempt) throw refusal(MSG_TOO_MANY);
      const user = await findUser(body.mobile);
      // An unknown number gets the answer of a wrong password after as long a check: the answer and its
      // time tell nothing. Only the address's first few of a window are really hashed (against a dummy
      // hash); past them the check is skipped and only its time is spent, so logins to unknown numbers
      // cannot make the server hash without end.
      const good = user
        ? await verifyPassword(body.password, user.password_hash)
        : (await limiter.take([[`login-unknown:ip:${req.ip}`, unknownLoginsHashed(config)]]))
          ? await verifyPassword(body.password, await dummyHash(), 'unknown')
          : await skippedCheck();
      if (!user || !good) throw refusal(MSG.userNotRegistered);
      await attempt.succeeded();
      if (user.blocked_at) throw refusal(MSG_ACCOUNT_BLOCKED);
      if (body.device_id) await recordDevice(db, user.id, body.device_id);
      await upgradePasswordHash(db, user.id, user.password_hash, body.password);
      const token = await issueToken(db, clock, user.id, body.device_id || null, req.ip);
      return {
        status: true,
        msg: MSG_LOGIN_OK,
        user_name: user.name,
        unique_token: token,
        mobile: user.mobile,
        // what the original backend's apps read besides: the account's email and betting switch, the
        // operator's WhatsApp number, whether the account takes notifications
        email: user.email ?? '',
        betting_status: user.betting_status,
        mobile_no: (await ctx.markets.settings()).mobile_no ?? '',
        notification_status: '1',
        // the language the player chose in our app (our app takes it up on this phone); absent when never chosen
        ...(user.language ? { language: user.language } : {}),
      };
    }
  }

  defineCall(app, ctx, CALL.setLanguage, async ({ body, user }) => {
    await setAccountLanguage(db, user.id, body.language);
    // the cached account carries the language its refusals are answered in
    await ctx.users.invalidate(user.id);
    return { status: true, msg: '', language: body.language };
  });

  defineCall(app, ctx, CALL.userLogout, async ({ user }) => {
    await revokeToken(db, clock, user.token_id);
    await ctx.users.revoke(user.id);
    return { status: true, msg: 'Logged out' };
  });

  // ---------------------------------------------------------------- registration
  defineCall(app, ctx, CALL.checkMobile, async ({ body, req }) => {
    // whether a number is registered is not free to ask: limited per IP like the codes
    if (!(await lookupAllowed(req.ip))) throw refusal(MSG_TOO_MANY);
    const registered = await findUser(body.mobile);
    if (registered) {
      // a device that signed in to the account with its password lately signs in by PIN (the family's
      // apps): a token that only api-check-security-pin takes (services/pin-signin.ts)
      const token =
        body.device_id && !registered.blocked_at && (await securityPinOf(db, String(registered.id))) !== ''
          ? await startPinSignin(db, clock, String(registered.id), body.device_id)
          : null;
      if (!token) throw refusal(MSG.userAlreadyRegistered);
      return { status: true, msg: SERVER_TEXTS.enterPin, unique_token: token };
    }
    const otp = await issueOtp(ctx, body.mobile, 'register', req.ip);
    // apps that compare the code on the phone get it, under LEGACY_REGISTRATION only (then it proves nothing)
    return { ...(await discloseOtp(ctx, body.mobile, 'register', otp)), ...otpResponse(ctx, otp) };
  });

  defineCall(app, ctx, CALL.userRegistration, async ({ body, req }) => {
    if (body.adult === false) throw new Refusal(400, MSG_AGE_REQUIRED);
    // No code at all: only with LEGACY_REGISTRATION=unverified, as an unapproved account without
    // betting. A code that is sent is always checked.
    const unverified = body.otp === '' && config.legacyRegistration === 'unverified';
    if (body.otp === '' && !unverified) throw new Refusal(400, MSG.otpInvalid);
    // 'User Alredy Registered' against 'Enter Valid OTP' tells whether a number is registered
    if (!(await lookupAllowed(req.ip))) throw refusal(MSG_TOO_MANY);
    // an account without a code costs an IP what a code request does
    if (unverified && !(await limiter.take([[`otp:ip:${req.ip}`, config.rateLimits.otpPerIp]])))
      throw refusal(MSG_TOO_MANY);
    if (await findUser(body.mobile)) throw refusal(MSG.userAlreadyRegistered);
    // a second account is no way around one's own break or exclusion: from the paused player's device
    // it is refused, from their address it is held for an operator (services/tokens.ts)
    const near = await pausedPlayerNear(db, clock.now(), body.device_id || null, req.ip);
    if (near === 'device') throw refusal(SERVER_TEXTS.registrationPaused);
    const checkedAt = clock.now();
    if (!unverified && !(await verifyOtp(ctx, body.mobile, 'register', body.otp, req.ip)))
      throw refusal(MSG.otpInvalid);
    // a code the server gave the app (LEGACY_REGISTRATION) proves nothing: unapproved, as without one
    const proven = !unverified && !(await codeWasDisclosed(ctx, body.mobile, 'register', checkedAt)) && near === null;
    const password_hash = await hashPassword(body.password);
    const created = await createAccount(db, {
      mobile: body.mobile,
      name: body.name,
      email: body.email ?? '',
      password_hash,
      // kept hashed, as passwords (checked by api-check-security-pin)
      security_pin: await storedPin(body.security_pin),
      device_id: body.device_id ?? null,
      betting_status: proven ? config.defaultBettingStatus : '0',
      verified: proven,
    });
    if (!created) throw refusal(MSG.userAlreadyRegistered);
    if (body.adult) await declareAge(db, created.id, clock.now());
    const token = await issueToken(db, clock, created.id, body.device_id || null, req.ip);
    return {
      status: true,
      msg: proven ? MSG_REGISTERED : MSG_REGISTERED_UNVERIFIED,
      user_name: created.name,
      unique_token: token,
      mobile: created.mobile,
      // the original's apps read the email they sent back
      email: body.email ?? '',
    };
  });

  defineCall(app, ctx, CALL.resendOtp, async ({ body, req }) => {
    const purpose: OtpPurpose = body.purpose ?? 'register';
    if (purpose === 'upi') throw refusal('Use api-upi-send-otp with your token');
    if (!(await lookupAllowed(req.ip))) throw refusal(MSG_TOO_MANY);
    const exists = !!(await findUser(body.mobile));
    if (purpose === 'register' && exists) throw refusal(MSG.userAlreadyRegistered);
    if (purpose === 'forgot' && !exists) throw refusal(MSG.userNotRegistered);
    const otp = await issueOtp(ctx, body.mobile, purpose, req.ip);
    return { ...(await discloseOtp(ctx, body.mobile, purpose, otp)), ...otpResponse(ctx, otp) };
  });

  // ---------------------------------------------------------------- forgot password
  defineCall(app, ctx, CALL.forgetCheckMobile, async ({ body, req }) => {
    if (!(await lookupAllowed(req.ip))) throw refusal(MSG_TOO_MANY);
    if (!(await findUser(body.mobile))) throw refusal(MSG.userNotRegistered);
    const otp = await issueOtp(ctx, body.mobile, 'forgot', req.ip);
    return { ...otpResponse(ctx, otp), message: MSG_OTP_SENT };
  });

  defineCall(app, ctx, CALL.forgotPassword, async ({ body, req }) => {
    // apps that check the code on the phone send none: a password is never reset without one
    if (body.otp === '') throw new Refusal(400, MSG_RESET_NEEDS_CODE);
    if (!(await lookupAllowed(req.ip))) throw refusal(MSG_TOO_MANY);
    const user = await findUser(body.mobile);
    if (!user) throw refusal(MSG.userNotRegistered);
    if (!(await verifyOtp(ctx, body.mobile, 'forgot', body.otp, req.ip))) throw refusal(MSG.otpInvalidForgot);
    await setPassword(db, clock, user.id, body.new_pass);
    await ctx.users.revoke(user.id);
    await ctx.passwords.forget('login', body.mobile);
    return { status: true, msg: MSG.passwordUpdated };
  });

  // ---------------------------------------------------------------- profile
  defineCall(app, ctx, CALL.changePassword, async ({ body, user, req }) => {
    // the same guessing limits as login (per account and IP)
    const attempt = await ctx.passwords.begin('password', user.mobile, req.ip);
    if (!attempt) throw refusal(MSG_TOO_MANY);
    if (!(await verifyPassword(body.old_pass, await passwordHashOf(db, user.id))))
      throw refusal(MSG.oldPasswordIncorrect);
    await attempt.succeeded();
    await setPassword(db, clock, user.id, body.new_pass, user.token_id); // other devices log in again
    await ctx.users.revoke(user.id);
    return { status: true, msg: MSG.passwordChanged };
  });

  defineCall(app, ctx, CALL.profileUpdate, async ({ body, user }) => {
    await renameAccount(db, user.id, body.user_name, clock.now(), body.email ?? undefined);
    await ctx.users.invalidate(user.id);
    return { status: true, msg: 'Profile updated successfully', user_name: body.user_name };
  });

  defineCall(app, ctx, CALL.getProfile, async ({ user }) => {
    const row = await profileOf(db, user.id);
    return {
      status: true,
      msg: 'User Profile Data.',
      user_name: row.name,
      mobile: row.mobile,
      email: row.email,
      betting_status: user.betting_status,
      // the 'MATKA 04' apps read the profile as a one-row list
      profile: [{ user_name: row.name, email: row.email, wallet_balance: user.wallet, mobile: row.mobile }],
    };
  });
};
