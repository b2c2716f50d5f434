import { useState, type FormEvent } from 'react';
import { longEnoughPassword, OPERATOR_PASSWORD_MIN, OPERATOR_PASSWORD_RULE } from '@matka/shared/domain';
import { messageOf, signedIn, useSetPasswordMutation } from '../api';
import { useConsoleDispatch, useConsoleSelector } from '../store';
import { ErrorText } from '../parts';

/** After a one-time password: the operator sets their own before anything else. */
export function NewPasswordPage() {
  const dispatch = useConsoleDispatch();
  const session = useConsoleSelector((s) => s.session);
  const [save, { isLoading }] = useSetPasswordMutation();
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    if (!longEnoughPassword(next, OPERATOR_PASSWORD_MIN)) return setError(OPERATOR_PASSWORD_RULE);
    if (next !== confirm) return setError('Passwords do not match');
    setError('');
    const r = await save({ new_password: next, confirm_password: confirm });
    if ('error' in r) return setError(messageOf(r.error));
    dispatch(
      signedIn({
        operator: { ...session.operator!, must_change_password: false },
        csrf_token: session.csrf ?? undefined,
      }),
    );
  };

  return (
    <main className="console-auth">
      <form className="card" onSubmit={submit} noValidate>
        <h1>Set your password</h1>
        <p>
          You signed in with a one-time password. Choose your own password of at least {OPERATOR_PASSWORD_MIN}{' '}
          characters.
        </p>
        <label htmlFor="new-password">New password</label>
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          disabled={isLoading}
        />
        <label htmlFor="confirm-password">Confirm password</label>
        <input
          id="confirm-password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          disabled={isLoading}
        />
        <ErrorText text={error} />
        <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Save'}
        </button>
      </form>
    </main>
  );
}
