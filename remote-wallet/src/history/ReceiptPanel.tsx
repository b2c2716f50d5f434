import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '@matka/shared/i18n';

/** The receipt as a QR code, an SVG data URL (the QR library is loaded only when a code is drawn). */
async function qrOf(receipt: string): Promise<string> {
  const QRCode = await import('qrcode');
  const svg = await QRCode.toString(receipt, { type: 'svg', errorCorrectionLevel: 'L', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * A bid's signed receipt on its history card: shown on demand, with its QR code (another phone's
 * /verify scans it), Copy, Share (where the phone can) and Check (this app's /verify page).
 */
export function ReceiptPanel({ receipt }: { receipt: string }) {
  const [open, setOpen] = useState(false);
  const [qr, setQr] = useState('');
  const [said, setSaid] = useState('');
  const panel = useId();

  useEffect(() => {
    if (!open || qr) return;
    let live = true;
    qrOf(receipt).then(
      (src) => live && setQr(src),
      () => live && setSaid(t('receipt.noQr', 'The QR code could not be drawn.')),
    );
    return () => {
      live = false;
    };
  }, [open, qr, receipt]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(receipt);
      setSaid(t('receipt.copied', 'Receipt copied'));
    } catch {
      setSaid(t('receipt.copyFailed', 'Could not copy. Select the receipt and copy it.'));
    }
  }

  async function share() {
    try {
      await navigator.share({ title: t('receipt.title', 'Bid receipt'), text: receipt });
    } catch {
      // the player closed the share sheet: nothing to say
    }
  }

  return (
    <div className="hc-receipt">
      <button
        type="button"
        className="btn btn-secondary btn-small"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('receipt.hide', 'Hide receipt') : t('receipt.show', 'Receipt')}
      </button>
      {open ? (
        <div id={panel} className="hc-receipt-panel">
          {qr ? (
            <img className="hc-receipt-qr" src={qr} alt={t('receipt.qr', 'QR code of the bid receipt')} />
          ) : (
            <p role="status">{t('receipt.drawing', 'Drawing the QR code...')}</p>
          )}
          <label className="hc-receipt-label" htmlFor={`${panel}-text`}>
            {t('receipt.title', 'Bid receipt')}
          </label>
          <textarea id={`${panel}-text`} className="hc-receipt-text" readOnly rows={3} value={receipt} />
          <div className="hc-receipt-actions">
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void copy()}>
              {t('receipt.copy', 'Copy')}
            </button>
            {typeof navigator.share === 'function' ? (
              <button type="button" className="btn btn-secondary btn-small" onClick={() => void share()}>
                {t('receipt.share', 'Share')}
              </button>
            ) : null}
            <Link className="btn btn-primary btn-small" to={{ pathname: '/verify', hash: encodeURIComponent(receipt) }}>
              {t('receipt.check', 'Check')}
            </Link>
          </div>
          <p className="hc-receipt-said" role="status">
            {said}
          </p>
        </div>
      ) : null}
    </div>
  );
}
