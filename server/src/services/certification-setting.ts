/**
 * Turning result certification off takes two owners and a day. With certification on, one owner alone
 * could turn it off, declare a result of his own and turn it on again; so the owner's 'off' is a request,
 * a second owner (another person, signed in with two-step sign-in: never the server's token) approves it,
 * and it applies 24 hours after the approval, when the next read of the setting finds it due: every
 * operator sees it waiting on the Settings screen meanwhile. Turning it on is never delayed, and withdraws
 * what waits. Each step is audited; applying it makes the waiting proposals void, as any change does.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { Refusal } from '../errors';
import { audit } from './audit';
import { formatKolkataShort } from './clock';
import type { Actor } from './operators';
import { personOf, voidWaitingProposals } from './proposals';

const KEY = 'result_certification';
/** How long after its approval turning certification off takes effect. */
export const CERTIFICATION_OFF_DELAY_HOURS = 24;

/** Whether declarations need a second operator, and what turned it on. */
export interface Certification {
  on: boolean;
  by: 'server' | 'setting' | null;
}

export async function certificationOf(ctx: AppContext): Promise<Certification> {
  if (ctx.config.resultCertification) return { on: true, by: 'server' };
  // a request to turn it off, approved a day ago, applies now
  await applyDueRequests(ctx);
  const row = await ctx.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'result_certification')
    .executeTakeFirst();
  return row?.value === 'on' ? { on: true, by: 'setting' } : { on: false, by: null };
}

/** The request waiting for a setting, as the Settings screen shows it. */
export interface SettingRequest {
  id: string;
  key: string;
  value: string;
  requested_by: string;
  requested_at: string;
  approved_by: string | null;
  applies_at: string | null;
}

/** The requests waiting (not applied, not withdrawn). */
export async function waitingRequests(ctx: Pick<AppContext, 'db'>): Promise<SettingRequest[]> {
  const rows = await ctx.db
    .selectFrom('setting_requests')
    .selectAll()
    .where('closed_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    key: r.key,
    value: r.value,
    requested_by: r.requested_by,
    requested_at: formatKolkataShort(r.requested_at),
    approved_by: r.approved_by,
    applies_at: r.applies_at ? formatKolkataShort(r.applies_at) : null,
  }));
}

/**
 * Applies a request whose time has come: the setting written, the waiting proposals void, audited, in
 * one transaction that claims it (a guarded update), so however many processes read it at once it
 * applies once. Cheap when nothing is due (one indexed read).
 */
export async function applyDueRequests(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .selectFrom('setting_requests')
    .select('id')
    .where('closed_at', 'is', null)
    .where('applies_at', '<=', now)
    .execute();
  for (const d of due)
    await ctx.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('setting_requests')
        .set({ outcome: 'applied', closed_at: now })
        .where('id', '=', d.id)
        .where('closed_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!r) return;
      const before = await trx.selectFrom('settings').select('value').where('key', '=', r.key).executeTakeFirst();
      await sql`INSERT INTO settings (key, value) VALUES (${r.key}, ${r.value})
                ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(trx);
      const voided = await voidWaitingProposals(
        trx,
        r.approved_by ?? r.requested_by,
        now,
        `result_certification turned ${r.value}: requested by ${r.requested_by}, approved by ${r.approved_by}`,
      );
      await audit(
        trx,
        'settings applied',
        r.key,
        { request: String(r.id) },
        { [r.key]: before?.value ?? 'unset' },
        { [r.key]: r.value, requested_by: r.requested_by, approved_by: r.approved_by, voided },
      );
    });
}

/**
 * An owner's 'off' while certification is on: a new request, or the approval of another owner's.
 * Answers what happened, for the operator.
 */
export async function requestCertificationOff(ctx: AppContext, actor: Actor): Promise<string> {
  await personOf(ctx, actor, 'turn result certification off');
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('setting_requests')
      .selectAll()
      .where('key', '=', KEY)
      .where('closed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!open) {
      const made = await trx
        .insertInto('setting_requests')
        .values({ key: KEY, value: 'off', requested_by: actor.name, requested_at: now })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!made)
        throw new Refusal(409, 'Another request to turn certification off came at the same moment: look at Settings');
      await audit(trx, 'settings request', KEY, { value: 'off' }, null, {
        request: String(made.id),
        requested_by: actor.name,
      });
      return `Turning result certification off needs a second owner: requested by ${actor.name}. Another owner approves it by setting it off too; it applies ${CERTIFICATION_OFF_DELAY_HOURS} hours after that. Until then every result needs two people.`;
    }
    if (open.approved_by)
      throw new Refusal(
        409,
        `Turning result certification off was approved by ${open.approved_by}: it applies at ${formatKolkataShort(open.applies_at!)}`,
      );
    if (open.requested_by.toLowerCase() === actor.name.toLowerCase())
      throw new Refusal(403, 'You requested it: another owner approves turning result certification off');
    const applies = new Date(now.getTime() + CERTIFICATION_OFF_DELAY_HOURS * 3_600_000);
    await trx
      .updateTable('setting_requests')
      .set({ approved_by: actor.name, approved_at: now, applies_at: applies })
      .where('id', '=', open.id)
      .execute();
    await audit(trx, 'settings approve', KEY, { value: 'off' }, null, {
      request: String(open.id),
      requested_by: open.requested_by,
      approved_by: actor.name,
      applies_at: applies.toISOString(),
    });
    return `Approved: result certification turns off at ${formatKolkataShort(applies)} (requested by ${open.requested_by}, approved by ${actor.name}). Until then every result needs two people.`;
  });
}

/** Certification turned on (or kept on): whatever request to turn it off waits is withdrawn. */
export async function withdrawRequests(trx: Parameters<typeof voidWaitingProposals>[0], by: string, at: Date) {
  const rows = await trx
    .updateTable('setting_requests')
    .set({ outcome: 'withdrawn', closed_at: at, withdrawn_by: by })
    .where('key', '=', KEY)
    .where('closed_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}
