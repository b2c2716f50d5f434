/**
 * The points at stake on a market's open bids, by digit, jodi and pana, as bar charts (Chart.js, loaded
 * with this module only on the Results screen). Each chart has a text alternative: its largest bars.
 */
import { useEffect, useMemo, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import type { Exposure } from '@matka/shared/domain';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const BAR = '#5b2fc0';

function Bars({ title, labels, values }: { title: string; labels: string[]; values: number[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el || !el.getContext?.('2d')) return; // no canvas (a test's DOM): the text alternative stays
    const chart = new Chart(el, {
      type: 'bar',
      data: { labels, datasets: [{ label: 'Points', data: values, backgroundColor: BAR }] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { tooltip: { enabled: true } },
      },
    });
    return () => chart.destroy();
  }, [labels, values]);
  const top = labels
    .map((l, i) => ({ l, v: values[i] }))
    .filter((x) => x.v > 0)
    .sort((a, b) => b.v - a.v)
    .slice(0, 5)
    .map((x) => `${x.l}: ${x.v}`)
    .join(', ');
  const alt = `${title}. ${top ? `Most points: ${top}.` : 'No points at stake.'}`;
  return (
    <figure className="console-chart">
      <figcaption>{title}</figcaption>
      <div className="console-chart-box">
        <canvas ref={canvas} role="img" aria-label={alt}>
          {alt}
        </canvas>
      </div>
    </figure>
  );
}

const DIGITS = Array.from({ length: 10 }, (_, d) => String(d));

export default function ExposureChart({ exposure }: { exposure: Exposure }) {
  // the same arrays while the preview stays, so a chart is drawn once
  const { digitPoints, jodis, panas } = useMemo(
    () => ({
      digitPoints: DIGITS.map((d) => exposure.by_digit[d] ?? 0),
      jodis: exposure.by_jodi.slice(0, 12),
      panas: exposure.by_pana.slice(0, 12),
    }),
    [exposure],
  );
  const jodiLabels = useMemo(() => jodis.map((j) => j.jodi), [jodis]);
  const jodiPoints = useMemo(() => jodis.map((j) => j.points), [jodis]);
  const panaLabels = useMemo(() => panas.map((p) => p.pana), [panas]);
  const panaPoints = useMemo(() => panas.map((p) => p.points), [panas]);
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
      <Bars title="Points by digit" labels={DIGITS} values={digitPoints} />
      {jodis.length > 0 && <Bars title="Points by jodi (top 12)" labels={jodiLabels} values={jodiPoints} />}
      {panas.length > 0 && <Bars title="Points by pana (top 12)" labels={panaLabels} values={panaPoints} />}
    </div>
  );
}
