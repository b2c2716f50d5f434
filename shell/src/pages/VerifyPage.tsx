import { useEffect, useRef, useState, type FormEvent } from 'react';
import { getRuntimeConfig } from '@matka/shared';
import { PageHeader } from '@matka/shared/ui';
import { betTypeById, formatBidDate, formatMomentText, formatPoints, parseIsoDate } from '@matka/shared/domain';
import { t, tDate, tWord, useLanguage } from '@matka/shared/i18n';
import { checkReceipt, Unreachable, type InvalidReason, type ReceiptCheck } from '@matka/shared/receipts';

/** The market day a receipt names ('2026-12-07'), as the player reads a date: '7-December-2026'. */
function marketDay(iso: string): string {
  const d = parseIsoDate(iso);
  return d ? formatBidDate(new Date(Date.UTC(d.year, d.month - 1, d.day, 12)), 'UTC') : iso;
}

/** Why a receipt is not valid, for a person. */
const REASONS: Record<InvalidReason, () => string> = {
  malformed: () => t('verify.malformed', 'This is not a bid receipt. Paste the whole receipt, as it was copied.'),
  signature: () =>
    t('verify.badSignature', 'The signature does not match: the receipt was changed, or this server did not sign it.'),
  unknownKey: () => t('verify.unknownKey', 'None of the keys this server publishes signed it.'),
  keyNotFor: () => t('verify.keyNotFor', 'It was signed by a key this server does not use for receipts of that day.'),
  missing: () =>
    t('verify.missing', 'The server signed this receipt but no longer has its bid. Keep the receipt and report it.'),
  notInBook: () => t('verify.notInBook', "It is not in its session's sealed book."),
  wrongBook: () =>
    t(
      'verify.wrongBook',
      "The server's proof is of another market, day or session than this receipt's: it proves nothing about it.",
    ),
  bookSignature: () => t('verify.bookSignature', "The sealed book's signature does not match."),
};

/** The server the receipts are checked against: the one this app talks to. */
function serverOrigin(): string {
  return new URL(getRuntimeConfig().apiBase || '/', window.location.href).origin;
}

type Detector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type DetectorClass = new (opts: { formats: string[] }) => Detector;
const Barcode = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/**
 * /verify (logged in or not): paste, scan or open (from bid history, /verify#<receipt>) a receipt; the
 * page checks it in the browser against the server's published keys and sealed book and says Genuine or
 * Not valid with the reason, with the session's result and what the bids won.
 */
export default function VerifyPage() {
  useLanguage();
  const [receipt, setReceipt] = useState(() => decodeURIComponent(window.location.hash.slice(1)));
  const [busy, setBusy] = useState(false);
  const [check, setCheck] = useState<ReceiptCheck | null>(null);
  const [error, setError] = useState('');
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  async function run(text: string) {
    if (busy) return;
    setError('');
    setCheck(null);
    if (!text.trim()) {
      setError(t('verify.empty', 'Paste a receipt first.'));
      return;
    }
    setBusy(true);
    try {
      setCheck(await checkReceipt(text, serverOrigin()));
    } catch (e) {
      setError(
        e instanceof Unreachable
          ? t('verify.unreachable', 'Could not reach the server to check it. Try again.')
          : t('verify.failed', 'Could not check it in this browser.'),
      );
    } finally {
      setBusy(false);
    }
  }

  // a receipt opened from bid history is checked at once
  const opened = useRef(receipt);
  useEffect(() => {
    if (opened.current) void run(opened.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // the camera, while scanning: the first QR code read is the receipt
  useEffect(() => {
    if (!scanning || !Barcode) return;
    let stream: MediaStream | null = null;
    let stop = false;
    const detector = new Barcode({ formats: ['qr_code'] });
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stop) {
          const found = await detector.detect(video.current);
          if (found[0]?.rawValue) {
            setReceipt(found[0].rawValue);
            setScanning(false);
            void run(found[0].rawValue);
            return;
          }
          await new Promise((r) => requestAnimationFrame(r));
        }
      } catch {
        setError(t('verify.noCamera', 'The camera could not be opened. Paste the receipt instead.'));
        setScanning(false);
      }
    })();
    return () => {
      stop = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scanning]);

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(receipt);
  }

  return (
    <section>
      <PageHeader title={t('verify.title', 'Verify a Receipt')} back />
      <form className="card form-card" onSubmit={submit} noValidate>
        <p className="verify-intro">
          {t(
            'verify.intro',
            "Every accepted bid gets a receipt signed by the server. This page checks it in your browser against the server's published keys and the sealed book of its session.",
          )}
        </p>
        <label htmlFor="verify-receipt">{t('verify.receipt', 'Receipt')}</label>
        <textarea
          id="verify-receipt"
          className="verify-input"
          rows={5}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          value={receipt}
          onChange={(e) => setReceipt(e.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('verify.checking', 'Checking...') : t('verify.check', 'Check')}
        </button>
        {Barcode && typeof navigator.mediaDevices?.getUserMedia === 'function' ? (
          <button type="button" className="btn btn-secondary btn-block" onClick={() => setScanning((s) => !s)}>
            {scanning ? t('verify.stopScan', 'Stop scanning') : t('verify.scan', 'Scan QR')}
          </button>
        ) : null}
        {scanning ? (
          <video ref={video} className="verify-video" muted playsInline aria-label={t('verify.camera', 'Camera')} />
        ) : null}
        {error ? (
          <p className="form-error form-message" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      <div aria-live="polite">{check ? <Verdict check={check} /> : null}</div>
    </section>
  );
}

function Verdict({ check }: { check: ReceiptCheck }) {
  const c = check.claims;
  return (
    <article className={`card verify-verdict ${check.valid ? 'verify-genuine' : 'verify-invalid'}`}>
      <h2 className="verify-status">
        {check.valid ? t('verify.genuine', 'Genuine') : t('verify.notValid', 'Not valid')}
      </h2>
      {!check.valid ? <p className="verify-reason">{REASONS[check.reason]()}</p> : null}
      {check.valid && check.book ? (
        <p className="verify-reason">
          {t('verify.inBook', 'Signed by the server, and receipt {n} of {size} in the sealed book of its session.', {
            n: check.book.index + 1,
            size: check.book.size,
          })}
        </p>
      ) : null}
      {check.valid && !check.book ? (
        <p className="verify-reason">
          {t(
            'verify.open',
            "Signed by the server. Its session's bidding is still open: the book is sealed when it closes.",
          )}
        </p>
      ) : null}
      {c ? (
        <dl className="verify-fields">
          <dt>{t('verify.market', 'Market')}</dt>
          <dd>{c.market.name}</dd>
          <dt>{t('verify.date', 'Date')}</dt>
          <dd>{tDate(marketDay(c.date))}</dd>
          <dt>{t('verify.session', 'Session')}</dt>
          <dd>{tWord(c.session)}</dd>
          <dt>{t('verify.betType', 'Bet Type')}</dt>
          <dd>{tWord(betTypeById(c.bet_type)?.title ?? c.bet_type)}</dd>
          <dt>{t('verify.accepted', 'Accepted')}</dt>
          <dd>{tDate(formatMomentText(c.accepted_at))}</dd>
          {check.valid && check.book ? (
            <>
              <dt>{t('verify.result', 'Result')}</dt>
              <dd>{check.book.result ?? t('verify.notDeclared', 'Not declared yet')}</dd>
              {check.book.result && check.book.declared_by ? (
                <>
                  <dt>{t('verify.declaredBy', 'Declared by')}</dt>
                  <dd>
                    {check.book.certified_by
                      ? t('verify.proposedCertified', '{proposer}, certified by {certifier}', {
                          proposer: check.book.declared_by,
                          certifier: check.book.certified_by,
                        })
                      : check.book.declared_by}
                  </dd>
                </>
              ) : null}
              <dt>{t('verify.root', 'Book root')}</dt>
              <dd className="verify-hash">{check.book.root}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {c ? (
        <table className="verify-bids">
          <caption>{t('verify.bids', 'Bids')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('verify.digits', 'Digits')}</th>
              <th scope="col">{t('verify.points', 'Points')}</th>
              <th scope="col">{t('verify.rate', 'Rate')}</th>
              {check.valid ? <th scope="col">{t('verify.won', 'Won')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {c.bids.map((b, i) => {
              const v = check.valid ? check.bids[i] : null;
              return (
                <tr key={b.id}>
                  <td>{[b.digits, b.closedigits].filter(Boolean).join('-')}</td>
                  <td>{formatPoints(b.points)}</td>
                  <td>{b.rate}</td>
                  {v ? (
                    <td>
                      {v.outcome === 'win'
                        ? formatPoints(v.won)
                        : v.outcome === 'lose'
                          ? t('verify.lost', 'Lost')
                          : t('verify.pending', 'Pending')}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </article>
  );
}
