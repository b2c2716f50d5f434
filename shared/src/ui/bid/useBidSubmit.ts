import { useRef, useState } from 'react';
import { isOk, messageOf, MSG, walletChanged, selectSession, useAppDispatch, useAppSelector } from '@matka/shared';
import { useSubmitBidMutation, useWalletBalanceQuery } from '@matka/shared/api';
import {
  BET_TYPES,
  PANA_KIND_LABEL,
  buildNewResult,
  formatBidDate,
  type BetTypeId,
  type BidRow,
  type Session,
} from '@matka/shared/domain';
import { requestKey } from './requestId';

export type SubmitOutcome = { ok: true } | { ok: false; message: string; placed: string[] };

/**
 * Sends one confirmation: every request of buildNewResult (SP DP TP: up to three), one after the
 * other, each with its own idempotency key derived from the confirmation's id. Stops at the first
 * failure and reports which pana kinds were already placed. Never runs twice at once.
 */
export function useBidSubmit(args: { betType: BetTypeId; gameId: string; gameName: string; now: () => Date }) {
  const def = BET_TYPES[args.betType];
  const [submitBid] = useSubmitBidMutation();
  const { refetch } = useWalletBalanceQuery(undefined, { refetchOnMountOrArgChange: true });
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectSession).unique_token ?? '';
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);

  async function submit(rows: BidRow[], session: Session, requestId: string): Promise<SubmitOutcome | null> {
    if (busyRef.current) return null; // double submit: the first one is still running
    busyRef.current = true;
    setBusy(true);
    try {
      const requests = buildNewResult({
        family: def.family,
        betType: args.betType,
        token,
        gameId: args.gameId,
        gameName: args.gameName,
        bidDate: formatBidDate(args.now()),
        session,
        rows,
      });
      const kinds = def.id === 'sp_dp_tp' ? Object.values(PANA_KIND_LABEL) : [def.gametype];
      const placed: string[] = [];
      for (const body of requests) {
        const res = await submitBid({ family: def.family, body, requestId: requestKey(requestId, body.pana, kinds) });
        if (res.data && isOk(res.data)) {
          placed.push(body.pana);
          const w = res.data.wallet_amt;
          if (typeof w === 'string' || typeof w === 'number') dispatch(walletChanged(w));
        } else {
          return { ok: false, message: messageOf(res.error ?? res.data) ?? MSG.bidFailed, placed };
        }
      }
      return { ok: true };
    } finally {
      busyRef.current = false;
      setBusy(false);
      void refetch(); // the placed bids changed the wallet (also invalidated by submitBid)
    }
  }

  return { submit, busy };
}
