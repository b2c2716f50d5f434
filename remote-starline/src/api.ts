import { api } from '@matka/shared/api';
import { type AnswerOf, type StarlineGame, providedBy } from '@matka/shared/contract';

// the answers as the contract declares them
export type { StarlineGame };
export type StarlineGamesResponse = AnswerOf<'api-starline-game'>;
export type RatesResponse = AnswerOf<'api-starline-game-rates'>;

export const starlineApi = api.injectEndpoints({
  endpoints: (build) => ({
    starlineGames: build.query<StarlineGamesResponse, void>({
      query: () => ({ call: 'api-starline-game' }),
      // the live stream writes results into it (tag Markets)
      providesTags: providedBy('api-starline-game'),
    }),
    starlineRates: build.query<RatesResponse, void>({
      query: () => ({ call: 'api-starline-game-rates' }),
    }),
  }),
});

export const { useStarlineGamesQuery, useStarlineRatesQuery } = starlineApi;
