import { formatRate, PageHeader } from '@matka/shared';
import { useShellGameRatesQuery, type RatesRecord } from '../api';
import { ListState } from '../components/ListState';

/** The rate rows of the regular markets: label and the record's field prefix. */
export const RATE_ROWS: readonly [string, string][] = [
  ['Single Digit', 'single_digit'],
  ['Jodi Digit', 'jodi_digit'],
  ['Single Pana', 'single_pana'],
  ['Double Pana', 'double_pana'],
  ['Triple Pana', 'tripple_pana'],
  ['Half Sangam', 'half_sangam'],
  ['Full Sangam', 'full_sangam'],
];

export function rateRows(r: RatesRecord | undefined): { label: string; value: string }[] {
  if (!r) return [];
  return RATE_ROWS.filter(([, k]) => r[`${k}_val_1`] != null && r[`${k}_val_2`] != null).map(([label, k]) => ({
    label,
    value: formatRate(r[`${k}_val_1`]!, r[`${k}_val_2`]!),
  }));
}

/** /gameRates: each bet type's rate as a pair 'a-b' (first element of game_rates). */
export default function GameRatesPage() {
  const { data, isLoading, isError, refetch } = useShellGameRatesQuery();
  const rows = rateRows(data?.game_rates?.[0]);
  return (
    <section>
      <PageHeader title="Game Rates" />
      <ListState
        loading={isLoading}
        error={isError}
        empty={rows.length === 0}
        emptyText="No rates available."
        onRetry={() => void refetch()}
      >
        <ul className="card rates-list">
          {rows.map((row) => (
            <li key={row.label} className="rates-row">
              <span>{row.label}</span>
              <strong>{row.value}</strong>
            </li>
          ))}
        </ul>
        <p className="rates-note">Rates are points won for points played, e.g. 10-95 pays 95 for a 10-point bid.</p>
      </ListState>
    </section>
  );
}
