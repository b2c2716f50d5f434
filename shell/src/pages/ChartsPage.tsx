import { usePolling } from '@matka/shared';
import { PageHeader } from '@matka/shared/ui';
import { useShellDashboardQuery } from '../api';
import { t, useLanguage } from '@matka/shared/i18n';
import { ListState } from '../components/ListState';

/** /charts: a row per game with 'View Charts' (its web chart URL, in a new tab). Polled every 5 s. */
export default function ChartsPage() {
  useLanguage();
  const { data, isLoading, isError, refetch } = useShellDashboardQuery(undefined, usePolling());
  const games = (data?.result ?? []).filter((g) => g.game_name);
  return (
    <section>
      <PageHeader title={t('menu.charts', 'Charts')} />
      <ListState
        loading={isLoading}
        error={isError}
        empty={games.length === 0}
        emptyText={t('charts.empty', 'No charts available.')}
        onRetry={() => void refetch()}
      >
        <ul className="row-list">
          {games.map((g, i) => (
            <li key={`${g.game_id ?? ''}-${g.game_name}-${i}`} className="card row-card">
              <span className="row-name">{g.game_name}</span>
              {g.web_chart_url ? (
                <a
                  className="btn btn-primary btn-small"
                  href={g.web_chart_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('charts.viewOf', 'View Charts of {game}', { game: g.game_name })}
                >
                  {t('charts.view', 'View Charts')}
                </a>
              ) : (
                <span className="row-muted">{t('charts.none', 'No chart yet')}</span>
              )}
            </li>
          ))}
        </ul>
      </ListState>
    </section>
  );
}
