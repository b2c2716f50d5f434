import type { ApiResponse, RatesRecord } from '@matka/shared';
import { api } from '@matka/shared/api';

/** One Gali market of the list (spec section 3). msg_status 1 = Market Open. */
export interface GaliMarket {
  game_id: string | number;
  game_name: string;
  open_time: string;
  close_time: string;
  /** The declared jodi ('' or absent when none). */
  result?: string | null;
  open_result?: string | null;
  msg_status: number | string;
}

export interface GaliGamesResponse extends ApiResponse {
  result?: GaliMarket[];
  web_galidessar_chart_url?: string;
}

export interface RatesResponse extends ApiResponse {
  game_rates?: RatesRecord[];
}

export const galiApi = api.injectEndpoints({
  endpoints: (build) => ({
    galiGames: build.query<GaliGamesResponse, void>({
      query: () => ({ call: 'api-galidisawar-game' }),
    }),
    galiRates: build.query<RatesResponse, void>({
      query: () => ({ call: 'api-galidisawar-game-rates' }),
    }),
  }),
});

export const { useGaliGamesQuery, useGaliRatesQuery } = galiApi;
