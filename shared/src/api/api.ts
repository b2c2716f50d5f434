/**
 * `@matka/shared/api`: the one RTK Query api. It is its own federated module so that the login page
 * does not download RTK Query: whoever owns a store (the shell, the standalone frame, a test) calls
 * `attachApi(store)` before the store's first query. Everything it uses from the core is imported by
 * package name, so the federated build wires it to the one shared copy.
 */
import { setupListeners, type BaseQueryFn, type EndpointBuilder } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import {
  createMatkaBaseQuery,
  loggedOut,
  type ApiError,
  type ApiResponse,
  type AppStore,
  type CallArgs,
  type LoginResponse,
  type RatesResponse,
} from '@matka/shared';
import {
  CALL,
  RATES_CALL,
  SUBMIT_BID_CALL,
  TAGS,
  invalidatedBy,
  providedBy,
  type AnswerOf,
  type CallName,
  type RequestOf,
  type Tag,
} from '@matka/shared/contract';
import type { Family, NewResult } from '@matka/shared/domain';
import type { WithSlice } from '@reduxjs/toolkit';

type Builder = EndpointBuilder<BaseQueryFn<CallArgs | string, ApiResponse, ApiError>, Tag, 'api'>;
/** A call's argument: its request, or nothing for a call whose request has no required field. */
type BodyOf<N extends CallName> = Record<never, never> extends RequestOf<N> ? RequestOf<N> | void : RequestOf<N>;

/**
 * A call as an RTK Query query, all of it from the contract: the call's request is the argument, its
 * answer the result, the tags it gives its cache tags.
 */
export function callQuery<N extends CallName>(build: Builder, call: N) {
  return build.query<AnswerOf<N>, BodyOf<N>>({
    query: (body) => ({ call, body: body ?? {} }) as CallArgs,
    providesTags: providedBy(call),
  });
}

/** A call as an RTK Query mutation: its request, its answer, and the tags a success makes stale. */
export function callMutation<N extends CallName>(build: Builder, call: N) {
  return build.mutation<AnswerOf<N>, BodyOf<N>>({
    query: (body) => ({ call, body: body ?? {} }) as CallArgs,
    invalidatesTags: invalidatedBy(call),
  });
}

/**
 * The one RTK Query api. The calls every family needs live here; each package adds its own with
 * `api.injectEndpoints` when its code loads.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createMatkaBaseQuery(({ dispatch }) => dispatch(loggedOut())),
  // Lists refresh as soon as the browser is back online (the network slice clears its banner then too).
  refetchOnReconnect: true,
  tagTypes: TAGS,
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, Omit<RequestOf<typeof CALL.userLogin>, 'device_id'>>({
      query: (body) => ({ call: CALL.userLogin, body: { ...body, device_id: null } }),
    }),
    logout: callMutation(build, CALL.userLogout),
    homeInfo: callQuery(build, CALL.homeInfo),
    /** Responsible play: the age declaration, a break or exclusion running, the limits (Responsible Play, the notices). */
    protection: callQuery(build, CALL.responsible),
    walletBalance: callQuery(build, CALL.userWalletBalance),
    /** A family's game rates (what a bid wins: the bid screens' 'Win if correct'). */
    gameRates: build.query<RatesResponse, Family>({
      query: (family) => ({ call: RATES_CALL[family] }),
    }),
    /** One bid request; `requestId` makes a repeated submit of the same confirmation place it once. */
    submitBid: build.mutation<AnswerOf<typeof CALL.submitBid>, { family: Family; body: NewResult; requestId: string }>({
      query: ({ family, body, requestId }) => ({
        call: SUBMIT_BID_CALL[family],
        body: { unique_token: body.unique_token, game_id: body.gameid, new_result: body, request_id: requestId },
        headers: { 'Idempotency-Key': requestId },
      }),
      invalidatesTags: (_r, _e, { family }) => invalidatedBy(SUBMIT_BID_CALL[family]),
    }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useHomeInfoQuery,
  useProtectionQuery,
  useWalletBalanceQuery,
  useGameRatesQuery,
  useSubmitBidMutation,
} = api;

declare module '../store/store' {
  // The api's state joins the root state once this module has loaded.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

const attached = new WeakSet<AppStore>();

/**
 * Gives a store the api: its reducer, its middleware and, in a browser, the
 * focus / online listeners (polled lists pause while the tab is hidden, lists refresh once back online).
 * Call it before the store's first query; a second call for the same store does nothing.
 */
export function attachApi(store: AppStore): void {
  if (attached.has(store)) return;
  attached.add(store);
  store.rootReducer.inject(api);
  store.addMiddleware(api.middleware);
  // The injected reducer makes its state on the next action: without it, a query dispatched before any
  // other action (a page's data started beside its code) would find no api state and never run.
  store.dispatch({ type: 'api/attached' });
  if (typeof window !== 'undefined') setupListeners(store.dispatch);
}
