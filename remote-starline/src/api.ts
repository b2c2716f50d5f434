import { api, callQuery } from '@matka/shared/api';
import { CALL, type AnswerOf, type StarlineGame } from '@matka/shared/contract';

// the answers as the contract declares them
export type { StarlineGame };
export type StarlineGamesResponse = AnswerOf<typeof CALL.starlineGame>;
export type RatesResponse = AnswerOf<typeof CALL.starlineGameRates>;

export const starlineApi = api.injectEndpoints({
  endpoints: (build) => ({
    // the live stream writes results into it (tag Markets)
    starlineGames: callQuery(build, CALL.starlineGame),
    starlineRates: callQuery(build, CALL.starlineGameRates),
  }),
});

export const { useStarlineGamesQuery, useStarlineRatesQuery } = starlineApi;
