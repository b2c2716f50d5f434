import { Link, useLocation } from 'react-router-dom';
import { t, useLanguage } from '@matka/shared/i18n';
import { WinCard, type Row } from '../history/cards';

/** /windata: one win record passed in navigation state (from a win history card). */
export function WinDataPage() {
  useLanguage();
  const win = (useLocation().state as { win?: unknown } | null)?.win;
  const row = win && typeof win === 'object' ? (win as Row) : null;
  return (
    <section className="wallet-page">
      <h1 className="page-title">{t('win.title', 'Win Details')}</h1>
      {row ? (
        <WinCard row={row} detail />
      ) : (
        <div className="card">
          <p>{t('win.none', 'No win record selected. Open a win from your win history.')}</p>
          <Link className="btn btn-primary btn-block" to="/imp3">
            {t('history.mainWin', 'Win History')}
          </Link>
        </div>
      )}
    </section>
  );
}
