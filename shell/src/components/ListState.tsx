import { t, useLanguage } from '@matka/shared/i18n';
import type { ReactNode } from 'react';
import { PageLoading } from '@matka/shared';
import { EmptyState } from '@matka/shared/ui';

/** Loading, error and empty states of a list; renders `children` when there is something to show. */
export function ListState({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
  children,
}: {
  loading: boolean;
  error?: boolean;
  empty: boolean;
  emptyText: string;
  onRetry?: () => void;
  children: ReactNode;
}) {
  useLanguage();
  if (loading) return <PageLoading />;
  if (error && empty) {
    return (
      <div className="list-error" role="alert">
        <p>{t('list.failed', 'Could not load this list. Check your connection.')}</p>
        {onRetry && (
          <button type="button" className="btn btn-secondary" onClick={onRetry}>
            {t('list.retry', 'Try again')}
          </button>
        )}
      </div>
    );
  }
  if (empty) return <EmptyState>{emptyText}</EmptyState>;
  return <>{children}</>;
}
