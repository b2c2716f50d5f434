/** The API contract's shapes and constants every family reads (no RTK Query here: see api.ts). */
import type { Family } from '../domain/betTypes';
import type { ApiResponse } from './baseQuery';

/** Polling interval of the live lists (spec section 9). */
export const POLL_MS = 5000;

/** Options every polled list uses: 5 s, and nothing while the tab is hidden. */
export const POLLING = { pollingInterval: POLL_MS, skipPollingIfUnfocused: true } as const;

export interface LoginResponse extends ApiResponse {
  user_name?: string;
  unique_token?: string;
  mobile?: string;
}

export interface Market {
  game_id: string | number;
  game_name: string;
  open_result?: string | null;
  close_result?: string | null;
  open_time: string;
  close_time: string;
  msg_status: number | string;
  web_chart_url?: string;
}

/** The bid submission call of each market family (spec section 7). */
export const SUBMIT_BID_CALL: Record<Family, string> = {
  regular: 'api-submit-bid',
  starline: 'api-starline-submit-bid',
  gali: 'api-galidisawar-submit-bid',
};

/** The game rates call of each market family (spec section 7): game_rates[0] holds the pairs. */
export const RATES_CALL: Record<Family, string> = {
  regular: 'api-game-rates',
  starline: 'api-starline-game-rates',
  gali: 'api-galidisawar-game-rates',
};

export interface RatesResponse extends ApiResponse {
  game_rates?: Record<string, string | number | null | undefined>[];
}

export interface HomeInfoResponse extends ApiResponse {
  betting_status?: string | number;
  wallet_amt?: string | number;
  telegram_no?: string;
  mobile_1?: string;
  mobile_no?: string;
  result?: Market[];
}
