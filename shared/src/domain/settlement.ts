/**
 * What declaring a result does, as the operator API reports it (the server computes it in
 * server/src/services/settlement.ts; the operator console shows it).
 */

/** The bids a declaration settles, and the points it moves. */
export interface SettleSummary {
  bids: number;
  paid: number;
  paid_points: number;
  reversed: number;
  reversed_points: number;
  /** points of reversed wins the wallets no longer held (recorded on the bids; reported, never negative) */
  shortfall_points: number;
  /** points of new wins kept back against earlier unrecovered reversals of the same bids */
  withheld_points: number;
  lost: number;
  pending: number;
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
