import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MSG } from '@matka/shared';
import { outcome, useShellForgetCheckMobileMutation } from '../api';
import { AuthCard } from '../components/AuthCard';
import { PhoneField, SubmitButton } from '../components/form';
import { t, useLanguage } from '@matka/shared/i18n';
import { validateForgotPhone } from '../lib/validation';

/** State handed to /otpforgotpass. */
export interface ForgotOtpState {
  phoneNumber: string;
  /** The code the server returned (demo mode); '' when the server only sends it by SMS. */
  validationOtp: string;
}

/** /forgotpass: Phone Number → a code is sent → /otpforgotpass. */
export default function ForgotPage() {
  useLanguage();
  const [mobile, setMobile] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sendCode, { isLoading }] = useShellForgetCheckMobileMutation();
  const navigate = useNavigate();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (isLoading) return;
    const invalid = validateForgotPhone(mobile);
    setError(invalid);
    if (invalid) return;
    const r = outcome(await sendCode({ mobile: mobile.trim() }));
    if (r.ok) {
      const state: ForgotOtpState = {
        phoneNumber: mobile.trim(),
        validationOtp: r.data?.otp == null ? '' : String(r.data.otp),
      };
      navigate('/otpforgotpass', { state });
    } else setError(r.msg ?? MSG.sendOtpFailed);
  }

  return (
    <AuthCard
      title={t('forgot.title', 'Forgot Password')}
      subtitle={t('forgot.subtitle', 'Enter your registered mobile number to get a code')}
      onSubmit={submit}
      footer={
        <p className="auth-switch">
          {t('forgot.remembered', 'Remembered it?')} <Link to="/login">{t('login.submit', 'Login')}</Link>
        </p>
      }
    >
      <PhoneField value={mobile} onValue={setMobile} error={error} />
      <SubmitButton busy={isLoading} text={t('otp.submit', 'Submit')} busyText={t('otp.sending', 'Sending...')} />
    </AuthCard>
  );
}
