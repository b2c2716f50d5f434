import { useAuditQuery, type AuditRow } from '../api';
import { DataTable, QueryView } from '../parts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });

/** A value of the audit row in one short line (before / after / parameters). */
function brief(v: unknown): string {
  if (v === null || v === undefined) return '';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** Owner: the latest 500 operator actions, newest first, with who did them. */
export function AuditPage() {
  const list = useAuditQuery();
  return (
    <section>
      <h1>Audit log</h1>
      <div className="card">
        <QueryView query={list} loadingText="Loading the audit log...">
          {list.data?.length ? (
            <DataTable<AuditRow>
              caption="Latest actions, newest first"
              rows={list.data}
              rowKey={(a) => a.id}
              columns={[
                { header: 'When', cell: (a) => when(a.created_at) },
                { header: 'Operator', cell: (a) => a.operator ?? '—' },
                { header: 'Action', cell: (a) => a.action },
                { header: 'Target', cell: (a) => a.target ?? '' },
                { header: 'Result', cell: (a) => (a.ok ? 'done' : 'refused') },
                { header: 'Before', cell: (a) => brief(a.before), className: 'console-wrap' },
                { header: 'After', cell: (a) => brief(a.after), className: 'console-wrap' },
              ]}
            />
          ) : (
            <p>No operator actions yet.</p>
          )}
        </QueryView>
      </div>
    </section>
  );
}
