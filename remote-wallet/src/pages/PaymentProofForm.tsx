import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { formatPoints } from '@matka/shared/domain';
import { t, tMsg, useLanguage } from '@matka/shared/i18n';
import { outcomeOf, useWalletFundRequestProofMutation } from '../api';

/** What the server takes (api-fund-request-proof): at most 180 KB once decoded. */
export const PROOF_MAX_BYTES = 180 * 1024;

const decodedSize = (dataUrl: string) => Math.floor(((dataUrl.length - dataUrl.indexOf(',') - 1) * 3) / 4);

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('unreadable'));
    r.readAsDataURL(file);
  });
}

/**
 * A phone screenshot made small enough to send: drawn at most 1080 px wide and encoded as JPEG at a
 * falling quality until it fits; a small PNG or JPEG as it is. Null when it cannot be made to fit.
 */
export async function shrinkScreenshot(file: File): Promise<string | null> {
  if (!/^image\/(png|jpeg|webp)$/.test(file.type)) return null;
  if (file.size <= PROOF_MAX_BYTES) return readAsDataUrl(file);
  if (typeof createImageBitmap !== 'function') return null;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 1080 / bitmap.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const g = canvas.getContext('2d');
  if (!g) return null;
  g.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.8, 0.65, 0.5, 0.35]) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (url.startsWith('data:image/jpeg') && decodedSize(url) <= PROOF_MAX_BYTES) return url;
  }
  return null;
}

export interface SentRequest {
  id: string;
  number: string;
  amount: number;
  /** the payment app's link for this request, offered again in case the app did not open */
  link?: string;
}

/**
 * After a fund request: the player adds the UPI reference (UTR) of the payment and / or its screenshot,
 * so the operator can match the deposit. Checked here for the player's sake, and by the server.
 */
export function PaymentProofForm({ request }: { request: SentRequest }) {
  useLanguage();
  const ids = { utr: useId(), file: useId(), hint: useId(), err: useId() };
  const [send, { isLoading }] = useWalletFundRequestProofMutation();
  const [utr, setUtr] = useState('');
  const [shot, setShot] = useState<{ name: string; data: string } | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setError('');
    setShot(null);
    if (!file) return;
    setReading(true);
    try {
      const data = await shrinkScreenshot(file);
      if (data) setShot({ name: file.name, data });
      else setError(t('proof.unreadable', 'This file could not be read as an image. Choose a PNG or JPEG screenshot.'));
    } catch {
      setError(t('proof.unreadable', 'This file could not be read as an image. Choose a PNG or JPEG screenshot.'));
    } finally {
      setReading(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (isLoading || reading) return;
    const digits = utr.replace(/\s+/g, '');
    if (digits && !/^\d{12}$/.test(digits))
      return setError(t('proof.utrRule', 'The UTR is the 12-digit UPI reference number of your payment'));
    if (!digits && !shot) return setError(t('proof.needed', 'Enter the UTR or add a screenshot'));
    setError('');
    const r = outcomeOf(
      await send({
        request_id: request.id,
        ...(digits ? { utr: digits } : {}),
        ...(shot ? { screenshot: shot.data } : {}),
      }),
    );
    if (!r.ok) return setError(r.msg ?? t('proof.failed', 'Could not send. Please try again.'));
    setDone(r.msg ?? t('proof.added', 'Payment reference added'));
  }

  if (done)
    return (
      <p className="card proof-done" role="status">
        {request.number}: {done}
      </p>
    );

  return (
    <form className="card wallet-form proof-form" onSubmit={submit} noValidate aria-labelledby={`${ids.utr}-title`}>
      <h2 id={`${ids.utr}-title`} className="proof-title">
        {t('proof.title', 'Add your payment reference')}
      </h2>
      <p className="proof-intro">
        {t(
          'proof.intro',
          'Request {number} for {points} points is waiting for approval. After paying, add the UTR from your UPI app (or a screenshot of the payment) so it is matched faster.',
          { number: request.number, points: formatPoints(request.amount) },
        )}
      </p>
      {request.link && (
        <a className="btn btn-secondary btn-block" href={request.link}>
          {t('proof.payAgain', 'Open the payment app for {number}', { number: request.number })}
        </a>
      )}
      <label htmlFor={ids.utr}>{t('proof.utr', 'UPI reference (UTR)')}</label>
      <input
        id={ids.utr}
        inputMode="numeric"
        autoComplete="off"
        maxLength={16}
        placeholder={t('proof.digits', '12 digits')}
        value={utr}
        aria-describedby={error ? ids.err : ids.hint}
        onChange={(e) => setUtr(e.target.value.replace(/[^\d\s]/g, ''))}
        disabled={isLoading}
      />
      <p id={ids.hint} className="form-hint">
        {t('proof.where', 'In the payment\'s details in your UPI app: "UTR", "UPI Ref No" or "Transaction ID".')}
      </p>
      <label htmlFor={ids.file}>{t('proof.file', 'Payment screenshot (optional)')}</label>
      <input
        id={ids.file}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={(e) => void pick(e)}
        disabled={isLoading}
      />
      {reading && <p role="status">{t('proof.reading', 'Reading the screenshot...')}</p>}
      {shot && <p className="form-hint">{t('proof.ready', 'Screenshot ready: {name}', { name: shot.name })}</p>}
      {error && (
        <p id={ids.err} className="form-error" role="alert">
          {tMsg(error)}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={isLoading || reading}>
        {isLoading ? t('upi.sending', 'Sending...') : t('proof.send', 'Send reference')}
      </button>
    </form>
  );
}
