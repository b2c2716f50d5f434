import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorRegistering, MSG, PLAYER_PASSWORD_HINT } from '@matka/shared';
import { outcome, useShellCheckMobileMutation } from '../api';
import { AuthCard } from '../components/AuthCard';
import { ContactAdminButton } from '../components/Contact';
import {
  FormMessage,
  hasErrors,
  PasswordField,
  PhoneField,
  SubmitButton,
  TextField,
  type FieldErrors,
} from '../components/form';
import { readDraft, saveDraft } from '../lib/draft';
import { validateRegister } from '../lib/validation';

/** /r: Username, Phone Number, Password → the number is checked (and a code sent) → /otpregister. */
export default function RegisterPage() {
  // back from /otpregister ('Go back'): the draft fills the form again (the spec keeps it)
  const [draft] = useState(readDraft);
  const [username, setUsername] = useState(draft?.username ?? '');
  const [mobile, setMobile] = useState(draft?.mobile ?? '');
  const [password, setPassword] = useState(draft?.password ?? '');
  const [errors, setErrors] = useState<FieldErrors<'username' | 'mobile' | 'password'>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const [checkMobile] = useShellCheckMobileMutation();
  const navigate = useNavigate();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (inFlight.current) return; // double submit guard
    setError('');
    const found = validateRegister({ username, mobile, password });
    setErrors(found);
    if (hasErrors(found)) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const r = outcome(await checkMobile({ mobile: mobile.trim() }));
      if (r.ok) {
        saveDraft({ username: username.trim(), mobile: mobile.trim(), password });
        navigate('/otpregister');
        return;
      }
      if (r.errorKind === 'network' || r.errorKind === 'parse')
        setError(errorRegistering(r.errorMessage ?? 'Network error'));
      else if (!r.msg || r.msg === MSG.userAlreadyRegistered) setError(MSG.userAlreadyRegistered);
      else setError(r.msg);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Create New Account"
      subtitle="Register with your mobile number"
      onSubmit={submit}
      footer={
        <>
          <p className="auth-switch">
            Already have an account? <Link to="/login">Login</Link>
          </p>
          <ContactAdminButton />
        </>
      }
    >
      <TextField
        label="Username"
        value={username}
        onValue={setUsername}
        error={errors.username}
        autoComplete="name"
        maxLength={60}
      />
      <PhoneField value={mobile} onValue={setMobile} error={errors.mobile} />
      <PasswordField
        label="Password"
        value={password}
        onValue={setPassword}
        error={errors.password}
        hint={PLAYER_PASSWORD_HINT}
        autoComplete="new-password"
      />
      <SubmitButton busy={busy} text="Register" busyText="Registering..." />
      <FormMessage error={error} />
    </AuthCard>
  );
}
