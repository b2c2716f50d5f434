import { useLocation } from 'react-router-dom';
import type { ChosenMarket, Family } from '@matka/shared/domain';

/**
 * What a game-selection screen passes to a bid screen in navigation state (spec section 2: gameId,
 * openTime, gameName, pana), with the market's close time and today's results, so that the screens
 * apply the same open / closed rule as the server (domain biddableSessions).
 */
export interface BidNavState extends ChosenMarket {
  pana: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Reads the navigation state defensively: anything missing is ''. */
export function readBidNavState(state: unknown): BidNavState {
  const s = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  return {
    gameId: text(s.gameId).trim(),
    gameName: text(s.gameName),
    openTime: text(s.openTime),
    closeTime: text(s.closeTime),
    openResult: text(s.openResult),
    closeResult: text(s.closeResult),
    pana: text(s.pana),
  };
}

/** The current location's bid navigation state. */
export function useBidNavState(): BidNavState {
  return readBidNavState(useLocation().state);
}

/**
 * Where a bid screen without a market sends the player to pick one. Regular goes to /game, which
 * lists the regular markets when it has no market in its state (works in the shell and standalone).
 */
export const CHOOSE_MARKET_PATH: Readonly<Record<Family, string>> = {
  regular: '/game',
  starline: '/star',
  gali: '/galiIMP',
};

export const CHOOSE_MARKET_TEXT = 'Please choose a market first.';
