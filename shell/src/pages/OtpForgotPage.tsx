import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MSG } from '@matka/shared';
import { outcome, useShellResendOtpMutation } from '../api';
import { OtpScreen } from '../components/OtpScreen';
import type { ForgotOtpState } from './ForgotPage';
import { t, useLanguage } from '@matka/shared/i18n';
import { InvalidNavigation } from './InvalidNavigation';

/** State handed to /change-password: the number and the code the player entered (checked by the reset call). */
export interface ResetState {
  phoneNumber: string;
  otp: string;
}

function readState(s: unknown): ForgotOtpState | null {
  const o = (s ?? {}) as Partial<ForgotOtpState>;
  return typeof o.phoneNumber === 'string' && o.phoneNumber && typeof o.validationOtp === 'string'
    ? { phoneNumber: o.phoneNumber, validationOtp: o.validationOtp }
    : null;
}

/** /otpforgotpass: needs phoneNumber and validationOtp from /forgotpass. */
export default function OtpForgotPage() {
  useLanguage();
  const location = useLocation();
  const [state] = useState(() => readState(location.state));
  const [expected, setExpected] = useState(state?.validationOtp ?? '');
  const [resendOtp] = useShellResendOtpMutation();
  const navigate = useNavigate();

  if (!state)
    return (
      <InvalidNavigation
        title={t('otp.title', 'OTP Verification')}
        restartTo="/forgotpass"
        restartText={t('forgot.startOver', 'Start over')}
      />
    );

  async function submit(code: string): Promise<string | void> {
    // The server checks the code again when the new password is set; a known code is checked here first.
    if (expected && code !== expected) return MSG.otpInvalidForgot;
    const next: ResetState = { phoneNumber: state!.phoneNumber, otp: code };
    navigate('/change-password', { state: next });
  }

  async function resend(): Promise<string | void> {
    const r = outcome(await resendOtp({ mobile: state!.phoneNumber, purpose: 'forgot' }));
    if (!r.ok) return r.errorKind ? MSG.resendOtpFailed : (r.msg ?? MSG.resendOtpFailed);
    setExpected(r.data?.otp == null ? '' : String(r.data.otp));
  }

  return (
    <OtpScreen
      mobile={state.phoneNumber}
      invalidText={MSG.otpInvalidForgot}
      onSubmit={submit}
      onResend={resend}
      footer={
        <p className="auth-switch">
          <Link to="/login">{t('forgot.backToLogin', 'Back to Login')}</Link>
        </p>
      }
    />
  );
}
