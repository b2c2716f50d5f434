import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MSG, otpLength } from '@matka/shared';
import { PageHeader } from '@matka/shared/ui';
import { outcomeOf, useWalletAddUpiDetailsMutation, useWalletSendUpiOtpMutation, type UpiOption } from '../api';
import { t, tMsg, useLanguage } from '@matka/shared/i18n';
import { upiAppLabel } from './UpiNumberForm';

export const RESEND_SECONDS = 30;

interface OtpState {
  phoneNumber?: unknown;
  option?: unknown;
}

/** /otpwithdraw (no top bar): the code sent for a new UPI number; the server checks it. */
export function OtpWithdrawPage() {
  useLanguage();
  const location = useLocation();
  const s = (location.state ?? {}) as OtpState;
  const option = Number(s.option);
  const phone = typeof s.phoneNumber === 'string' ? s.phoneNumber : '';
  if (!phone || !(option === 1 || option === 2 || option === 3)) {
    return (
      <section className="wallet-page otp-page">
        <PageHeader title="OTP" back fallback="/imp8" />
        <p className="card form-error" role="alert">
          {MSG.invalidNavigation}
        </p>
        <Link className="btn btn-primary btn-block" to="/imp8">
          Back
        </Link>
      </section>
    );
  }
  return <OtpForm phone={phone} option={option as UpiOption} />;
}

function OtpForm({ phone, option }: { phone: string; option: UpiOption }) {
  const navigate = useNavigate();
  const ids = { otp: useId(), err: useId() };
  const [otp, setOtp] = useState('');
  const [error, setError] = useState('');
  const [seconds, setSeconds] = useState(RESEND_SECONDS);
  const [addUpi, { isLoading }] = useWalletAddUpiDetailsMutation();
  const [resend, { isLoading: resending }] = useWalletSendUpiOtpMutation();

  useEffect(() => {
    if (seconds <= 0) return;
    const t = setTimeout(() => setSeconds((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [seconds]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!new RegExp(`^\\d{${otpLength()}}$`).test(otp)) return setError(MSG.otpInvalid);
    setError('');
    const r = outcomeOf(await addUpi({ upi_type: option, number: phone, otp }));
    if (r.ok) navigate('/imp7', { state: { upiAdded: true } });
    else setError(r.network ? MSG.processingRequestError : (r.msg ?? MSG.processingRequestError));
  }

  async function again() {
    setError('');
    const r = outcomeOf(await resend({ mobile: phone, upi_type: option }));
    if (r.ok) setSeconds(RESEND_SECONDS);
    else setError(r.network ? MSG.sendingOtpError : (r.msg ?? MSG.fetchOtpFailed));
  }

  return (
    <section className="wallet-page otp-page">
      <PageHeader title="OTP" back fallback="/imp8" />
      <form className="card wallet-form" onSubmit={submit} noValidate>
        <p>
          {t('upi.enterCode', 'Enter the code sent to {phone} to add it as your {app} number.', {
            phone,
            app: upiAppLabel(option),
          })}
        </p>
        <label htmlFor={ids.otp}>OTP</label>
        <input
          id={ids.otp}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={otpLength()}
          value={otp}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.err : undefined}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
        />
        {error && (
          <p id={ids.err} className="form-error" role="alert">
            {tMsg(error)}
          </p>
        )}
        <p className="otp-resend">
          {seconds > 0 ? (
            <span>{t('upi.resendIn', 'Resend OTP in {seconds}s', { seconds })}</span>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={again} disabled={resending}>
              {resending ? t('upi.sending', 'Sending...') : t('upi.resend', 'RESEND')}
            </button>
          )}
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
          {isLoading ? t('wallet.submitting', 'Submitting...') : t('upi.submit', 'SUBMIT')}
        </button>
      </form>
    </section>
  );
}
