import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isValidPhone, MSG } from '@matka/shared';
import { UPI_APPS_BY_TYPE, upiAppOfType } from '@matka/shared/domain';
import { t, tMsg, useLanguage } from '@matka/shared/i18n';
import { outcomeOf, useWalletSendUpiOtpMutation, type UpiOption } from '../api';

/** The UPI apps a number can be added for, by their UPI-details code (the facts: the domain's UPI_APPS). */
export const UPI_OPTIONS = UPI_APPS_BY_TYPE.map((a) => ({ option: a.upiType, label: a.label, field: a.detailsField }));

export const upiAppLabel = (o: UpiOption) => upiAppOfType(o).label;

/**
 * Enter the number of a payment app; an OTP is sent, then /otpwithdraw confirms it.
 * Without `option` (the /mymodel page opened directly) the app is chosen here too.
 */
export function UpiNumberForm({ option, onCancel }: { option?: UpiOption; onCancel?: () => void }) {
  useLanguage();
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
          <label htmlFor={ids.app}>{t('upi.app', 'Payment App')}</label>
          <select id={ids.app} value={app} onChange={(e) => setApp(Number(e.target.value) as UpiOption)}>
            {UPI_OPTIONS.map((a) => (
              <option key={a.option} value={a.option}>
                {a.label}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={ids.phone}>{t('transfer.phone', 'Phone Number')}</label>
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
          {tMsg(error)}
        </p>
      )}
      <div className="modal-actions">
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={isLoading}>
            {t('transfer.cancel', 'Cancel')}
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {isLoading ? t('wallet.submitting', 'Submitting...') : t('upi.sendOtp', 'Send OTP')}
        </button>
      </div>
    </form>
  );
}
