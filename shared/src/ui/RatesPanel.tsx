import { formatRate } from '../domain/text';

/** A rates record (game_rates[0]): `${key}_val_1` / `${key}_val_2` pairs. */
export type RatesRecord = Record<string, string | number | null | undefined>;

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
    <section className="card rates-panel" aria-labelledby="rates-panel-title">
      <h2 id="rates-panel-title" className="rates-panel-title">
        Game Rates
      </h2>
      <dl className="rates-panel-list">
        {shown.map((r) => (
          <div key={r.key} className="rates-panel-row">
            <dt>{r.label}</dt>
            <dd>{formatRate(String(record[`${r.key}_val_1`]), String(record[`${r.key}_val_2`]))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
