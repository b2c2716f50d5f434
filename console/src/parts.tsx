/** Building blocks of the console's screens: a confirm dialog that cannot be sent twice, a pager. */
import { useState, type ReactNode } from 'react';
import { Modal } from '@matka/shared';

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
      {error && (
        <p className="console-error" role="alert">
          {error}
        </p>
      )}
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
export function usePaged<T>(rows: readonly T[], size = PAGE_SIZE) {
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
  return { rows: rows.slice(current * size, (current + 1) * size), pager, reset: () => setPage(0) };
}
