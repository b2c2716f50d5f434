/**
 * The answers every family reads, named as the packages know them, and the polling of the lists (no RTK
 * Query here: see api.ts). The calls and their answers are declared in @matka/shared/contract.
 */
import type { AnswerOf, ListedMarket } from '@matka/shared/contract';

/** Polling interval of the live lists (spec section 9). */
export const POLL_MS = 5000;

/** Options every polled list uses: 5 s, and nothing while the tab is hidden. */
export const POLLING = { pollingInterval: POLL_MS, skipPollingIfUnfocused: true } as const;

// the answers every family reads, as the contract declares them (answers.ts)
export type LoginResponse = AnswerOf<'api-user-login'>;
export type Market = ListedMarket;
export type RatesResponse = AnswerOf<'api-game-rates'>;
export type HomeInfoResponse = AnswerOf<'api-home-info'>;
