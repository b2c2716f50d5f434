/** axe-core in the page: the serious and critical violations of the current screen, one line each. */
import type { Page } from 'playwright-core';

const AXE_PATH = require.resolve('axe-core/axe.min.js');

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    // animations (tickers) would make colours read mid-transition
    // target-size (WCAG 2.2: a tap target of at least 24 x 24 px, or spaced so) is off by default
    const r = await axe.run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
    return r.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) =>
        `${v.impact} ${v.id} (${v.help}): ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`.trim(),
      ),
    );
}
