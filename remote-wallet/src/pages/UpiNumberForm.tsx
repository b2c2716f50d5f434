import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isValidPhone, MSG } from '@matka/shared';
import { outcomeOf, useWalletSendUpiOtpMutation, type UpiOption } from '../api';

/** UPI-details option codes (spec section 9). */
export const UPI_APPS: {
  option: UpiOption;
  label: string;
  field: 'paytm_number' | 'google_pay_number' | 'phone_pay_number';
}[] = [
  { option: 1, label: 'Paytm', field: 'paytm_number' },
  { option: 2, label: 'GPay', field: 'google_pay_number' },
  { option: 3, label: 'PhonePe', field: 'phone_pay_number' },
];

export const upiAppLabel = (o: UpiOption) => UPI_APPS.find((a) => a.option === o)?.label ?? '';

/**
 * Enter the number of a payment app; an OTP is sent, then /otpwithdraw confirms it.
 * Without `option` (the /mymodel page opened directly) the app is chosen here too.
 */
export function UpiNumberForm({ option, onCancel }: { option?: UpiOption; onCancel?: () => void }) {
  const navigate = useNavigate();
  const ids = { phone: useId(), app: useId(), err: useId() };
  const [app, setApp] = useState<UpiOption>(option ?? 1);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState('');
  const [sendOtp, { isLoading }] = useWalletSendUpiOtpMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const n = phone.trim();
    if (!n) return setError(MSG.upiPhoneRequired);
    if (!isValidPhone(n)) return setError(MSG.upiPhoneInvalid);
    setError('');
    const r = outcomeOf(await sendOtp({ mobile: n, upi_type: app }));
    if (r.ok) navigate('/otpwithdraw', { state: { phoneNumber: n, option: app } });
    else setError(r.network ? MSG.sendingOtpError : (r.msg ?? MSG.generateOtpFailed));
  }

  return (
    <form className="wallet-form" onSubmit={submit} noValidate>
      {option === undefined && (
        <>
          <label htmlFor={ids.app}>Payment App</label>
          <select id={ids.app} value={app} onChange={(e) => setApp(Number(e.target.value) as UpiOption)}>
            {UPI_APPS.map((a) => (
              <option key={a.option} value={a.option}>
                {a.label}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={ids.phone}>Phone Number</label>
      <input
        id={ids.phone}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        value={phone}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.err : undefined}
        onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
      />
      {error && (
        <p id={ids.err} className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-actions">
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={isLoading}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {isLoading ? 'Submitting...' : 'Send OTP'}
        </button>
      </div>
    </form>
  );
}
