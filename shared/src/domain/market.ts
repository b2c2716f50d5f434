/**
 * When a market takes bids: its times and today's declared results. One rule for the server (which
 * refuses a bid and answers msg_status with it), the market lists and choosers (which show Market
 * Open / BETTING IS RUNNING and Play with it) and the bid screens (which offer the sessions it allows),
 * so a player is never offered a bid the server will refuse.
 */
import { BET_TYPES, type BetTypeId, type Family, type Session } from './betTypes';
import { allowedSessions, isCloseSessionAllowed, isOpenSessionAllowed, zonedDateParts } from './clock';

export interface MarketClock {
  family: Family;
  openTime: string;
  /** Absent when not known (a screen opened without it): then only the open time and the results count. */
  closeTime?: string;
  /** Today's first result is declared: regular open pana, the Starline slot's pana, the Gali jodi. */
  openDeclared: boolean;
  /** Regular only: today's close result is declared (it ends the day). */
  closeDeclared: boolean;
  /** Weekly off days (0 = Sunday .. 6 = Saturday, market time zone): no bids all day. */
  offDays?: readonly number[];
}

/** The days of the week, Sunday first (the index is the weekday number of offDays). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Today (market time zone) is one of the market's weekly off days. */
export function isOffDay(offDays: readonly number[] | undefined, now: Date, timeZone?: string): boolean {
  return !!offDays?.length && offDays.includes(zonedDateParts(now, timeZone).weekday);
}

const closeTimeAhead = (m: MarketClock, now: Date, timeZone?: string) =>
  m.closeTime === undefined || isCloseSessionAllowed(m.closeTime, now, timeZone);

/**
 * The sessions a bet type takes now ([] = bidding closed):
 * - regular: allowedSessions by the open time; nothing once the close time has come or the close
 *   result is declared; once the open result is declared, no Open session and no timed bet (Jodi,
 *   Half Sangam, Full Sangam), whose outcome needs the open result;
 * - Starline slot and Gali market: their session until the open time, and nothing once the result is declared.
 */
export function biddableSessions(betType: BetTypeId, m: MarketClock, now: Date, timeZone?: string): Session[] {
  const def = Object.hasOwn(BET_TYPES, betType) ? BET_TYPES[betType] : undefined;
  if (!def || def.family !== m.family || isOffDay(m.offDays, now, timeZone)) return [];
  const sessions = allowedSessions(betType, m.openTime, now, timeZone);
  if (m.family !== 'regular') return m.openDeclared ? [] : sessions;
  if (m.closeDeclared || !closeTimeAhead(m, now, timeZone)) return [];
  if (!m.openDeclared) return sessions;
  return def.timed ? [] : sessions.filter((s) => s !== 'Open');
}

/** The market takes some bid now: what 'Market Open' and 'BETTING IS RUNNING' mean. */
export function marketTakesBids(m: MarketClock, now: Date, timeZone?: string): boolean {
  if (isOffDay(m.offDays, now, timeZone)) return false;
  if (m.family === 'regular') return !m.closeDeclared && closeTimeAhead(m, now, timeZone);
  return !m.openDeclared && isOpenSessionAllowed(m.openTime, now, timeZone);
}

/** A market as the lists answer it (home info, Starline games, Gali markets). */
export interface ListedMarket {
  game_id: number | string;
  game_name: string;
  open_time: string;
  close_time?: string;
  open_result?: string | null;
  close_result?: string | null;
  /** Gali: the declared jodi (also in open_result). */
  result?: string | null;
  msg_status: number | string;
}

/** A chosen market as a list hands it to the choosers and bid screens (in navigation state). */
export interface ChosenMarket {
  gameId: string;
  gameName: string;
  openTime: string;
  /** '' when not known. */
  closeTime: string;
  /** '' while not declared. */
  openResult: string;
  closeResult: string;
}

export function chosenMarket(m: ListedMarket): ChosenMarket {
  return {
    gameId: String(m.game_id),
    gameName: m.game_name,
    openTime: m.open_time,
    closeTime: m.close_time ?? '',
    openResult: m.open_result || m.result || '',
    closeResult: m.close_result ?? '',
  };
}

/** The rule's view of a chosen market: a non-empty result is a declared one. */
export function clockOfChosen(family: Family, c: Omit<ChosenMarket, 'gameId' | 'gameName'>): MarketClock {
  return {
    family,
    openTime: c.openTime,
    closeTime: c.closeTime || undefined,
    openDeclared: c.openResult.trim() !== '',
    closeDeclared: family === 'regular' && c.closeResult.trim() !== '',
  };
}

/**
 * A listed market is open when the server said so at the last poll (msg_status 1: it also knows
 * what the list does not say, e.g. a disabled market) and the rule still says so now (the close
 * time may have come, a result may have been declared since).
 */
export function isListedMarketOpen(family: Family, m: ListedMarket, now: Date, timeZone?: string): boolean {
  return String(m.msg_status) === '1' && marketTakesBids(clockOfChosen(family, chosenMarket(m)), now, timeZone);
}
