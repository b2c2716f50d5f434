import { useState, type FormEvent } from 'react';
import { longEnoughPassword, OPERATOR_PASSWORD_MIN, OPERATOR_PASSWORD_RULE } from '@matka/shared/domain';
import { messageOf, useSetPasswordMutation } from '../api';
import { Done, ErrorText } from '../parts';
import { useConsoleSelector } from '../store';
import { TwoStepCard } from './TwoStepCard';

/** Every operator's own account: two-step sign-in and the password. */
export function AccountPage() {
  const operator = useConsoleSelector((s) => s.session.operator);
  const [save, { isLoading }] = useSetPasswordMutation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    setDone('');
    if (!current) return setError('Enter your current password');
    if (!longEnoughPassword(next, OPERATOR_PASSWORD_MIN)) return setError(OPERATOR_PASSWORD_RULE);
    if (next !== confirm) return setError('Passwords do not match');
    setError('');
    const r = await save({ current_password: current, new_password: next, confirm_password: confirm });
    if ('error' in r) return setError(messageOf(r.error));
    setCurrent('');
    setNext('');
    setConfirm('');
    setDone(r.data.msg ?? 'Password saved');
  };

  return (
    <section>
      <h1>My account</h1>
      <p>
        {operator?.name} · {operator?.role}
      </p>
      <TwoStepCard />
      <form className="card console-form" onSubmit={submit} noValidate>
        <h2>Change your password</h2>
        <Done text={done} />
        <label htmlFor="acct-current">Current password</label>
        <input
          id="acct-current"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          disabled={isLoading}
        />
        <label htmlFor="acct-new">New password</label>
        <input
          id="acct-new"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          disabled={isLoading}
        />
        <label htmlFor="acct-confirm">Confirm password</label>
        <input
          id="acct-confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          disabled={isLoading}
        />
        <ErrorText text={error} />
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Save password'}
        </button>
      </form>
    </section>
  );
}
