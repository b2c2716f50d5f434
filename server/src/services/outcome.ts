/**
 * The outcome of one bid under a result, by the rules module (the domain): one owner for what wins.
 * Settlement (settlement.ts, settle-sql.ts) and the preview judge bids with it.
 */
import { bidOutcomeOf, type BetTypeId, type Outcome, type ResultState } from '@matka/shared/domain';
import type { MarketFamily } from '../db/columns';

export interface MarketRef {
  id: number;
  family: MarketFamily;
  name: string;
}

/** A market's result of one day (the domain's). */
export type { ResultState };

export interface SettleBid {
  id: string;
  user_id: string;
  mobile: string;
  bet_type: string;
  pana: string;
  session: 'Open' | 'Close';
  digits: string;
  closedigits: string;
  points: string;
  status: string;
  win_amount: string;
  /** points of an earlier reversed win that the wallet did not hold (netted against a new payment) */
  unrecovered: string;
  /** the rate in force when the bid was placed (null: placed before bids kept theirs) */
  rate_1: string | null;
  rate_2: string | null;
}

/** The rules module's outcome of one bid under a result. */
export function bidOutcome(family: MarketFamily, bid: SettleBid, r: ResultState): Outcome {
  return bidOutcomeOf(
    family,
    { betType: bid.bet_type as BetTypeId, session: bid.session, digits: bid.digits, closedigits: bid.closedigits },
    r,
  );
}
