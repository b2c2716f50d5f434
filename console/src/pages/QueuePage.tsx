import { useEffect, useState } from 'react';
import { Modal } from '@matka/shared/ui';
import { formatPoints, webLink } from '@matka/shared/domain';
import { OP, operatorRequest } from '@matka/shared/contract';
import {
  messageOf,
  operatorApiBase,
  useDecideMutation,
  useRequestsQuery,
  type MoneyRequest,
  type RequestFilter,
} from '../api';
import { ConfirmDialog, DataTable, Done, ErrorText, QueryView, ShowFilter } from '../parts';

/** A deposit's payment screenshot, fetched with the operator's session and shown in a dialog. */
function ScreenshotDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    let made = '';
    let live = true;
    fetch(operatorApiBase() + operatorRequest(OP.depositScreenshot, { id }).path, { credentials: 'include' })
      .then(async (r) => {
        if (!r.ok) throw new Error(((await r.json().catch(() => ({}))) as { msg?: string }).msg ?? `HTTP ${r.status}`);
        made = URL.createObjectURL(await r.blob());
        if (live) setUrl(made);
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : 'Could not load the screenshot'));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  return (
    <Modal title={`Payment screenshot of deposit #${id}`} onClose={onClose} className="console-dialog">
      {url ? (
        <img className="console-proof" src={url} alt={`Payment screenshot sent with deposit #${id}`} />
      ) : error ? (
        <ErrorText text={error} />
      ) : (
        <p role="status">Loading the screenshot...</p>
      )}
      <div className="console-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

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

/** Points of a reversed win a withdrawal still owes: approved only with a reason. */
const heldOf = (r: MoneyRequest) => Number(r.held_points ?? 0);

/** How often a shown queue asks again. */
const QUEUE_POLL_MS = 10_000;

/** The deposit or withdrawal queue: filter, approve or reject each request after a confirmation. */
export function QueuePage({ kind }: { kind: Kind }) {
  const [status, setStatus] = useState<RequestFilter>('pending');
  // fetched again whenever the queue is opened, and every few seconds while it is shown: a new request
  // or a Held flag appears without a reload
  const list = useRequestsQuery(
    { kind, status },
    { refetchOnMountOrArgChange: true, pollingInterval: QUEUE_POLL_MS, skipPollingIfUnfocused: true },
  );
  const [decide, decideState] = useDecideMutation();
  const [asking, setAsking] = useState<{ row: MoneyRequest; action: 'approve' | 'reject' } | null>(null);
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [viewing, setViewing] = useState<string | null>(null);
  const title = kind === 'deposits' ? 'Deposits' : 'Withdrawals';
  const single = kind === 'deposits' ? 'deposit' : 'withdrawal';

  const open = (row: MoneyRequest, action: 'approve' | 'reject') => {
    setAsking({ row, action });
    setNote('');
    setReason('');
    setError('');
    setDone('');
  };
  const confirm = async () => {
    if (!asking || decideState.isLoading) return;
    const { row, action } = asking;
    const held = action === 'approve' && heldOf(row) > 0;
    const extra =
      action === 'reject'
        ? { reason: note.trim() || undefined }
        : kind === 'withdrawals'
          ? { receipt_url: note.trim() || undefined, ...(held ? { reason: reason.trim() } : {}) }
          : {};
    if (action === 'approve' && kind === 'withdrawals' && note.trim() && !webLink(note.trim()))
      return setError('The receipt link must start with http:// or https://');
    if (held && !reason.trim()) return setError('Give the reason for paying out a held withdrawal');
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
                { header: 'Points', cell: (r) => formatPoints(r.amount) },
                { header: 'Requested', cell: (r) => r.requested },
                ...(kind === 'withdrawals'
                  ? [{ header: 'Pay to', cell: (r: MoneyRequest) => `${r.method ?? ''} ${r.number ?? ''}` }]
                  : [
                      {
                        // what the player gave to match the payment: the UTR and a screenshot
                        header: 'Payment proof',
                        cell: (r: MoneyRequest) =>
                          r.utr || r.has_screenshot ? (
                            <span className="console-proof-cell">
                              {r.utr ? <span>UTR {r.utr}</span> : null}
                              {r.has_screenshot ? (
                                <button
                                  type="button"
                                  className="btn btn-secondary"
                                  aria-label={`View the screenshot of deposit #${r.id}`}
                                  onClick={() => setViewing(r.id)}
                                >
                                  Screenshot
                                </button>
                              ) : null}
                            </span>
                          ) : (
                            '—'
                          ),
                      },
                    ]),
                {
                  header: 'Status',
                  // the flag wraps under the status, so the actions stay in view at 1280 px
                  className: 'console-text',
                  cell: (r) => (
                    <>
                      <StatusCell row={r} />
                      {r.status === 'pending' && heldOf(r) > 0 && (
                        <span className="console-flag" title={r.held_note ?? undefined}>
                          <span className="sr-only">. </span>
                          Held: {formatPoints(heldOf(r))} points of a reversed win
                        </span>
                      )}
                    </>
                  ),
                },
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
            {formatPoints(asking.row.amount)} points, {asking.row.name} ({asking.row.mobile}).{' '}
            {kind === 'deposits' && asking.row.utr ? `UTR ${asking.row.utr}. ` : ''}
            {asking.action === 'approve'
              ? kind === 'deposits'
                ? 'The points are credited to the wallet.'
                : 'Mark it paid: the held points leave the wallet for good.'
              : kind === 'deposits'
                ? 'Nothing is credited.'
                : heldOf(asking.row) > 0
                  ? `The points go back to the wallet, less the ${formatPoints(heldOf(asking.row))} the reversed win still owes.`
                  : 'The held points go back to the wallet.'}
          </p>
          {kind === 'withdrawals' && heldOf(asking.row) > 0 && (
            <div className="console-warning" role="note">
              <p>
                Held: {formatPoints(heldOf(asking.row))} points of this request are a win that a correction reversed and
                could not take back ({asking.row.held_note}).
              </p>
              {asking.action === 'approve' && (
                <>
                  <label htmlFor="decision-reason">Reason for paying it out anyway (kept in the audit log)</label>
                  <input
                    id="decision-reason"
                    value={reason}
                    maxLength={200}
                    onChange={(e) => setReason(e.target.value)}
                    disabled={decideState.isLoading}
                  />
                </>
              )}
            </div>
          )}
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
      {viewing && <ScreenshotDialog id={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}
