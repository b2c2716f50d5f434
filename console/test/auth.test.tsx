import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OP } from '@matka/shared/contract';
import { DASHBOARD, mockOperatorApi, OPERATOR, renderConsole, signedOutAnswer, quietAnswer } from './helpers';

describe('sign-in', () => {
  it('asks for both fields, shows the server refusal, and signs in', async () => {
    const calls = mockOperatorApi(({ call, body }) => {
      if (call === OP.session) return signedOutAnswer;
      if (call === OP.signIn && body.password === 'right password')
        return { body: { ...OPERATOR('owner'), operator: { ...OPERATOR('owner').operator, name: 'asha' } } };
      if (call === OP.signIn)
        return { status: 401, body: { status: false, code: 'unauthorized', msg: 'Wrong username or password' } };
      if (call === OP.dashboard) return { body: DASHBOARD };
      return quietAnswer(call);
    });
    renderConsole('/console/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your username and password');
    expect(calls.list.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(screen.getByLabelText('Username'), 'asha');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('asha · owner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Operators' })).toBeInTheDocument();
    expect(calls.list.find((c) => c.method === 'POST')?.body).toEqual({ username: 'asha', password: 'wrong' });
  });

  it('shows "Signing in..." while the call runs and cannot send twice', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const calls = mockOperatorApi(async ({ call }) => {
      if (call === OP.session) return signedOutAnswer;
      await held;
      return { status: 401, body: { status: false, code: 'unauthorized', msg: 'Wrong username or password' } };
    });
    renderConsole('/console/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'asha');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    release();
    await screen.findByRole('alert');
    expect(calls.list.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('asks for the authenticator code when the account has two-step sign-in', async () => {
    const calls = mockOperatorApi(({ call, body }) => {
      if (call === OP.session) return signedOutAnswer;
      if (!body.code)
        return {
          status: 401,
          body: {
            status: false,
            code: 'unauthorized',
            msg: 'Enter the 6-digit code from your authenticator app',
            totp: true,
          },
        };
      if (call === OP.dashboard) return { body: DASHBOARD };
      return { body: OPERATOR('finance', { totp: true }) };
    });
    renderConsole('/console/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'finance1');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app');
    await user.type(screen.getByLabelText('Authenticator code'), '12a3456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('finance1 · finance');
    expect(calls.list.filter((c) => c.method === 'POST').pop()?.body).toEqual({
      username: 'finance1',
      password: 'a long password',
      code: '123456',
    });
  });
});

describe('after a one-time password', () => {
  it('asks for New password and Confirm password, checks them, then opens the console', async () => {
    const calls = mockOperatorApi(({ call, body }) => {
      if (call === OP.session) return { body: OPERATOR('results', { must_change_password: true }) };
      if (call === OP.setPassword) {
        if (body.new_password === 'the old one-time')
          return {
            status: 400,
            body: {
              status: false,
              code: 'request',
              msg: 'Choose a password different from the one-time or current one',
            },
          };
        return { body: { status: true, msg: 'Password saved' } };
      }
      if (call === OP.dashboard) return { body: DASHBOARD };
      return { body: { status: true, markets: [] } };
    });
    renderConsole('/console/');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Set your password' });
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 10 characters');
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('New password'), 'the old one-time');
    await user.type(screen.getByLabelText('Confirm password'), 'the old one-time');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a password different');
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('New password'), 'a long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    // the write carried the session's CSRF token
    expect(calls.list.find((c) => c.call === OP.setPassword)?.csrf).toBe('csrf-1');
  });
});

describe('roles and the session', () => {
  it('a support operator sees no Results link, and /results says who may open it', async () => {
    mockOperatorApi(({ call }) => (call === OP.session ? { body: OPERATOR('support') } : { body: { status: true } }));
    renderConsole('/console/results');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role (support) cannot open Results. Ask an operator with the role owner or results.',
    );
    expect(screen.queryByRole('link', { name: 'Results' })).not.toBeInTheDocument();
  });

  it('a session that ended on the server brings back the sign-in form', async () => {
    mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR('results') };
      return {
        status: 401,
        body: { status: false, code: 'unauthorized', msg: 'Your session has ended: sign in again', signed_out: true },
      };
    });
    renderConsole('/console/results');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument());
  });

  it('Sign out ends the session and shows the sign-in form', async () => {
    const calls = mockOperatorApi(({ call }) => {
      if (call === OP.session)
        return calls.list.some((c) => c.call === OP.signOut) ? signedOutAnswer : { body: OPERATOR('finance') };
      if (call === OP.signOut) return { body: { status: true, msg: 'Signed out' } };
      return { body: { status: true, filter: 'pending', deposits: [] } };
    });
    renderConsole('/console/deposits');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(calls.list.find((c) => c.call === OP.signOut)?.csrf).toBe('csrf-1');
  });
});
