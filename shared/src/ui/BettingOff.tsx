import { Msg, t } from '@matka/shared/i18n';
import { useLocation } from 'react-router-dom';
import { MSG, selectHome, useAppSelector } from '@matka/shared';

/** What the betting gate puts in the location state when it sends a player to /imp. */
export interface BettingOffState {
  bettingOffFrom?: string;
}

/**
 * Why a player with betting off sees markets without Play, and why a betting page sent them here:
 * shown on the market lists once the server said betting_status '0' (nothing while it is unknown).
 * After the gate's redirect it is an alert, so the move is announced, not silent.
 */
export function BettingOffNotice() {
  const home = useAppSelector(selectHome);
  const from = (useLocation().state as BettingOffState | null)?.bettingOffFrom;
  if (home.betting_status !== '0') return null;
  return (
    <p className="betting-off-notice" role={from ? 'alert' : 'note'} data-testid="betting-off">
      {home.awaiting_approval ? (
        t(
          'home.awaitingApproval',
          "Your account is waiting for the operator's approval. Betting, deposits and transfers start once it is approved.",
        )
      ) : (
        <Msg text={MSG.bettingOff} />
      )}
    </p>
  );
}
