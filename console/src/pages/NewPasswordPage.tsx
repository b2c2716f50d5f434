import { useState, type FormEvent } from 'react';
import { newOperatorPasswordProblem, OPERATOR_PASSWORD_MIN } from '@matka/shared/domain';
import { messageOf, signedIn, useSetPasswordMutation } from '../api';
import { useConsoleDispatch, useConsoleSelector } from '../store';
import { ErrorText, NewPasswordFields } from '../parts';

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
    const problem = newOperatorPasswordProblem(next, confirm);
    if (problem) return setError(problem);
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
        <NewPasswordFields
          next={next}
          setNext={setNext}
          confirm={confirm}
          setConfirm={setConfirm}
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
