import { formatRate } from '@matka/shared';
import type { RatesRecord } from './api';

export interface RateRow {
  label: string;
  /** Key of the pair in the rates record: `${key}_val_1`, `${key}_val_2`. */
  key: string;
}

const has = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The rates panel: one 'a-b' pair per bet type. Nothing while the rates are unknown (fetch failures are silent). */
export function RatesPanel({ rows, record }: { rows: readonly RateRow[]; record: RatesRecord | undefined }) {
  const shown = rows.filter((r) => record && has(record[`${r.key}_val_1`]) && has(record[`${r.key}_val_2`]));
  if (!record || shown.length === 0) return null;
  return (
    <section className="card sl-rates" aria-labelledby="sl-rates-title">
      <h2 id="sl-rates-title" className="sl-rates-title">
        Game Rates
      </h2>
      <dl className="sl-rates-list">
        {shown.map((r) => (
          <div key={r.key} className="sl-rates-row">
            <dt>{r.label}</dt>
            <dd>{formatRate(String(record[`${r.key}_val_1`]), String(record[`${r.key}_val_2`]))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
