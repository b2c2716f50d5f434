import { api } from '@matka/shared/api';
import { type AnswerOf, type GaliMarket, providedBy } from '@matka/shared/contract';

// the answers as the contract declares them
export type { GaliMarket };
export type GaliGamesResponse = AnswerOf<'api-galidisawar-game'>;
export type RatesResponse = AnswerOf<'api-galidisawar-game-rates'>;

export const galiApi = api.injectEndpoints({
  endpoints: (build) => ({
    galiGames: build.query<GaliGamesResponse, void>({
      query: () => ({ call: 'api-galidisawar-game' }),
      // the live stream writes results into it (tag Markets)
      providesTags: providedBy('api-galidisawar-game'),
    }),
    galiRates: build.query<RatesResponse, void>({
      query: () => ({ call: 'api-galidisawar-game-rates' }),
    }),
  }),
});

export const { useGaliGamesQuery, useGaliRatesQuery } = galiApi;
