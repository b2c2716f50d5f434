/**
 * The answers every family reads, named as the packages know them, and the polling of the lists (no RTK
 * Query here: see api.ts). The calls and their answers are declared in @matka/shared/contract.
 */
import type { AnswerOf, CALL, ListedMarket } from '@matka/shared/contract';
import { useAppSelector } from '../store/store';
import { selectLiveUp } from '../store/live';

/** Polling interval of the live lists (spec section 9). */
export const POLL_MS = 5000;

/** Options every polled list uses: 5 s, and nothing while the tab is hidden. */
export const POLLING = { pollingInterval: POLL_MS, skipPollingIfUnfocused: true } as const;

/** While the live stream is up, the lists are only polled this often, in case an event was lost. */
export const SAFETY_POLL_MS = 60_000;

/** The polling of a live list: every 5 s, or a safety poll every 60 s while the live stream is up. */
export function usePolling(): { pollingInterval: number; skipPollingIfUnfocused: true } {
  const up = useAppSelector(selectLiveUp);
  return { pollingInterval: up ? SAFETY_POLL_MS : POLL_MS, skipPollingIfUnfocused: true };
}

// the answers every family reads, as the contract declares them (answers.ts)
export type LoginResponse = AnswerOf<typeof CALL.userLogin>;
export type Market = ListedMarket;
export type RatesResponse = AnswerOf<typeof CALL.gameRates>;
export type HomeInfoResponse = AnswerOf<typeof CALL.homeInfo>;
