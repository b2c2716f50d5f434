/**
 * Manual credits and debits above the owner's threshold, waiting for a second operator: each with who
 * asked and why, Approve (for an operator other than its requester: the server refuses the requester
 * too) and Reject with a reason; then the ones decided lately. Shown to operators with the money right.
 */
import { useState } from 'react';
import { formatPoints } from '@matka/shared/domain';
import type { OperatorAnswerOf } from '@matka/shared/contract/schemas';
import { messageOf, useApproveManualMoveMutation, useManualMovesQuery, useRejectManualMoveMutation } from '../api';
import { ConfirmDialog, DataTable, Done, QueryView } from '../parts';
import { useConsoleSelector } from '../store';

type Move = OperatorAnswerOf<'manualMoves'>['moves'][number];

const whatOf = (m: Move) =>
  `${m.direction === 'credit' ? 'Credit' : 'Debit'} ${formatPoints(m.points)} points, ${m.mobile}`;

export function ManualMovesCard() {
  const q = useManualMovesQuery();
  const me = useConsoleSelector((s) => s.session.operator?.name);
  const [approve, approving] = useApproveManualMoveMutation();
  const [reject, rejecting] = useRejectManualMoveMutation();
  const [open, setOpen] = useState<{ move: Move; action: 'approve' | 'reject' } | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const threshold = q.data?.threshold ?? 0;
  const moves = q.data?.moves ?? [];
  if (!threshold && !moves.length) return null;
  const waiting = moves.filter((m) => m.status === 'pending');
  const decided = moves.filter((m) => m.status !== 'pending').slice(0, 10);

  const close = () => {
    setOpen(null);
    setReason('');
    setError('');
  };
  const confirm = async () => {
    if (!open || approving.isLoading || rejecting.isLoading) return;
    if (open.action === 'reject' && reason.trim().length < 3) return setError('Give a reason of at least 3 characters');
    const r =
      open.action === 'approve'
        ? await approve({ id: open.move.id })
        : await reject({ id: open.move.id, reason: reason.trim() });
    if ('error' in r) return setError(messageOf(r.error));
    close();
    setDone(r.data.msg);
  };

  return (
    <div className="card">
      <h2>Credits and debits waiting for a second operator</h2>
      <p>
        {threshold
          ? `A manual credit or debit of more than ${formatPoints(threshold)} points moves only once a second operator with the money right approves it.`
          : 'No threshold is set: manual credits and debits move at once (Settings, manual_move_threshold).'}
      </p>
      <Done text={done} />
      <QueryView query={q} loadingText="Loading the requests...">
        {waiting.length ? (
          <DataTable
            caption="Waiting, oldest first"
            rows={waiting}
            rowKey={(m) => m.id}
            columns={[
              { header: 'Move', cell: whatOf },
              { header: 'Asked', cell: (m) => `${m.requested_at} by ${m.requested_by}` },
              { header: 'Note', cell: (m) => m.note, className: 'console-text' },
              {
                header: 'Actions',
                className: 'console-row-actions',
                cell: (m) => (
                  <>
                    {m.requested_by === me ? (
                      <span>Your request: another operator approves it</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-primary"
                        onClick={() => setOpen({ move: m, action: 'approve' })}
                      >
                        Approve
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-secondary"
                      onClick={() => setOpen({ move: m, action: 'reject' })}
                    >
                      Reject
                    </button>
                  </>
                ),
              },
            ]}
          />
        ) : (
          <p>Nothing waits.</p>
        )}
        {decided.length > 0 && (
          <DataTable
            caption="Decided lately"
            rows={decided}
            rowKey={(m) => m.id}
            columns={[
              { header: 'Move', cell: whatOf },
              { header: 'Asked by', cell: (m) => m.requested_by },
              {
                header: 'Decision',
                cell: (m) =>
                  `${m.status === 'approved' ? 'Approved' : 'Rejected'} by ${m.decided_by} ${m.decided_at ?? ''}${m.reason ? `: ${m.reason}` : ''}`,
                className: 'console-text',
              },
            ]}
          />
        )}
      </QueryView>
      {open && (
        <ConfirmDialog
          title={`${open.action === 'approve' ? 'Approve' : 'Reject'}: ${whatOf(open.move)}?`}
          confirmLabel={open.action === 'approve' ? 'Approve' : 'Reject'}
          busyLabel={open.action === 'approve' ? 'Approving...' : 'Rejecting...'}
          busy={approving.isLoading || rejecting.isLoading}
          error={error}
          danger={open.action === 'approve'}
          onConfirm={() => void confirm()}
          onCancel={close}
        >
          <p>
            Asked by {open.move.requested_by} at {open.move.requested_at}: {open.move.note}.{' '}
            {open.action === 'approve'
              ? 'Approving moves the points now, with both names in the ledger and the audit log.'
              : 'Nothing moves. The reason is kept in the audit log.'}
          </p>
          {open.action === 'reject' && (
            <>
              <label htmlFor="manual-move-reason">Reason</label>
              <input
                id="manual-move-reason"
                value={reason}
                maxLength={200}
                onChange={(e) => setReason(e.target.value)}
              />
            </>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
