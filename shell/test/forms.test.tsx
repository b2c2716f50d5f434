import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, selectSession } from '@matka/shared';
import ForgotNewPasswordPage from '../src/pages/ForgotNewPasswordPage';
import ChangePasswordPage from '../src/pages/ChangePasswordPage';
import ProfilePage from '../src/pages/ProfilePage';
import { deferred, mockFetch, renderPage } from './helpers';

const loc = () => screen.getByTestId('location');
const resetState = { phoneNumber: '9876543210', otp: '4321' };

describe('reset password (/change-password)', () => {
  it("'Invalid navigation. Please start over.' without a phone", async () => {
    mockFetch(() => ({ status: true }));
    await renderPage(<ForgotNewPasswordPage />, { path: '/change-password' });
    expect(screen.getByText(MSG.invalidNavigation)).toBeInTheDocument();
  });

  it('validates before any call', async () => {
    const f = mockFetch(() => ({ status: true }));
    await renderPage(<ForgotNewPasswordPage />, { path: '/change-password', state: resetState });
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText(MSG.newPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.confirmPasswordRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New Password'), 'abc12345');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'abc12346');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeInTheDocument();
    expect(f.calls).toHaveLength(0);
  });

  it("'Updating Password...', 'Successfully updated password', then /login after 1.5 s", async () => {
    const d = deferred();
    const f = mockFetch(async () => (await d.promise, { status: true, msg: MSG.passwordUpdated }));
    await renderPage(<ForgotNewPasswordPage />, { path: '/change-password', state: resetState });
    await userEvent.type(screen.getByLabelText('New Password'), 'abc12345');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'abc12345');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('button', { name: 'Updating Password...' })).toBeDisabled();
    jest.useFakeTimers();
    try {
      await act(async () => d.resolve(undefined));
      expect(await screen.findByText(MSG.passwordUpdated, { selector: 'p' })).toBeInTheDocument();
      expect(loc()).toHaveTextContent('/change-password');
      await act(async () => {
        jest.advanceTimersByTime(1500);
      });
      expect(loc()).toHaveTextContent('/login');
    } finally {
      jest.useRealTimers();
    }
    expect(f.calls[0]).toMatchObject({
      call: 'api-forgot-password',
      body: { mobile: '9876543210', new_pass: 'abc12345', otp: '4321' },
    });
  });

  it("shows the server's message, or 'Failed to update password'", async () => {
    let reply: unknown = { status: false, msg: MSG.otpInvalidForgot, code: 'msg.otpInvalidForgot' };
    mockFetch(() => reply);
    await renderPage(<ForgotNewPasswordPage />, { path: '/change-password', state: resetState });
    await userEvent.type(screen.getByLabelText('New Password'), 'abc12345');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'abc12345');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(MSG.otpInvalidForgot)).toBeInTheDocument();
    // the code expired: a new one is asked from the start, whatever language the text is in
    expect(screen.getByRole('link', { name: 'Start over' })).toBeInTheDocument();
    reply = { status: false, msg: 'OTP अमान्य है या उसकी अवधि समाप्त हो गई है', code: 'msg.otpInvalidForgot' };
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('OTP अमान्य है या उसकी अवधि समाप्त हो गई है')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start over' })).toBeInTheDocument();
    reply = { status: false, msg: MSG.otpInvalidForgot, code: 'msg.other' };
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Start over' })).not.toBeInTheDocument());
    reply = { status: false };
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(MSG.updatePasswordFailed)).toBeInTheDocument();
  });
});

describe('change password (/change)', () => {
  it('validates before any call', async () => {
    const f = mockFetch(() => ({ status: true }));
    await renderPage(<ChangePasswordPage />, { path: '/change', session: true });
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText(MSG.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.newPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.confirmPasswordRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current Password'), 'old');
    await userEvent.type(screen.getByLabelText('New Password'), 'new1-pass');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new2-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByText(MSG.confirmNotEqualNew)).toBeInTheDocument();
    expect(f.calls.filter((c) => c.call === 'api-change-password')).toHaveLength(0);
  });

  it("'Submitting...' then 'Old password does not match' from the server's refusal; success → /imp", async () => {
    const d = deferred();
    let reply: unknown = { status: false, msg: MSG.oldPasswordIncorrect, code: 'msg.oldPasswordIncorrect' };
    const f = mockFetch(async () => (await d.promise, reply));
    await renderPage(<ChangePasswordPage />, { path: '/change', session: true });
    await userEvent.type(screen.getByLabelText('Current Password'), 'old');
    await userEvent.type(screen.getByLabelText('New Password'), 'new1-pass');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new1-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await act(async () => d.resolve(undefined));
    expect(await screen.findByText(MSG.oldPasswordMismatch)).toBeInTheDocument();
    reply = { status: true, msg: MSG.passwordChanged };
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(loc()).toHaveTextContent('/imp'));
    expect(f.calls.at(-1)).toMatchObject({
      call: 'api-change-password',
      body: { old_pass: 'old', new_pass: 'new1-pass' },
    });
  });
});

describe('change password: the server refuses the current password', () => {
  it.each([
    ['its code', { status: false, msg: MSG.oldPasswordIncorrect, code: 'msg.oldPasswordIncorrect' }],
    // decided by the code, never by the text: the text may be in the player's language
    ['its code, in Hindi', { status: false, msg: 'पुराना पासवर्ड गलत है', code: 'msg.oldPasswordIncorrect' }],
    ['no message', { status: false }],
  ])("one message: 'Old password does not match' under Current Password (%s)", async (_, reply) => {
    mockFetch(() => reply);
    await renderPage(<ChangePasswordPage />, { path: '/change', session: true });
    await userEvent.type(screen.getByLabelText('Current Password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New Password'), 'new1-pass');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new1-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    const current = screen.getByLabelText('Current Password');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription(MSG.oldPasswordMismatch);
    expect(screen.getByText(MSG.oldPasswordMismatch)).toBeInTheDocument();
    expect(screen.queryByText(MSG.oldPasswordIncorrect)).not.toBeInTheDocument();
    expect(current).toHaveFocus();
    expect(screen.getAllByText(/Old password/)).toHaveLength(1);
    expect(loc()).toHaveTextContent('/change');
  });

  it('another refusal or a network failure does not blame the current password', async () => {
    let reply: unknown = { status: false, msg: 'Session expired' };
    mockFetch(() => {
      if (reply instanceof Error) throw reply;
      return reply;
    });
    await renderPage(<ChangePasswordPage />, { path: '/change', session: true });
    await userEvent.type(screen.getByLabelText('Current Password'), 'old');
    await userEvent.type(screen.getByLabelText('New Password'), 'new1-pass');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new1-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Session expired');
    expect(screen.queryByText(MSG.oldPasswordMismatch)).toBeNull();
    reply = new TypeError('down');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.errorOccurredTryAgain));
    expect(screen.queryByText(MSG.oldPasswordMismatch)).toBeNull();
  });
});

describe('profile', () => {
  it("'Name is required!' with no call; success updates the session name and goes to /imp", async () => {
    const f = mockFetch((call) =>
      call === 'api-get-profile'
        ? { status: true, user_name: 'Ravi Kumar Sharma', mobile: '9876543210' }
        : { status: true, user_name: 'Ravi K' },
    );
    const { store } = await renderPage(<ProfilePage />, { path: '/profile', session: true });
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(screen.getByText(MSG.nameRequired)).toBeInTheDocument();
    expect(f.calls.filter((c) => c.call === 'api-profile-update')).toHaveLength(0);
    await userEvent.type(name, 'Ravi K');
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(loc()).toHaveTextContent('/imp'));
    expect(selectSession(store.getState()).username).toBe('Ravi K');
    expect(f.calls.find((c) => c.call === 'api-profile-update')?.body).toMatchObject({ user_name: 'Ravi K' });
  });
});
