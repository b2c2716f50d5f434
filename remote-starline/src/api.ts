import type { ApiResponse, RatesRecord } from '@matka/shared';
import { api } from '@matka/shared/api';

/** One starline slot of the games list (spec section 3). msg_status 1 = betting is running. */
export interface StarlineGame {
  game_id: string | number;
  game_name: string;
  open_time: string;
  close_time?: string;
  open_result?: string | null;
  msg_status: number | string;
}

export interface StarlineGamesResponse extends ApiResponse {
  result?: StarlineGame[];
  web_starline_chart_url?: string;
}

export interface RatesResponse extends ApiResponse {
  game_rates?: RatesRecord[];
}

export const starlineApi = api.injectEndpoints({
  endpoints: (build) => ({
    starlineGames: build.query<StarlineGamesResponse, void>({
      query: () => ({ call: 'api-starline-game' }),
    }),
    starlineRates: build.query<RatesResponse, void>({
      query: () => ({ call: 'api-starline-game-rates' }),
    }),
  }),
});

export const { useStarlineGamesQuery, useStarlineRatesQuery } = starlineApi;
