import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MSG, notify } from '@matka/shared';
import type { RefusalCode } from '@matka/shared/contract/schemas';
import { outcome, useShellForgotPasswordMutation } from '../api';
import { AuthCard } from '../components/AuthCard';
import { FormMessage, hasErrors, NewPasswordFields, SubmitButton, type FieldErrors } from '../components/form';
import { validateReset } from '../lib/validation';
import { InvalidNavigation } from './InvalidNavigation';
import { t, useLanguage } from '@matka/shared/i18n';
import type { ResetState } from './OtpForgotPage';

export const RESET_REDIRECT_MS = 1500;

function readState(s: unknown): ResetState | null {
  const o = (s ?? {}) as Partial<ResetState>;
  return typeof o.phoneNumber === 'string' && o.phoneNumber
    ? { phoneNumber: o.phoneNumber, otp: String(o.otp ?? '') }
    : null;
}

/**
 * /change-password ('Reset Password'), the last step of Forgot Password: New Password + Confirm New Password
 * after the code (OtpForgotPage), then /login after 1.5 s. (A signed-in player's Change Password is /change.)
 */
export default function ForgotNewPasswordPage() {
  useLanguage();
  const location = useLocation();
  const [state] = useState(() => readState(location.state));
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'newPassword' | 'confirm'>>({});
  const [error, setError] = useState('');
  const [codeExpired, setCodeExpired] = useState(false);
  const [done, setDone] = useState(false);
  const [reset, { isLoading }] = useShellForgotPasswordMutation();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!state)
    return (
      <InvalidNavigation
        title={t('reset.title', 'Reset Password')}
        restartTo="/forgotpass"
        restartText={t('forgot.startOver', 'Start over')}
      />
    );

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (isLoading || done) return;
    setError('');
    setCodeExpired(false);
    const found = validateReset({ newPassword, confirm });
    setErrors(found);
    if (hasErrors(found)) return;
    const r = outcome(await reset({ mobile: state!.phoneNumber, new_pass: newPassword, otp: state!.otp }));
    if (r.ok) {
      setDone(true);
      notify.success(MSG.passwordUpdated);
      timer.current = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
      return;
    }
    if (r.errorKind === 'parse') setError(MSG.invalidResponseFormat);
    else if (r.errorKind === 'network') setError(MSG.updatePasswordFailedRetry);
    else {
      setError(r.msg ?? MSG.updatePasswordFailed);
      // the code from the SMS expired or was wrong: only a new one helps
      setCodeExpired(r.code === ('msg.otpInvalidForgot' satisfies RefusalCode));
    }
  }

  return (
    <AuthCard
      title={t('reset.title', 'Reset Password')}
      subtitle={
        <>
          {t('reset.for', 'Set a new password for')} <strong>{state.phoneNumber}</strong>
        </>
      }
      onSubmit={submit}
      footer={
        <p className="auth-switch">
          <Link to="/login">{t('forgot.backToLogin', 'Back to Login')}</Link>
        </p>
      }
    >
      <NewPasswordFields
        newPassword={newPassword}
        onNewPassword={setNewPassword}
        confirm={confirm}
        onConfirm={setConfirm}
        errors={errors}
        confirmLabel={t('password.confirmNew', 'Confirm New Password')}
      />
      <SubmitButton
        busy={isLoading}
        text={t('reset.submit', 'Update Password')}
        busyText={t('reset.busy', 'Updating Password...')}
      />
      <FormMessage error={error} success={done ? MSG.passwordUpdated : undefined} />
      {codeExpired && error && (
        <Link className="btn btn-secondary btn-block" to="/forgotpass">
          {t('forgot.startOver', 'Start over')}
        </Link>
      )}
    </AuthCard>
  );
}
