/**
 * The bid screen's pending slip ("Your bids"): each line's digits, points and type, whether its session
 * closed meanwhile, what it wins if correct, and its Delete button.
 */
import { formatPoints, type BidRow } from '@matka/shared/domain';
import { t, tWord } from '@matka/shared/i18n';
import type { SlipEntry } from './slip';

export interface BidListProps {
  entries: SlipEntry[];
  /** the first column's heading: Digit, Open-Close, or the bet type's field */
  heading: string;
  /** the session word a line shows (null: the bet type has none that means anything) */
  session: ((x: SlipEntry) => string) | null;
  rowClosed: (r: BidRow) => boolean;
  winOf: (x: { rows: BidRow[] }) => number | null;
  onDelete: (key: number) => void;
}

export function BidList({ entries, heading, session, rowClosed, winOf, onDelete }: BidListProps) {
  return (
    <section className="card bid-list" aria-label={t('bid.yourBids', 'Your bids')}>
      <div className="bid-list-head" aria-hidden="true">
        <span>{heading}</span>
        <span>{t('bid.points', 'Points')}</span>
        <span>{t('bid.type', 'Type')}</span>
        <span />
      </div>
      <ul>
        {entries.map((x) => {
          const win = winOf(x);
          const closed = x.rows.some(rowClosed);
          return (
            <li key={x.key} className={`bid-row${closed ? ' is-closed' : ''}`}>
              <span className="bid-row-digit">{x.text}</span>
              <span className="bid-row-points">{formatPoints(x.total)}</span>
              <span className="bid-row-type">
                {tWord(x.detail)}
                {session && <small>{tWord(session(x))}</small>}
                {closed && <small className="bid-row-closed">{t('bid.rowClosed', 'Closed')}</small>}
              </span>
              <button
                type="button"
                className="bid-row-delete"
                aria-label={t('bid.delete', 'Delete {bid}', { bid: x.text })}
                onClick={() => onDelete(x.key)}
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path
                    fill="currentColor"
                    d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
                  />
                </svg>
              </button>
              {win !== null && (
                <span className="bid-row-win">
                  {t('bid.winIfCorrect', 'Win if correct')}: <strong>{formatPoints(win)}</strong>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
