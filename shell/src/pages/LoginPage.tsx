import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isOk, loggedIn, useAppDispatch, useLoginMutation } from '@matka/shared';

export function LoginPage() {
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    const res = await login({ mobile, password });
    const d = res.data;
    if (d && isOk(d) && d.unique_token) {
      dispatch(loggedIn({ username: String(d.user_name ?? ''), unique_token: d.unique_token, mobile: String(d.mobile ?? mobile) }));
      navigate('/imp');
    } else setError('User Not Registered');
  }

  return (
    <form className="card auth-card" onSubmit={submit} noValidate>
      <h1>Login To Play</h1>
      <label htmlFor="login-mobile">Phone Number</label>
      <input id="login-mobile" inputMode="numeric" value={mobile} onChange={(e) => setMobile(e.target.value)} />
      <label htmlFor="login-password">Password</label>
      <input id="login-password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={isLoading}>
        {isLoading ? 'Submitting...' : 'Login'}
      </button>
      {error && <p className="form-error">{error}</p>}
    </form>
  );
}
