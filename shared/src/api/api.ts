import { createApi } from '@reduxjs/toolkit/query/react';
import type { Family, NewResult } from '../domain';
import { loggedOut } from '../store/session';
import { createMatkaBaseQuery, type ApiResponse } from './baseQuery';

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

export interface HomeInfoResponse extends ApiResponse {
  betting_status?: string | number;
  wallet_amt?: string | number;
  telegram_no?: string;
  mobile_1?: string;
  mobile_no?: string;
  result?: Market[];
}

/**
 * The one RTK Query api. The calls every family needs live here; each package adds its own with
 * `api.injectEndpoints` when its code loads.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createMatkaBaseQuery(({ dispatch }) => dispatch(loggedOut())),
  tagTypes: ['Home', 'Wallet', 'Bids', 'Wins', 'Funds', 'Withdrawals', 'Transactions', 'Profile', 'Payment'],
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, { mobile: string; password: string }>({
      query: (body) => ({ call: 'api-user-login', body: { ...body, device_id: null } }),
    }),
    logout: build.mutation<ApiResponse, void>({
      query: () => ({ call: 'api-user-logout' }),
    }),
    homeInfo: build.query<HomeInfoResponse, void>({
      query: () => ({ call: 'api-home-info' }),
      providesTags: ['Home', 'Wallet'],
    }),
    walletBalance: build.query<ApiResponse & { wallet_amt?: string | number }, void>({
      query: () => ({ call: 'api-user-wallet-balance' }),
      providesTags: ['Wallet'],
    }),
    /** One bid request; `requestId` makes a repeated submit of the same confirmation place it once. */
    submitBid: build.mutation<ApiResponse, { family: Family; body: NewResult; requestId: string }>({
      query: ({ family, body, requestId }) => ({
        call: SUBMIT_BID_CALL[family],
        body: { unique_token: body.unique_token, game_id: body.gameid, new_result: body, request_id: requestId },
        headers: { 'Idempotency-Key': requestId },
      }),
      invalidatesTags: ['Wallet', 'Home', 'Bids'],
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useHomeInfoQuery, useWalletBalanceQuery, useSubmitBidMutation } = api;
