import { t, useLanguage } from '@matka/shared/i18n';
import { OfflineReason, selectHome, useAppSelector, useOffline } from '@matka/shared';

export const LOADING_BALANCE = 'Loading balance...';

/**
 * The wallet balance, and whether it has loaded. An unloaded balance is not 0: forms that check
 * points against it keep their submit button disabled (with {@link LoadingBalance}) until it is known.
 */
export function useBalance(): { known: boolean; wallet: number } {
  const { wallet_amt } = useAppSelector(selectHome);
  return { known: wallet_amt !== null, wallet: Number(wallet_amt ?? 0) };
}

/** The visible reason a submit button waits for the balance. */
export function LoadingBalance({ id }: { id: string }) {
  useLanguage();
  return (
    <p id={id} className="form-hint" role="status">
      {t('wallet.loadingBalance', 'Loading balance...')}
    </p>
  );
}

/**
 * A points form's submit button: disabled while busy, until the balance is known ({@link LoadingBalance}
 * saying why) and while offline ({@link OfflineReason} saying why).
 */
export function BalanceSubmit({
  known,
  busy,
  waitId,
  text,
  blockedBy,
}: {
  known: boolean;
  busy: boolean;
  waitId: string;
  text: string;
  /** the id of a notice that says why the button cannot be used now (a break running) */
  blockedBy?: string;
}) {
  useLanguage();
  const offline = useOffline();
  const offlineId = `${waitId}-offline`;
  return (
    <>
      {!known && <LoadingBalance id={waitId} />}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={busy || !known || offline || !!blockedBy}
        aria-describedby={
          [known ? '' : waitId, offline ? offlineId : '', blockedBy ?? ''].filter(Boolean).join(' ') || undefined
        }
      >
        {busy ? t('wallet.submitting', 'Submitting...') : text}
      </button>
      {offline && <OfflineReason id={offlineId} />}
    </>
  );
}
