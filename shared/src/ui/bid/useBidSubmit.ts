import { useRef, useState } from 'react';
import { MSG, outcomeOf, selectSession, useAppSelector } from '@matka/shared';
import { useSubmitBidMutation, useWalletBalanceQuery } from '@matka/shared/api';
import {
  BET_TYPES,
  PANA_KIND_LABEL,
  splitSubmission,
  formatBidDate,
  type BetTypeId,
  type BidRow,
} from '@matka/shared/domain';
import { requestKey } from './requestId';

/**
 * `placed`: the rows (the objects passed in) whose requests the server accepted before a failure;
 * `closedNumbers`: a liability cap's refusal names the numbers it closed ('5', '128', '1-128').
 */
export type SubmitOutcome = { ok: true } | { ok: false; message: string; placed: BidRow[]; closedNumbers: string[] };

/**
 * Sends one confirmation: every request of splitSubmission (one per session; SP DP TP also one per
 * pana kind), one after the other, each with its own idempotency key derived from the confirmation's
 * id. Stops at the first failure and reports which rows were already placed. Never runs twice at once.
 */
export function useBidSubmit(args: { betType: BetTypeId; gameId: string; gameName: string; now: () => Date }) {
  const def = BET_TYPES[args.betType];
  const [submitBid] = useSubmitBidMutation();
  // a fresh balance when the bid screen opens; after a bid, its answer's wallet_amt and the Wallet tag
  // it invalidates keep the balance (the home slice mirrors RTK Query's answers)
  useWalletBalanceQuery(undefined, { refetchOnMountOrArgChange: true });
  const token = useAppSelector(selectSession).unique_token ?? '';
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);

  async function submit(rows: BidRow[], requestId: string): Promise<SubmitOutcome | null> {
    if (busyRef.current) return null; // double submit: the first one is still running
    busyRef.current = true;
    setBusy(true);
    try {
      const requests = splitSubmission({
        family: def.family,
        betType: args.betType,
        token,
        gameId: args.gameId,
        gameName: args.gameName,
        bidDate: formatBidDate(args.now()),
        rows,
      });
      const kinds = def.id === 'sp_dp_tp' ? Object.values(PANA_KIND_LABEL) : [def.gametype];
      const placed: BidRow[] = [];
      for (const { body, rows: sent } of requests) {
        const key = requestKey(requestId, body.pana, body.session, kinds);
        const res = outcomeOf(await submitBid({ family: def.family, body, requestId: key }));
        if (!res.ok) {
          const closed = (res.data as { closed_numbers?: unknown } | undefined)?.closed_numbers;
          const closedNumbers = Array.isArray(closed) ? closed.map(String) : [];
          return { ok: false, message: res.msg ?? MSG.bidFailed, placed, closedNumbers };
        }
        placed.push(...sent);
      }
      return { ok: true };
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return { submit, busy };
}
