import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { minAddAmount, minWithdraw, MSG } from '@matka/shared';
import { POINTS_WHOLE, zonedDateParts } from '@matka/shared/domain';
import * as upi from '../src/lib/upi';
import { balanceAnswered, callsOf, ME, mockApi, renderAt } from './helpers';

jest.mock('../src/lib/upi', () => ({ ...jest.requireActual('../src/lib/upi'), openPaymentApp: jest.fn() }));
const open = upi.openPaymentApp as jest.Mock;
beforeEach(() => open.mockClear());

const ok = (extra: Record<string, unknown> = {}) => ({ status: true, ...extra });

afterEach(() => jest.restoreAllMocks());

describe('wallet tabs and the UPI number flow', () => {
  it('/imp7 shows the toast when it arrives with the flag', async () => {
    mockApi({ 'api-user-wallet-balance': ok({ wallet_amt: '1000' }) });
    await renderAt('/imp7', { upiAdded: true });
    expect(await screen.findByText(MSG.upiNumberAdded)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Transfer' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Add Fund', 'Withdraw Fund', 'Wallet History'])
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
  });

  it('/imp8: Paytm opens the modal; phone checks; the OTP goes to the server; the code adds the number', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'api-user-wallet-balance': ok({ wallet_amt: '1000' }),
      'api-get-user-payment-details': ok({
        payment_details: [{ google_pay_number: '9111111111', paytm_number: '', phone_pay_number: '' }],
      }),
      'api-upi-send-otp': ok({ msg: 'OTP sent' }),
      'api-add-user-upi-details': (b) => (b.otp === '1234' ? ok() : { status: false, msg: 'Enter Valid OTP' }),
    });
    const { router } = await renderAt('/imp8');
    expect(await screen.findByRole('button', { name: /GPay 9111111111/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Paytm/ }));
    const dialog = screen.getByRole('dialog', { name: 'Paytm Number' });
    const send = within(dialog).getByRole('button', { name: 'Send OTP' });
    await user.click(send);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.upiPhoneRequired);
    await user.type(within(dialog).getByLabelText('Phone Number'), '12345');
    await user.click(send);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.upiPhoneInvalid);
    expect(callsOf(calls, 'api-upi-send-otp')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Phone Number'));
    await user.type(within(dialog).getByLabelText('Phone Number'), '9222222222');
    await user.click(send);
    await waitFor(() => expect(router.state.location.pathname).toBe('/otpwithdraw'));
    expect(callsOf(calls, 'api-upi-send-otp')[0].body).toMatchObject({ mobile: '9222222222', upi_type: 1 });

    // OTP step
    expect(await screen.findByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByText(/Resend OTP in 30s/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('OTP'), '12');
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.otpInvalid);
    expect(callsOf(calls, 'api-add-user-upi-details')).toHaveLength(0);
    await user.clear(screen.getByLabelText('OTP'));
    await user.type(screen.getByLabelText('OTP'), '9999');
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter Valid OTP');
    await user.clear(screen.getByLabelText('OTP'));
    await user.type(screen.getByLabelText('OTP'), '1234');
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/imp7'));
    expect(callsOf(calls, 'api-add-user-upi-details').pop()!.body).toMatchObject({
      upi_type: 1,
      paytm_no: '9222222222',
      google_pay_no: '',
      phon_pay_no: '',
      otp: '1234',
    });
    expect(await screen.findByText(MSG.upiNumberAdded)).toBeInTheDocument();
  });

  it('sending the OTP: server message, else the spec texts', async () => {
    const user = userEvent.setup();
    let answer: unknown = { status: false, msg: 'Please wait 20 seconds before requesting a new OTP.' };
    mockApi({
      'api-upi-send-otp': () => {
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
    await renderAt('/mymodel', { option: 3 });
    expect(screen.getByRole('heading', { name: 'PhonePe Number' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone Number'), '9222222222');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 20 seconds');
    answer = { status: false };
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.generateOtpFailed));
    answer = new TypeError('network down');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.sendingOtpError));
  });

  it('/mymodel without state lets the player choose the app', async () => {
    mockApi({});
    await renderAt('/mymodel');
    expect(screen.getByLabelText('Payment App')).toHaveValue('1');
    expect(screen.getByLabelText('Phone Number')).toBeInTheDocument();
  });

  it('/otpwithdraw without navigation state says so', async () => {
    mockApi({});
    await renderAt('/otpwithdraw');
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.invalidNavigation);
  });

  it('/otpwithdraw: a network failure on submit', async () => {
    const user = userEvent.setup();
    mockApi({
      'api-add-user-upi-details': () => {
        throw new TypeError('down');
      },
    });
    await renderAt('/otpwithdraw', { phoneNumber: '9222222222', option: 2 });
    await user.type(screen.getByLabelText('OTP'), '1234');
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.processingRequestError);
  });
});

describe('/addfund', () => {
  const bank = ok({
    bank_details: [{ google_upi_payment_id: 'gpay@upi', phonepay_upi_payment_id: 'pp@ybl', payee_name: 'Matka Pay' }],
  });

  it('is disabled until amount and method are set; checks the minimum; the server accepts the request, then the app opens for it', async () => {
    const user = userEvent.setup();
    const order: string[] = [];
    open.mockImplementation(() => order.push('open'));
    const calls = mockApi({
      'api-last-fund-request-detail': ok({ min_amt: '100' }),
      'api-admin-bank-details': bank,
      'api-fund-request-add': () => {
        order.push('request');
        return ok({ msg: 'Fund request added', request_id: '41', request_number: 'D41' });
      },
    });
    await renderAt('/addfund');
    const button = screen.getByRole('button', { name: 'Add Funds' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Amount'), '50');
    expect(button).toBeDisabled();
    await user.click(screen.getByLabelText('PhonePe'));
    expect(button).toBeEnabled();
    await waitFor(() => expect(callsOf(calls, 'api-last-fund-request-detail')).toHaveLength(1));
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(minAddAmount(100));
    expect(callsOf(calls, 'api-admin-bank-details')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '500');
    await user.click(button);
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(order).toEqual(['request', 'open']);
    expect(callsOf(calls, 'api-fund-request-add')[0].body.request_amount).toBe(500);
    // the payment carries the accepted request's number in its note
    expect(open.mock.calls[0][0]).toBe('phonepe://pay?pa=pp@ybl&pn=Matka%20Pay&am=500&tn=Add%20Funds%20D41&cu=INR');
    expect(await screen.findByText('Fund request added')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the payment app for D41' })).toHaveAttribute(
      'href',
      'phonepe://pay?pa=pp@ybl&pn=Matka%20Pay&am=500&tn=Add%20Funds%20D41&cu=INR',
    );
  });

  it('a request the server refuses opens no payment app and says why', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'api-last-fund-request-detail': ok({ min_amt: '100' }),
      'api-admin-bank-details': bank,
      'api-fund-request-add': { status: false, msg: 'Maximum amount to add is 5000' },
    });
    await renderAt('/addfund');
    await user.type(screen.getByLabelText('Amount'), '6000');
    await user.click(screen.getByLabelText('PhonePe'));
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Maximum amount to add is 5000');
    expect(callsOf(calls, 'api-fund-request-add')).toHaveLength(1);
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole('form', { name: 'Add your payment reference' })).not.toBeInTheDocument();
  });

  it('after the request: the UTR and a screenshot go to the server for that request, checked first', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'api-last-fund-request-detail': ok({ min_amt: '100' }),
      'api-admin-bank-details': bank,
      'api-fund-request-add': ok({ msg: 'Fund request added', request_id: '41', request_number: 'D41' }),
      'api-fund-request-proof': ok({ msg: 'Payment reference added: the operator will match it' }),
    });
    await renderAt('/addfund');
    await user.type(screen.getByLabelText('Amount'), '1500');
    await user.click(screen.getByLabelText('PhonePe'));
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    const form = await screen.findByRole('form', { name: 'Add your payment reference' });
    expect(form).toHaveTextContent('Request D41 for 1,500 points is waiting for approval');
    // nothing given, a short UTR: refused here, nothing sent
    await user.click(within(form).getByRole('button', { name: 'Send reference' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter the UTR or add a screenshot');
    await user.type(within(form).getByLabelText('UPI reference (UTR)'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Send reference' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'The UTR is the 12-digit UPI reference number of your payment',
    );
    expect(callsOf(calls, 'api-fund-request-proof')).toHaveLength(0);
    // a small PNG screenshot goes as it is
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], 'pay.png', {
      type: 'image/png',
    });
    await user.upload(within(form).getByLabelText('Payment screenshot (optional)'), png);
    expect(await within(form).findByText('Screenshot ready: pay.png')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('UPI reference (UTR)'));
    await user.type(within(form).getByLabelText('UPI reference (UTR)'), '4012 3456 7890');
    await user.click(within(form).getByRole('button', { name: 'Send reference' }));
    expect(await screen.findByText('D41: Payment reference added: the operator will match it')).toBeInTheDocument();
    const [sent] = callsOf(calls, 'api-fund-request-proof');
    expect(sent.body).toMatchObject({ request_id: '41', utr: '401234567890' });
    expect(sent.body.screenshot).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it('a file that is not an image is refused as a screenshot', async () => {
    const user = userEvent.setup({ applyAccept: false });
    mockApi({
      'api-last-fund-request-detail': ok({ min_amt: '0' }),
      'api-admin-bank-details': bank,
      'api-fund-request-add': ok({ msg: 'Fund request added', request_id: '42', request_number: 'D42' }),
    });
    await renderAt('/addfund');
    await user.type(screen.getByLabelText('Amount'), '500');
    await user.click(screen.getByLabelText('PhonePe'));
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    const form = await screen.findByRole('form', { name: 'Add your payment reference' });
    await user.upload(
      within(form).getByLabelText('Payment screenshot (optional)'),
      new File(['hello'], 'note.txt', { type: 'text/plain' }),
    );
    expect(await within(form).findByRole('alert')).toHaveTextContent('could not be read as an image');
  });

  it('method required; UPI id missing; bank details errors', async () => {
    const user = userEvent.setup();
    let bankAnswer: unknown = ok({ bank_details: [{ google_upi_payment_id: '', phonepay_upi_payment_id: 'pp@ybl' }] });
    mockApi({
      'api-last-fund-request-detail': ok({ min_amt: '100' }),
      'api-admin-bank-details': () => {
        if (bankAnswer instanceof Error) throw bankAnswer;
        return bankAnswer;
      },
    });
    await renderAt('/addfund');
    await user.type(screen.getByLabelText('Amount'), '500');
    // the form itself refuses without a method (Enter submits)
    fireEvent.submit(screen.getByLabelText('Amount').closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.selectPaymentMethod);
    await user.click(screen.getByLabelText('Other UPI Gateway'));
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.upiIdNotFound));
    bankAnswer = { status: false, msg: 'Bank details unavailable' };
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Bank details unavailable'));
    bankAnswer = { status: false };
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.upiFetchFailed));
    bankAnswer = new TypeError('down');
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.upiFetchError));
  });

  it('Other UPI Gateway on Android opens the generic upi://pay chooser, not the Google Pay intent', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126');
    const calls = mockApi({
      'api-last-fund-request-detail': ok({ min_amt: '100' }),
      'api-admin-bank-details': bank,
      'api-fund-request-add': ok({ msg: 'Fund request added', request_id: '7', request_number: 'D7' }),
    });
    await renderAt('/addfund');
    await user.type(screen.getByLabelText('Amount'), '500');
    await user.click(screen.getByLabelText('Other UPI Gateway'));
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0][0]).toBe('upi://pay?pa=gpay@upi&pn=Matka%20Pay&am=500&tn=Add%20Funds%20D7&cu=INR');
    expect(callsOf(calls, 'api-fund-request-add')).toHaveLength(1);
  });

  it("uses the server's minimum as is (0 too) and refuses 0, negative or decimal amounts", async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'api-last-fund-request-detail': ok({ min_amt: '0' }),
      'api-admin-bank-details': bank,
      'api-fund-request-add': ok({ msg: 'Fund request added' }),
    });
    await renderAt('/addfund');
    await waitFor(() => expect(callsOf(calls, 'api-last-fund-request-detail')).toHaveLength(1));
    const amount = screen.getByLabelText('Amount');
    await user.click(screen.getByLabelText('PhonePe'));
    for (const [bad, msg] of [
      ['0', 'Please enter a valid amount'],
      ['000', 'Please enter a valid amount'],
      ['-5', 'Please enter a valid amount'],
      ['12.5', POINTS_WHOLE],
    ]) {
      await user.clear(amount);
      await user.type(amount, bad);
      await user.click(screen.getByRole('button', { name: 'Add Funds' }));
      expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${msg.replace('.', '\\.')}$`));
    }
    expect(screen.queryByText(/Minimum amount to add is/)).not.toBeInTheDocument();
    expect(callsOf(calls, 'api-admin-bank-details')).toHaveLength(0);
    // the form refuses an empty amount with the spec text
    await user.clear(amount);
    fireEvent.submit(amount.closest('form')!);
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.amountRequired);
    await user.type(amount, '1');
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0][0]).toContain('am=1&');
    expect(callsOf(calls, 'api-fund-request-add')).toHaveLength(1);
  });

  it("a server minimum of 250 reads 'Minimum amount to add is 250'", async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'api-last-fund-request-detail': ok({ min_amt: '250' }) });
    await renderAt('/addfund');
    await waitFor(() => expect(callsOf(calls, 'api-last-fund-request-detail')).toHaveLength(1));
    await user.type(screen.getByLabelText('Amount'), '249');
    await user.click(screen.getByLabelText('PhonePe'));
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    expect(screen.getByRole('alert')).toHaveTextContent(minAddAmount(250));
  });
});

describe('UPI links', () => {
  const p = { pa: 'a@b', pn: 'Shop Name', am: 250 };
  it('builds the generic, PhonePe and GPay intent links', () => {
    expect(upi.upiLink(p)).toBe('upi://pay?pa=a@b&pn=Shop%20Name&am=250&tn=Add%20Funds&cu=INR');
    expect(upi.phonePeLink(p)).toMatch(/^phonepe:\/\/pay\?pa=a@b&/);
    expect(upi.gpayIntent(p)).toMatch(
      /^intent:\/\/pay\?.*#Intent;scheme=upi;package=com\.google\.android\.apps\.nbu\.paisa\.user;end$/,
    );
    expect(upi.paymentLink('other', p)).toBe(upi.upiLink(p));
    expect(upi.paymentLink('phonepe', p)).toBe(upi.phonePeLink(p));
  });
});

describe('/qrpay', () => {
  const qrAnswer = ok({
    qrdata: [{ qr_image: 'data:image/png;base64,AAAA', upi_id: 'shop@upi', payee_name: 'Matka Pay' }],
  });

  it('shows no QR before the server accepts a request; then the QR of that payment, Copy and WhatsApp', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'api-get-qr-pay': qrAnswer,
      'api-last-fund-request-detail': ok({ min_amt: '100' }),
      'api-fund-request-add': ok({ msg: 'Fund request added', request_id: '52', request_number: 'D52' }),
    });
    const { store } = await renderAt('/qrpay');
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    act(() => {
      store.dispatch({ type: 'api/executeQuery/fulfilled', payload: {}, meta: { arg: { endpointName: 'homeInfo' } } });
    });
    const show = await screen.findByRole('button', { name: 'Show QR code' });
    expect(screen.queryByRole('img', { name: 'QR code for UPI payment' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsOf(calls, 'api-last-fund-request-detail')).toHaveLength(1));
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(show);
    expect(screen.getByRole('alert')).toHaveTextContent(minAddAmount(100));
    expect(callsOf(calls, 'api-fund-request-add')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '750');
    await user.click(show);
    const img = await screen.findByRole('img', { name: 'QR code for UPI payment' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(callsOf(calls, 'api-fund-request-add')[0].body.request_amount).toBe(750);
    expect(screen.getByText('Pay 750 points for request D52')).toBeInTheDocument();
    expect(screen.getByTestId('upi-note')).toHaveTextContent('Add Funds D52');
    expect(screen.getByTestId('upi-id')).toHaveTextContent('shop@upi');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('shop@upi');
    expect(await screen.findByText('UPI ID copied')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Add your payment reference' })).toHaveTextContent('D52');
  });

  it('a refused request shows the reason and no QR', async () => {
    const user = userEvent.setup();
    mockApi({
      'api-get-qr-pay': qrAnswer,
      'api-last-fund-request-detail': ok({ min_amt: '0' }),
      'api-fund-request-add': { status: false, msg: 'You are on a break until 30/11/2026' },
    });
    await renderAt('/qrpay');
    await user.type(await screen.findByLabelText('Amount'), '500');
    await user.click(screen.getByRole('button', { name: 'Show QR code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are on a break until 30/11/2026');
    expect(screen.queryByRole('img', { name: 'QR code for UPI payment' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('upi-id')).not.toBeInTheDocument();
  });
});

/** '03:45 PM' text for a minute of the day. */
function time12(min: number): string {
  const m = ((min % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
const nowMin = () => {
  const p = zonedDateParts(new Date());
  return p.hour * 60 + p.minute;
};

describe('/withdraw', () => {
  const details = ok({
    payment_details: [{ google_pay_number: '9111111111', paytm_number: '', phone_pay_number: '9333333333' }],
  });

  function api(
    window: [string, string],
    withdraw: unknown = ok({ msg: 'Withdraw request sent successfully' }),
    pd: unknown = details,
  ) {
    return mockApi({
      'api-user-wallet-balance': ok({
        wallet_amt: '1000',
        withdraw_open_time: window[0],
        withdraw_close_time: window[1],
        min_withdrawal: '500',
      }),
      'api-get-user-payment-details': pd as Record<string, unknown>,
      'api-user-withdraw-fund-request': () => withdraw,
    });
  }

  it('checks in the spec order, then sends and goes to /imp', async () => {
    const user = userEvent.setup();
    const calls = api([time12(nowMin() - 60), time12(nowMin() + 60)]);
    const { router } = await renderAt('/withdraw');
    expect(await screen.findByTestId('withdraw-timings')).toHaveTextContent(/Withdraw timings: .* – /);
    await screen.findByRole('option', { name: 'Google Pay - 9111111111' });
    const submit = screen.getByRole('button', { name: 'Withdraw' });
    const points = screen.getByLabelText('Points');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.amountRequired);
    // a decimal point is refused, never read as 6005
    await user.type(points, '600.5');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(POINTS_WHOLE);
    expect(points).toHaveValue('600.5');
    await user.clear(points);
    await user.type(points, '1500');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.walletLimitExceeded);
    await user.clear(points);
    await user.type(points, '100');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(minWithdraw(500));
    await user.clear(points);
    await user.type(points, '600');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.selectPaymentMethod);
    expect(callsOf(calls, 'api-user-withdraw-fund-request')).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'PhonePe - 9333333333');
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/imp'));
    expect(callsOf(calls, 'api-user-withdraw-fund-request')[0].body).toMatchObject({
      mobile: ME,
      request_amount: 600,
      payment_method: 4,
    });
    expect(await screen.findByText(MSG.withdrawSent)).toBeInTheDocument();
  });

  it('refuses outside the window without a call', async () => {
    const user = userEvent.setup();
    const calls = api([time12(nowMin() + 60), time12(nowMin() + 120)]);
    await renderAt('/withdraw');
    await screen.findByRole('option', { name: 'Google Pay - 9111111111' });
    await user.type(screen.getByLabelText('Points'), '600');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'Google Pay - 9111111111');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.withdrawOutsideHours);
    expect(callsOf(calls, 'api-user-withdraw-fund-request')).toHaveLength(0);
  });

  it("server refusal: its message, else 'An error occurred'", async () => {
    const user = userEvent.setup();
    let answer: unknown = { status: false, msg: 'Withdrawals are only allowed during specified hours.' };
    mockApi({
      'api-user-wallet-balance': ok({ wallet_amt: '1000', min_withdrawal: '500' }),
      'api-get-user-payment-details': details,
      'api-user-withdraw-fund-request': () => answer,
    });
    await renderAt('/withdraw');
    await screen.findByRole('option', { name: 'Google Pay - 9111111111' });
    await user.type(screen.getByLabelText('Points'), '600');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'Google Pay - 9111111111');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.withdrawOutsideHours);
    answer = { status: false };
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^An error occurred$/));
  });

  it("no stored numbers: 'No payment methods available'", async () => {
    api(['10:00 AM', '11:00 PM'], ok(), ok({ payment_details: [] }));
    await renderAt('/withdraw');
    expect(await screen.findByText(MSG.noPaymentMethods)).toBeInTheDocument();
    expect(screen.getByLabelText('Payment Method')).toBeDisabled();
  });

  it("waits for the balance: Withdraw disabled with 'Loading balance...', no false 'Wallet Limit Exceeded'", async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = mockApi({
      'api-user-wallet-balance': async () => {
        await gate;
        return ok({ wallet_amt: '1000', min_withdrawal: '500' });
      },
      'api-get-user-payment-details': details,
      'api-user-withdraw-fund-request': ok({ msg: 'Withdraw request sent successfully' }),
    });
    const { router } = await renderAt('/withdraw', undefined, { wallet: null });
    await screen.findByRole('option', { name: 'Google Pay - 9111111111' });
    await user.type(screen.getByLabelText('Points'), '600');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'Google Pay - 9111111111');
    const submit = screen.getByRole('button', { name: 'Withdraw' });
    expect(submit).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading balance...');
    fireEvent.submit(submit.closest('form')!);
    expect(screen.queryByText(MSG.walletLimitExceeded)).not.toBeInTheDocument();
    expect(callsOf(calls, 'api-user-withdraw-fund-request')).toHaveLength(0);
    await act(async () => release());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled());
    expect(screen.queryByText('Loading balance...')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/imp'));
  });

  it('payment details failure texts', async () => {
    mockApi({
      'api-get-user-payment-details': () => {
        throw new TypeError('down');
      },
    });
    await renderAt('/withdraw');
    expect(await screen.findByText(MSG.paymentDetailsError)).toBeInTheDocument();
  });
});

describe('/transfer', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, points: string, phone: string) {
    await user.clear(screen.getByLabelText('Points'));
    if (points) await user.type(screen.getByLabelText('Points'), points);
    await user.clear(screen.getByLabelText('Phone Number'));
    if (phone) await user.type(screen.getByLabelText('Phone Number'), phone);
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
  }

  it('runs the checks of spec section 5 in order, without a call', async () => {
    const user = userEvent.setup();
    const calls = mockApi({});
    await renderAt('/transfer', undefined, { wallet: '1000' });
    const cases: [string, string, string][] = [
      ['', '', MSG.transferPhoneRequired],
      ['500', '12345', MSG.transferPhoneInvalid],
      ['500', ME, MSG.transferOwnPhone],
      ['', '9222222222', MSG.transferPointsRequired],
      // a decimal point is refused, never read as 1505
      ['150.5', '9222222222', POINTS_WHOLE],
      ['99', '9222222222', MSG.transferPointsMin],
      ['1001', '9222222222', MSG.transferNotEnoughPoints],
    ];
    for (const [points, phone, msg] of cases) {
      await fill(user, points, phone);
      expect(screen.getByRole('alert')).toHaveTextContent(msg);
    }
    // no transfer call (the player's break or exclusion is read, to say it above the form)
    expect(calls.filter((c) => c.call !== 'api-responsible')).toHaveLength(0);
  });

  it("waits for the balance: Transfer disabled with 'Loading balance...', no false 'Not Enough Points'", async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'api-check-user-for-transfer-amt': ok({ user_name: 'Ravi' }) });
    const { store } = await renderAt('/transfer', undefined, { wallet: null });
    await user.type(screen.getByLabelText('Points'), '500');
    await user.type(screen.getByLabelText('Phone Number'), '9222222222');
    const submit = screen.getByRole('button', { name: 'Transfer' });
    expect(submit).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading balance...');
    fireEvent.submit(submit.closest('form')!);
    expect(screen.queryByText(MSG.transferNotEnoughPoints)).not.toBeInTheDocument();
    // no transfer call (the player's break or exclusion is read, to say it above the form)
    expect(calls.filter((c) => c.call !== 'api-responsible')).toHaveLength(0);
    await balanceAnswered(store, '1000');
    await waitFor(() => expect(screen.queryByText('Loading balance...')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Transfer' })).toBeInTheDocument();
  });

  it('lookup failure text', async () => {
    const user = userEvent.setup();
    mockApi({ 'api-check-user-for-transfer-amt': { status: false, msg: 'User not found' } });
    await renderAt('/transfer');
    await fill(user, '500', '9222222222');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.transferLookupFailed);
  });

  it("shows the receiver's name, transfers on confirm and refreshes the balance", async () => {
    const user = userEvent.setup();
    let wallet = '1000';
    const calls = mockApi({
      'api-check-user-for-transfer-amt': ok({ user_name: 'Ravi' }),
      'api-user-transfer-wallet-balance': () => {
        wallet = '500';
        return ok({ msg: 'Transfer successful' });
      },
      'api-user-wallet-balance': () => ok({ wallet_amt: wallet }),
      'api-home-info': () => ok({ wallet_amt: wallet, betting_status: '1' }),
    });
    const { store } = await renderAt('/transfer');
    await fill(user, '500', '9222222222');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Transfer' });
    expect(within(dialog).getByTestId('transfer-receiver')).toHaveTextContent('Ravi');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Transfer successful')).toBeInTheDocument();
    expect(callsOf(calls, 'api-user-transfer-wallet-balance')[0].body).toMatchObject({
      amount: 500,
      mobile_no: '9222222222',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the Wallet tag is invalidated: a subscribed balance query refetches into the shared store
    const sub = store.dispatch(
      (await import('@matka/shared/api')).api.endpoints.walletBalance.initiate(undefined, { forceRefetch: true }),
    );
    await sub;
    expect(store.getState().home.wallet_amt).toBe('500');
    sub.unsubscribe();
  });

  it('/transfermodel without a draft goes back to /transfer; with one it confirms', async () => {
    mockApi({});
    const first = await renderAt('/transfermodel');
    expect(first.router.state.location.pathname).toBe('/transfer');
    first.unmount();
    await renderAt('/transfermodel', { points: 300, mobile: '9222222222', userName: 'Ravi' });
    expect(screen.getByRole('heading', { name: 'Confirm Transfer' })).toBeInTheDocument();
    expect(screen.getByTestId('transfer-receiver')).toHaveTextContent('Ravi');
  });
});

describe('rule pages', () => {
  it('/depositrule and /withdrawrule show the texts without scripts', async () => {
    mockApi({
      'api-money-deposit-withdrawal-rule': ok({
        content: [
          {
            deposit_rule: '<p>Deposit min 100.</p><script>window.bad=1</script>',
            withdrawal_rule: '<p onclick="x()">Withdraw min 500.</p>',
          },
        ],
      }),
    });
    const a = await renderAt('/depositrule');
    expect(await screen.findByText('Deposit min 100.')).toBeInTheDocument();
    expect(document.querySelector('.rule-text script')).toBeNull();
    a.unmount();
    await renderAt('/withdrawrule');
    const p = await screen.findByText('Withdraw min 500.');
    expect(p).not.toHaveAttribute('onclick');
  });
});

describe('offline', () => {
  it('a self-exclusion running: Add Funds and Transfer are disabled with its notice; Withdraw stays', async () => {
    const user = userEvent.setup();
    const until = new Date(Date.now() + 200 * 24 * 3600_000).toISOString();
    mockApi({
      'api-user-wallet-balance': ok({
        wallet_amt: '1000',
        withdraw_open_time: '12:00 AM',
        withdraw_close_time: '11:59 PM',
      }),
      'api-last-fund-request-detail': ok({ min_amt: '100' }),
      'api-get-user-payment-details': ok({ payment_details: [{ google_pay_number: '9111111111' }] }),
      'api-responsible': ok({ break_until: '', excluded_until: until, age_declared: true }),
    });
    const { router } = await renderAt('/addfund');
    const notice = await screen.findByTestId('play-paused');
    expect(notice).toHaveTextContent(/excluded|exclusion/i);
    await user.type(screen.getByLabelText('Amount'), '500');
    await user.click(screen.getByLabelText('PhonePe'));
    const add = screen.getByRole('button', { name: 'Add Funds' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(notice.textContent!);
    await act(() => router.navigate('/transfer'));
    const transfer = await screen.findByRole('button', { name: 'Transfer' });
    await waitFor(() => expect(transfer).toBeDisabled());
    expect(transfer).toHaveAccessibleDescription((await screen.findByTestId('play-paused')).textContent!);
    await act(() => router.navigate('/withdraw'));
    expect(screen.queryByTestId('play-paused')).toBeNull();
  });

  it('disables Add Funds, Withdraw and Transfer with the reason, and enables them back online', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'api-user-wallet-balance': ok({
        wallet_amt: '1000',
        withdraw_open_time: '12:00 AM',
        withdraw_close_time: '11:59 PM',
      }),
      'api-last-fund-request-detail': ok({ min_amt: '100' }),
      'api-get-user-payment-details': ok({ payment_details: [{ google_pay_number: '9111111111' }] }),
    });
    const { router } = await renderAt('/addfund');
    await user.type(screen.getByLabelText('Amount'), '500');
    await user.click(screen.getByLabelText('PhonePe'));
    const online = global.fetch;
    global.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    act(() => void window.dispatchEvent(new Event('offline')));
    const add = screen.getByRole('button', { name: 'Add Funds' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(MSG.offlineReason);
    for (const [path, name] of [
      ['/withdraw', 'Withdraw'],
      ['/transfer', 'Transfer'],
    ]) {
      await act(() => router.navigate(path));
      const button = await screen.findByRole('button', { name });
      await waitFor(() => expect(button).toHaveAccessibleDescription(MSG.offlineReason));
      expect(button).toBeDisabled();
    }
    global.fetch = online;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Transfer' })).toBeEnabled());
    expect(screen.queryByText(MSG.offlineReason)).not.toBeInTheDocument();
    expect(callsOf(calls, 'api-fund-request-add')).toHaveLength(0);
  });
});
