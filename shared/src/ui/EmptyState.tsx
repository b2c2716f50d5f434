import type { ReactNode } from 'react';

/** The empty / no-data state of a list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="empty-state" role="status">
      {children}
    </p>
  );
}
