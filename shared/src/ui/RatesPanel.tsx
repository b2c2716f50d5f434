import type { Family } from '@matka/shared/domain';
import { t, tWord, useLanguage } from '@matka/shared/i18n';
import { rateRows, type RatesRecord } from '@matka/shared';

/** The rates panel: one 'a-b' pair per bet type. Nothing while the rates are unknown (fetch failures are silent). */
export function RatesPanel({ family, record }: { family: Family; record: RatesRecord | undefined }) {
  useLanguage();
  const shown = rateRows(family, record);
  if (shown.length === 0) return null;
  return (
    <section className="card rates-panel" aria-labelledby="rates-panel-title">
      <h2 id="rates-panel-title" className="rates-panel-title">
        {t('ui.gameRates', 'Game Rates')}
      </h2>
      <dl className="rates-panel-list">
        {shown.map((r) => (
          <div key={r.key} className="rates-panel-row">
            <dt>{tWord(r.label)}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
