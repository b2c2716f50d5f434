import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AGE_DECLARATION, errorRegistering, MSG, MSG_AGE_REQUIRED, PLAYER_PASSWORD_HINT } from '@matka/shared';
import type { RefusalCode } from '@matka/shared/contract/schemas';
import { outcome, useShellCheckMobileMutation } from '../api';
import { AuthCard } from '../components/AuthCard';
import { ContactAdminButton } from '../components/Contact';
import {
  CheckField,
  FormMessage,
  hasErrors,
  PasswordField,
  PhoneField,
  SubmitButton,
  TextField,
  type FieldErrors,
} from '../components/form';
import { readDraft, saveDraft } from '../lib/draft';
import { t, useLanguage } from '@matka/shared/i18n';
import { validateRegister } from '../lib/validation';

/** /r: Username, Phone Number, Password → the number is checked (and a code sent) → /otpregister. */
export default function RegisterPage() {
  // back from /otpregister ('Go back'): the draft fills the form again (the spec keeps it)
  const [draft] = useState(readDraft);
  const [username, setUsername] = useState(draft?.username ?? '');
  const [mobile, setMobile] = useState(draft?.mobile ?? '');
  const [password, setPassword] = useState(draft?.password ?? '');
  const [adult, setAdult] = useState(draft?.adult ?? false);
  const [errors, setErrors] = useState<FieldErrors<'username' | 'mobile' | 'password' | 'adult'>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const [checkMobile] = useShellCheckMobileMutation();
  const navigate = useNavigate();
  useLanguage();
  void errorRegistering; // the English of 'register.error' (the domain's text)

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (inFlight.current) return; // double submit guard
    setError('');
    const found = {
      ...validateRegister({ username, mobile, password }),
      ...(adult ? {} : { adult: MSG_AGE_REQUIRED }),
    };
    setErrors(found);
    if (hasErrors(found)) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const r = outcome(await checkMobile({ mobile: mobile.trim() }));
      if (r.ok) {
        saveDraft({ username: username.trim(), mobile: mobile.trim(), password, adult });
        navigate('/otpregister');
        return;
      }
      if (r.errorKind === 'network' || r.errorKind === 'parse')
        setError(t('register.error', 'Error registering: {message}', { message: r.errorMessage ?? 'Network error' }));
      else if (!r.msg || r.code === ('msg.userAlreadyRegistered' satisfies RefusalCode))
        setError(MSG.userAlreadyRegistered);
      else setError(r.msg);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('register.title', 'Create New Account')}
      subtitle={t('register.subtitle', 'Register with your mobile number')}
      onSubmit={submit}
      footer={
        <>
          <p className="auth-switch">
            {t('register.haveAccount', 'Already have an account?')}{' '}
            <Link to="/login">{t('login.submit', 'Login')}</Link>
          </p>
          <ContactAdminButton />
        </>
      }
    >
      <TextField
        label={t('field.username', 'Username')}
        value={username}
        onValue={setUsername}
        error={errors.username}
        autoComplete="name"
        maxLength={60}
      />
      <PhoneField value={mobile} onValue={setMobile} error={errors.mobile} />
      <PasswordField
        label={t('field.password', 'Password')}
        value={password}
        onValue={setPassword}
        error={errors.password}
        hint={PLAYER_PASSWORD_HINT}
        autoComplete="new-password"
      />
      <CheckField
        label={AGE_DECLARATION}
        checked={adult}
        onChecked={(v) => {
          setAdult(v);
          if (v) setErrors((e) => ({ ...e, adult: undefined }));
        }}
        error={errors.adult}
      />
      <SubmitButton
        busy={busy}
        text={t('register.submit', 'Register')}
        busyText={t('register.busy', 'Registering...')}
      />
      <FormMessage error={error} />
    </AuthCard>
  );
}
