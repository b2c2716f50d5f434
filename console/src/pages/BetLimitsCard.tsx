import { useState } from 'react';
import { formatPoints } from '@matka/shared/domain';
import {
  messageOf,
  useBetLimitsQuery,
  useSetBetLimitMutation,
  useSetLiabilityCapMutation,
  type FamilyLimits,
  type MarketRow,
} from '../api';
import { ConfirmDialog, DataTable, Done, QueryView } from '../parts';

const WHOLE = /^[1-9]\d{0,11}$/;
type BetRow = FamilyLimits['bet_types'][number];

/**
 * A family's bet limits: per bet type the fewest and most points a bid row may carry and the most
 * one player may stake on it in one market session; and the liability cap per number. The server enforces
 * them for every app; bids already placed stay.
 */
export function BetLimitsCard({ family }: { family: MarketRow['family'] }) {
  const q = useBetLimitsQuery();
  const [setLimit, limitState] = useSetBetLimitMutation();
  const [setCap, capState] = useSetLiabilityCapMutation();
  const [editing, setEditing] = useState<BetRow | null>(null);
  const [capEditing, setCapEditing] = useState(false);
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [sessionMax, setSessionMax] = useState('');
  const [cap, setCapText] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const limits = q.data?.find((f) => f.family === family);

  const edit = (r: BetRow) => {
    setEditing(r);
    setMin(String(r.min));
    setMax(String(r.max));
    setSessionMax(r.session_max === null ? '' : String(r.session_max));
    setError('');
    setDone('');
  };
  const save = async () => {
    if (!editing || limitState.isLoading) return;
    if (!WHOLE.test(min.trim()) || !WHOLE.test(max.trim()) || (sessionMax.trim() && !WHOLE.test(sessionMax.trim())))
      return setError('Enter whole numbers of points (leave the session maximum empty for none)');
    const r = await setLimit({
      family,
      bet_type: editing.bet_type,
      min: Number(min.trim()),
      max: Number(max.trim()),
      session_max: sessionMax.trim() ? Number(sessionMax.trim()) : null,
    });
    if ('error' in r) return setError(messageOf(r.error));
    setEditing(null);
    setDone(r.data.msg ?? 'Saved');
  };
  const saveCap = async () => {
    if (capState.isLoading) return;
    if (cap.trim() && !WHOLE.test(cap.trim()))
      return setError('Enter a whole number of points, or leave it empty for no cap');
    const r = await setCap({ family, cap: cap.trim() ? Number(cap.trim()) : null });
    if ('error' in r) return setError(messageOf(r.error));
    setCapEditing(false);
    setDone(r.data.msg ?? 'Saved');
  };

  return (
    <div className="card">
      <h2>Bet limits</h2>
      <Done text={done} />
      <QueryView query={q} loadingText="Loading bet limits...">
        {limits ? (
          <>
            <p>
              Liability cap per number:{' '}
              <strong>
                {limits.liability_cap === null ? 'none' : `${formatPoints(limits.liability_cap)} points a session`}
              </strong>{' '}
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setCapText(limits.liability_cap === null ? '' : String(limits.liability_cap));
                  setCapEditing(true);
                  setError('');
                  setDone('');
                }}
              >
                Change the cap
              </button>
            </p>
            <DataTable
              key={family}
              rows={limits.bet_types}
              rowKey={(r) => r.bet_type}
              caption="Per bet type (points)"
              columns={[
                { header: 'Bet type', cell: (r) => r.title },
                { header: 'Min', cell: (r) => formatPoints(r.min) },
                { header: 'Max', cell: (r) => formatPoints(r.max) },
                {
                  header: 'Per player and session',
                  cell: (r) => (r.session_max === null ? 'no maximum' : formatPoints(r.session_max)),
                },
                {
                  header: 'Action',
                  className: 'console-row-actions',
                  cell: (r) => (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      onClick={() => edit(r)}
                      aria-label={`Change the limits of ${r.title}`}
                    >
                      Change
                    </button>
                  ),
                },
              ]}
            />
          </>
        ) : (
          <p>No bet types for this family.</p>
        )}
      </QueryView>
      {editing && (
        <ConfirmDialog
          title={`Limits of ${editing.title} (${family})`}
          confirmLabel="Save"
          busyLabel="Saving..."
          busy={limitState.isLoading}
          error={error}
          onConfirm={() => void save()}
          onCancel={() => setEditing(null)}
        >
          <p>Bids placed from now on are held to these limits; bids already placed stay.</p>
          <label htmlFor="limit-min">Fewest points a bid</label>
          <input
            id="limit-min"
            inputMode="numeric"
            value={min}
            maxLength={12}
            onChange={(e) => setMin(e.target.value)}
          />
          <label htmlFor="limit-max">Most points a bid</label>
          <input
            id="limit-max"
            inputMode="numeric"
            value={max}
            maxLength={12}
            onChange={(e) => setMax(e.target.value)}
          />
          <label htmlFor="limit-session">Most points per player and market session (empty: no maximum)</label>
          <input
            id="limit-session"
            inputMode="numeric"
            value={sessionMax}
            maxLength={12}
            onChange={(e) => setSessionMax(e.target.value)}
          />
        </ConfirmDialog>
      )}
      {capEditing && (
        <ConfirmDialog
          title={`Liability cap per number (${family})`}
          confirmLabel="Save"
          busyLabel="Saving..."
          busy={capState.isLoading}
          error={error}
          onConfirm={() => void saveCap()}
          onCancel={() => setCapEditing(false)}
        >
          <p>
            The largest payout one number (a digit, jodi, pana or sangam) may cost on one market session. A bid that
            would take it further is refused: &lsquo;This number is closed for this session&rsquo;.
          </p>
          <label htmlFor="liability-cap">Cap in points (empty: no cap)</label>
          <input
            id="liability-cap"
            inputMode="numeric"
            value={cap}
            maxLength={13}
            onChange={(e) => setCapText(e.target.value)}
          />
        </ConfirmDialog>
      )}
    </div>
  );
}
