import { AGE_DECLARATION, MSG_AGE_REQUIRED } from '@matka/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, MSG_NAME_INVALID, PLAYER_PASSWORD_HINT, PLAYER_PASSWORD_RULE, selectSession } from '@matka/shared';
import { LoginPage } from '../src/pages/LoginPage';
import RegisterPage from '../src/pages/RegisterPage';
import ForgotPage from '../src/pages/ForgotPage';
import { readDraft, clearDraft } from '../src/lib/draft';
import { deferred, mockFetch, renderPage } from './helpers';

const loc = () => screen.getByTestId('location');

describe('login', () => {
  it('shows the validation messages and makes no call', async () => {
    const f = mockFetch(() => ({ status: true }));
    await renderPage(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('heading', { name: 'Login To Play' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText(MSG.phoneRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Phone Number'), '5123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText(MSG.phoneInvalid)).toBeInTheDocument();
    expect(f.calls.filter((c) => c.call === 'api-user-login')).toHaveLength(0);
  });

  it("shows 'Submitting...' while busy and 'User Not Registered' on failure", async () => {
    const d = deferred();
    mockFetch(async (call) =>
      call === 'api-user-login' ? (await d.promise, { status: false, msg: MSG.userNotRegistered }) : { status: true },
    );
    await renderPage(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Phone Number'), '9876543210');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await act(async () => d.resolve(undefined));
    expect(await screen.findByText(MSG.userNotRegistered)).toBeInTheDocument();
    expect(loc()).toHaveTextContent('/login');
  });

  it("shows the server's real reason (too many attempts, a blocked account); the spec's text when no answer came", async () => {
    let answer: () => Response | Record<string, unknown> = () => ({ status: false, msg: 'x' });
    mockFetch(async (call) => (call === 'api-user-login' ? answer() : { status: true }));
    await renderPage(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Phone Number'), '9876543210');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pw');
    const login = () => userEvent.click(screen.getByRole('button', { name: 'Login' }));
    answer = () =>
      new Response(JSON.stringify({ status: false, msg: 'Too many attempts. Please try again later.' }), {
        status: 429,
      });
    await login();
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByText(MSG.userNotRegistered)).not.toBeInTheDocument();
    answer = () => ({ status: false, msg: 'Your account is blocked. Please contact support.' });
    await login();
    expect(await screen.findByText('Your account is blocked. Please contact support.')).toBeInTheDocument();
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await login();
    expect(await screen.findByText(MSG.userNotRegistered)).toBeInTheDocument();
  });

  it('stores the session (without the password) and goes to /imp', async () => {
    const f = mockFetch((call) =>
      call === 'api-user-login'
        ? { status: true, user_name: 'Ravi', unique_token: 'tok', mobile: '9876543210' }
        : { status: true },
    );
    const { store } = await renderPage(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Phone Number'), '9876543210');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByLabelText('Show Password'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(loc()).toHaveTextContent('/imp'));
    expect(selectSession(store.getState())).toEqual({ username: 'Ravi', unique_token: 'tok', mobile: '9876543210' });
    expect(JSON.stringify(store.getState().session)).not.toContain('secret');
    expect(f.calls.find((c) => c.call === 'api-user-login')?.body).toMatchObject({
      mobile: '9876543210',
      password: 'secret',
    });
  });

  it('links to /forgotpass and /r', async () => {
    mockFetch(() => ({ status: true }));
    await renderPage(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgotpass');
    expect(screen.getByRole('link', { name: 'Create New Account' })).toHaveAttribute('href', '/r');
    expect(screen.getByRole('button', { name: 'Contact Admin' })).toBeInTheDocument();
  });
});

describe('register', () => {
  afterEach(() => clearDraft());

  it('validates before any call', async () => {
    const f = mockFetch(() => ({ status: true }));
    await renderPage(<RegisterPage />, { path: '/r' });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText(MSG.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.phoneRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
    // the age declaration: its message under the box, read with it
    expect(screen.getByLabelText(AGE_DECLARATION)).toHaveAccessibleDescription(MSG_AGE_REQUIRED);
    expect(f.calls.filter((c) => c.call === 'api-check-mobile')).toHaveLength(0);
  });

  it('refuses without the age box ticked, whatever else is right, and sends nothing', async () => {
    const f = mockFetch(() => ({ status: true, otp: '1234' }));
    await renderPage(<RegisterPage />, { path: '/r' });
    await userEvent.type(screen.getByLabelText('Username'), 'Ravi');
    await userEvent.type(screen.getByLabelText('Phone Number'), '9876543210');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText(MSG_AGE_REQUIRED)).toBeInTheDocument();
    expect(f.calls.filter((c) => c.call === 'api-check-mobile')).toHaveLength(0);
    await userEvent.click(screen.getByLabelText(AGE_DECLARATION));
    expect(screen.queryByText(MSG_AGE_REQUIRED)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(loc()).toHaveTextContent('/otpregister'));
  });

  it("shows 'Registering...', guards a double submit, and shows 'User Alredy Registered'", async () => {
    const d = deferred();
    const f = mockFetch(async (call) =>
      call === 'api-check-mobile'
        ? (await d.promise, { status: false, msg: MSG.userAlreadyRegistered, code: 'msg.userAlreadyRegistered' })
        : { status: true },
    );
    await renderPage(<RegisterPage />, { path: '/r' });
    await userEvent.type(screen.getByLabelText('Username'), 'Ravi');
    await userEvent.type(screen.getByLabelText('Phone Number'), '9876543210');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pw');
    await userEvent.click(screen.getByLabelText(AGE_DECLARATION));
    const button = screen.getByRole('button', { name: 'Register' });
    fireEvent.submit(button.closest('form')!);
    fireEvent.submit(button.closest('form')!);
    expect(await screen.findByRole('button', { name: 'Registering...' })).toBeDisabled();
    await act(async () => d.resolve(undefined));
    expect(await screen.findByText(MSG.userAlreadyRegistered)).toBeInTheDocument();
    expect(f.calls.filter((c) => c.call === 'api-check-mobile')).toHaveLength(1);
    expect(readDraft()).toBeNull();
  });

  it('keeps the draft in memory (not the URL) and goes to /otpregister', async () => {
    mockFetch(() => ({ status: true, otp: '1234' }));
    await renderPage(<RegisterPage />, { path: '/r' });
    await userEvent.type(screen.getByLabelText('Username'), 'Ravi');
    await userEvent.type(screen.getByLabelText('Phone Number'), '9876543210');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pw');
    await userEvent.click(screen.getByLabelText(AGE_DECLARATION));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(loc()).toHaveTextContent('/otpregister'));
    expect(loc().getAttribute('data-state')).toBe('null');
    expect(readDraft()).toEqual({ username: 'Ravi', mobile: '9876543210', password: 'secret-pw', adult: true });
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-pw');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('secret-pw');
  });

  it("checks the name by the server's rule before a code is sent; 'Go back' from the code screen finds the form filled", async () => {
    const f = mockFetch(() => ({ status: true, otp: '1234' }));
    await renderPage(<RegisterPage />, { path: '/r' });
    await userEvent.type(screen.getByLabelText('Username'), 'Bad <Name>');
    await userEvent.type(screen.getByLabelText('Phone Number'), '9876543210');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pw');
    await userEvent.click(screen.getByLabelText(AGE_DECLARATION));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText(MSG_NAME_INVALID)).toBeInTheDocument();
    expect(f.calls.filter((c) => c.call === 'api-check-mobile')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'Ravi Kumar');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(loc()).toHaveTextContent('/otpregister'));
    // the code screen's 'Go back' opens /r again: the form holds what was typed
    const again = await renderPage(<RegisterPage />, { path: '/r' });
    void again;
    expect(screen.getAllByLabelText('Username').pop()).toHaveValue('Ravi Kumar');
    expect(screen.getAllByLabelText('Phone Number').pop()).toHaveValue('9876543210');
    expect(screen.getAllByLabelText('Password').pop()).toHaveValue('secret-pw');
  });

  it('says a new password needs 8 characters (under the field, before and after a try) and sends nothing shorter', async () => {
    const f = mockFetch(() => ({ status: true, otp: '1234' }));
    await renderPage(<RegisterPage />, { path: '/r' });
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAccessibleDescription(PLAYER_PASSWORD_HINT);
    await userEvent.type(screen.getByLabelText('Username'), 'Ravi');
    await userEvent.type(screen.getByLabelText('Phone Number'), '9876543210');
    await userEvent.type(field, 'abc1234');
    await userEvent.click(screen.getByLabelText(AGE_DECLARATION));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText(PLAYER_PASSWORD_RULE)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(PLAYER_PASSWORD_RULE);
    expect(f.calls.filter((c) => c.call === 'api-check-mobile')).toHaveLength(0);
    await userEvent.type(field, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(loc()).toHaveTextContent('/otpregister'));
  });
});

describe('forgot password', () => {
  it('validates the phone before any call', async () => {
    const f = mockFetch(() => ({ status: true }));
    await renderPage(<ForgotPage />, { path: '/forgotpass' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(MSG.forgotPhoneRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Phone Number'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(MSG.forgotPhoneInvalid)).toBeInTheDocument();
    expect(f.calls).toHaveLength(0);
  });

  it("shows 'Sending...' then the server message, or 'Failed to send OTP'", async () => {
    const d = deferred();
    let reply: unknown = { status: false, msg: 'User Not Registered' };
    mockFetch(async () => (await d.promise, reply));
    await renderPage(<ForgotPage />, { path: '/forgotpass' });
    await userEvent.type(screen.getByLabelText('Phone Number'), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(async () => d.resolve(undefined));
    expect(await screen.findByText('User Not Registered')).toBeInTheDocument();
    reply = { status: false };
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MSG.sendOtpFailed)).toBeInTheDocument();
  });

  it('goes to /otpforgotpass with phoneNumber and validationOtp', async () => {
    mockFetch(() => ({ status: true, otp: '4321' }));
    await renderPage(<ForgotPage />, { path: '/forgotpass' });
    await userEvent.type(screen.getByLabelText('Phone Number'), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(loc()).toHaveTextContent('/otpforgotpass'));
    expect(JSON.parse(loc().getAttribute('data-state')!)).toEqual({ phoneNumber: '9876543210', validationOtp: '4321' });
  });
});
