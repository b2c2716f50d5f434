import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, selectSession, setRuntimeConfig } from '@matka/shared';
import OtpRegisterPage from '../src/pages/OtpRegisterPage';
import OtpForgotPage from '../src/pages/OtpForgotPage';
import { clearDraft, readDraft, saveDraft } from '../src/lib/draft';
import { deferred, mockFetch, renderPage } from './helpers';

const loc = () => screen.getByTestId('location');
const box = (n: number) => screen.getByLabelText(`OTP digit ${n}`) as HTMLInputElement;
const code = () => [1, 2, 3, 4].map((n) => box(n).value).join('');

describe('OTP boxes', () => {
  beforeEach(() => saveDraft({ username: 'Ravi', mobile: '9876543210', password: 'secret', adult: true }));
  afterEach(() => clearDraft());

  it('typing moves to the next box, paste fills all, backspace goes back', async () => {
    mockFetch(() => ({ status: true }));
    await renderPage(<OtpRegisterPage />, { path: '/otpregister' });
    expect(screen.getByRole('heading', { name: 'OTP Verification' })).toBeInTheDocument();
    await userEvent.click(box(1));
    await userEvent.keyboard('12');
    expect(code()).toBe('12');
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(code()).toBe('1');
    fireEvent.paste(box(1), { clipboardData: { getData: () => '9876' } });
    expect(code()).toBe('9876');
  });

  it('six boxes when the server sends 6-digit codes (OTP_LENGTH)', async () => {
    mockFetch(() => ({ status: true }));
    setRuntimeConfig({ otpLength: 6 });
    try {
      await renderPage(<OtpRegisterPage />, { path: '/otpregister' });
      expect(screen.getAllByLabelText(/^OTP digit \d$/)).toHaveLength(6);
      expect(screen.getByText(/Enter the 6-digit code/)).toBeInTheDocument();
      fireEvent.paste(box(1), { clipboardData: { getData: () => '123456' } });
      expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('')).toBe('123456');
    } finally {
      setRuntimeConfig({ otpLength: 4 });
    }
  });

  it('typing a new code over the old one moves on also where a digit stays the same', async () => {
    mockFetch(() => ({ status: true }));
    await renderPage(<OtpRegisterPage />, { path: '/otpregister' });
    await userEvent.click(box(1));
    await userEvent.keyboard('0000');
    expect(code()).toBe('0000');
    await userEvent.click(box(1));
    await userEvent.keyboard('0393');
    expect(code()).toBe('0393');
    expect(box(4)).toHaveFocus();
  });

  it("'Enter Valid OTP' for an incomplete code, with no call", async () => {
    const f = mockFetch(() => ({ status: true }));
    await renderPage(<OtpRegisterPage />, { path: '/otpregister' });
    await userEvent.click(box(1));
    await userEvent.keyboard('12');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(MSG.otpInvalid)).toBeInTheDocument();
    expect(f.calls.filter((c) => c.call === 'api-user-registration')).toHaveLength(0);
  });

  it("registers with the code ('Submitting...'), stores the session, → /imp", async () => {
    const d = deferred();
    const f = mockFetch(async (call) =>
      call === 'api-user-registration'
        ? (await d.promise, { status: true, user_name: 'Ravi', unique_token: 'tok', mobile: '9876543210' })
        : { status: true },
    );
    const { store } = await renderPage(<OtpRegisterPage />, { path: '/otpregister' });
    fireEvent.paste(box(1), { clipboardData: { getData: () => '1234' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await act(async () => d.resolve(undefined));
    await waitFor(() => expect(loc()).toHaveTextContent('/imp'));
    expect(selectSession(store.getState()).unique_token).toBe('tok');
    expect(f.calls.find((c) => c.call === 'api-user-registration')?.body).toMatchObject({
      name: 'Ravi',
      mobile: '9876543210',
      password: 'secret',
      otp: '1234',
      device_id: null,
      // the box ticked on /r: the server records the age declaration
      adult: true,
    });
    expect(readDraft()).toBeNull();
  });

  it("shows the server's 'Enter Valid OTP' for a wrong code", async () => {
    mockFetch((call) =>
      call === 'api-user-registration'
        ? new Response(JSON.stringify({ status: false, msg: MSG.otpInvalid }), { status: 200 })
        : { status: true },
    );
    await renderPage(<OtpRegisterPage />, { path: '/otpregister' });
    fireEvent.paste(box(1), { clipboardData: { getData: () => '0000' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MSG.otpInvalid)).toBeInTheDocument();
    expect(loc()).toHaveTextContent('/otpregister');
  });

  it('counts down 30 s, then RESEND asks for a new code and restarts', async () => {
    jest.useFakeTimers();
    try {
      const f = mockFetch(() => ({ status: true, otp: '5555' }));
      await renderPage(<OtpRegisterPage />, { path: '/otpregister' });
      expect(screen.getByText('00:30')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'RESEND' })).toBeNull();
      await act(async () => {
        jest.advanceTimersByTime(30_500);
      });
      fireEvent.click(screen.getByRole('button', { name: 'RESEND' }));
      await act(async () => {
        await jest.runOnlyPendingTimersAsync();
      });
      await waitFor(() => expect(screen.getByText(/00:(30|29)/)).toBeInTheDocument());
      expect(f.calls.find((c) => c.call === 'api-resend-otp')?.body).toMatchObject({
        mobile: '9876543210',
        purpose: 'register',
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('without a draft says to start over', async () => {
    clearDraft();
    mockFetch(() => ({ status: true }));
    await renderPage(<OtpRegisterPage />, { path: '/otpregister' });
    expect(screen.getByText(MSG.invalidNavigation)).toBeInTheDocument();
  });
});

describe('forgot-password OTP', () => {
  it("'Invalid navigation. Please start over.' without state", async () => {
    mockFetch(() => ({ status: true }));
    await renderPage(<OtpForgotPage />, { path: '/otpforgotpass' });
    expect(screen.getByText(MSG.invalidNavigation)).toBeInTheDocument();
    expect(screen.queryByLabelText('OTP digit 1')).toBeNull();
  });

  it("'Invalid OTP. Please try again.' for a wrong or incomplete code", async () => {
    mockFetch(() => ({ status: true }));
    await renderPage(<OtpForgotPage />, {
      path: '/otpforgotpass',
      state: { phoneNumber: '9876543210', validationOtp: '4321' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(MSG.otpInvalidForgot)).toBeInTheDocument();
    fireEvent.paste(box(1), { clipboardData: { getData: () => '1111' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(MSG.otpInvalidForgot)).toBeInTheDocument();
    expect(loc()).toHaveTextContent('/otpforgotpass');
  });

  it('passes the phone and the entered code on to /change-password', async () => {
    mockFetch(() => ({ status: true }));
    await renderPage(<OtpForgotPage />, {
      path: '/otpforgotpass',
      state: { phoneNumber: '9876543210', validationOtp: '4321' },
    });
    fireEvent.paste(box(1), { clipboardData: { getData: () => '4321' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(loc()).toHaveTextContent('/change-password'));
    expect(JSON.parse(loc().getAttribute('data-state')!)).toEqual({ phoneNumber: '9876543210', otp: '4321' });
  });
});
