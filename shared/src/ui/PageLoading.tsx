import { t, useLanguage } from '@matka/shared/i18n';

/** The loading state of a page whose code or data is on its way (a spinner and its text). */
export function PageLoading({ text }: { text?: string }) {
  useLanguage();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {text ?? t('ui.loading', 'Loading...')}
    </div>
  );
}
