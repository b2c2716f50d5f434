import { useState } from 'react';
import { rateLabel } from '@matka/shared/domain';
import { messageOf, useRatesQuery, useSetRateMutation, type MarketRow, type RateRow } from '../api';
import { ConfirmDialog, DataTable, Done, QueryView } from '../parts';

const WHOLE = /^[1-9]\d{0,8}$/;

/** A family's game rates ('10-95': a bid of 10 points wins 95), each changed after a confirmation. */
export function RatesCard({ family }: { family: MarketRow['family'] }) {
  const rates = useRatesQuery();
  const [setRate, state] = useSetRateMutation();
  const [editing, setEditing] = useState<RateRow | null>(null);
  const [bid, setBid] = useState('');
  const [win, setWin] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const rows = (rates.data ?? []).filter((r) => r.family === family);

  const edit = (r: RateRow) => {
    setEditing(r);
    setBid(String(r.val_1));
    setWin(String(r.val_2));
    setError('');
    setDone('');
  };
  const save = async () => {
    if (!editing || state.isLoading) return;
    if (!WHOLE.test(bid.trim()) || !WHOLE.test(win.trim()))
      return setError('Enter both points as whole numbers more than 0');
    const r = await setRate({ ...editing, val_1: Number(bid.trim()), val_2: Number(win.trim()) });
    if ('error' in r) return setError(messageOf(r.error));
    setEditing(null);
    setDone(r.data.msg ?? 'Saved');
  };

  return (
    <div className="card">
      <h2>Game rates</h2>
      <Done text={done} />
      <QueryView query={rates} loadingText="Loading rates...">
        {rows.length ? (
          <DataTable
            key={family}
            rows={rows}
            rowKey={(r) => r.rate_key}
            columns={[
              { header: 'Rate', cell: (r) => rateLabel(family, r.rate_key) },
              { header: 'Pays', cell: (r) => `${r.val_1}-${r.val_2}` },
              {
                header: 'Action',
                className: 'console-row-actions',
                cell: (r) => (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => edit(r)}
                    aria-label={`Change the rate ${rateLabel(family, r.rate_key)}`}
                  >
                    Change
                  </button>
                ),
              },
            ]}
          />
        ) : (
          <p>No rates for this family.</p>
        )}
      </QueryView>
      {editing && (
        <ConfirmDialog
          title={`Rate ${rateLabel(family, editing.rate_key)} (${family})`}
          confirmLabel="Save"
          busyLabel="Saving..."
          busy={state.isLoading}
          error={error}
          onConfirm={() => void save()}
          onCancel={() => setEditing(null)}
        >
          <p>
            A bid of the first number of points wins the second. Bids placed from now on use the new rate; bids already
            placed keep theirs.
          </p>
          <label htmlFor="rate-bid">Points bid</label>
          <input id="rate-bid" inputMode="numeric" value={bid} maxLength={9} onChange={(e) => setBid(e.target.value)} />
          <label htmlFor="rate-win">Points won</label>
          <input id="rate-win" inputMode="numeric" value={win} maxLength={9} onChange={(e) => setWin(e.target.value)} />
        </ConfirmDialog>
      )}
    </div>
  );
}
