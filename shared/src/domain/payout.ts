/** Settlement: which bids win a declared result and what a winning bid pays. */
import { type BetTypeId, type Family, type RateKey, BET_TYPES, type Session } from './betTypes';
import { panaDigit, panaKind } from './panas';

/** A rate pair: '10-95' means val_1 = 10 points bet pays val_2 = 95 points. */
export interface Rate {
  val_1: number | string;
  val_2: number | string;
}

/**
 * Win amount of a winning bid: points × val_2 / val_1, ROUNDED DOWN to whole points (the house keeps
 * the fraction; a tiny epsilon absorbs binary-float error of decimal rates such as '1-9.5').
 * 0 for negative / non-finite points or a rate that is not two finite numbers with val_1 > 0, val_2 >= 0.
 */
export function payout(points: number, rate: Rate): number {
  const v1 = Number(rate?.val_1);
  const v2 = Number(rate?.val_2);
  const valid =
    Number.isFinite(points) && points >= 0 && Number.isFinite(v1) && Number.isFinite(v2) && v1 > 0 && v2 >= 0;
  return valid ? Math.floor((points * v2) / v1 + 1e-9) : 0;
}

/** '10-95' -> { val_1: 10, val_2: 95 }; null unless two non-negative numbers joined by '-'. */
export function parseRate(s: string): Rate | null {
  const m = typeof s === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*$/.exec(s) : null;
  return m ? { val_1: Number(m[1]), val_2: Number(m[2]) } : null;
}

/** The pair `${key}_val_1` / `${key}_val_2` of a rates record (game_rates[0]); null when missing. */
export function rateFromRecord(record: unknown, key: RateKey): Rate | null {
  if (!record || typeof record !== 'object') return null;
  const r = record as Record<string, unknown>;
  const [v1, v2] = [r[`${key}_val_1`], r[`${key}_val_2`]];
  const ok = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && v.trim() !== '');
  return ok(v1) && ok(v2) ? { val_1: v1 as number | string, val_2: v2 as number | string } : null;
}

/** Motor and SP DP TP rows are settled as the pana type of their pana. */
export function settlementType(type: BetTypeId, digits: string): BetTypeId {
  if (type === 'sp_motor') return 'single_pana';
  if (type === 'dp_motor') return 'double_pana';
  if (type === 'sp_dp_tp')
    return ({ SP: 'single_pana', DP: 'double_pana', TP: 'triple_pana' } as const)[panaKind(digits) ?? 'SP'];
  return type;
}

/** Rate pair that pays a row of this bet type. */
export function rateKeyForRow(type: BetTypeId, digits: string): RateKey {
  return BET_TYPES[settlementType(type, digits)].rateKey;
}

/**
 * What a row wins if it is correct at the rates of a family's rates record (game_rates[0]); null while
 * the record does not hold its pair. The server keeps the rate in force with each bid it places.
 */
export function winIfCorrect(
  type: BetTypeId,
  row: { digits: string; points: number },
  record: Record<string, string | number | null | undefined> | undefined,
): number | null {
  if (!record) return null;
  const key = rateKeyForRow(type, row.digits);
  const [v1, v2] = [record[`${key}_val_1`], record[`${key}_val_2`]];
  if (v1 === undefined || v1 === null || v1 === '' || v2 === undefined || v2 === null || v2 === '') return null;
  return payout(row.points, { val_1: v1, val_2: v2 });
}

export type Outcome = 'win' | 'lose' | 'pending';
export interface DeclaredResult {
  openPana?: string | null;
  closePana?: string | null;
}

const declared = (p: string | null | undefined): string | null => (typeof p === 'string' && panaKind(p) ? p : null);
type Check = [pana: string | null, test: (p: string) => boolean];

/** Lose as soon as one declared part misses; win when all parts are declared and hit; else pending. */
function allOf(...checks: Check[]): Outcome {
  if (checks.some(([p, test]) => p !== null && !test(p))) return 'lose';
  return checks.every(([p]) => p !== null) ? 'win' : 'pending';
}

/**
 * Regular market. Open pana P1 gives the open digit, close pana P2 the close digit.
 * Single Digit / panas (motors and SP DP TP as their pana type): the session's pana or digit.
 * Jodi: open digit + close digit. Half Sangam: open digit + P2, or P1 + close digit (form from lengths).
 * Full Sangam: P1 + P2. 'pending' until the needed result is declared (and for non-regular types).
 */
export function regularBidOutcome(
  bid: { betType: BetTypeId; session: Session; digits: string; closedigits: string },
  result: DeclaredResult,
): Outcome {
  const p1 = declared(result?.openPana);
  const p2 = declared(result?.closePana);
  const { digits: d, closedigits: cd } = bid;
  const sessionPana = bid.session === 'Open' ? p1 : bid.session === 'Close' ? p2 : undefined;
  const isPana = (p: string) => p === d;
  const ankIs = (x: string) => (p: string) => panaDigit(p) === x;
  switch (settlementType(bid.betType, d)) {
    case 'single_digit':
      return sessionPana === undefined ? 'pending' : allOf([sessionPana, ankIs(d)]);
    case 'single_pana':
    case 'double_pana':
    case 'triple_pana':
      return sessionPana === undefined ? 'pending' : allOf([sessionPana, isPana]);
    case 'jodi_digit':
      return allOf([p1, (p) => d.length === 2 && ankIs(d[0])(p)], [p2, ankIs(d[1] ?? '')]);
    case 'half_sangam':
      return d.length === 1 ? allOf([p1, ankIs(d)], [p2, (p) => p === cd]) : allOf([p1, isPana], [p2, ankIs(cd)]);
    case 'full_sangam':
      return allOf([p1, isPana], [p2, (p) => p === cd]);
    default:
      return 'pending';
  }
}

/** Starline slot result (one pana): Single Digit wins on the pana's digit, pana types on the pana (of their kind). */
export function starlineBidOutcome(bid: { betType: BetTypeId; digits: string }, pana: string): 'win' | 'lose' {
  if (!declared(pana)) return 'lose';
  if (bid.betType === 'starline_single_digit') return panaDigit(pana) === bid.digits ? 'win' : 'lose';
  const kind: Partial<Record<BetTypeId, string>> = {
    starline_single_pana: 'SP',
    starline_double_pana: 'DP',
    starline_triple_pana: 'TP',
  };
  return pana === bid.digits && kind[bid.betType] === panaKind(pana) ? 'win' : 'lose';
}

/** Gali result is a 2-digit jodi: Left Digit = its first digit, Right Digit = its second, Jodi = both. */
export function galiBidOutcome(bid: { betType: BetTypeId; digits: string }, jodi: string): 'win' | 'lose' {
  if (typeof jodi !== 'string' || !/^\d{2}$/.test(jodi)) return 'lose';
  const wanted: Partial<Record<BetTypeId, string>> = {
    gali_left_digit: jodi[0],
    gali_right_digit: jodi[1],
    gali_jodi_digit: jodi,
  };
  return wanted[bid.betType] !== undefined && wanted[bid.betType] === bid.digits ? 'win' : 'lose';
}

/**
 * A bid's outcome under its market day's declared result, in any family: the settlement's rule, and the
 * one a receipt's check applies to the published result ('pending' while the part it needs is not there).
 */
export function bidOutcomeOf(
  family: Family,
  bid: { betType: BetTypeId; session: Session; digits: string; closedigits: string },
  r: { open_pana?: string | null; close_pana?: string | null; jodi?: string | null } | null,
): Outcome {
  if (!Object.hasOwn(BET_TYPES, bid.betType)) return 'pending';
  if (family === 'regular') return regularBidOutcome(bid, { openPana: r?.open_pana, closePana: r?.close_pana });
  if (family === 'starline') return r?.open_pana ? starlineBidOutcome(bid, r.open_pana) : 'pending';
  return r?.jodi ? galiBidOutcome(bid, r.jodi) : 'pending';
}
