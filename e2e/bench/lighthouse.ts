/**
 * `npm run bench:lighthouse`: Lighthouse (mobile form factor, simulated slow 4G and CPU throttling)
 * against the production build served by the real server, for the public pages a visitor lands on.
 * Prints the performance score and the main metrics per page, against the budget (performance ≥ 95).
 */
import { startServer } from '../lib/harness';

const PAGES = ['/login', '/', '/htp'];
const BUDGET = 95;

async function main() {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  let below = 0;
  try {
    for (const path of PAGES) {
      const result = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      const { categories, audits } = result.lhr;
      const score = Math.round((categories.performance.score ?? 0) * 100);
      const metric = (id: string) => audits[id]?.displayValue ?? '-';
      console.log(
        `${path.padEnd(7)} performance ${score} (budget ${BUDGET}), accessibility ${Math.round((categories.accessibility.score ?? 0) * 100)}, ` +
          `best practices ${Math.round((categories['best-practices'].score ?? 0) * 100)} | FCP ${metric('first-contentful-paint')}, ` +
          `LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
      );
      if (score < BUDGET) below++;
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.log(below ? `${below} page(s) below the budget` : 'all pages meet the budget');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
