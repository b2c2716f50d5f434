import { useEffect, useId, useState, type FormEvent } from 'react';
import { Msg } from '@matka/shared/i18n';
import {
  isOk,
  MSG,
  notify,
  OfflineReason,
  PageLoading,
  selectHome,
  useAppSelector,
  useOffline,
  whatsappLink,
} from '@matka/shared';
import { EmptyState } from '@matka/shared/ui';
import { formatPoints } from '@matka/shared/domain';
import { t, tMsg, useLanguage } from '@matka/shared/i18n';
import { outcomeOf, useWalletFundDetailQuery, useWalletFundRequestAddMutation, useWalletQrPayQuery } from '../api';
import { depositNote, upiLink } from '../lib/upi';
import { addFundAmountError, DepositAmount } from './AddFundPage';
import { PaymentProofForm, type SentRequest } from './PaymentProofForm';

/** The QR code of a payment link, as an SVG data URL (the QR library is loaded only when a code is drawn). */
async function qrImage(text: string): Promise<string> {
  const QRCode = await import('qrcode');
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * /qrpay: the player asks for an amount first; once the server has accepted the fund request, the page
 * shows the QR code of that payment (amount and the request's number in the note), the UPI id with
 * Copy, WhatsApp to send the screenshot, and the form for the payment's reference. No request, no QR:
 * a refused request (a limit, a break, the maximum) never leads to a payment.
 */
export function QrPayPage() {
  useLanguage();
  const ids = { amount: useId(), err: useId(), offline: useId() };
  const offline = useOffline();
  const { data, isLoading, isError } = useWalletQrPayQuery();
  const { data: detail } = useWalletFundDetailQuery(undefined, { refetchOnMountOrArgChange: true });
  const serverMin = Math.max(Number(detail?.min_amt ?? 0) || 0, 0);
  const { mobile_1 } = useAppSelector(selectHome);
  const qr = isOk(data) ? data?.qrdata?.[0] : undefined;
  const upiId = qr?.upi_id ?? '';
  const [addRequest] = useWalletFundRequestAddMutation();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<(SentRequest & { link: string }) | null>(null);
  const [image, setImage] = useState('');

  useEffect(() => {
    if (!sent) return setImage('');
    let live = true;
    qrImage(sent.link).then(
      (src) => live && setImage(src),
      () => live && setError(MSG.paymentInitError),
    );
    return () => {
      live = false;
    };
  }, [sent]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const bad = addFundAmountError(amount, serverMin);
    if (bad) return setError(bad);
    const amt = Number(amount.trim());
    setError('');
    setSent(null);
    setBusy(true);
    const r = outcomeOf(await addRequest({ request_amount: amt }));
    setBusy(false);
    if (!r.ok) return setError(r.network ? MSG.paymentInitError : (r.msg ?? MSG.paymentInitError));
    const id = String(r.data?.request_id ?? '');
    const number = String(r.data?.request_number ?? `D${id}`);
    notify.success(r.msg ?? 'Fund request sent');
    setAmount('');
    setSent({ id, number, amount: amt, link: upiLink({ pa: upiId, pn: qr?.payee_name ?? '', am: amt, ref: number }) });
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(upiId);
      notify.success(t('qr.copied', 'UPI ID copied'));
    } catch {
      notify.error(t('qr.copyFailed', 'Could not copy. Please copy the UPI ID by hand.'));
    }
  }

  return (
    <section className="wallet-page">
      <h1 className="page-title">{t('wallet.qrPay', 'QR Payment')}</h1>
      {isLoading ? (
        <PageLoading />
      ) : isError || !upiId ? (
        <EmptyState>
          <Msg text={MSG.noDataFound} />
        </EmptyState>
      ) : (
        <>
          <form className="card wallet-form" onSubmit={submit} noValidate>
            <DepositAmount
              id={ids.amount}
              value={amount}
              min={serverMin}
              describedBy={error ? ids.err : undefined}
              onChange={setAmount}
            />
            <p className="form-hint">
              {t('qr.first', 'Your request is registered first; then the QR code for that amount is shown.')}
            </p>
            {error && (
              <p id={ids.err} className="form-error" role="alert">
                {tMsg(error)}
              </p>
            )}
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={busy || !amount || offline}
              aria-describedby={offline ? ids.offline : undefined}
            >
              {busy ? t('wallet.submitting', 'Submitting...') : t('qr.show', 'Show QR code')}
            </button>
            {offline && <OfflineReason id={ids.offline} />}
          </form>
          {sent && (
            <div className="card qr-card">
              <p role="status">
                {t('qr.pay', 'Pay {points} points for request {number}', {
                  points: formatPoints(sent.amount),
                  number: sent.number,
                })}
              </p>
              {image ? (
                <img
                  className="qr-image"
                  src={image}
                  alt={t('qr.alt', 'QR code for UPI payment')}
                  width={240}
                  height={240}
                />
              ) : (
                <p>{t('qr.drawing', 'Drawing the QR code...')}</p>
              )}
              <p>
                {t('qr.note', 'Payment note')}: <strong data-testid="upi-note">{depositNote(sent.number)}</strong>
              </p>
              <div className="upi-id-row">
                <span>
                  {t('qr.upiId', 'UPI ID')}: <strong data-testid="upi-id">{upiId}</strong>
                </span>
                <button type="button" className="btn btn-secondary" onClick={copy}>
                  {t('qr.copy', 'Copy')}
                </button>
              </div>
              <p>{t('qr.how', 'Pay with any UPI app, then send the payment screenshot to us on WhatsApp.')}</p>
              {mobile_1 && (
                <a
                  className="btn btn-primary btn-block"
                  href={whatsappLink(mobile_1, `Payment screenshot ${sent.number}`)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('qr.send', 'Send Screenshot on WhatsApp')}
                </a>
              )}
            </div>
          )}
          {sent && (
            <PaymentProofForm key={sent.id} request={{ id: sent.id, number: sent.number, amount: sent.amount }} />
          )}
        </>
      )}
    </section>
  );
}
