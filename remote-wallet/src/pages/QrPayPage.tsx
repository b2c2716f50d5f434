import { Msg } from '@matka/shared/i18n';
import { EmptyState, isOk, MSG, notify, PageLoading, selectHome, useAppSelector, whatsappLink } from '@matka/shared';
import { t, useLanguage } from '@matka/shared/i18n';
import { useWalletQrPayQuery } from '../api';

/** /qrpay: the QR image, the UPI id with Copy, and WhatsApp to send the payment screenshot. */
export function QrPayPage() {
  useLanguage();
  const { data, isLoading, isError } = useWalletQrPayQuery();
  const { mobile_1 } = useAppSelector(selectHome);
  const qr = isOk(data) ? data?.qrdata?.[0] : undefined;
  const upiId = qr?.upi_id ?? '';

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
      ) : isError || !qr ? (
        <EmptyState>
          <Msg text={MSG.noDataFound} />
        </EmptyState>
      ) : (
        <div className="card qr-card">
          {qr.qr_image && (
            <img
              className="qr-image"
              src={qr.qr_image}
              alt={t('qr.alt', 'QR code for UPI payment')}
              width={240}
              height={240}
            />
          )}
          {upiId && (
            <div className="upi-id-row">
              <span>
                {t('qr.upiId', 'UPI ID')}: <strong data-testid="upi-id">{upiId}</strong>
              </span>
              <button type="button" className="btn btn-secondary" onClick={copy}>
                {t('qr.copy', 'Copy')}
              </button>
            </div>
          )}
          <p>{t('qr.how', 'Pay with any UPI app, then send the payment screenshot to us on WhatsApp.')}</p>
          {mobile_1 && (
            <a
              className="btn btn-primary btn-block"
              href={whatsappLink(mobile_1, 'Payment screenshot')}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('qr.send', 'Send Screenshot on WhatsApp')}
            </a>
          )}
        </div>
      )}
    </section>
  );
}
