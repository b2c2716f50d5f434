import { t, useLanguage } from '@matka/shared/i18n';
import { useNavigate } from 'react-router-dom';

/** A page heading, with a back button when `back` is set (history back, or `fallback` on a fresh tab). */
export function PageHeader({ title, back, fallback = '/imp' }: { title: string; back?: boolean; fallback?: string }) {
  const navigate = useNavigate();
  useLanguage();
  return (
    <div className="page-header">
      {back && (
        <button
          type="button"
          className="back-button"
          aria-label={t('ui.back', 'Back')}
          onClick={() => (window.history.state && window.history.state.idx > 0 ? navigate(-1) : navigate(fallback))}
        >
          <svg
            viewBox="0 0 24 24"
            width="22"
            height="22"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M15 18l-6-6 6-6" />
          </svg>
        </button>
      )}
      <h1 className="page-title">{title}</h1>
    </div>
  );
}
