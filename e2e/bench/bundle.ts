/**
 * `npm run bench:bundle`: what a phone downloads, measured in a real browser against the production
 * build: the login page's JS (no remote may load there; target ≤ 135 KB gzip with the design's federation
 * runtime, 120 KB the goal) and each remote's files
 * on first visit, split into its own screens' chunks and what federation adds on top of them (its
 * remoteEntry.js: the container and its share-scope wiring; target ≤ 10 KB).
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import {
  launchBrowser,
  loginInBrowser,
  newMobile,
  phoneContext,
  registerUser,
  startServer,
  withoutLiveStream,
} from '../lib/harness';
import { writeBench } from '../../build/bench-doc';

/** The login page's goal, and its ceiling with the design's federation runtime on it. */
const LOGIN_GOAL = 120 * 1024;
const LOGIN_BUDGET = 135 * 1024;
/** What a remote may add beyond its own screens' code. */
const REMOTE_OVERHEAD_BUDGET = 10 * 1024;
/** A remote's catalogue of one language. */
const CATALOG_BUDGET = 5 * 1024;
const PROBES: Record<string, string> = { regular: '/game', starline: '/star', gali: '/galiIMP', wallet: '/histories' };

function collect(page: Page) {
  const js: { url: string; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (r: Response) => {
    if (!/\.js(\?|$)/.test(r.url()) || r.status() !== 200) return;
    pending.push(
      r
        .body()
        .then((b) => void js.push({ url: r.url(), gzip: gzipSync(b, { level: 9 }).length }))
        .catch(() => undefined),
    );
  });
  return { js, settle: () => Promise.all(pending) };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const server = await startServer({ CHECK_ANSWERS: '0' });
  const browser = await launchBrowser();
  let over = 0;
  const table: (string | number)[][] = [];
  try {
    const user = { mobile: newMobile(), name: 'Bench User', password: 'bench1234' };
    await registerUser(server, user);
    const ctx = await phoneContext(browser);
    const page = await ctx.newPage();
    const login = collect(page);
    await page.goto(`${server.url}/login`);
    await page.waitForLoadState('networkidle');
    await login.settle();
    const loginTotal = login.js.reduce((s, f) => s + f.gzip, 0);
    const remoteOnLogin = login.js.filter((f) => f.url.includes('/remotes/')).length;
    console.log(
      `login page JS: ${kb(loginTotal)} gzip in ${login.js.length} files (target ≤ ${kb(LOGIN_BUDGET)} with the federation runtime; goal ${kb(LOGIN_GOAL)}), remote files: ${remoteOnLogin}`,
    );
    if (process.argv.includes('--verbose')) {
      for (const f of [...login.js].sort((a, b) => b.gzip - a.gzip))
        console.log(`  ${kb(f.gzip).padStart(9)}  ${f.url}`);
    }
    if (loginTotal > LOGIN_BUDGET || remoteOnLogin > 0) over++;
    table.push([
      'login page JS',
      `${kb(loginTotal)} in ${login.js.length} files`,
      `≤ ${kb(LOGIN_BUDGET)} with the federation runtime (goal ${kb(LOGIN_GOAL)}), no remote`,
    ]);
    await ctx.close();

    for (const [family, path] of Object.entries(PROBES)) {
      const c = await phoneContext(browser);
      // 'networkidle' never comes while the live stream is open (it is no JavaScript)
      await withoutLiveStream(c);
      const p = await c.newPage();
      await loginInBrowser(p, server.url, user.mobile, user.password);
      const seen = collect(p);
      await p.goto(`${server.url}${path}`);
      await p.locator(`[data-family="${family}"]`).waitFor({ timeout: 30000 });
      await p.waitForLoadState('networkidle');
      await seen.settle();
      const files = seen.js.filter((f) => f.url.includes(`/remotes/${family}/`));
      const total = files.reduce((s, f) => s + f.gzip, 0);
      const overhead = files.filter((f) => /\/remoteEntry\.js(\?|$)/.test(f.url)).reduce((s, f) => s + f.gzip, 0);
      console.log(
        `remote ${family} (${path}): ${kb(total)} gzip in ${files.length} files: its screens ${kb(total - overhead)}, ` +
          `federation ${kb(overhead)} (target ≤ ${kb(REMOTE_OVERHEAD_BUDGET)})`,
      );
      if (process.argv.includes('--verbose')) {
        for (const f of [...seen.js].sort((a, b) => b.gzip - a.gzip))
          console.log(`  ${kb(f.gzip).padStart(9)}  ${f.url}`);
      }
      if (overhead > REMOTE_OVERHEAD_BUDGET || overhead === 0) over++;
      table.push([`${family} (${path}): its screens`, kb(total - overhead), '']);
      table.push([`${family}: federation (remoteEntry.js)`, kb(overhead), `≤ ${kb(REMOTE_OVERHEAD_BUDGET)}`]);
      // in English no catalogue of any part is fetched
      const english = seen.js.filter((f) => /\/i18n-/.test(f.url));
      if (english.length) {
        console.log(`  in English it fetched catalogues: ${english.map((f) => f.url).join(', ')}`);
        over++;
      }
      await c.close();

      // the same visit in Hindi: the family's own catalogue, fetched from its build, once
      const h = await phoneContext(browser);
      await withoutLiveStream(h);
      const hp = await h.newPage();
      await loginInBrowser(hp, server.url, user.mobile, user.password);
      await hp.evaluate(() => localStorage.setItem('matka.lang', 'hi')); // the next load opens in Hindi
      const inHindi = collect(hp);
      await hp.goto(`${server.url}${path}`);
      await hp.locator(`[data-family="${family}"]`).waitFor({ timeout: 30000 });
      await hp.waitForLoadState('networkidle');
      await inHindi.settle();
      // (a family's files are served from its release's folder, /remotes/<family>/v/<version>/)
      const ownCatalog = new RegExp(`/remotes/${family}/(v/[^/]+/)?i18n-${family}-hi`);
      const catalog = inHindi.js.filter((f) => ownCatalog.test(f.url));
      const size = catalog.reduce((s, f) => s + f.gzip, 0);
      console.log(
        catalog.length
          ? `  its Hindi catalogue: ${kb(size)} gzip in ${catalog.length} file(s) (target ≤ ${kb(CATALOG_BUDGET)})`
          : '  its Hindi catalogue: none yet (its screens are still in English)',
      );
      if (size > CATALOG_BUDGET || catalog.length > 1) over++;
      table.push([`${family}: its Hindi catalogue`, catalog.length ? kb(size) : 'none', `≤ ${kb(CATALOG_BUDGET)}`]);
      await h.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(over ? `${over} target(s) missed` : 'all targets met');
  writeBench('bundle', {
    setup: 'production build, gzip of what Chromium downloaded at 360 × 780',
    header: ['what a phone downloads', 'gzip', 'target'],
    rows: table,
    notes: [over ? `**${over} target(s) missed.**` : '**All targets met.**'],
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
