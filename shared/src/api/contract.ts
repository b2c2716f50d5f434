/**
 * The answers' shapes every family reads (no RTK Query here: see api.ts). The calls themselves (names,
 * token rule, tags, list keys) are declared in @matka/shared/contract.
 */
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
