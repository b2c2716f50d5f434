import { Msg } from '@matka/shared/i18n';
import { EmptyState, isOk, MSG, notify, PageLoading, selectHome, useAppSelector, whatsappLink } from '@matka/shared';
import { useWalletQrPayQuery } from '../api';

/** /qrpay: the QR image, the UPI id with Copy, and WhatsApp to send the payment screenshot. */
export function QrPayPage() {
  const { data, isLoading, isError } = useWalletQrPayQuery();
  const { mobile_1 } = useAppSelector(selectHome);
  const qr = isOk(data) ? data?.qrdata?.[0] : undefined;
  const upiId = qr?.upi_id ?? '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(upiId);
      notify.success('UPI ID copied');
    } catch {
      notify.error('Could not copy. Please copy the UPI ID by hand.');
    }
  }

  return (
    <section className="wallet-page">
      <h1 className="page-title">QR Payment</h1>
      {isLoading ? (
        <PageLoading />
      ) : isError || !qr ? (
        <EmptyState>
          <Msg text={MSG.noDataFound} />
        </EmptyState>
      ) : (
        <div className="card qr-card">
          {qr.qr_image && (
            <img className="qr-image" src={qr.qr_image} alt="QR code for UPI payment" width={240} height={240} />
          )}
          {upiId && (
            <div className="upi-id-row">
              <span>
                UPI ID: <strong data-testid="upi-id">{upiId}</strong>
              </span>
              <button type="button" className="btn btn-secondary" onClick={copy}>
                Copy
              </button>
            </div>
          )}
          <p>Pay with any UPI app, then send the payment screenshot to us on WhatsApp.</p>
          {mobile_1 && (
            <a
              className="btn btn-primary btn-block"
              href={whatsappLink(mobile_1, 'Payment screenshot')}
              target="_blank"
              rel="noopener noreferrer"
            >
              Send Screenshot on WhatsApp
            </a>
          )}
        </div>
      )}
    </section>
  );
}
