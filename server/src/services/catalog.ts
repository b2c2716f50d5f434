/**
 * The catalog the operators keep: markets, game rates and settings, written here (from
 * `operator/results.ts`, `operator/routes.ts`, `operator/money.ts`) and read by everyone through the
 * market cache (`services/markets.ts`). After a write, the caller invalidates that cache.
 */
import { TRANSLATED_SETTINGS } from '@matka/shared/contract/schemas';
import type { Kysely, Transaction, Updateable } from 'kysely';
import { FAMILIES, parseTime12 } from '@matka/shared/domain';
import type { DB, Markets } from '../db/types';
import type { MarketFamily } from '../db/columns';
import { Refusal } from '../errors';
import type { MarketRow } from './markets';

type Db = Kysely<DB> | Transaction<DB>;

export type FoundMarket = Pick<MarketRow, 'id' | 'family' | 'name' | 'open_minute' | 'close_minute' | 'active'>;

/**
 * A market of a family by id, by name (case-insensitive) or, for a starline slot, by its time
 * ('13:00', '01:00 PM'). 404 when none matches.
 */
export async function findMarket(db: Db, ref: string, family: MarketFamily): Promise<FoundMarket> {
  const r = ref.trim();
  if (!r) throw new Refusal(400, 'market is required');
  const q = db
    .selectFrom('markets')
    .select(['id', 'family', 'name', 'open_minute', 'close_minute', 'active'])
    .where('family', '=', family);
  let found: FoundMarket | undefined;
  if (/^\d{1,9}$/.test(r)) found = await q.where('id', '=', Number(r)).executeTakeFirst();
  found ??= await q.where((eb) => eb(eb.fn('upper', ['name']), '=', r.toUpperCase())).executeTakeFirst();
  if (!found && family === 'starline') {
    const minute = parseTime12(r);
    if (minute !== null) found = await q.where('open_minute', '=', minute).orderBy('id').executeTakeFirst();
  }
  if (!found) throw new Refusal(404, `No ${family} market '${r}'`);
  return found;
}

/**
 * A market of the given family, or of any family when none is given: 404 when no family has it, 409
 * when the reference names markets of several families (the operator then passes the family).
 */
export async function findMarketInFamilies(db: Db, ref: string, family?: MarketFamily): Promise<FoundMarket> {
  if (family) return findMarket(db, ref, family);
  const hits: FoundMarket[] = [];
  for (const f of FAMILIES) {
    try {
      hits.push(await findMarket(db, ref, f));
    } catch (err) {
      if (!(err instanceof Refusal) || err.statusCode !== 404) throw err;
    }
  }
  if (hits.length === 0) throw new Refusal(404, `No market '${ref.trim()}'`);
  if (hits.length > 1)
    throw new Refusal(
      409,
      `'${ref.trim()}' names ${hits.length} markets (${hits.map((h) => h.family).join(', ')}); pass family`,
    );
  return hits[0];
}

/** Adds a market at the end of the operator's order; 409 when its family already has that name. */
export async function addMarket(
  trx: Transaction<DB>,
  m: { family: MarketFamily; name: string; open_minute: number; close_minute: number },
) {
  const clash = await trx
    .selectFrom('markets')
    .select('id')
    .where('family', '=', m.family)
    .where((eb) => eb(eb.fn('upper', ['name']), '=', m.name.toUpperCase()))
    .executeTakeFirst();
  if (clash) throw new Refusal(409, `A ${m.family} market named '${m.name}' already exists (id ${clash.id})`);
  const last = await trx
    .selectFrom('markets')
    .select((eb) => eb.fn.max('sort_order').as('max'))
    .executeTakeFirst();
  return trx
    .insertInto('markets')
    .values({ ...m, sort_order: Number(last?.max ?? 0) + 1 })
    .returning(['id', 'family', 'name'])
    .executeTakeFirstOrThrow();
}

/** A market's row, locked for the rest of the transaction (its values before a change). */
export const lockMarket = (trx: Transaction<DB>, id: number) =>
  trx
    .selectFrom('markets')
    .select(['off_days', 'open_minute', 'close_minute', 'active'])
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();

/** Changes a market (open / close minutes, active, off days). */
export const updateMarket = (
  db: Db,
  id: number,
  set: Pick<Updateable<Markets>, 'active' | 'off_days' | 'open_minute' | 'close_minute'>,
  now: Date,
) =>
  db
    .updateTable('markets')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .execute();

/** Every game rate, by family and the order players see. */
export const gameRates = (db: Db) =>
  db
    .selectFrom('game_rates')
    .select(['family', 'rate_key', 'val_1', 'val_2'])
    .orderBy('family')
    .orderBy('sort_order')
    .execute();

/** Sets an existing rate pair (404 when the family has no such rate); returns the pair it replaced. */
export async function setGameRate(
  trx: Transaction<DB>,
  r: { family: MarketFamily; rate_key: string; val_1: number; val_2: number },
) {
  const old = await trx
    .selectFrom('game_rates')
    .select(['val_1', 'val_2'])
    .where('family', '=', r.family)
    .where('rate_key', '=', r.rate_key)
    .forUpdate()
    .executeTakeFirst();
  if (!old) throw new Refusal(404, `No ${r.family} rate '${r.rate_key}'`);
  await trx
    .updateTable('game_rates')
    .set({ val_1: r.val_1, val_2: r.val_2 })
    .where('family', '=', r.family)
    .where('rate_key', '=', r.rate_key)
    .execute();
  return old;
}

export { TRANSLATED_SETTINGS };

/** An operator's text in `lang` ('<key>_<lang>') when one is given, else the English one. */
export function settingIn(s: Record<string, string | undefined>, key: string, lang: string | null): string {
  return (lang ? s[`${key}_${lang}`] : undefined) || s[key] || '';
}

/** Every setting, by key. */
export async function readSettings(db: Db): Promise<Record<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Writes settings (adding the new keys); returns the values they replaced. */
export async function writeSettings(trx: Transaction<DB>, values: Record<string, string>) {
  const old = await trx
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', Object.keys(values))
    .execute();
  await trx
    .insertInto('settings')
    .values(Object.entries(values).map(([key, value]) => ({ key, value })))
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
  return Object.fromEntries(old.map((r) => [r.key, r.value]));
}
