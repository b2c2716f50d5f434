/**
 * Bet limits and the liability cap: an operator sets, per family and bet type, the
 * fewest and most points one bid row may carry and the most a player may stake on that bet type in one
 * session of one market; and per family the largest payout one number may cost on a market session. The
 * server enforces them (place_bid, migration 020); the bid screens show them. These are the defaults and
 * the words.
 */
import { MSG } from './messages';
import { compose, messageText, type Composed, type Message } from './templates';
import { formatPoints } from './text';
import { MAX_BID, MIN_BID } from './validate';

/** One bet type's limits in force (a type without a row of its own: MIN_BID, MAX_BID, no session maximum). */
export interface BetLimit {
  bet_type: string;
  min: number;
  max: number;
  /** the most one player may stake on this bet type in one session of one market; null: no maximum */
  session_max: number | null;
}

export const defaultBetLimit = (betType: string): BetLimit => ({
  bet_type: betType,
  min: MIN_BID,
  max: MAX_BID,
  session_max: null,
});

/** The limits of a bet type out of the ones a family's rates answer lists. */
export const betLimitOf = (limits: readonly BetLimit[] | undefined, betType: string): BetLimit =>
  limits?.find((l) => l.bet_type === betType) ?? defaultBetLimit(betType);

/** The spec's words ('Required minimum bid amount is 10'), with the operator's number. */
export const minBidText = (min: number): Message => (min === MIN_BID ? MSG.minBid : compose('minBid', { min }));
export const maxBidText = (max: number): Message => (max === MAX_BID ? MSG.maxBid : compose('maxBid', { max }));
export const minBidMessage = (min: number): string => messageText(minBidText(min));
export const maxBidMessage = (max: number): string => messageText(maxBidText(max));

/** What the bid screens show under the points ('Max 10,000 points'). */
export const maxBidHint = (l: BetLimit): string => (l.max === MAX_BID ? '' : `Max ${formatPoints(l.max)} points`);

/** A submission past the maximum per player per market session. */
export const sessionMaxText = (title: string, max: number, used: number): Composed =>
  compose('sessionMax', { max: formatPoints(max), betType: title, left: formatPoints(Math.max(max - used, 0)) });
export const sessionMaxMessage = (title: string, max: number, used: number): string =>
  sessionMaxText(title, max, used).text;
