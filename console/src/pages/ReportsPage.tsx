import { useState, type FormEvent } from 'react';
import { formatPoints, kolkataDateParts } from '@matka/shared/domain';
import { useReportQuery, type Report } from '../api';
import { downloadCsv, toCsv, type CsvColumn } from '../csv';
import { DataTable, ErrorText, QueryView } from '../parts';

const FAMILY_NAMES = { regular: 'Regular', starline: 'Starline', gali: 'Gali' } as const;
const pad = (n: number) => String(n).padStart(2, '0');

/** Today in Asia/Kolkata, and the day `n` days from an ISO day. */
function today(): string {
  const p = kolkataDateParts(new Date());
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A report table: its heading, a CSV download of all its rows, and the rows 20 to a page. */
function ReportTable<T>({
  title,
  file,
  rows,
  columns,
  rowKey,
}: {
  title: string;
  file: string;
  rows: readonly T[];
  columns: CsvColumn<T>[];
  rowKey: (row: T) => string;
}) {
  return (
    <div className="card">
      <div className="console-report-head">
        <h2>{title}</h2>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(file, toCsv(columns, rows))}
          aria-label={`Download ${title} as CSV`}
        >
          Download CSV
        </button>
      </div>
      {rows.length ? (
        <DataTable
          rows={rows}
          rowKey={rowKey}
          columns={columns.map((c) => ({
            header: c.header,
            // figures with the Indian grouping the player app uses (1,00,000); the CSV keeps plain numbers
            cell: (r: T) => {
              const v = c.value(r);
              return typeof v === 'number' ? formatPoints(v) : v;
            },
          }))}
        />
      ) : (
        <p>Nothing in these days.</p>
      )}
    </div>
  );
}

function Figures({ r }: { r: Report }) {
  const t = r.totals;
  const range = `${r.from}_to_${r.to}`;
  return (
    <>
      <div className="card">
        <h2>
          {r.from} to {r.to}
        </h2>
        <dl className="console-figures">
          {(
            [
              ['Stakes', t.stakes],
              ['Payouts', t.payouts],
              ['Profit', t.profit],
              ['Deposits', t.deposits],
              ['Withdrawals', t.withdrawals],
              ['Transfers', t.transfers],
            ] as const
          ).map(([label, n]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={label === 'Profit' && n < 0 ? 'console-loss' : undefined}>{formatPoints(n)}</dd>
            </div>
          ))}
        </dl>
      </div>
      <ReportTable
        title="Profit and loss per market and day"
        file={`profit-and-loss_${range}.csv`}
        rows={r.markets}
        rowKey={(m) => `${m.date}-${m.market_id}`}
        columns={[
          { header: 'Date', value: (m) => m.date },
          { header: 'Family', value: (m) => FAMILY_NAMES[m.family] },
          { header: 'Market', value: (m) => m.market },
          { header: 'Stakes', value: (m) => m.stakes },
          { header: 'Payouts', value: (m) => m.payouts },
          { header: 'Profit', value: (m) => m.profit },
        ]}
      />
      <ReportTable
        title="Stakes by bet type"
        file={`stakes-by-bet-type_${range}.csv`}
        rows={r.bet_types}
        rowKey={(b) => `${b.family}-${b.bet}`}
        columns={[
          { header: 'Family', value: (b) => FAMILY_NAMES[b.family] },
          { header: 'Bet type', value: (b) => b.bet },
          { header: 'Bids', value: (b) => b.bids },
          { header: 'Points', value: (b) => b.points },
        ]}
      />
      <ReportTable
        title="Transfers per day"
        file={`transfers_${range}.csv`}
        rows={r.transfers}
        rowKey={(x) => x.date}
        columns={[
          { header: 'Date', value: (x) => x.date },
          { header: 'Transfers', value: (x) => x.count },
          { header: 'Points', value: (x) => x.points },
        ]}
      />
      <ReportTable
        title="Deposits and withdrawals approved per day"
        file={`deposits-and-withdrawals_${range}.csv`}
        rows={r.money}
        rowKey={(x) => x.date}
        columns={[
          { header: 'Date', value: (x) => x.date },
          { header: 'Deposits', value: (x) => x.deposits },
          { header: 'Withdrawals', value: (x) => x.withdrawals },
        ]}
      />
    </>
  );
}

/** Reports: a range of days (the last 7 by default), its totals and four tables, each exportable as CSV. */
export function ReportsPage() {
  const [to, setTo] = useState(today);
  const [from, setFrom] = useState(() => addDays(today(), -6));
  const [range, setRange] = useState({ from, to });
  const [error, setError] = useState('');
  const report = useReportQuery(range);

  const show = (e: FormEvent) => {
    e.preventDefault();
    if (!from || !to) return setError('Choose the first and the last day');
    if (from > to) return setError('The first day must not be after the last day');
    setError('');
    setRange({ from, to });
  };

  return (
    <section>
      <h1>Reports</h1>
      <form className="card console-form" onSubmit={show}>
        <label htmlFor="report-from">From</label>
        <input id="report-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <label htmlFor="report-to">To</label>
        <input id="report-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        <ErrorText text={error} />
        <button type="submit" className="btn btn-primary">
          Show report
        </button>
      </form>
      <QueryView query={report} loadingText="Loading the report...">
        {report.data && <Figures r={report.data} />}
      </QueryView>
    </section>
  );
}
