/** Building blocks of the console's screens: a confirm dialog that cannot be sent twice, a paged table, a list's states. */
import { useId, useState, type ReactNode } from 'react';
import { messageOf } from './api';
import { Modal } from '@matka/shared/ui';

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  error,
  danger = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={title} onClose={onCancel} dismissible={!busy} className="console-dialog">
      {children}
      <ErrorText text={error} />
      <div className="console-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
          onClick={onConfirm}
          disabled={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

export const PAGE_SIZE = 20;

/** One page of rows and the controls to move between pages. */
function usePaged<T>(rows: readonly T[], size = PAGE_SIZE) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pages - 1);
  const pager =
    pages > 1 ? (
      <nav className="console-pager" aria-label="Pages">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={current === 0}
          onClick={() => setPage(current - 1)}
        >
          Previous
        </button>
        <span>
          Page {current + 1} of {pages}
        </span>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={current >= pages - 1}
          onClick={() => setPage(current + 1)}
        >
          Next
        </button>
      </nav>
    ) : null;
  return { rows: rows.slice(current * size, (current + 1) * size), pager };
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** A table of rows, PAGE_SIZE to a page (key it by its filter so that a new filter starts at page 1). */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
}: {
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  caption?: string;
}) {
  const paged = usePaged(rows);
  return (
    <>
      <div className="console-table-wrap">
        {/* explicit roles: on phones the rows are laid out as cards (display: block), which drops the
            implicit table semantics in some browsers */}
        <table className="console-table" role="table">
          {caption && <caption>{caption}</caption>}
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((c) => (
                <th key={c.header} scope="col" role="columnheader">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {paged.rows.map((r) => (
              <tr key={rowKey(r)} role="row">
                {columns.map((c) => (
                  <td key={c.header} className={c.className} data-label={c.header} role="cell">
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {paged.pager}
    </>
  );
}

/** A list's loading text, its error with Try again, or the list. */
export function QueryView({
  query,
  loadingText,
  children,
}: {
  query: { isLoading: boolean; isFetching?: boolean; isError: boolean; error?: unknown; refetch: () => unknown };
  loadingText: string;
  children: ReactNode;
}) {
  if (query.isLoading || query.isFetching) return <p role="status">{loadingText}</p>;
  if (query.isError)
    return (
      <p className="console-error" role="alert">
        {messageOf(query.error)}{' '}
        <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </p>
    );
  return <>{children}</>;
}

/** What the last action did (a status line), or nothing. */
export function Done({ text }: { text: string }) {
  return text ? (
    <p className="card console-done" role="status">
      {text}
    </p>
  ) : null;
}

/** Why an action was refused (an alert), or nothing. */
export function ErrorText({ text }: { text: string | undefined }) {
  return text ? (
    <p className="console-error" role="alert">
      {text}
    </p>
  ) : null;
}

/** The 'Show' choice above a list (which requests, which market family). */
export function ShowFilter<V extends string>({
  id,
  value,
  options,
  onChange,
}: {
  id: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (v: V) => void;
}) {
  return (
    <div className="card console-form">
      <label htmlFor={id}>Show</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled password input (the console's sign-in, new password and account forms). */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
      />
    </>
  );
}

/** A new password and its confirmation (set after a one-time password, changed under My account). */
export function NewPasswordFields(p: {
  next: string;
  setNext: (v: string) => void;
  confirm: string;
  setConfirm: (v: string) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={p.next}
        onChange={p.setNext}
        disabled={p.disabled}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        value={p.confirm}
        onChange={p.setConfirm}
        disabled={p.disabled}
      />
    </>
  );
}
