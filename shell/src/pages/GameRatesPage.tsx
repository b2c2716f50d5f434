import { rateRows } from '@matka/shared';
import { PageHeader } from '@matka/shared/ui';
import { useShellGameRatesQuery } from '../api';
import { t, tWord, useLanguage } from '@matka/shared/i18n';
import { ListState } from '../components/ListState';

/** /gameRates: each bet type's rate as a pair 'a-b' (first element of game_rates). */
export default function GameRatesPage() {
  useLanguage();
  const { data, isLoading, isError, refetch } = useShellGameRatesQuery();
  const rows = rateRows('regular', data?.game_rates?.[0]);
  return (
    <section>
      <PageHeader title={t('menu.gameRates', 'Game Rates')} />
      <ListState
        loading={isLoading}
        error={isError}
        empty={rows.length === 0}
        emptyText={t('rates.empty', 'No rates available.')}
        onRetry={() => void refetch()}
      >
        <ul className="card rates-list">
          {rows.map((row) => (
            <li key={row.label} className="rates-row">
              <span>{tWord(row.label)}</span>
              <strong>{row.value}</strong>
            </li>
          ))}
        </ul>
        <p className="rates-note">
          {t('rates.note', 'Rates are points won for points played, e.g. 10-95 pays 95 for a 10-point bid.')}
        </p>
      </ListState>
    </section>
  );
}
