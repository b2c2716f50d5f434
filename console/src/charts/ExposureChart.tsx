/**
 * The points at stake on a market's open bids, by digit, jodi and pana, as bar charts (Chart.js, loaded
 * with this module only on the Results screen).
 */
import type { Exposure } from '@matka/shared/contract';
import { BarChart } from './BarChart';

const DIGITS = Array.from({ length: 10 }, (_, d) => String(d));

export default function ExposureChart({ exposure }: { exposure: Exposure }) {
  const jodis = exposure.by_jodi.slice(0, 12);
  const panas = exposure.by_pana.slice(0, 12);
  return (
    <div className="console-charts">
      <p>
        Open bids this result can settle: {exposure.bids}, {exposure.points} points.
        {exposure.riskiest.length > 0 &&
          ` Costliest results: ${exposure.riskiest
            .slice(0, 5)
            .map((r) => `${r.result} pays ${r.payout}`)
            .join(', ')}.`}
      </p>
      <BarChart
        title="Points by digit"
        labels={DIGITS}
        series={[{ label: 'Points', values: DIGITS.map((d) => exposure.by_digit[d] ?? 0) }]}
      />
      {jodis.length > 0 && (
        <BarChart
          title="Points by jodi (top 12)"
          labels={jodis.map((j) => j.jodi)}
          series={[{ label: 'Points', values: jodis.map((j) => j.points) }]}
        />
      )}
      {panas.length > 0 && (
        <BarChart
          title="Points by pana (top 12)"
          labels={panas.map((p) => p.pana)}
          series={[{ label: 'Points', values: panas.map((p) => p.points) }]}
        />
      )}
    </div>
  );
}
