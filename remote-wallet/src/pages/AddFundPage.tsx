import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MSG, notify, OfflineReason, useOffline } from '@matka/shared';
import { POINTS_WHOLE, depositProblem } from '@matka/shared/domain';
import {
  outcomeOf,
  useLazyWalletBankDetailsQuery,
  useWalletFundDetailQuery,
  useWalletFundRequestAddMutation,
} from '../api';
import { openPaymentApp, PAY_METHODS, paymentLink, type PayMethod } from '../lib/upi';
import { t, tMsg, useLanguage } from '@matka/shared/i18n';
import { PaymentProofForm, type SentRequest } from './PaymentProofForm';
import { PlayPausedNotice, usePlayPause } from '@matka/shared/api';

export const INVALID_AMOUNT = 'Please enter a valid amount';

/** The amount's first problem, or '' when it can be sent: required, a whole number above 0, at least the server's min_amt. */
export function addFundAmountError(amount: string, min: number): string {
  const a = amount.trim();
  if (!a) return MSG.amountRequired;
  if (/^\d*[.,]\d*$/.test(a) && /\d/.test(a)) return POINTS_WHOLE;
  if (!/^\d+$/.test(a) || Number(a) <= 0) return INVALID_AMOUNT;
  return depositProblem(Number(a), min);
}

/** A deposit's amount field (Add Funds, QR Payment): digits only, the server's minimum as its placeholder. */
export function DepositAmount(p: {
  id: string;
  value: string;
  min: number;
  describedBy?: string;
  onChange: (v: string) => void;
}) {
  useLanguage();
  return (
    <>
      <label htmlFor={p.id}>{t('card.amount', 'Amount')}</label>
      <input
        id={p.id}
        inputMode="numeric"
        placeholder={p.min > 0 ? t('wallet.minimum', 'Minimum {min}', { min: p.min }) : undefined}
        value={p.value}
        aria-describedby={p.describedBy}
        onChange={(e) => p.onChange(e.target.value.replace(/[^\d.-]/g, ''))}
      />
    </>
  );
}

/**
 * /addfund: amount (at least min_amt) and a payment method. The server accepts the fund request first;
 * only then does the payment app open, for that request (its number in the UPI note). A refused request
 * (a limit, a break, the maximum, betting off) opens nothing: the player never pays for no request.
 */
export function AddFundPage() {
  useLanguage();
  const ids = { amount: useId(), err: useId(), offline: useId(), paused: useId() };
  const offline = useOffline();
  // a break or a self-exclusion running: no deposit is taken (the server refuses it too)
  const paused = usePlayPause();
  const { data: detail } = useWalletFundDetailQuery(undefined, { refetchOnMountOrArgChange: true });
  // Spec: the minimum deposit comes from the server (min_amt, default 0); any amount above 0 is at least that.
  const serverMin = Math.max(Number(detail?.min_amt ?? 0) || 0, 0);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PayMethod | ''>('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // the request just sent: its payment reference can be added below
  const [sent, setSent] = useState<SentRequest | null>(null);
  const [fetchBank] = useLazyWalletBankDetailsQuery();
  const [addRequest] = useWalletFundRequestAddMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const bad = addFundAmountError(amount, serverMin);
    if (bad) return setError(bad);
    const amt = Number(amount.trim());
    if (!method) return setError(MSG.selectPaymentMethod);
    setError('');
    setSent(null);
    setBusy(true);
    const bank = outcomeOf(await fetchBank());
    const details = bank.data?.bank_details?.[0];
    const pa = (method === 'phonepe' ? details?.phonepay_upi_payment_id : details?.google_upi_payment_id)?.trim();
    if (!bank.ok || !pa) {
      setBusy(false);
      return setError(
        bank.network ? MSG.upiFetchError : !bank.ok ? (bank.msg ?? MSG.upiFetchFailed) : MSG.upiIdNotFound,
      );
    }
    const r = outcomeOf(await addRequest({ request_amount: amt }));
    setBusy(false);
    if (!r.ok) return setError(r.network ? MSG.paymentInitError : (r.msg ?? MSG.paymentInitError));
    const id = String(r.data?.request_id ?? '');
    const number = String(r.data?.request_number ?? (id ? `D${id}` : ''));
    const link = paymentLink(method, { pa, pn: details?.payee_name ?? '', am: amt, ref: number || undefined });
    notify.success(r.msg ?? 'Fund request sent');
    if (id) setSent({ id, number, amount: amt, link });
    setAmount('');
    setMethod('');
    try {
      openPaymentApp(link);
    } catch {
      setError(MSG.paymentInitError);
    }
  }

  return (
    <section className="wallet-page">
      <h1 className="page-title">{t('wallet.addFunds', 'Add Funds')}</h1>
      <PlayPausedNotice id={ids.paused} />
      <form className="card wallet-form" onSubmit={submit} noValidate>
        <DepositAmount
          id={ids.amount}
          value={amount}
          min={serverMin}
          describedBy={error ? ids.err : undefined}
          onChange={setAmount}
        />
        <fieldset className="pay-methods">
          <legend>{t('withdraw.method', 'Payment Method')}</legend>
          {PAY_METHODS.map((m) => (
            <label key={m.value} className="radio-row">
              <input
                type="radio"
                name="pay-method"
                value={m.value}
                checked={method === m.value}
                onChange={() => setMethod(m.value)}
              />
              {m.label()}
            </label>
          ))}
        </fieldset>
        {error && (
          <p id={ids.err} className="form-error" role="alert">
            {tMsg(error)}
          </p>
        )}
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={busy || !amount || !method || offline || !!paused}
          aria-describedby={
            [offline ? ids.offline : '', paused ? ids.paused : ''].filter(Boolean).join(' ') || undefined
          }
        >
          {busy ? t('wallet.submitting', 'Submitting...') : t('wallet.addFunds', 'Add Funds')}
        </button>
        {offline && <OfflineReason id={ids.offline} />}
      </form>
      {sent && <PaymentProofForm key={sent.id} request={sent} />}
      <div className="wallet-links">
        <Link to="/qrpay">{t('addfund.qr', 'Pay by QR code')}</Link>
        <Link to="/addfundhistory">{t('history.deposit', 'Deposit History')}</Link>
        <Link to="/depositrule">{t('wallet.depositRule', 'Deposit Rule')}</Link>
      </div>
    </section>
  );
}
