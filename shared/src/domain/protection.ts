/**
 * Responsible play: the periods a player may choose and the texts that explain them.
 * The server enforces them (the database's may_play, migration 017) for every client; these are the
 * rules both sides read.
 */

import { compose, type Composed } from './templates';
import { formatPoints } from './text';

export const BREAK_PERIODS = ['24h', '7d', '30d'] as const;
export type BreakPeriod = (typeof BREAK_PERIODS)[number];
export const EXCLUSION_PERIODS = ['6m', '1y', 'permanent'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];

export const PERIOD_LABELS: Record<BreakPeriod | ExclusionPeriod, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '6m': '6 months',
  '1y': '1 year',
  permanent: 'Permanently',
};

/** A permanent exclusion is stored as this moment (no end a calendar can reach). */
export const PERMANENT_UNTIL = new Date('9999-12-31T00:00:00.000Z');
export const isPermanent = (until: Date | string | null | undefined): boolean =>
  !!until && new Date(until).getUTCFullYear() >= 9999;

/** When a break or an exclusion chosen `now` ends. */
export function periodEnd(now: Date, period: BreakPeriod | ExclusionPeriod): Date {
  const d = new Date(now.getTime());
  switch (period) {
    case '24h':
      return new Date(now.getTime() + 24 * 3600_000);
    case '7d':
      return new Date(now.getTime() + 7 * 24 * 3600_000);
    case '30d':
      return new Date(now.getTime() + 30 * 24 * 3600_000);
    case '6m':
      d.setUTCMonth(d.getUTCMonth() + 6);
      return d;
    case '1y':
      d.setUTCFullYear(d.getUTCFullYear() + 1);
      return d;
    case 'permanent':
      return new Date(PERMANENT_UNTIL.getTime());
  }
}

/** The refusal of a bid, a deposit request or a transfer received, or null when the player may play. */
export function protectionText(
  p: { break_until: Date | string | null; excluded_until: Date | string | null; age_missing: boolean },
  now: Date,
  when: (d: Date) => string,
): Composed | null {
  const running = (d: Date | string | null): d is Date | string => !!d && new Date(d).getTime() > now.getTime();
  if (running(p.excluded_until))
    return isPermanent(p.excluded_until)
      ? compose('excludedForGood')
      : compose('excludedUntil', { time: when(new Date(p.excluded_until)) });
  if (running(p.break_until)) return compose('breakUntil', { time: when(new Date(p.break_until)) });
  if (p.age_missing) return compose('ageBeforePlay');
  return null;
}
export const protectionMessage = (...args: Parameters<typeof protectionText>): string | null =>
  protectionText(...args)?.text ?? null;

// ------------------------------------------------------------------ the player's limits

/** A deposit limit (points coming in), a loss limit (stakes minus wins) and a stake limit. */
export const LIMIT_KINDS = ['deposit', 'loss', 'stake'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
/** Each per IST calendar period: a day from 12:00 AM, a week from Monday, a month from the 1st. */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export const LIMIT_KIND_LABELS: Record<LimitKind, string> = { deposit: 'Deposit', loss: 'Loss', stake: 'Stake' };
export const LIMIT_PERIOD_LABELS: Record<LimitPeriod, string> = { day: 'Daily', week: 'Weekly', month: 'Monthly' };
export const LIMIT_PERIOD_UNITS: Record<LimitPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };
/** A raise or a removal of a limit takes effect only this long after the player asks for it. */
export const LIMIT_RAISE_WAIT_MS = 24 * 3600_000;
/** The largest limit a player can set (points). */
export const LIMIT_MAX = 10_000_000;

/** How often a player may ask for a reality check (0: off). */
export const REALITY_CHECK_MINUTES = [30, 60, 120] as const;

/** 'daily stake limit' */
export const limitName = (kind: LimitKind, period: LimitPeriod): string =>
  `${LIMIT_PERIOD_LABELS[period].toLowerCase()} ${LIMIT_KIND_LABELS[kind].toLowerCase()} limit`;

/**
 * What a change of a limit does: a new limit or a lower one holds at once ('now'), a higher one or a
 * removal waits LIMIT_RAISE_WAIT_MS ('later'), the same one changes nothing ('same'). `current` is the
 * limit in force (null: none), `wanted` the new one (null: remove it).
 */
export function limitChange(current: number | null, wanted: number | null): 'now' | 'later' | 'same' {
  if (wanted === current) return 'same';
  if (current === null) return 'now';
  if (wanted === null || wanted > current) return 'later';
  return 'now';
}

/** The refusal of a bid or a deposit request that would pass a limit: names it and when it resets. */
export function limitText(
  what: 'bid' | 'deposit',
  hit: { kind: LimitKind; period: LimitPeriod; amount: number; used: number; resets: Date },
  when: (d: Date) => string,
): Composed {
  const left = Math.max(hit.amount - hit.used, 0);
  return compose(what === 'bid' ? 'limitBid' : 'limitDeposit', {
    period: LIMIT_PERIOD_LABELS[hit.period].toLowerCase(),
    kind: LIMIT_KIND_LABELS[hit.kind].toLowerCase(),
    points: formatPoints(hit.amount),
    left: formatPoints(left),
    time: when(hit.resets),
  });
}
export const limitMessage = (...args: Parameters<typeof limitText>): string => limitText(...args).text;
