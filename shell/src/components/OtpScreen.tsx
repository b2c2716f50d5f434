import { useState, type FormEvent, type ReactNode } from 'react';
import { otpLength } from '@matka/shared';
import { isCompleteOtp } from '../lib/validation';
import { AuthCard } from './AuthCard';
import { FormMessage, SubmitButton } from './form';
import { OtpInput } from './OtpInput';
import { t, useLanguage } from '@matka/shared/i18n';
import { useCountdown } from './useCountdown';

export const RESEND_SECONDS = 30;

/**
 * The OTP step of registration and forgot password: a box per digit (4, or 6 when the server's
 * OTP_LENGTH says so), Submit ('Submitting...'), a 30 s
 * countdown then RESEND (asks for a new code and restarts the countdown).
 */
const MARK = '\u0000';
/** The sentence with `strong` (in place of MARK) in bold, wherever the language puts it. */
function withStrong(text: string, strong: string) {
  const [before, after = ''] = text.split(MARK);
  return (
    <>
      {before}
      <strong>{strong}</strong>
      {after}
    </>
  );
}

export function OtpScreen({
  title,
  mobile,
  invalidText,
  onSubmit,
  onResend,
  footer,
}: {
  title?: string;
  mobile: string;
  /** The message for a code that is not complete ('Enter Valid OTP' / 'Invalid OTP. Please try again.'). */
  invalidText: string;
  /** Checks the code; resolves with an error message, or nothing on success. */
  onSubmit: (code: string) => Promise<string | void>;
  /** Asks for a new code; resolves with an error message, or nothing on success. */
  onResend: () => Promise<string | void>;
  footer?: ReactNode;
}) {
  useLanguage();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [left, restart] = useCountdown(RESEND_SECONDS);
  const length = otpLength();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setInfo('');
    if (!isCompleteOtp(code, length)) {
      setError(invalidText);
      return;
    }
    setError('');
    setBusy(true);
    let failure: string | void;
    try {
      failure = await onSubmit(code);
    } finally {
      setBusy(false);
    }
    if (failure) setError(failure);
  }

  async function resend() {
    if (resending) return;
    setResending(true);
    setError('');
    setInfo('');
    try {
      const failure = await onResend();
      if (failure) setError(failure);
      else {
        setCode('');
        setInfo(t('otp.sent', 'A new code was sent to {mobile}', { mobile }));
        restart();
      }
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard
      title={title ?? t('otp.title', 'OTP Verification')}
      subtitle={withStrong(
        t('otp.enter', 'Enter the {length}-digit code sent to {mobile}', { length, mobile: MARK }),
        mobile,
      )}
      onSubmit={submit}
      footer={footer}
    >
      <OtpInput value={code} onChange={setCode} length={length} disabled={busy} invalid={!!error} />
      <div className="otp-resend">
        {left > 0 ? (
          <span aria-live="off">
            {t('otp.resendIn', 'Resend code in')} <strong>00:{String(left).padStart(2, '0')}</strong>
          </span>
        ) : (
          <button type="button" className="btn-link" onClick={() => void resend()} disabled={resending}>
            {resending ? t('otp.sending', 'Sending...') : t('otp.resend', 'RESEND')}
          </button>
        )}
      </div>
      <SubmitButton busy={busy} text={t('otp.submit', 'Submit')} busyText={t('common.submitting', 'Submitting...')} />
      <FormMessage error={error} success={info} />
    </AuthCard>
  );
}
