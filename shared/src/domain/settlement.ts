/**
 * Declaring a result: what the operator declares, how it composes the market's result of the day, and
 * what declaring does, as the operator API reports it (the server settles in
 * server/src/services/settlement.ts and settle-sql.ts; the operator console shows it).
 */
import { panaDigit, panaKind } from './panas';

/** A market's result of one day, as stored: the panas and digits declared so far, and the jodi. */
export interface ResultState {
  open_pana: string | null;
  open_digit: string | null;
  close_pana: string | null;
  close_digit: string | null;
  jodi: string | null;
}

export const EMPTY_RESULT: ResultState = {
  open_pana: null,
  open_digit: null,
  close_pana: null,
  close_digit: null,
  jodi: null,
};

/** What the operator declares: a regular session's pana, a starline slot's pana, or a Gali jodi. */
export type Declaration =
  | { family: 'regular'; session: 'open' | 'close'; pana: string }
  | { family: 'starline'; pana: string }
  | { family: 'gali'; jodi: string };

export const isPana = (p: string) => typeof p === 'string' && panaKind(p) !== null;
export const isJodi = (j: string) => typeof j === 'string' && /^\d{2}$/.test(j);

/** Why a declaration cannot be made: 'invalid' (a wrong value or family) or 'order' (close before open). */
export type ComposeFailure = { ok: false; reason: 'invalid' | 'order'; message: string };

/**
 * The market's result after a declaration: a regular open pana keeps a declared close (and makes the
 * jodi), a close pana needs the open one; a Starline slot's pana and a Gali jodi stand alone.
 */
export function composeResult(
  market: { family: 'regular' | 'starline' | 'gali'; name: string },
  current: ResultState | null,
  d: Declaration,
): { ok: true; result: ResultState } | ComposeFailure {
  const cur = current ?? EMPTY_RESULT;
  const invalid = (message: string): ComposeFailure => ({ ok: false, reason: 'invalid', message });
  if (d.family !== market.family) return invalid(`${market.name} is a ${market.family} market, not ${d.family}`);
  if (d.family === 'gali') {
    if (!isJodi(d.jodi)) return invalid(`'${d.jodi}' is not a jodi (two digits 00-99)`);
    return { ok: true, result: { ...EMPTY_RESULT, jodi: d.jodi } };
  }
  if (!isPana(d.pana)) return invalid(`'${d.pana}' is not a pana (one of the 220 panas, e.g. 128, 330, 777)`);
  const digit = panaDigit(d.pana);
  if (d.family === 'starline') return { ok: true, result: { ...EMPTY_RESULT, open_pana: d.pana, open_digit: digit } };
  if (d.session === 'open') {
    const jodi = cur.close_digit !== null ? digit + cur.close_digit : null;
    return {
      ok: true,
      result: { open_pana: d.pana, open_digit: digit, close_pana: cur.close_pana, close_digit: cur.close_digit, jodi },
    };
  }
  if (!cur.open_pana || cur.open_digit === null) {
    return { ok: false, reason: 'order', message: `Declare the open result of ${market.name} first` };
  }
  return { ok: true, result: { ...cur, close_pana: d.pana, close_digit: digit, jodi: cur.open_digit + digit } };
}

/** The points a settlement moves (a chunk's, a job's, a declaration's). */
export interface SettledPoints {
  paid: number;
  paid_points: number;
  reversed: number;
  reversed_points: number;
  /** points of reversed wins the wallets no longer held (recorded on the bids; reported, never negative) */
  shortfall_points: number;
  /** points of new wins kept back against earlier unrecovered reversals of the same bids */
  withheld_points: number;
}

/** The bids a declaration settles, and the points it moves. */
export interface SettleSummary extends SettledPoints {
  bids: number;
  lost: number;
  pending: number;
}

/** A declaration's settlement job, as the operator API reports it: progress while it runs, then done. */
export interface SettlementJob extends SettledPoints {
  id: string;
  status: 'running' | 'done' | 'superseded';
  /** the bids it settles; null until its first step has counted them (with the scan that judges their plays) */
  bids_total: number | null;
  bids_done: number;
}

/** One winning bid of a previewed result. */
export interface Winner {
  bid_id: string;
  mobile: string;
  bet: string;
  session: string;
  digits: string;
  closedigits: string;
  points: number;
  win_amount: number;
}

/**
 * A player a correction's reversals would leave short: the wins it takes back are more than the wallet
 * (with what the correction newly pays them) holds. Their pending withdrawals are held for the shortfall.
 */
export interface Uncovered {
  mobile: string;
  name: string;
  /** points of wins the correction reverses */
  reversed: number;
  /** the wallet now, and what the correction newly pays them */
  wallet: number;
  gained: number;
  /** what the reversal cannot take */
  shortfall: number;
  /** points in pending withdrawals (not yet held), which the shortfall would hold */
  pending_withdrawals: number;
}

/** The points at stake on a market's open bids, by what the result could be. */
export interface Exposure {
  /** pending bids that the declared session can still settle, and their points */
  bids: number;
  points: number;
  by_digit: Record<string, number>;
  by_pana: { pana: string; points: number }[];
  by_jodi: { jodi: string; points: number }[];
  /** Half / Full Sangam bids by 'open-close' */
  by_sangam: { sangam: string; points: number }[];
  /** the candidate results that would pay the most, with that payout */
  riskiest: { result: string; payout: number }[];
}
