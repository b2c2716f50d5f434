import { useState, type FormEvent, type ReactNode } from 'react';
import { otpLength } from '@matka/shared';
import { isCompleteOtp } from '../lib/validation';
import { AuthCard } from './AuthCard';
import { FormMessage, SubmitButton } from './form';
import { OtpInput } from './OtpInput';
import { useCountdown } from './useCountdown';

export const RESEND_SECONDS = 30;

/**
 * The OTP step of registration and forgot password: a box per digit (4, or 6 when the server's
 * OTP_LENGTH says so), Submit ('Submitting...'), a 30 s
 * countdown then RESEND (asks for a new code and restarts the countdown).
 */
export function OtpScreen({
  title = 'OTP Verification',
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
        setInfo(`A new code was sent to ${mobile}`);
        restart();
      }
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard
      title={title}
      subtitle={
        <>
          Enter the {length}-digit code sent to <strong>{mobile}</strong>
        </>
      }
      onSubmit={submit}
      footer={footer}
    >
      <OtpInput value={code} onChange={setCode} length={length} disabled={busy} invalid={!!error} />
      <div className="otp-resend">
        {left > 0 ? (
          <span aria-live="off">
            Resend code in <strong>00:{String(left).padStart(2, '0')}</strong>
          </span>
        ) : (
          <button type="button" className="btn-link" onClick={() => void resend()} disabled={resending}>
            {resending ? 'Sending...' : 'RESEND'}
          </button>
        )}
      </div>
      <SubmitButton busy={busy} text="Submit" busyText="Submitting..." />
      <FormMessage error={error} success={info} />
    </AuthCard>
  );
}
