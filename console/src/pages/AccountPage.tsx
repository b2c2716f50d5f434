import { useState, type FormEvent } from 'react';
import { newOperatorPasswordProblem } from '@matka/shared/domain';
import { messageOf, useSetPasswordMutation } from '../api';
import { Done, ErrorText, NewPasswordFields, PasswordField } from '../parts';
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
    const problem = newOperatorPasswordProblem(next, confirm);
    if (problem) return setError(problem);
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
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          disabled={isLoading}
        />
        <NewPasswordFields
          next={next}
          setNext={setNext}
          confirm={confirm}
          setConfirm={setConfirm}
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
