/**
 * Where a chart will be while its code loads, as tall as the chart itself: nothing under it moves when the
 * chart comes, so a link or button below stays where the operator is about to tap it.
 */
export function ChartSpace({ title, text }: { title: string; text: string }) {
  return (
    <figure className="console-chart">
      <figcaption>{title}</figcaption>
      <div className="console-chart-box">
        <p role="status">{text}</p>
      </div>
    </figure>
  );
}
