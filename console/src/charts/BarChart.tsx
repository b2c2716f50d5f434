/**
 * A bar chart (Chart.js, in the chunks of the screens that plot only) with a text alternative: the
 * largest bars of each series, so the figures reach a screen reader and a page without canvas.
 */
import { useEffect, useMemo, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface Series {
  label: string;
  values: number[];
}

const COLOURS = ['#5b2fc0', '#b35c00', '#137333'];

export function BarChart({ title, labels, series }: { title: string; labels: string[]; series: Series[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // redraw only when the figures change (the parent may pass new arrays of the same figures)
  const key = JSON.stringify([labels, series]);
  const data = useMemo(() => JSON.parse(key) as [string[], Series[]], [key]);
  useEffect(() => {
    const el = canvas.current;
    if (!el || !el.getContext?.('2d')) return; // no canvas (a test's DOM): the text alternative stays
    const [l, s] = data;
    const chart = new Chart(el, {
      type: 'bar',
      data: {
        labels: l,
        datasets: s.map((x, i) => ({ label: x.label, data: x.values, backgroundColor: COLOURS[i % COLOURS.length] })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { display: s.length > 1 } },
      },
    });
    return () => chart.destroy();
  }, [data]);
  const alt = `${title}. ${series
    .map((s) => {
      const top = labels
        .map((l, i) => ({ l, v: s.values[i] ?? 0 }))
        .filter((x) => x.v > 0)
        .sort((a, b) => b.v - a.v)
        .slice(0, 5)
        .map((x) => `${x.l}: ${x.v}`)
        .join(', ');
      const name = series.length > 1 ? `${s.label}: ` : '';
      return top ? `${name}Most points: ${top}.` : `${name}No points.`;
    })
    .join(' ')}`;
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
