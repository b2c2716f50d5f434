/**
 * The operator's bet limits per family and bet type, and the liability cap per number. The
 * database enforces both inside place_bid (migration 020: bet_rule_hit, take_liability); this module
 * sets them (audited), explains a refusal in the player's words, and lists the numbers that reached
 * their cap for the console's dashboard.
 */
import type { OperatorAnswerOf } from '@matka/shared/contract/schemas';
import { sql, type Kysely } from 'kysely';
import {
  BET_TYPES,
  BET_TYPE_IDS,
  defaultBetLimit,
  maxBidText,
  minBidText,
  sessionMaxText,
  type Message,
} from '@matka/shared/domain';
import type { DB } from '../db/types';
import type { MarketFamily } from '../db/columns';
import type { AppContext } from '../context';
import { audit } from './audit';

type Ctx = Pick<AppContext, 'db' | 'markets' | 'live'>;

/** What bet_rule_hit found broken (place_bid's MKBET error carries it as JSON). */
export interface BetRuleHit {
  rule: 'min' | 'max' | 'session';
  limit: number;
  used?: number;
}

export const betRuleOf = (err: unknown): BetRuleHit => JSON.parse((err as Error).message) as BetRuleHit;

export function betRuleText(title: string, hit: BetRuleHit): Message {
  if (hit.rule === 'min') return minBidText(Number(hit.limit));
  if (hit.rule === 'max') return maxBidText(Number(hit.limit));
  return sessionMaxText(title, Number(hit.limit), Number(hit.used ?? 0));
}

export type FamilyLimits = OperatorAnswerOf<'betLimits'>['families'][number];

/** The console's view: every family's bet types with their limits, and the family's cap. */
export async function allBetLimits(db: Kysely<DB>): Promise<FamilyLimits[]> {
  const [rows, caps] = await Promise.all([
    db.selectFrom('bet_limits').select(['family', 'bet_type', 'min_points', 'max_points', 'session_max']).execute(),
    db.selectFrom('liability_caps').select(['family', 'cap']).execute(),
  ]);
  return (['regular', 'starline', 'gali'] as const).map((family) => ({
    family,
    bet_types: BET_TYPE_IDS.filter((id) => BET_TYPES[id].family === family).map((id) => {
      const own = rows.find((r) => r.family === family && r.bet_type === id);
      const limit = own
        ? {
            bet_type: id,
            min: Number(own.min_points),
            max: Number(own.max_points),
            session_max: own.session_max === null ? null : Number(own.session_max),
          }
        : defaultBetLimit(id);
      return { ...limit, title: BET_TYPES[id].title, own: !!own };
    }),
    liability_cap: ((c) => (c ? Number(c.cap) : null))(caps.find((c) => c.family === family)),
  }));
}

/** Sets one bet type's limits (checked by the caller), audited; every process and app reads them anew. */
export async function setBetLimit(
  ctx: Ctx,
  l: { family: MarketFamily; bet_type: string; min: number; max: number; session_max: number | null },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('bet_limits')
      .select(['min_points', 'max_points', 'session_max'])
      .where('family', '=', l.family)
      .where('bet_type', '=', l.bet_type)
      .forNoKeyUpdate()
      .executeTakeFirst();
    const values = { min_points: l.min, max_points: l.max, session_max: l.session_max, updated_at: new Date() };
    await trx
      .insertInto('bet_limits')
      .values({ family: l.family, bet_type: l.bet_type, ...values })
      .onConflict((oc) => oc.columns(['family', 'bet_type']).doUpdateSet(values))
      .execute();
    await audit(trx, 'bet-limits set', `${l.family}:${l.bet_type}`, l, before ?? null, {
      min_points: l.min,
      max_points: l.max,
      session_max: l.session_max,
    });
  });
  await ctx.markets.invalidate();
  await ctx.live.listsChanged();
}

/** Sets (or removes: null) a family's liability cap per number, audited. */
export async function setLiabilityCap(ctx: Ctx, family: MarketFamily, cap: number | null): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('liability_caps').select('cap').where('family', '=', family).executeTakeFirst();
    if (cap === null) await trx.deleteFrom('liability_caps').where('family', '=', family).execute();
    else
      await trx
        .insertInto('liability_caps')
        .values({ family, cap, updated_at: new Date() })
        .onConflict((oc) => oc.column('family').doUpdateSet({ cap, updated_at: new Date() }))
        .execute();
    await audit(trx, 'liability-cap set', family, { family, cap }, before ?? null, { cap });
  });
}

export type CappedNumber = OperatorAnswerOf<'dashboard'>['capped'][number];

/**
 * The numbers of a day nearest their family's cap (at least `share` of it), largest first: read from
 * number_liability, one row per number, never from the bids.
 */
export async function cappedNumbers(db: Kysely<DB>, date: string, share = 0.8, limit = 50): Promise<CappedNumber[]> {
  const r = await sql<{
    market: string;
    family: string;
    session: string;
    bet_type: string;
    digits: string;
    closedigits: string;
    payout: string;
    cap: string;
    smallest: string | null;
  }>`
    SELECT m.name AS market, m.family, n.session, n.bet_type, n.digits, n.closedigits, n.payout, c.cap,
           (SELECT floor(coalesce(bl.min_points, 10) * gr.val_2::numeric / nullif(gr.val_1, 0)::numeric)
              FROM game_rates gr
              LEFT JOIN bet_limits bl ON bl.family = m.family AND bl.bet_type = n.bet_type
             WHERE gr.family = m.family
             ORDER BY gr.val_2::numeric / nullif(gr.val_1, 0)::numeric LIMIT 1) AS smallest
    FROM number_liability n
    JOIN markets m ON m.id = n.market_id
    JOIN liability_caps c ON c.family = m.family
    WHERE n.bid_date = ${date}::date AND n.payout >= c.cap * ${share}::numeric
    ORDER BY n.payout::numeric / c.cap DESC, n.payout DESC
    LIMIT ${limit}`.execute(db);
  return r.rows.map((x) => ({
    market: x.market,
    family: x.family,
    session: x.session,
    bet_type: x.bet_type,
    title: BET_TYPES[x.bet_type as keyof typeof BET_TYPES]?.title ?? x.bet_type,
    number: x.closedigits ? `${x.digits}-${x.closedigits}` : x.digits,
    payout: Number(x.payout),
    cap: Number(x.cap),
    closed: Number(x.payout) + Number(x.smallest ?? 0) > Number(x.cap),
  }));
}
