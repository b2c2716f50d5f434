import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorRegistering, loggedIn, MSG, useAppDispatch } from '@matka/shared';
import { outcome, useShellRegisterMutation, useShellResendOtpMutation } from '../api';
import { OtpScreen } from '../components/OtpScreen';
import { clearDraft, readDraft } from '../lib/draft';
import { afterLogin } from '../lib/accountLanguage';
import { t, useLanguage } from '@matka/shared/i18n';
import { InvalidNavigation } from './InvalidNavigation';

/** /otpregister: the code is checked by the registration call; success stores the session, → /imp. */
export default function OtpRegisterPage() {
  const [draft] = useState(readDraft);
  const [register] = useShellRegisterMutation();
  const [resendOtp] = useShellResendOtpMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useLanguage();

  if (!draft)
    return (
      <InvalidNavigation
        title={t('otp.title', 'OTP Verification')}
        restartTo="/r"
        restartText={t('otp.registerAgain', 'Register again')}
      />
    );

  async function submit(otp: string): Promise<string | void> {
    const d = draft!;
    const r = outcome(
      await register({ name: d.username, password: d.password, mobile: d.mobile, otp, adult: d.adult }),
    );
    if (r.ok && r.data?.unique_token) {
      clearDraft();
      dispatch(
        loggedIn({
          username: String(r.data.user_name ?? d.username),
          unique_token: r.data.unique_token,
          mobile: String(r.data.mobile ?? d.mobile),
        }),
      );
      navigate('/imp', { replace: true });
      // the language chosen on this phone before registering goes to the new account
      void afterLogin(r.data.unique_token, undefined).catch(() => undefined);
      return;
    }
    if (r.errorKind === 'network' || r.errorKind === 'parse')
      return t('register.error', 'Error registering: {message}', { message: r.errorMessage ?? 'Network error' });
    void errorRegistering; // the English of 'register.error'
    return r.msg ?? MSG.otpInvalid;
  }

  async function resend(): Promise<string | void> {
    const r = outcome(await resendOtp({ mobile: draft!.mobile, purpose: 'register' }));
    if (!r.ok) return r.msg ?? MSG.resendOtpFailed;
  }

  return (
    <OtpScreen
      mobile={draft.mobile}
      invalidText={MSG.otpInvalid}
      onSubmit={submit}
      onResend={resend}
      footer={
        <p className="auth-switch">
          {t('otp.wrongNumber', 'Wrong number?')} <Link to="/r">{t('otp.goBack', 'Go back')}</Link>
        </p>
      }
    />
  );
}
