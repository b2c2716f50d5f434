/**
 * EVENT_LOOP_REPORT_MS (diagnostics, off by default): every that many milliseconds each server process
 * writes one line to stdout with its event-loop delay over the interval, measured with
 * perf_hooks.monitorEventLoopDelay:
 *   event-loop pid=1234 p99_ms=3.1 max_ms=7.9 mean_ms=1.2
 * bench:settle reads these lines from every worker while a declaration settles.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export function startLoopReport(intervalMs: number): () => void {
  if (!(intervalMs > 0)) return () => undefined;
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  const timer = setInterval(() => {
    process.stdout.write(
      `event-loop pid=${process.pid} p99_ms=${ms(h.percentile(99))} max_ms=${ms(h.max)} mean_ms=${ms(h.mean)}\n`,
    );
    h.reset();
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    h.disable();
  };
}
