import { useState } from 'react';
import { webLink } from '@matka/shared/domain';
import { messageOf, useDecideMutation, useRequestsQuery, type MoneyRequest, type RequestFilter } from '../api';
import { ConfirmDialog, DataTable, Done, QueryView, ShowFilter } from '../parts';

type Kind = 'deposits' | 'withdrawals';

const FILTERS: { value: RequestFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

/** A request's status, with the payment receipt's link when there is one. */
function StatusCell({ row }: { row: MoneyRequest }) {
  const receipt = webLink(row.receipt_url);
  return (
    <>
      {row.status}
      {row.status === 'rejected' && row.note ? `: ${row.note}` : ''}
      {receipt && (
        <>
          {' '}
          <a href={receipt} target="_blank" rel="noopener noreferrer">
            receipt
          </a>
        </>
      )}
    </>
  );
}

/** The deposit or withdrawal queue: filter, approve or reject each request after a confirmation. */
export function QueuePage({ kind }: { kind: Kind }) {
  const [status, setStatus] = useState<RequestFilter>('pending');
  const list = useRequestsQuery({ kind, status });
  const [decide, decideState] = useDecideMutation();
  const [asking, setAsking] = useState<{ row: MoneyRequest; action: 'approve' | 'reject' } | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
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
      <ShowFilter id={`${kind}-filter`} value={status} options={FILTERS} onChange={setStatus} />
      <Done text={done} />
      <div className="card">
        <QueryView query={list} loadingText={`Loading ${kind}...`}>
          {list.data?.length ? (
            <DataTable
              key={status}
              rows={list.data}
              rowKey={(r) => r.id}
              columns={[
                { header: '#', cell: (r) => r.id },
                { header: 'Mobile', cell: (r) => r.mobile },
                { header: 'Name', cell: (r) => r.name },
                { header: 'Points', cell: (r) => r.amount },
                { header: 'Requested', cell: (r) => r.requested },
                ...(kind === 'withdrawals'
                  ? [{ header: 'Pay to', cell: (r: MoneyRequest) => `${r.method ?? ''} ${r.number ?? ''}` }]
                  : []),
                { header: 'Status', cell: (r) => <StatusCell row={r} /> },
                {
                  header: 'Action',
                  className: 'console-row-actions',
                  cell: (r) =>
                    r.status === 'pending' ? (
                      <>
                        {(['approve', 'reject'] as const).map((action) => (
                          <button
                            key={action}
                            type="button"
                            className={`btn ${action === 'approve' ? 'btn-primary' : 'btn-secondary'}`}
                            onClick={() => open(r, action)}
                            aria-label={`${action === 'approve' ? 'Approve' : 'Reject'} ${single} #${r.id}`}
                          >
                            {action === 'approve' ? 'Approve' : 'Reject'}
                          </button>
                        ))}
                      </>
                    ) : (
                      '—'
                    ),
                },
              ]}
            />
          ) : (
            <p>
              No {status === 'all' ? '' : `${status} `}
              {kind}.
            </p>
          )}
        </QueryView>
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
