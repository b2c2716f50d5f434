import { useId, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { isValidPhone, MSG, notify, selectSession, useAppSelector, formatPoints } from '@matka/shared';
import { Modal } from '@matka/shared/ui';
import { POINTS_WHOLE, transferProblem } from '@matka/shared/domain';
import { outcomeOf, useWalletCheckTransferUserMutation, useWalletTransferMutation } from '../api';
import { t, tMsg, useLanguage } from '@matka/shared/i18n';
import { BalanceSubmit, useBalance } from './balance';
import { PlayPausedNotice, usePlayPause } from '@matka/shared/api';

export interface TransferDraft {
  points: number;
  mobile: string;
  userName: string;
}

/** Spec section 5, in order: phone, then points. Returns the first message, or '' when valid. */
export function transferError(phone: string, points: string, own: string | null, wallet: number): string {
  if (!phone) return MSG.transferPhoneRequired;
  if (!isValidPhone(phone)) return MSG.transferPhoneInvalid;
  if (own && phone === own) return MSG.transferOwnPhone;
  if (!points) return MSG.transferPointsRequired;
  // what is not a plain number is refused as points must be, never read as another number
  const n = Number(points.trim());
  if (!/^\d*\.?\d*$/.test(points.trim()) || !Number.isFinite(n)) return POINTS_WHOLE;
  // below 100, whole points, the balance: the server's checks (the domain's transferProblem)
  return transferProblem(n, wallet);
}

/** /transfer: points and the receiver's phone; the lookup's name is confirmed in a modal. */
export function TransferPage() {
  useLanguage();
  const ids = { points: useId(), phone: useId(), err: useId(), wait: useId(), paused: useId() };
  // a break or a self-exclusion running: no points are sent (another player could bet them)
  const paused = usePlayPause();
  const { mobile } = useAppSelector(selectSession);
  const { known, wallet } = useBalance();
  const [points, setPoints] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState('');
  const [draft, setDraft] = useState<TransferDraft | null>(null);
  const [lookup, { isLoading }] = useWalletCheckTransferUserMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!known) return; // the points check needs the balance (the button is disabled meanwhile)
    const p = phone.trim();
    const bad = transferError(p, points.trim(), mobile, wallet);
    if (bad) return setError(bad);
    setError('');
    const r = outcomeOf(await lookup({ mobile_no: p }));
    const name = r.data?.user_name;
    if (r.ok && typeof name === 'string' && name) setDraft({ points: Number(points), mobile: p, userName: name });
    else setError(MSG.transferLookupFailed);
  }

  function done() {
    setDraft(null);
    setPoints('');
    setPhone('');
  }

  return (
    <section className="wallet-page">
      <h1 className="page-title">{t('wallet.transferPoints', 'Transfer Points')}</h1>
      <PlayPausedNotice id={ids.paused} />
      <form className="card wallet-form" onSubmit={submit} noValidate>
        <label htmlFor={ids.points}>{t('wallet.points', 'Points')}</label>
        <input
          id={ids.points}
          inputMode="numeric"
          value={points}
          aria-describedby={error ? ids.err : undefined}
          maxLength={12}
          onChange={(e) => setPoints(e.target.value)}
        />
        <label htmlFor={ids.phone}>{t('transfer.phone', 'Phone Number')}</label>
        <input
          id={ids.phone}
          type="tel"
          inputMode="numeric"
          maxLength={10}
          value={phone}
          aria-describedby={error ? ids.err : undefined}
          onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
        />
        {error && (
          <p id={ids.err} className="form-error" role="alert">
            {tMsg(error)}
          </p>
        )}
        <BalanceSubmit
          known={known}
          busy={isLoading}
          waitId={ids.wait}
          text={t('wallet.tabTransfer', 'Transfer')}
          blockedBy={paused ? ids.paused : undefined}
        />
      </form>
      {draft && (
        <Modal title={t('transfer.confirmTitle', 'Confirm Transfer')} onClose={() => setDraft(null)}>
          <TransferConfirm draft={draft} onDone={done} onCancel={() => setDraft(null)} />
        </Modal>
      )}
    </section>
  );
}

/** The confirm step: shows the receiver and makes the transfer (the balance refreshes through the Wallet tag). */
export function TransferConfirm({
  draft,
  onDone,
  onCancel,
}: {
  draft: TransferDraft;
  onDone: () => void;
  onCancel: () => void;
}) {
  useLanguage();
  const [transfer, { isLoading }] = useWalletTransferMutation();
  const [error, setError] = useState('');

  async function confirm() {
    setError('');
    const r = outcomeOf(
      await transfer({
        amount: draft.points,
        mobile_no: draft.mobile,
        transfer_note: `Transfer to ${draft.userName} (${draft.mobile})`,
      }),
    );
    if (r.ok) {
      notify.success(r.msg ?? 'Points transferred successfully');
      onDone();
    } else setError(r.network ? MSG.unexpectedError : (r.msg ?? MSG.errorOccurred));
  }

  return (
    <div className="transfer-confirm">
      <dl className="hc-fields">
        <div className="hc-field">
          <dt>{t('transfer.receiver', 'Receiver')}</dt>
          <dd data-testid="transfer-receiver">{draft.userName}</dd>
        </div>
        <div className="hc-field">
          <dt>{t('transfer.phone', 'Phone Number')}</dt>
          <dd>{draft.mobile}</dd>
        </div>
        <div className="hc-field">
          <dt>{t('wallet.points', 'Points')}</dt>
          <dd>
            {formatPoints(draft.points)} {t('card.pts', 'pts')}
          </dd>
        </div>
      </dl>
      {error && (
        <p className="form-error" role="alert">
          {tMsg(error)}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={isLoading}>
          {t('transfer.cancel', 'Cancel')}
        </button>
        <button type="button" className="btn btn-primary" onClick={confirm} disabled={isLoading}>
          {isLoading ? t('wallet.submitting', 'Submitting...') : t('transfer.confirm', 'Confirm')}
        </button>
      </div>
    </div>
  );
}

/** /transfermodel: the confirm step as a page when opened with a draft; otherwise back to /transfer. */
export function TransferModelPage() {
  useLanguage();
  const navigate = useNavigate();
  const d = (useLocation().state ?? {}) as Partial<TransferDraft>;
  const ok =
    typeof d.mobile === 'string' && isValidPhone(d.mobile) && typeof d.userName === 'string' && Number(d.points) > 0;
  if (!ok) return <Navigate to="/transfer" replace />;
  return (
    <section className="wallet-page">
      <h1 className="page-title">{t('transfer.confirmTitle', 'Confirm Transfer')}</h1>
      <div className="card">
        <TransferConfirm
          draft={{ points: Number(d.points), mobile: d.mobile as string, userName: d.userName as string }}
          onDone={() => navigate('/imp7')}
          onCancel={() => navigate('/transfer')}
        />
      </div>
    </section>
  );
}
