import { useState, type FormEvent } from 'react';
import { messageOf, signedIn, useSignInMutation, type ApiError } from '../api';
import { useConsoleDispatch } from '../store';
import { ErrorText } from '../parts';

/** Sign-in: username and password, then the authenticator code when the account has two-step sign-in. */
export function SignInPage() {
  const dispatch = useConsoleDispatch();
  const [signIn, { isLoading }] = useSignInMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    if (!username.trim() || !password) return setError('Enter your username and password');
    if (askCode && !/^\d{6}$/.test(code.trim())) return setError('Enter the 6-digit code from your authenticator app');
    setError('');
    const r = await signIn({ username: username.trim(), password, ...(askCode ? { code: code.trim() } : {}) });
    if ('error' in r) {
      if ((r.error as ApiError).data?.totp) setAskCode(true);
      return setError(messageOf(r.error));
    }
    dispatch(signedIn(r.data));
  };

  return (
    <main className="console-auth">
      <form className="card" onSubmit={submit} noValidate>
        <h1>Matka Console</h1>
        <label htmlFor="username">Username</label>
        <input
          id="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          disabled={isLoading}
        />
        <label htmlFor="password">Password</label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={isLoading}
        />
        {askCode && (
          <>
            <label htmlFor="code">Authenticator code</label>
            <input
              id="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              disabled={isLoading}
            />
          </>
        )}
        <ErrorText text={error} />
        <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
          {isLoading ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
