/**
 * The Results screen's parts below its form: the declared results with their sealed books and who
 * declared and certified each, and a declaration's settlement while its bids settle.
 */
import { useEffect } from 'react';
import { formatPoints } from '@matka/shared/domain';
import { messageOf, useResultHistoryQuery, useSettlementQuery, type MarketRow, type SettlementJob } from '../api';
import { DataTable, ErrorText, QueryView } from '../parts';

type Family = MarketRow['family'];

export const FAMILIES: { family: Family; label: string }[] = [
  { family: 'regular', label: 'Regular market' },
  { family: 'starline', label: 'Starline slot' },
  { family: 'gali', label: 'Gali market' },
];

/** The results declared in the last 30 days for the chosen family, newest first. */
export function History({ family }: { family: Family }) {
  const history = useResultHistoryQuery(family);
  const label = FAMILIES.find((f) => f.family === family)!.label;
  return (
    <div className="card">
      <h2>Declared results</h2>
      <QueryView query={history} loadingText="Loading declared results...">
        {history.data?.length ? (
          <DataTable
            key={family}
            caption={`${label}s, last 30 days`}
            rows={history.data}
            rowKey={(r) => `${r.date}-${r.market_id}`}
            columns={[
              { header: 'Date', cell: (r) => r.date },
              { header: family === 'starline' ? 'Slot' : 'Market', cell: (r) => r.market },
              { header: 'Result', cell: (r) => r.result_text || '—' },
              {
                header: 'Sealed book',
                cell: (r) =>
                  r.books.length
                    ? r.books.map((b) => (
                        <span key={b.session} className="sealed-book">
                          {family === 'regular' ? `${b.session === 'open' ? 'Open' : 'Close'}: ` : ''}
                          {b.size} {b.size === 1 ? 'receipt' : 'receipts'}, root{' '}
                          <code title={b.root}>{b.root.slice(0, 16)}…</code>
                        </span>
                      ))
                    : '—',
              },
              {
                header: 'Declared',
                className: 'console-text',
                cell: (r) =>
                  `${r.declared}${r.declared_by ? ` by ${r.declared_by}` : ''}${r.certified_by ? `, certified by ${r.certified_by}` : ''}`,
              },
              { header: 'Last change', cell: (r) => r.changed },
            ]}
          />
        ) : (
          <p>No {label.toLowerCase()} result declared in the last 30 days.</p>
        )}
      </QueryView>
    </div>
  );
}

/**
 * A declared result's settlement while its bids settle: bids settled of the total and points paid so far,
 * asked every second until the job is done (then its summary replaces this).
 */
export function SettlementProgress({
  id,
  head,
  initial,
  onDone,
}: {
  id: string;
  head: string;
  /** the job as the declaration answered it */
  initial: SettlementJob;
  onDone: (msg: string) => void;
}) {
  const q = useSettlementQuery(id, { pollingInterval: 1000 });
  const job = q.data?.job ?? initial;
  const msg = q.data?.msg;
  useEffect(() => {
    if (job && job.status !== 'running' && msg) onDone(`${head}; ${msg}`);
  }, [job, msg, head, onDone]);
  const total = job?.bids_total ?? null;
  const pct = job && total ? Math.floor((job.bids_done / total) * 100) : 0;
  return (
    <div className="card console-settling" role="status" aria-live="polite">
      <p>
        <strong>Declared. {head}</strong>
      </p>
      {job && total !== null ? (
        <p>
          Settling the bids: {`${formatPoints(job.bids_done)} of ${formatPoints(total)}`} ({pct}%)
          {`, ${formatPoints(job.paid)} paid ${formatPoints(job.paid_points)} points so far`}
        </p>
      ) : (
        <p>Settling the bids: counting them...</p>
      )}
      {total === null ? (
        // with no value: the bar shows work under way, its size not known yet
        <progress aria-label="Bids settled" />
      ) : (
        <progress max={total || 1} value={job.bids_done} aria-label="Bids settled" />
      )}
      {q.isError && <ErrorText text={messageOf(q.error)} />}
    </div>
  );
}
