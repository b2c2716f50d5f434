import { useState, type FormEvent } from 'react';
import {
  messageOf,
  totpChanged,
  useTotpDisableMutation,
  useTotpEnableMutation,
  useTotpSetupMutation,
  type TotpSetup,
} from '../api';
import { Done, ErrorText } from '../parts';
import { useConsoleDispatch, useConsoleSelector } from '../store';

const CODE_RE = /^\d{6}$/;
const CODE_RULE = 'Enter the 6-digit code from your authenticator app';

/** The secret in groups of four, as authenticator apps ask for it when typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The 6-digit code field of a form (digits only on phones). */
function CodeField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  return (
    <>
      <label htmlFor={id}>6-digit code</label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        disabled={disabled}
      />
    </>
  );
}

/**
 * The signed-in operator's own two-step sign-in: set it up (a QR code and the secret for the
 * authenticator app, then a current code turns it on) or turn it off with a current code. The server
 * checks every code; the secret is not in force until a code confirms it.
 */
export function TwoStepCard() {
  const dispatch = useConsoleDispatch();
  const on = useConsoleSelector((s) => s.session.operator?.totp ?? false);
  const [setup, setupState] = useTotpSetupMutation();
  const [enable, enableState] = useTotpEnableMutation();
  const [disable, disableState] = useTotpDisableMutation();
  const [pending, setPending] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const busy = setupState.isLoading || enableState.isLoading || disableState.isLoading;

  const start = async () => {
    if (busy) return;
    setError('');
    setDone('');
    const r = await setup();
    if ('error' in r) return setError(messageOf(r.error));
    setPending(r.data);
    setCode('');
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !pending) return;
    if (!CODE_RE.test(code)) return setError(CODE_RULE);
    setError('');
    const r = await enable({ secret: pending.secret, code });
    if ('error' in r) return setError(messageOf(r.error));
    dispatch(totpChanged(true));
    setPending(null);
    setCode('');
    setDone(r.data.msg ?? 'Two-step sign-in is on');
  };

  const turnOff = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!CODE_RE.test(code)) return setError(CODE_RULE);
    setError('');
    const r = await disable({ code });
    if ('error' in r) return setError(messageOf(r.error));
    dispatch(totpChanged(false));
    setCode('');
    setDone(r.data.msg ?? 'Two-step sign-in is off');
  };

  return (
    <div className="card console-form two-step">
      <h2>Your two-step sign-in</h2>
      <Done text={done} />
      {on ? (
        <form onSubmit={turnOff} noValidate>
          <p>
            <strong>On.</strong> Signing in asks for the code from your authenticator app. To turn it off, enter a
            current code.
          </p>
          <CodeField id="totp-off-code" value={code} onChange={setCode} disabled={busy} />
          <ErrorText text={error} />
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {disableState.isLoading ? 'Turning off...' : 'Turn two-step sign-in off'}
          </button>
        </form>
      ) : pending ? (
        <form onSubmit={confirm} noValidate>
          <p>
            1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, Authy...), or
            type the key by hand.
          </p>
          <img
            className="two-step-qr"
            src={pending.qr_image}
            width={200}
            height={200}
            alt="QR code of your two-step sign-in key"
          />
          <p>
            Key: <code data-testid="totp-secret">{grouped(pending.secret)}</code>
          </p>
          <p>2. Enter the 6-digit code the app shows to turn two-step sign-in on.</p>
          <CodeField id="totp-code" value={code} onChange={setCode} disabled={busy} />
          <ErrorText text={error} />
          <div className="console-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setPending(null)} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {enableState.isLoading ? 'Turning on...' : 'Turn two-step sign-in on'}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>
            <strong>Off.</strong> With two-step sign-in, your password alone cannot open the console: signing in also
            asks for a code from an app on your phone.
          </p>
          <ErrorText text={error} />
          <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={busy}>
            {setupState.isLoading ? 'Preparing...' : 'Set up two-step sign-in'}
          </button>
        </>
      )}
    </div>
  );
}
