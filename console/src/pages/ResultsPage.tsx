import { lazy, Suspense, useCallback, useMemo, useState, type FormEvent } from 'react';
import { counted, formatPoints } from '@matka/shared/domain';
import {
  messageOf,
  useDeclareMutation,
  useMarketsQuery,
  usePreviewMutation,
  useProposalsQuery,
  type Certified,
  type Declaration,
  type Declare,
  type MarketRow,
  type Preview,
  type SettlementJob,
} from '../api';
import { ConfirmDialog, DataTable, Done, ErrorText } from '../parts';
import { useConsoleSelector } from '../store';
import { CertificationNotice, ProposalsCard } from './ProposalsCard';
import { FAMILIES, History, SettlementProgress } from './ResultsParts';

type Family = MarketRow['family'];

/** '9 h 49 min' */
const howLong = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}` : `${minutes} min`;

// Chart.js comes with the first preview, on this screen only.
const ExposureChart = lazy(() => import(/* webpackChunkName: "exposure-chart" */ '../charts/ExposureChart'));

/** What the operator typed, as the declaration the server takes (or what is wrong with it). */
function declaration(family: Family, market: string, session: 'open' | 'close', value: string, date: string) {
  if (!market) return 'Choose a market';
  const v = value.trim();
  if (family === 'gali' && !/^\d{2}$/.test(v)) return 'The Gali result is a jodi of 2 digits, e.g. 45';
  if (family !== 'gali' && !/^\d{3}$/.test(v)) return 'The result is a pana of 3 digits, e.g. 128';
  const d = date ? { date } : {};
  const out: Declare =
    family === 'regular'
      ? { kind: 'result', market, session, pana: v, ...d }
      : family === 'starline'
        ? { kind: 'starline', slot: market, pana: v, ...d }
        : { kind: 'gali', market, jodi: v, ...d };
  return out;
}

function Winners({ preview }: { preview: Preview }) {
  if (!preview.winners?.length) return <p>No bid wins with this result.</p>;
  const more = (preview.winners_count ?? 0) > preview.winners.length;
  return (
    <DataTable
      caption={`Winning bids${more ? ' (first 100)' : ''}`}
      rows={preview.winners}
      rowKey={(w) => w.bid_id}
      columns={[
        { header: 'Mobile', cell: (w) => w.mobile },
        { header: 'Bet', cell: (w) => w.bet },
        { header: 'Session', cell: (w) => w.session },
        { header: 'Digits', cell: (w) => w.digits + (w.closedigits ? `-${w.closedigits}` : '') },
        { header: 'Points', cell: (w) => formatPoints(w.points) },
        { header: 'Win', cell: (w) => formatPoints(w.win_amount) },
      ]}
    />
  );
}

/** A correction's players who cannot cover what it reverses: their pending withdrawals will be held. */
function Uncovered({ preview }: { preview: Preview }) {
  if (!preview.uncovered?.length) return null;
  return (
    <div className="console-warning" role="note">
      <p>
        {preview.uncovered.length === 1 ? '1 player cannot' : `${preview.uncovered.length} players cannot`} cover the
        reversal. What it cannot take back holds their pending withdrawals: the Withdrawals queue flags them, and paying
        one out needs a reason.
      </p>
      <DataTable
        caption="Players who cannot cover the reversal"
        rows={preview.uncovered}
        rowKey={(u) => u.mobile}
        columns={[
          { header: 'Mobile', cell: (u) => u.mobile },
          { header: 'Name', cell: (u) => u.name },
          { header: 'Reversed', cell: (u) => formatPoints(u.reversed) },
          { header: 'Wallet', cell: (u) => formatPoints(u.wallet) },
          { header: 'New wins', cell: (u) => formatPoints(u.gained) },
          { header: 'Shortfall', cell: (u) => formatPoints(u.shortfall) },
          { header: 'Pending withdrawals', cell: (u) => formatPoints(u.pending_withdrawals) },
        ]}
      />
    </div>
  );
}

/**
 * Results: choose the market and result, preview winners and payout, then declare after a confirmation
 * (with certification on: propose it, and certify or reject the proposals of the other operators).
 */
export function ResultsPage() {
  const markets = useMarketsQuery();
  const [preview, previewState] = usePreviewMutation();
  const [declare, declareState] = useDeclareMutation();
  const [family, setFamily] = useState<Family>('regular');
  const [market, setMarket] = useState('');
  const [session, setSession] = useState<'open' | 'close'>('open');
  const [value, setValue] = useState('');
  const [date, setDate] = useState('');
  const [error, setError] = useState('');
  const [shown, setShown] = useState<{ d: Declare; p: Preview } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [declareError, setDeclareError] = useState('');
  const [done, setDone] = useState('');
  // a declaration whose bids are still settling: followed until its summary
  const [settling, setSettling] = useState<{ id: string; head: string; job: SettlementJob } | null>(null);
  const [earlyReason, setEarlyReason] = useState('');
  const [earlyError, setEarlyError] = useState('');
  // the signed-in operator, from the console's one session (the store's session slice)
  const owner = useConsoleSelector((s) => s.session.operator?.role) === 'owner';
  const certifying = useProposalsQuery().data?.certification?.on === true;
  const act = certifying ? 'Propose' : 'Declare';

  const choices = useMemo(
    () => (markets.data?.markets ?? []).filter((m) => m.family === family && m.active),
    [markets.data, family],
  );
  const reset = () => {
    setShown(null);
    setDone('');
    setError('');
    setEarlyReason('');
    setEarlyError('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (previewState.isLoading) return;
    reset();
    const d = declaration(family, market, session, value, date);
    if (typeof d === 'string') return setError(d);
    const r = await preview(d);
    if ('error' in r) return setError(messageOf(r.error));
    setShown({ d, p: r.data });
  };

  const confirm = async () => {
    if (!shown || declareState.isLoading) return;
    setDeclareError('');
    const early = shown.p.early;
    if (early && !earlyReason.trim()) return setDeclareError('Give the reason for declaring before the draw');
    const r = await declare(early ? { ...shown.d, early_reason: earlyReason.trim() } : shown.d);
    if ('error' in r) return setDeclareError(messageOf(r.error));
    setConfirming(false);
    setShown(null);
    setValue('');
    if (r.data.proposed) setDone(`Proposed. ${r.data.msg}`);
    else declared(r.data);
  };

  /** A result declared (or a proposal certified): its settlement followed while its bids settle. */
  const declared = useCallback((d: Exclude<Declaration, { proposed: true }> | Certified) => {
    if (d.job?.status === 'running') {
      setDone('');
      setSettling({ id: d.job.id, head: `${d.market.name} ${d.date}: ${d.result_text}`, job: d.job });
    } else setDone(`Declared. ${d.msg}`);
  }, []);

  const settled = useCallback((text: string) => {
    setSettling(null);
    setDone(`Declared. ${text}`);
  }, []);

  const s = shown?.p.summary;
  return (
    <section>
      <h1>Results</h1>
      <CertificationNotice />
      <form className="card console-form" onSubmit={submit} noValidate>
        <label htmlFor="r-family">Market type</label>
        <select
          id="r-family"
          value={family}
          onChange={(e) => {
            setFamily(e.target.value as Family);
            setMarket('');
            reset();
          }}
        >
          {FAMILIES.map((f) => (
            <option key={f.family} value={f.family}>
              {f.label}
            </option>
          ))}
        </select>
        <label htmlFor="r-market">{family === 'starline' ? 'Slot' : 'Market'}</label>
        <select
          id="r-market"
          value={market}
          onChange={(e) => {
            setMarket(e.target.value);
            reset();
          }}
          disabled={markets.isLoading}
        >
          <option value="">{markets.isLoading ? 'Loading markets...' : 'Choose...'}</option>
          {choices.map((m) => (
            <option key={m.id} value={String(m.id)}>
              {m.name} ({m.family === 'regular' ? `${m.open_time} – ${m.close_time}` : m.open_time})
            </option>
          ))}
        </select>
        <ErrorText text={markets.isError ? messageOf(markets.error) : ''} />
        {family === 'regular' && (
          <fieldset className="console-radios">
            <legend>Session</legend>
            {(['open', 'close'] as const).map((x) => (
              <label key={x}>
                <input
                  type="radio"
                  name="session"
                  value={x}
                  checked={session === x}
                  onChange={() => {
                    setSession(x);
                    reset();
                  }}
                />{' '}
                {x === 'open' ? 'Open' : 'Close'}
              </label>
            ))}
          </fieldset>
        )}
        <label htmlFor="r-value">{family === 'gali' ? 'Jodi' : 'Pana'}</label>
        <input
          id="r-value"
          inputMode="numeric"
          maxLength={family === 'gali' ? 2 : 3}
          value={value}
          onChange={(e) => {
            setValue(e.target.value.replace(/\D/g, ''));
            reset();
          }}
        />
        <label htmlFor="r-date">Date (empty: today)</label>
        <input
          id="r-date"
          type="date"
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            reset();
          }}
        />
        <ErrorText text={error} />
        <button type="submit" className="btn btn-primary" disabled={previewState.isLoading}>
          {previewState.isLoading ? 'Previewing...' : 'Preview'}
        </button>
      </form>
      <Done text={done} />
      {settling && (
        <SettlementProgress
          key={settling.id}
          id={settling.id}
          head={settling.head}
          initial={settling.job}
          onDone={settled}
        />
      )}
      {shown && s && (
        <div className="card console-preview" aria-labelledby="preview-title">
          <h2 id="preview-title">
            Preview: {shown.p.market.name} {shown.p.date}, {shown.p.result_text}
          </h2>
          <dl className="console-figures">
            <div>
              <dt>Winning bids</dt>
              <dd>{shown.p.winners_count ?? s.paid}</dd>
            </div>
            <div>
              <dt>Payout</dt>
              <dd>{shown.p.total_payout ?? s.paid_points} points</dd>
            </div>
            <div>
              <dt>Bids settled</dt>
              {/* the bids waiting for the close result are judged, not settled */}
              <dd>{formatPoints(s.bids - s.pending)}</dd>
            </div>
            {s.pending > 0 && (
              <div>
                <dt>Waiting for close</dt>
                <dd>{s.pending}</dd>
              </div>
            )}
          </dl>
          {s.reversed > 0 && (
            <p className="console-warning" role="note">
              This corrects an earlier result: {counted(s.reversed, 'earlier win')} ({formatPoints(s.reversed_points)}{' '}
              points) will be reversed.
            </p>
          )}
          {shown.p.exposure && (
            <Suspense fallback={<p role="status">Loading the exposure chart...</p>}>
              <h3>Exposure</h3>
              <ExposureChart exposure={shown.p.exposure} />
            </Suspense>
          )}
          <Uncovered preview={shown.p} />
          <Winners preview={shown.p} />
          {shown.p.early && (
            <div className="console-warning" role="note">
              <p>
                Early: this result is due at {shown.p.early.due}, {howLong(shown.p.early.minutes_early)} from now.
                Declaring it now settles its bids and closes betting before the draw.
              </p>
              {owner ? (
                <>
                  <label htmlFor="r-early-reason">Reason for declaring before the draw (kept in the audit log)</label>
                  <input
                    id="r-early-reason"
                    value={earlyReason}
                    maxLength={200}
                    onChange={(e) => setEarlyReason(e.target.value)}
                  />
                </>
              ) : (
                <p>Only an owner can declare a result before its draw time.</p>
              )}
            </div>
          )}
          <button
            type="button"
            className="btn btn-danger"
            disabled={!!shown.p.early && !owner}
            onClick={() => {
              if (shown.p.early && !earlyReason.trim())
                return setEarlyError('Give the reason for declaring before the draw');
              setEarlyError('');
              setConfirming(true);
            }}
          >
            {shown.p.early ? `${act} early` : act}
          </button>
          <ErrorText text={earlyError} />
        </div>
      )}
      {confirming && shown && s && (
        <ConfirmDialog
          title={`${act} ${shown.p.market.name} ${shown.p.result_text}?`}
          confirmLabel="Confirm"
          busyLabel={certifying ? 'Proposing...' : 'Declaring...'}
          busy={declareState.isLoading}
          error={declareError}
          danger
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          {certifying && (
            <p>It is published and settled only once another operator with the results right certifies it.</p>
          )}
          <p>
            {counted(s.paid, 'winning bid')} will be paid {formatPoints(s.paid_points)} points on {shown.p.date}.
            {s.reversed > 0
              ? ` ${counted(s.reversed, 'earlier win')} (${formatPoints(s.reversed_points)} points) will be reversed.`
              : ''}
          </p>
          {!!shown.p.uncovered?.length && (
            <p>
              {shown.p.uncovered.length === 1 ? '1 player cannot' : `${shown.p.uncovered.length} players cannot`} cover
              it: their pending withdrawals will be held.
            </p>
          )}
        </ConfirmDialog>
      )}
      <ProposalsCard onCertified={declared} />
      <History family={family} />
    </section>
  );
}
