import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { callApi, callNamed, isOk, loggedIn, MSG, outcomeOf, useAppDispatch, type LoginResponse } from '@matka/shared';
import { AuthCard } from '../components/AuthCard';
import { ContactAdminButton } from '../components/Contact';
import { FormMessage, hasErrors, PasswordField, PhoneField, SubmitButton, type FieldErrors } from '../components/form';
import { validateLogin } from '../lib/validation';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { afterLogin } from '../lib/accountLanguage';
import { t, useLanguage } from '@matka/shared/i18n';

/** The login form ('Login To Play'): validation first, then the call; success stores the session, → /imp. */
function useLoginForm() {
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'mobile' | 'password'>>({});
  const [error, setError] = useState('');
  const [isLoading, setLoading] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (isLoading) return;
    setError('');
    const found = validateLogin({ mobile, password });
    setErrors(found);
    if (hasErrors(found)) return;
    // The plain call, not RTK Query: the login page stays light (RTK Query loads with the next page).
    setLoading(true);
    const res = await callApi({
      call: callNamed('userLogin'),
      body: { mobile: mobile.trim(), password, device_id: null },
    });
    setLoading(false);
    const d = res.data as LoginResponse | undefined;
    if (d && isOk(d) && d.unique_token) {
      dispatch(
        loggedIn({
          username: String(d.user_name ?? ''),
          unique_token: d.unique_token,
          mobile: String(d.mobile ?? mobile),
        }),
      );
      navigate('/imp', { replace: true });
      void afterLogin(d.unique_token, d.language).catch(() => undefined);
      // the server's own reason (too many attempts, a blocked account); the spec's text for an unknown
      // number or a wrong password, and when no answer came
    } else setError(outcomeOf(res).msg ?? MSG.userNotRegistered);
  }

  const fields = (
    <>
      <PhoneField value={mobile} onValue={setMobile} error={errors.mobile} autoFocus={false} />
      <PasswordField
        label={t('field.password', 'Password')}
        value={password}
        onValue={setPassword}
        error={errors.password}
        autoComplete="current-password"
      />
      <p className="auth-aside">
        <Link to="/forgotpass">{t('login.forgot', 'Forgot Password?')}</Link>
      </p>
      <SubmitButton
        busy={isLoading}
        text={t('login.submit', 'Login')}
        busyText={t('common.submitting', 'Submitting...')}
      />
      <FormMessage error={error} />
    </>
  );
  return { submit, fields };
}

function LoginExtras() {
  return (
    <>
      <div className="auth-divider">
        <span>{t('login.or', 'or')}</span>
      </div>
      <ContactAdminButton />
      <Link className="btn btn-secondary btn-block" to="/r">
        {t('login.create', 'Create New Account')}
      </Link>
      <LanguageSwitch />
    </>
  );
}

/** The login card, also shown on the landing page. */
export function LoginForm() {
  const { submit, fields } = useLoginForm();
  useLanguage();
  return (
    <AuthCard title={t('login.title', 'Login To Play')} onSubmit={submit} footer={<LoginExtras />}>
      {fields}
    </AuthCard>
  );
}

/** /login */
export function LoginPage() {
  return <LoginForm />;
}
