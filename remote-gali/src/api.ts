import { api, callQuery } from '@matka/shared/api';
import { CALL, type AnswerOf, type GaliMarket } from '@matka/shared/contract';

// the answers as the contract declares them
export type { GaliMarket };
export type GaliGamesResponse = AnswerOf<typeof CALL.galidisawarGame>;
export type RatesResponse = AnswerOf<typeof CALL.galidisawarGameRates>;

export const galiApi = api.injectEndpoints({
  endpoints: (build) => ({
    // the live stream writes results into it (tag Markets)
    galiGames: callQuery(build, CALL.galidisawarGame),
    galiRates: callQuery(build, CALL.galidisawarGameRates),
  }),
});

export const { useGaliGamesQuery, useGaliRatesQuery } = galiApi;
