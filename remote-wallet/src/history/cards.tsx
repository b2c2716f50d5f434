import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { POINTS_LABEL, formatPoints, webLink } from '@matka/shared';
import { UPI_APPS } from '@matka/shared/domain';
import { t, tDate, tWord } from '@matka/shared/i18n';
import { PaymentProofForm } from '../pages/PaymentProofForm';
import { ledgerNote } from '../lib/ledgerNote';
import { ReceiptPanel } from './ReceiptPanel';

/** A history record as the server sends it: fields read by name. */
export type Row = Record<string, unknown>;

export const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
export const pts = (v: unknown): string => `${formatPoints(text(v))} ${t('card.pts', 'pts')}`;
void POINTS_LABEL; // the English of 'card.pts'

/** Card colour by bet type: Left Digit blue, Right Digit green, Jodi Digit yellow, other grey. */
export function toneOf(betType: unknown): 'blue' | 'green' | 'yellow' | 'grey' {
  const t = text(betType).trim().toLowerCase();
  if (t === 'left digit') return 'blue';
  if (t === 'right digit') return 'green';
  if (t === 'jodi digit') return 'yellow';
  return 'grey';
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="hc-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Card({
  tone = 'grey',
  title,
  children,
  after,
}: {
  tone?: string;
  title: ReactNode;
  children: ReactNode;
  /** below the fields: an action of the record */
  after?: ReactNode;
}) {
  return (
    <article className={`history-card tone-${tone}`}>
      <h2 className="hc-title">{title}</h2>
      <dl className="hc-fields">{children}</dl>
      {after}
    </article>
  );
}

const digitsOf = (row: Row) => [text(row.digits), text(row.closedigits)].filter(Boolean).join(' - ');

const OUTCOMES: Partial<Record<string, () => string>> = {
  won: () => t('card.outcomeWon', 'Won'),
  lost: () => t('card.outcomeLost', 'Lost'),
  pending: () => t('card.pending', 'Pending'),
};

/**
 * Bid record: game_name, bet type, session (not on Gali cards), digits, bid_date, points; and what
 * became of it: Won / Lost / Pending with the result it met, what it won, or (pending) what it wins if
 * correct at the rate it was placed at. Deployed servers that send none of these show the spec's card.
 */
export function BidCard({ row, showSession = true }: { row: Row; showSession?: boolean }) {
  const status = text(row.status).toLowerCase();
  const outcome = OUTCOMES[status];
  return (
    <Card
      after={row.receipt ? <ReceiptPanel receipt={text(row.receipt)} /> : undefined}
      tone={toneOf(row.pana)}
      title={
        <>
          {text(row.game_name)}
          {outcome && <span className={`hc-outcome hc-outcome-${status}`}>{outcome()}</span>}
        </>
      }
    >
      <Field label={t('card.betType', 'Bet Type')}>{tWord(text(row.pana))}</Field>
      {showSession && row.session ? (
        <Field label={t('card.session', 'Session')}>{tWord(text(row.session))}</Field>
      ) : null}
      <Field label={t('card.digits', 'Digits')}>{digitsOf(row)}</Field>
      <Field label={t('card.bidDate', 'Bid Date')}>{tDate(text(row.bid_date))}</Field>
      <Field label={t('card.points', 'Points')}>{pts(row.points)}</Field>
      {row.rate ? <Field label={t('card.rate', 'Rate')}>{text(row.rate)}</Field> : null}
      {outcome && (
        <Field label={t('card.result', 'Result')}>
          {text(row.result) || t('card.notDeclared', 'Not declared yet')}
        </Field>
      )}
      {status === 'won' && row.win_amount ? <Field label={t('card.won', 'Won')}>{pts(row.win_amount)}</Field> : null}
      {status === 'pending' && row.win_if_correct ? (
        <Field label={t('card.winIfCorrect', 'Win if correct')}>{pts(row.win_if_correct)}</Field>
      ) : null}
    </Card>
  );
}

/** Win record: 'Congratulations You Won', game_name, digits, wining_date, bet type, amount. */
export function WinCard({
  row,
  showSession = true,
  detail = false,
}: {
  row: Row;
  showSession?: boolean;
  detail?: boolean;
}) {
  return (
    <Card tone={toneOf(row.pana)} title={t('card.congrats', 'Congratulations You Won')}>
      <Field label={t('card.game', 'Game')}>{text(row.game_name)}</Field>
      <Field label={t('card.betType', 'Bet Type')}>{tWord(text(row.pana))}</Field>
      {showSession && row.session ? (
        <Field label={t('card.session', 'Session')}>{tWord(text(row.session))}</Field>
      ) : null}
      <Field label={t('card.digits', 'Digits')}>{digitsOf(row)}</Field>
      <Field label={t('card.winDate', 'Win Date')}>{tDate(text(row.wining_date))}</Field>
      {detail && row.bid_date ? <Field label={t('card.bidDate', 'Bid Date')}>{tDate(text(row.bid_date))}</Field> : null}
      {detail && row.points ? <Field label={t('card.pointsPlayed', 'Points Played')}>{pts(row.points)}</Field> : null}
      <Field label={t('card.amount', 'Amount')}>{pts(row.amount)}</Field>
      {!detail && (
        <Link className="hc-link" to="/windata" state={{ win: row }}>
          {t('card.details', 'Details')}
        </Link>
      )}
    </Card>
  );
}

/** Wallet transaction: credit when transaction_type is '1', approved when amount_status is '1'. */
export function TransactionCard({ row }: { row: Row }) {
  const credit = text(row.transaction_type) === '1';
  const creditText = credit ? t('card.credit', 'Credit') : t('card.debit', 'Debit');
  return (
    <Card tone={credit ? 'credit' : 'debit'} title={ledgerNote(text(row.transaction_note)) || creditText}>
      <Field label={creditText}>
        <span className={credit ? 'amt-credit' : 'amt-debit'}>
          {credit ? '+' : '-'}
          {pts(row.amount)}
        </span>
      </Field>
      <Field label={t('card.date', 'Date')}>{tDate(text(row.insert_date))}</Field>
      {row.transaction_id ? (
        <Field label={t('card.transactionId', 'Transaction ID')}>{text(row.transaction_id)}</Field>
      ) : null}
      <Field label={t('card.status', 'Status')}>
        {text(row.amount_status) === '1' ? t('card.approved', 'Approved') : t('card.pending', 'Pending')}
      </Field>
    </Card>
  );
}

/** Request status of withdraw (and deposit) requests: '0' Pending, '1' Cancelled, otherwise Approved. */
export function requestStatus(v: unknown): 'Pending' | 'Cancelled' | 'Approved' {
  const s = text(v);
  return s === '0' ? 'Pending' : s === '1' ? 'Cancelled' : 'Approved';
}

function StatusChip({ value }: { value: unknown }) {
  const s = requestStatus(value);
  const shown =
    s === 'Pending'
      ? t('card.pending', 'Pending')
      : s === 'Cancelled'
        ? t('card.cancelled', 'Cancelled')
        : t('card.approved', 'Approved');
  return <span className={`status-chip status-${s.toLowerCase()}`}>{shown}</span>;
}

/** The app and number a withdrawal was paid to (each app answers under its detailsField). */
function payoutNumber(row: Row): string {
  const app = Object.values(UPI_APPS).find((a) => text(row[a.detailsField]));
  return app ? `${app.name} ${text(row[app.detailsField])}` : '';
}

export function WithdrawCard({ row }: { row: Row }) {
  const receipt = webLink(row.payment_receipt);
  const to = payoutNumber(row);
  return (
    <Card tone={requestStatus(row.request_status).toLowerCase()} title={pts(row.request_amount)}>
      {row.request_number ? <Field label={t('card.requestNo', 'Request No')}>{text(row.request_number)}</Field> : null}
      {to && <Field label={t('card.paidTo', 'Paid To')}>{to}</Field>}
      <Field label={t('card.date', 'Date')}>{tDate(text(row.insert_date))}</Field>
      <Field label={t('card.status', 'Status')}>
        <StatusChip value={row.request_status} />
      </Field>
      {row.reject_reason ? <Field label={t('card.reason', 'Reason')}>{text(row.reject_reason)}</Field> : null}
      {receipt && (
        <a className="hc-link" href={receipt} target="_blank" rel="noopener noreferrer">
          {t('card.receipt', 'View Receipt')}
        </a>
      )}
    </Card>
  );
}

/** A pending deposit without a UTR can still take the payment's reference (after the UPI app, say). */
function AddProof({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  const id = text(row.request_id);
  if (text(row.request_status) !== '0' || row.utr || !id) return null;
  if (open)
    return (
      <PaymentProofForm
        request={{ id, number: text(row.request_number) || `D${id}`, amount: Number(text(row.request_amount)) || 0 }}
      />
    );
  return (
    <button type="button" className="btn btn-secondary hc-action" onClick={() => setOpen(true)}>
      {t('card.addProof', 'Add UTR or screenshot')}
    </button>
  );
}

export function DepositCard({ row }: { row: Row }) {
  return (
    <Card
      tone={requestStatus(row.request_status).toLowerCase()}
      title={pts(row.request_amount)}
      after={<AddProof row={row} />}
    >
      {row.request_number ? <Field label={t('card.requestNo', 'Request No')}>{text(row.request_number)}</Field> : null}
      <Field label={t('card.date', 'Date')}>{tDate(text(row.insert_date))}</Field>
      <Field label={t('card.status', 'Status')}>
        <StatusChip value={row.request_status} />
      </Field>
      {row.reject_reason ? <Field label={t('card.reason', 'Reason')}>{text(row.reject_reason)}</Field> : null}
      {row.utr ? <Field label="UTR">{text(row.utr)}</Field> : null}
      {row.has_screenshot === true ? (
        <Field label={t('card.screenshot', 'Screenshot')}>{t('card.sent', 'Sent')}</Field>
      ) : null}
    </Card>
  );
}
