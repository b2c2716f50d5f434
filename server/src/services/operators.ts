/**
 * Operator accounts, their roles and their console sessions.
 *
 * - An account has a name, one role and a scrypt password. One made by the CLI or by an owner gets a
 *   random one-time password that allows nothing but setting a new one.
 * - A console session is a random token the browser keeps in an HttpOnly cookie; the database keeps its
 *   sha256, so a logout or a revocation holds in every server process at once. The CSRF token is derived
 *   from the session token (only a page that was given it at sign-in or by GET /operator/session has it).
 * - The bearer token of the CLI and scripts acts as an owner named 'operator-token': a machine credential,
 *   which runs the business but neither proposes nor certifies a result. The name is reserved.
 * - Each creation, promotion and reset of an account is kept with who did it (operator_vouches): a result's
 *   certifier is an account old enough, never vouched for by the result's proposer (proposals.ts).
 */
import QRCode from 'qrcode';
import { createHash, randomInt } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import * as OTPAuth from 'otpauth';
import { OPERATOR_NAME_RE, OPERATOR_NAME_RULE, OPERATOR_ROLES, type OperatorRole } from '@matka/shared/domain';
import type { DB } from '../db/types';
import type { Clock } from './clock';
import { dummyHash, hashPassword, newToken, sha256, verifyPassword } from './passwords';
import { Refusal } from '../errors';

/** Who is acting: a console operator, or the bearer token of the CLI and scripts. */
export interface Actor {
  id: string | null;
  name: string;
  role: OperatorRole;
  mustChangePassword: boolean;
  sessionId: string | null;
}

export const TOKEN_ACTOR_NAME = 'operator-token';

/** The operator of the request being handled (the audit table records it): set by actAs. */
export const actorContext = new AsyncLocalStorage<Actor>();

/**
 * Operator calls under way in this process. From its first run() on, Node 20's AsyncLocalStorage tracks
 * every promise of the process (a promise hook): that cost the player API's polled list 15–20 % of its
 * time for the life of the process once one operator had made one call (bench:api's profile). So the
 * storage is switched off whenever no operator call is under way, and on again by the next one.
 */
let actorCalls = 0;

/**
 * Runs `fn`, and everything it awaits, as `actor` (the audit rows it writes name them). The caller calls
 * the returned `end` once, when the operator call it serves has ended (answered or dropped).
 */
export function actAs<T>(actor: Actor, fn: () => T): { result: T; end: () => void } {
  actorCalls++;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    if (--actorCalls === 0) actorContext.disable();
  };
  try {
    return { result: actorContext.run(actor, fn), end };
  } catch (err) {
    end();
    throw err;
  }
}

/** Operator calls under way (actAs not yet ended): for the tests. */
export const actorCallsUnderWay = () => actorCalls;

/** Absolute and idle lifetimes of a console session. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** last_seen_at is written at most this often (not on every request). */
const SEEN_EVERY_MS = 60 * 1000;

/** A one-time password: 16 characters from an alphabet without look-alikes (about 90 bits). */
export function oneTimePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** The CSRF token of a session: derived from its token, which only the browser's cookie holds. */
export const csrfOf = (sessionToken: string) =>
  createHash('sha256').update(`csrf\n${sessionToken}`).digest('base64url');

const TOTP_PERIOD_S = 30;
const totpOf = (secret: string, name: string) =>
  new OTPAuth.TOTP({
    issuer: 'Matka Console',
    label: name,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

export class OperatorService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /** Keeps who made an account what it is now, and when (operator_vouches: only ever added to). */
  private async vouch(operatorId: string, what: 'created' | 'promoted' | 'reset', by: Actor) {
    await this.db
      .insertInto('operator_vouches')
      .values({ operator_id: operatorId, what, by_name: by.name, at: this.clock.now() })
      .execute();
  }

  /** A new account with a one-time password (returned once, never stored in plain). */
  async create(name: string, role: OperatorRole, by: Actor): Promise<{ id: string; password: string }> {
    if (!OPERATOR_NAME_RE.test(name)) throw new Refusal(400, OPERATOR_NAME_RULE);
    if (name.toLowerCase() === TOKEN_ACTOR_NAME)
      throw new Refusal(400, `'${TOKEN_ACTOR_NAME}' is reserved for the server's own token: choose another name`);
    if (!OPERATOR_ROLES.includes(role)) throw new Refusal(400, `Role must be one of ${OPERATOR_ROLES.join(', ')}`);
    const taken = await this.db
      .selectFrom('operator_accounts')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw new Refusal(409, `An operator named '${name}' already exists`);
    const password = oneTimePassword();
    const now = this.clock.now();
    const row = await this.db
      .insertInto('operator_accounts')
      .values({
        name,
        role,
        password_hash: await hashPassword(password),
        must_change_password: true,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new Refusal(409, `An operator named '${name}' already exists`);
    await this.vouch(row.id, 'created', by);
    return { id: row.id, password };
  }

  async list() {
    return this.db
      .selectFrom('operator_accounts')
      .select(['id', 'name', 'role', 'must_change_password', 'totp_secret', 'disabled_at', 'created_at'])
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.map(({ totp_secret, ...r }) => ({ ...r, totp: totp_secret !== null, disabled: r.disabled_at !== null })),
      );
  }

  private async byName(name: string) {
    return this.db
      .selectFrom('operator_accounts')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
  }

  private async mustFind(name: string) {
    const row = await this.byName(name);
    if (!row) throw new Refusal(404, `No operator named '${name}'`);
    return row;
  }

  /** A new one-time password for an account; its sessions end. */
  async resetPassword(name: string, by: Actor): Promise<string> {
    const row = await this.mustFind(name);
    const password = oneTimePassword();
    await this.db
      .updateTable('operator_accounts')
      .set({ password_hash: await hashPassword(password), must_change_password: true, updated_at: this.clock.now() })
      .where('id', '=', row.id)
      .execute();
    await this.vouch(row.id, 'reset', by);
    await this.endSessions(row.id);
    return password;
  }

  /** Turns an account off (its sessions end) or on again. */
  async setDisabled(name: string, disabled: boolean, by: Actor) {
    const row = await this.mustFind(name);
    if (disabled && by.id === row.id) throw new Refusal(409, 'You cannot disable your own account');
    await this.db
      .updateTable('operator_accounts')
      .set({ disabled_at: disabled ? this.clock.now() : null, updated_at: this.clock.now() })
      .where('id', '=', row.id)
      .execute();
    if (disabled) await this.endSessions(row.id);
    return row;
  }

  async setRole(name: string, role: OperatorRole, by: Actor) {
    if (!OPERATOR_ROLES.includes(role)) throw new Refusal(400, `Role must be one of ${OPERATOR_ROLES.join(', ')}`);
    const row = await this.mustFind(name);
    if (by.id === row.id && role !== 'owner') throw new Refusal(409, 'You cannot change your own role');
    await this.db
      .updateTable('operator_accounts')
      .set({ role, updated_at: this.clock.now() })
      .where('id', '=', row.id)
      .execute();
    if (role !== row.role) await this.vouch(row.id, 'promoted', by);
    return row;
  }

  private async endSessions(operatorId: string) {
    await this.db
      .updateTable('operator_sessions')
      .set({ revoked_at: this.clock.now() })
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Checks a sign-in. The password is always hashed (an unknown name costs the same), then the second
   * factor when the account has one. Returns the new session's token.
   */
  async signIn(name: string, password: string, code: string | undefined) {
    const row = await this.byName(name);
    const ok = await verifyPassword(password, row?.password_hash ?? (await dummyHash()));
    // an account made under the token's name before it was reserved never signs in as it
    if (!row || !ok || row.disabled_at || row.name.toLowerCase() === TOKEN_ACTOR_NAME) throw new Refusal(401, 'Wrong username or password');
    if (row.totp_secret && !row.must_change_password) {
      if (!code) throw new Refusal(401, 'Enter the 6-digit code from your authenticator app', { totp: true });
      await this.useCode(row.id, row.totp_secret, row.name, code, 401);
    }
    const token = newToken();
    const now = this.clock.now();
    await this.db
      .insertInto('operator_sessions')
      .values({
        operator_id: row.id,
        token_hash: sha256(token),
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + SESSION_TTL_MS),
      })
      .execute();
    return { token, actor: { ...this.actorOf(row, null), totp: row.totp_secret !== null } };
  }

  private actorOf(
    row: { id: string; name: string; role: OperatorRole; must_change_password: boolean },
    sessionId: string | null,
  ): Actor {
    return { id: row.id, name: row.name, role: row.role, mustChangePassword: row.must_change_password, sessionId };
  }

  /** The operator of a session token, or null when the session is unknown, ended, expired or idle too long. */
  async session(token: string): Promise<(Actor & { totp: boolean }) | null> {
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('operator_sessions as s')
      .innerJoin('operator_accounts as a', 'a.id', 's.operator_id')
      .select([
        's.id as session_id',
        's.last_seen_at',
        's.expires_at',
        's.revoked_at',
        'a.id',
        'a.name',
        'a.role',
        'a.must_change_password',
        'a.disabled_at',
        'a.totp_secret',
      ])
      .where('s.token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.revoked_at || row.disabled_at) return null;
    if (row.expires_at <= now || now.getTime() - row.last_seen_at.getTime() > SESSION_IDLE_MS) return null;
    if (now.getTime() - row.last_seen_at.getTime() > SEEN_EVERY_MS)
      await this.db
        .updateTable('operator_sessions')
        .set({ last_seen_at: now })
        .where('id', '=', row.session_id)
        .execute();
    return { ...this.actorOf(row, row.session_id), totp: row.totp_secret !== null };
  }

  async signOut(sessionId: string) {
    await this.db
      .updateTable('operator_sessions')
      .set({ revoked_at: this.clock.now() })
      .where('id', '=', sessionId)
      .execute();
  }

  /**
   * Sets a new password. After a one-time password the session is proof enough; otherwise the current
   * password is checked. Other sessions of the account end.
   */
  async changePassword(actor: Actor, current: string | undefined, next: string) {
    if (!actor.id) throw new Refusal(400, 'The operator token has no password');
    const row = await this.db
      .selectFrom('operator_accounts')
      .selectAll()
      .where('id', '=', actor.id)
      .executeTakeFirstOrThrow();
    if (!row.must_change_password && !(await verifyPassword(current ?? '', row.password_hash)))
      throw new Refusal(400, 'Current password is wrong');
    if (await verifyPassword(next, row.password_hash))
      throw new Refusal(400, 'Choose a password different from the one-time or current one');
    await this.db
      .updateTable('operator_accounts')
      .set({ password_hash: await hashPassword(next), must_change_password: false, updated_at: this.clock.now() })
      .where('id', '=', row.id)
      .execute();
    let q = this.db
      .updateTable('operator_sessions')
      .set({ revoked_at: this.clock.now() })
      .where('operator_id', '=', row.id)
      .where('revoked_at', 'is', null);
    if (actor.sessionId) q = q.where('id', '<>', actor.sessionId);
    await q.execute();
  }

  /**
   * Throws unless the code is the account's current one (or the one before / after: clock drift), and
   * takes its time step for the account in one guarded UPDATE: of racing uses of one code (or of an
   * earlier one) exactly one goes through, in any process. Returns the step taken.
   */
  private async useCode(operatorId: string, secret: string, name: string, code: string, status: 400 | 401) {
    const at = this.clock.now().getTime();
    const delta = totpOf(secret, name).validate({ token: code.trim(), window: 1, timestamp: at });
    if (delta === null)
      throw new Refusal(status, 'That code is wrong or expired: enter the current one', { totp: true });
    const step = Math.floor(at / 1000 / TOTP_PERIOD_S) + delta;
    const taken = await this.db
      .updateTable('operator_accounts')
      .set({ totp_last_step: step })
      .where('id', '=', operatorId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1)
      throw new Refusal(status, 'That code has been used already: wait for the next one', { totp: true });
    return step;
  }

  /**
   * A new TOTP secret for the account, not in force until confirmed with a code (confirmTotp): the
   * otpauth URI and its QR code (a PNG data URL) for the authenticator app.
   */
  async newTotp(actor: Actor) {
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const uri = totpOf(secret, actor.name).toString();
    const qr_image = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    return { secret, uri, qr_image };
  }

  /** The owner turns another operator's two-step sign-in off (a lost phone); their sessions end. */
  async clearTotp(name: string, by: Actor) {
    const row = await this.mustFind(name);
    if (by.id === row.id)
      throw new Refusal(409, 'Turn your own two-step sign-in off under My account, with a current code');
    if (!row.totp_secret) throw new Refusal(409, `Two-step sign-in is not on for ${row.name}`);
    await this.db
      .updateTable('operator_accounts')
      .set({ totp_secret: null, totp_last_step: null, updated_at: this.clock.now() })
      .where('id', '=', row.id)
      .execute();
    await this.vouch(row.id, 'reset', by);
    await this.endSessions(row.id);
    return row;
  }

  async confirmTotp(actor: Actor, secret: string, code: string) {
    if (!actor.id) throw new Refusal(400, 'The operator token has no second factor');
    if (!/^[A-Z2-7]{16,64}$/.test(secret)) throw new Refusal(400, 'The secret is not a base32 TOTP secret');
    const at = this.clock.now().getTime();
    const delta = totpOf(secret, actor.name).validate({ token: code.trim(), window: 1, timestamp: at });
    if (delta === null) throw new Refusal(400, 'That code is wrong or expired: enter the current one', { totp: true });
    // the confirming code counts as used: it cannot sign in afterwards
    await this.db
      .updateTable('operator_accounts')
      .set({
        totp_secret: secret,
        totp_last_step: Math.floor(at / 1000 / TOTP_PERIOD_S) + delta,
        updated_at: this.clock.now(),
      })
      .where('id', '=', actor.id)
      .execute();
  }

  async removeTotp(actor: Actor, code: string) {
    if (!actor.id) throw new Refusal(400, 'The operator token has no second factor');
    const row = await this.db
      .selectFrom('operator_accounts')
      .select(['totp_secret', 'name'])
      .where('id', '=', actor.id)
      .executeTakeFirstOrThrow();
    if (!row.totp_secret) throw new Refusal(409, 'Two-step sign-in is not on');
    await this.useCode(actor.id, row.totp_secret, row.name, code, 400);
    await this.db
      .updateTable('operator_accounts')
      .set({ totp_secret: null, totp_last_step: null, updated_at: this.clock.now() })
      .where('id', '=', actor.id)
      .execute();
  }
}
