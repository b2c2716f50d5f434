import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { isOk, messageOf, MSG, notify, selectSession, useAppSelector } from '@matka/shared';
import { useWalletBalanceQuery } from '@matka/shared/api';
import {
  inWithdrawWindow,
  isWholePointsText,
  POINTS_WHOLE,
  WITHDRAW_METHOD_CODES,
  WITHDRAW_METHODS,
  upiAppOfMethod,
  withdrawProblem,
} from '@matka/shared/domain';
import {
  outcomeOf,
  useWalletPaymentDetailsQuery,
  useWalletWithdrawRequestMutation,
  type WalletInfoResponse,
} from '../api';
import { t, tMsg, useLanguage } from '@matka/shared/i18n';
import { BalanceSubmit, useBalance } from './balance';

/** The withdrawal methods, each with where the payment details hold its number (the domain's UPI_APPS). */
const METHODS = WITHDRAW_METHOD_CODES.map((code) => ({
  code: Number(code),
  label: WITHDRAW_METHODS[code],
  field: upiAppOfMethod(code).detailsField,
}));

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** /withdraw: timings, points, a stored payment number; success goes to /imp. */
export function WithdrawPage() {
  useLanguage();
  const navigate = useNavigate();
  const ids = { amount: useId(), method: useId(), err: useId(), wait: useId() };
  const { mobile } = useAppSelector(selectSession);
  const { known, wallet } = useBalance();
  const { data: info } = useWalletBalanceQuery(undefined, { refetchOnMountOrArgChange: true });
  const {
    data: pd,
    isError: pdError,
    isLoading: pdLoading,
  } = useWalletPaymentDetailsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [withdraw, { isLoading }] = useWalletWithdrawRequestMutation();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('');
  const [error, setError] = useState('');

  const w = (info ?? {}) as WalletInfoResponse;
  const openTime = str(w.withdraw_open_time);
  const closeTime = str(w.withdraw_close_time);
  const min = Number(w.min_withdrawal ?? 0) || 0;
  const details = isOk(pd) ? pd?.payment_details?.[0] : undefined;
  const methods = METHODS.filter((m) => str(details?.[m.field]).trim() !== '').map((m) => ({
    ...m,
    number: str(details?.[m.field]),
  }));
  const pdProblem = pdError
    ? MSG.paymentDetailsError
    : pd && !isOk(pd)
      ? (messageOf(pd) ?? MSG.paymentDetailsFailed)
      : '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!known) return; // the limit check needs the balance (the button is disabled meanwhile)
    const typed = amount.trim();
    const amt = Number(typed);
    if (!typed) return setError(MSG.amountRequired);
    // points are whole: '600.5' is refused, never read as 6005
    if (!isWholePointsText(typed)) return setError(POINTS_WHOLE);
    if (amt <= 0) return setError(MSG.amountRequired);
    // the balance, then the minimum: the server's checks (the domain's withdrawProblem)
    const problem = withdrawProblem(amt, wallet, min);
    if (problem) return setError(problem);
    if (!method) return setError(MSG.selectPaymentMethod);
    if (openTime && closeTime && !inWithdrawWindow(openTime, closeTime, new Date()))
      return setError(MSG.withdrawOutsideHours);
    setError('');
    const r = outcomeOf(
      await withdraw({ mobile: mobile ?? '', request_amount: amt, payment_method: Number(method) as 2 | 3 | 4 }),
    );
    if (r.ok) {
      notify.success(MSG.withdrawSent);
      navigate('/imp');
    } else setError(r.network ? MSG.unexpectedError : (r.msg ?? MSG.errorOccurred));
  }

  return (
    <section className="wallet-page">
      <h1 className="page-title">{t('wallet.withdraw', 'Withdraw')}</h1>
      {openTime && closeTime && (
        <p className="card withdraw-banner" data-testid="withdraw-timings">
          {t('withdraw.timings', 'Withdraw timings: {open} – {close}', { open: openTime, close: closeTime })}
        </p>
      )}
      <form className="card wallet-form" onSubmit={submit} noValidate>
        <label htmlFor={ids.amount}>{t('wallet.points', 'Points')}</label>
        <input
          id={ids.amount}
          inputMode="numeric"
          placeholder={min ? t('wallet.minimum', 'Minimum {min}', { min }) : undefined}
          value={amount}
          aria-describedby={error ? ids.err : undefined}
          maxLength={12}
          onChange={(e) => setAmount(e.target.value)}
        />
        <label htmlFor={ids.method}>{t('withdraw.method', 'Payment Method')}</label>
        <select
          id={ids.method}
          value={method}
          onChange={(e) => setMethod(e.target.value)}
          disabled={methods.length === 0}
        >
          <option value="">{t('withdraw.selectMethod', 'Select payment method')}</option>
          {methods.map((m) => (
            <option key={m.code} value={m.code}>
              {m.label} - {m.number}
            </option>
          ))}
        </select>
        {!pdLoading && methods.length === 0 && (
          <p className="form-hint">
            <span>{tMsg(MSG.noPaymentMethods)}</span> <Link to="/imp8">{t('withdraw.addNumber', 'Add a number')}</Link>
          </p>
        )}
        {pdProblem && <p className="form-error">{tMsg(pdProblem)}</p>}
        {error && (
          <p id={ids.err} className="form-error" role="alert">
            {tMsg(error)}
          </p>
        )}
        <BalanceSubmit known={known} busy={isLoading} waitId={ids.wait} text={t('wallet.withdraw', 'Withdraw')} />
      </form>
      <div className="wallet-row">
        <Link className="btn btn-secondary" to="/withdrawrule">
          {t('wallet.withdrawRule', 'Withdraw Rule')}
        </Link>
        <Link className="btn btn-secondary" to="/withdrawhistory">
          {t('history.withdraw', 'Withdraw History')}
        </Link>
      </div>
    </section>
  );
}
