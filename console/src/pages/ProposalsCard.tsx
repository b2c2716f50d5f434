/**
 * Results waiting for certification: each proposal with what declaring it would do now, Certify (for an
 * operator other than its proposer: the server refuses its proposer too) and Reject with a reason; then
 * the proposals decided in the last 30 days. Whether certification is on is said above the form.
 */
import { useState } from 'react';
import {
  messageOf,
  useCertifyMutation,
  useProposalsQuery,
  useRejectMutation,
  type Certified,
  type Proposal,
} from '../api';
import { ConfirmDialog, DataTable, Done, QueryView } from '../parts';
import { useConsoleSelector } from '../store';

const DECISION: Record<Proposal['status'], string> = {
  pending: 'Waiting',
  certified: 'Certified',
  rejected: 'Rejected',
  void: 'Void',
};

const whatOf = (p: Proposal) => `${p.market.name} ${p.date}, ${p.result_text}`;

/** Certification on or off, as the Results screen says it above its form. */
export function CertificationNotice() {
  const q = useProposalsQuery();
  const c = q.data?.certification;
  if (!c) return null;
  return c.on ? (
    <p className="card console-note" role="note">
      <strong>Certification is on.</strong> A result declared here is proposed: players do not see it and no bid is
      settled until another operator with the results right certifies it under Waiting for certification.
      {c.by === 'server' ? " It is on in the server's configuration (RESULT_CERTIFICATION)." : ''}
    </p>
  ) : (
    <p className="card console-note" role="note">
      <strong>Certification is off.</strong> A result declared here is published to players and settled at once. An
      owner can require a second operator to certify every result in Settings (result_certification).
    </p>
  );
}

export function ProposalsCard({ onCertified }: { onCertified: (answer: Certified) => void }) {
  const q = useProposalsQuery();
  const me = useConsoleSelector((s) => s.session.operator?.name);
  const [certify, certifyState] = useCertifyMutation();
  const [reject, rejectState] = useRejectMutation();
  const [certifying, setCertifying] = useState<Proposal | null>(null);
  const [rejecting, setRejecting] = useState<Proposal | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const all = q.data?.proposals ?? [];
  const waiting = all.filter((p) => p.status === 'pending');
  const decided = all.filter((p) => p.status !== 'pending');
  if (!q.data?.certification?.on && !all.length) return null;

  const close = () => {
    setCertifying(null);
    setRejecting(null);
    setReason('');
    setError('');
  };
  const confirmCertify = async () => {
    if (!certifying || certifyState.isLoading) return;
    // the proposal exactly as shown: a proposal replaced meanwhile is refused, not certified in its place
    const r = await certify({ id: certifying.id, value: certifying.value });
    if ('error' in r) return setError(messageOf(r.error));
    close();
    setDone('');
    onCertified(r.data);
  };
  const confirmReject = async () => {
    if (!rejecting || rejectState.isLoading) return;
    if (reason.trim().length < 3) return setError('Give a reason of at least 3 characters');
    const r = await reject({ id: rejecting.id, reason: reason.trim() });
    if ('error' in r) return setError(messageOf(r.error));
    close();
    setDone(r.data.msg);
  };

  return (
    <div className="card">
      <h2>Waiting for certification</h2>
      <Done text={done} />
      <QueryView query={q} loadingText="Loading proposals...">
        {waiting.length ? (
          <DataTable
            caption="Proposed results, oldest first"
            rows={waiting}
            rowKey={(p) => p.id}
            columns={[
              { header: 'Date', cell: (p) => p.date },
              { header: 'Market', cell: (p) => p.market.name },
              { header: 'Result', cell: (p) => p.result_text },
              { header: 'Proposed', cell: (p) => `${p.proposed_at} by ${p.proposed_by}` },
              { header: 'If certified', cell: (p) => p.preview?.msg ?? '—', className: 'console-text' },
              {
                header: 'Actions',
                className: 'console-row-actions',
                cell: (p) => (
                  <>
                    {p.proposed_by === me ? (
                      <span>Your proposal: another operator certifies it</span>
                    ) : (
                      <button type="button" className="btn btn-primary" onClick={() => setCertifying(p)}>
                        Certify
                      </button>
                    )}
                    <button type="button" className="btn btn-secondary" onClick={() => setRejecting(p)}>
                      Reject
                    </button>
                  </>
                ),
              },
            ]}
          />
        ) : (
          <p>No result waits for certification.</p>
        )}
        {decided.length > 0 && (
          <DataTable
            caption="Decided in the last 30 days"
            rows={decided}
            rowKey={(p) => p.id}
            columns={[
              { header: 'Date', cell: (p) => p.date },
              { header: 'Market', cell: (p) => p.market.name },
              { header: 'Result', cell: (p) => p.result_text },
              { header: 'Proposed by', cell: (p) => p.proposed_by },
              {
                header: 'Decision',
                cell: (p) =>
                  `${DECISION[p.status]} by ${p.decided_by} ${p.decided_at ?? ''}${p.reason ? `: ${p.reason}` : ''}`,
                className: 'console-text',
              },
            ]}
          />
        )}
      </QueryView>
      {certifying && (
        <ConfirmDialog
          title={`Certify ${whatOf(certifying)}?`}
          confirmLabel="Certify"
          busyLabel="Certifying..."
          busy={certifyState.isLoading}
          error={error}
          danger
          onConfirm={() => void confirmCertify()}
          onCancel={close}
        >
          <p>
            Proposal {certifying.id}, proposed by {certifying.proposed_by} at {certifying.proposed_at}. Certifying
            publishes {certifying.value} to players and settles its bids: {certifying.preview?.msg ?? 'no preview'}.
          </p>
          {certifying.early_reason && <p>Declared before its draw: {certifying.early_reason}</p>}
        </ConfirmDialog>
      )}
      {rejecting && (
        <ConfirmDialog
          title={`Reject ${whatOf(rejecting)}?`}
          confirmLabel="Reject"
          busyLabel="Rejecting..."
          busy={rejectState.isLoading}
          error={error}
          onConfirm={() => void confirmReject()}
          onCancel={close}
        >
          <p>Nothing is published or settled. The reason is kept in the audit log.</p>
          <label htmlFor="reject-reason">Reason</label>
          <input id="reject-reason" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
        </ConfirmDialog>
      )}
    </div>
  );
}
