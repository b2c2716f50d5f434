import { useState } from 'react';
import { messageOf, useDecideMutation, useRequestsQuery, type MoneyRequest, type RequestFilter } from '../api';
import { ConfirmDialog, usePaged } from '../parts';

type Kind = 'deposits' | 'withdrawals';

const FILTERS: { value: RequestFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

const webLink = (u: string | null | undefined) => (u && /^https?:\/\//i.test(u) ? u : null);

/** The deposit or withdrawal queue: filter, approve or reject each request after a confirmation. */
export function QueuePage({ kind }: { kind: Kind }) {
  const [status, setStatus] = useState<RequestFilter>('pending');
  const list = useRequestsQuery({ kind, status });
  const [decide, decideState] = useDecideMutation();
  const [asking, setAsking] = useState<{ row: MoneyRequest; action: 'approve' | 'reject' } | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const { rows, pager, reset } = usePaged(list.data ?? []);
  const title = kind === 'deposits' ? 'Deposits' : 'Withdrawals';
  const single = kind === 'deposits' ? 'deposit' : 'withdrawal';

  const open = (row: MoneyRequest, action: 'approve' | 'reject') => {
    setAsking({ row, action });
    setNote('');
    setError('');
    setDone('');
  };
  const confirm = async () => {
    if (!asking || decideState.isLoading) return;
    const { row, action } = asking;
    const extra =
      action === 'reject'
        ? { reason: note.trim() || undefined }
        : kind === 'withdrawals'
          ? { receipt_url: note.trim() || undefined }
          : {};
    if (action === 'approve' && kind === 'withdrawals' && note.trim() && !webLink(note.trim()))
      return setError('The receipt link must start with http:// or https://');
    const r = await decide({ kind, action, id: row.id, ...extra });
    if ('error' in r) return setError(messageOf(r.error));
    setAsking(null);
    setDone(r.data.msg ?? `${single} #${row.id} ${action === 'approve' ? 'approved' : 'rejected'}`);
  };

  return (
    <section>
      <h1>{title}</h1>
      <div className="card console-form">
        <label htmlFor={`${kind}-filter`}>Show</label>
        <select
          id={`${kind}-filter`}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as RequestFilter);
            reset();
          }}
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      {done && (
        <p className="card console-done" role="status">
          {done}
        </p>
      )}
      <div className="card">
        {list.isLoading || list.isFetching ? (
          <p role="status">Loading {kind}...</p>
        ) : list.isError ? (
          <p className="console-error" role="alert">
            {messageOf(list.error)}{' '}
            <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
              Try again
            </button>
          </p>
        ) : !rows.length ? (
          <p>
            No {status === 'all' ? '' : `${status} `}
            {kind}.
          </p>
        ) : (
          <>
            <div className="console-table-wrap">
              <table className="console-table">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Mobile</th>
                    <th scope="col">Name</th>
                    <th scope="col">Points</th>
                    <th scope="col">Requested</th>
                    {kind === 'withdrawals' && <th scope="col">Pay to</th>}
                    <th scope="col">Status</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id}>
                      <td>{r.id}</td>
                      <td>{r.mobile}</td>
                      <td>{r.name}</td>
                      <td>{r.amount}</td>
                      <td>{r.requested}</td>
                      {kind === 'withdrawals' && (
                        <td>
                          {r.method} {r.number}
                        </td>
                      )}
                      <td>
                        {r.status}
                        {webLink(r.receipt_url) && (
                          <>
                            {' '}
                            <a href={webLink(r.receipt_url)!} target="_blank" rel="noopener noreferrer">
                              receipt
                            </a>
                          </>
                        )}
                      </td>
                      <td className="console-row-actions">
                        {r.status === 'pending' ? (
                          <>
                            <button
                              type="button"
                              className="btn btn-primary"
                              onClick={() => open(r, 'approve')}
                              aria-label={`Approve ${single} #${r.id}`}
                            >
                              Approve
                            </button>
                            <button
                              type="button"
                              className="btn btn-secondary"
                              onClick={() => open(r, 'reject')}
                              aria-label={`Reject ${single} #${r.id}`}
                            >
                              Reject
                            </button>
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {pager}
          </>
        )}
      </div>
      {asking && (
        <ConfirmDialog
          title={`${asking.action === 'approve' ? 'Approve' : 'Reject'} ${single} #${asking.row.id}?`}
          confirmLabel={asking.action === 'approve' ? 'Approve' : 'Reject'}
          busyLabel={asking.action === 'approve' ? 'Approving...' : 'Rejecting...'}
          busy={decideState.isLoading}
          error={error}
          danger={asking.action === 'reject'}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        >
          <p>
            {asking.row.amount} points, {asking.row.name} ({asking.row.mobile}).{' '}
            {asking.action === 'approve'
              ? kind === 'deposits'
                ? 'The points are credited to the wallet.'
                : 'Mark it paid: the held points leave the wallet for good.'
              : kind === 'deposits'
                ? 'Nothing is credited.'
                : 'The held points go back to the wallet.'}
          </p>
          {(asking.action === 'reject' || kind === 'withdrawals') && (
            <>
              <label htmlFor="decision-note">
                {asking.action === 'reject' ? 'Reason (optional)' : 'Receipt link (optional)'}
              </label>
              <input
                id="decision-note"
                value={note}
                maxLength={asking.action === 'reject' ? 200 : 500}
                onChange={(e) => setNote(e.target.value)}
                disabled={decideState.isLoading}
              />
            </>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
