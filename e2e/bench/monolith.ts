/**
 * `npm run bench:monolith`: what Module Federation costs a phone. Builds the same screens as ONE app
 * (build/monolith/webpack.config.js: the shell with the remotes' routes imported directly, no
 * federation) and measures it and the federated production build the same way, in the same run, in
 * Chromium: the login page's JS, and a first visit to /game (a logged-in phone with an empty cache
 * opening /game: every JS file it downloads); then, with Lighthouse on the phone calibrated to this machine
 * (lighthouse-lib.ts), LCP and TBT of /login and of a bid screen (/single, logged in), the median of
 * LH_RUNS runs (3) each. Prints the figures and the ratios federated ÷ monolith against the target
 * (≤ 1.10; a TBT under 50 ms on both sides is below what Lighthouse can tell apart and is not judged by
 * ratio). Needs `npm run build` first (the federated build is measured as built).
 */
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import {
  ROOT,
  launchBrowser,
  loginInBrowser,
  newMobile,
  phoneContext,
  registerUser,
  startServer,
  withoutLiveStream,
} from '../lib/harness';
import { writeBench } from '../../build/bench-doc';
import { openLighthouse, type Machine } from './lighthouse-lib';

const TARGET = 1.1;
const RUNS = Number(process.env.LH_RUNS ?? 3);
/** TBT below this on both builds is noise to Lighthouse's simulation: compared by value, not by ratio. */
const TBT_FLOOR_MS = 50;
/** The pages whose paint is compared: the login page, and a bid screen of a logged-in player. */
const LH_PAGES = [
  { path: '/login', player: false },
  { path: '/single', player: true },
] as const;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** gzip bytes of every JS file the page downloads from now on. */
function collect(page: Page) {
  let total = 0;
  let files = 0;
  const pending: Promise<void>[] = [];
  page.on('response', (r: Response) => {
    if (!/\.js(\?|$)/.test(r.url()) || r.status() !== 200) return;
    pending.push(
      r
        .body()
        .then((b) => {
          total += gzipSync(b, { level: 9 }).length;
          files++;
        })
        .catch(() => undefined),
    );
  });
  return async () => {
    await Promise.all(pending);
    return { total, files };
  };
}

async function measure(browser: Browser, staticRoot: string) {
  const server = await startServer({ STATIC_ROOT: staticRoot, CHECK_ANSWERS: '0' });
  try {
    const user = { mobile: newMobile(), name: 'Bench User', password: 'bench1234' };
    await registerUser(server, user);
    // the login page, cold
    const a = await phoneContext(browser);
    const loginPage = await a.newPage();
    const login = collect(loginPage);
    await loginPage.goto(`${server.url}/login`);
    await loginPage.waitForLoadState('networkidle');
    const loginJs = await login();
    // log in, then a fresh phone with that session and an empty cache opens /game
    await loginInBrowser(loginPage, server.url, user.mobile, user.password);
    const state = await a.storageState();
    await a.close();
    const b = await browser.newContext({
      viewport: { width: 360, height: 780 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      storageState: state,
    });
    // 'networkidle' never comes while the live stream is open (it is no JavaScript)
    await withoutLiveStream(b);
    const gamePage = await b.newPage();
    const game = collect(gamePage);
    await gamePage.goto(`${server.url}/game`);
    await gamePage.locator('[data-family="regular"]').waitFor({ timeout: 30_000 });
    await gamePage.waitForLoadState('networkidle');
    const gameJs = await game();
    await b.close();
    return { loginJs, gameJs };
  } finally {
    await server.stop();
  }
}

type Lh = Awaited<ReturnType<typeof openLighthouse>>;

/** LCP and TBT (median run) of each LH_PAGES page of one build. */
async function paints(lh: Lh, machine: Machine, staticRoot: string) {
  const server = await startServer({ STATIC_ROOT: staticRoot, CHECK_ANSWERS: '0' });
  try {
    const user = { mobile: newMobile(), name: 'Bench Player', password: 'bench1234' };
    const token = await registerUser(server, user);
    const session = { username: user.name, unique_token: token, mobile: user.mobile };
    const out: Record<string, { lcp: number; tbt: number }> = {};
    for (const page of LH_PAGES) {
      const { median } = await lh.median(`${server.url}${page.path}`, {
        machine,
        runs: RUNS,
        player: page.player ? { origin: server.url, session } : undefined,
      });
      out[page.path] = {
        lcp: median.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: median.audits['total-blocking-time']?.numericValue ?? NaN,
      };
    }
    return out;
  } finally {
    await server.stop();
  }
}

async function main() {
  const started = Date.now();
  const built = spawnSync(
    process.execPath,
    [require.resolve('webpack-cli/bin/cli.js'), '--config', 'build/monolith/webpack.config.js', '--mode', 'production'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('monolith build failed');
  const browser = await launchBrowser();
  try {
    const federated = await measure(browser, ROOT);
    const monolith = await measure(browser, path.join(ROOT, '.bench', 'monolith'));
    const rows: [string, { total: number; files: number }, { total: number; files: number }][] = [
      ['login page JS', federated.loginJs, monolith.loginJs],
      ['first /game visit JS', federated.gameJs, monolith.gameJs],
    ];
    console.log('\n                        federated            monolith             ratio   target');
    let missed = 0;
    for (const [label, f, m] of rows) {
      const ratio = f.total / m.total;
      if (ratio > TARGET) missed++;
      console.log(
        `${label.padEnd(22)} ${`${kb(f.total)} (${f.files} files)`.padEnd(20)} ${`${kb(m.total)} (${m.files} files)`.padEnd(20)} ${ratio.toFixed(2).padStart(5)}   <= ${TARGET.toFixed(2)}${ratio > TARGET ? '  MISSED' : '  ok'}`,
      );
    }
    const table: string[][] = rows.map(([label, f, m]) => [
      label,
      `${kb(f.total)} (${f.files} files)`,
      `${kb(m.total)} (${m.files} files)`,
      (f.total / m.total).toFixed(2),
      `≤ ${TARGET.toFixed(2)}`,
    ]);

    // the paint of the same pages, on one calibrated phone, both builds in this run
    const lh = await openLighthouse();
    let machine: Machine;
    let fed: Awaited<ReturnType<typeof paints>>;
    let mono: Awaited<ReturnType<typeof paints>>;
    try {
      const server = await startServer({ CHECK_ANSWERS: '0' });
      try {
        machine = await lh.calibrate(`${server.url}/login`);
      } finally {
        await server.stop();
      }
      console.log(
        `\nthis machine: benchmarkIndex ${Math.round(machine.index)} (readings ${machine.readings.map(Math.round).join(', ')}), CPU slowdown ${machine.multiplier}×`,
      );
      fed = await paints(lh, machine, ROOT);
      mono = await paints(lh, machine, path.join(ROOT, '.bench', 'monolith'));
    } finally {
      lh.close();
    }
    const ms = (v: number) => `${Math.round(v)} ms`;
    for (const page of LH_PAGES) {
      const f = fed[page.path];
      const m = mono[page.path];
      const bytes = rows[page.player ? 1 : 0];
      for (const [metric, fv, mv] of [
        ['LCP', f.lcp, m.lcp],
        ['TBT', f.tbt, m.tbt],
      ] as const) {
        const ratio = fv / mv;
        const small = metric === 'TBT' && fv < TBT_FLOOR_MS && mv < TBT_FLOOR_MS;
        const ok = small || ratio <= TARGET;
        if (!ok) missed++;
        const label = `${metric} ${page.path}`;
        console.log(
          `${label.padEnd(22)} ${ms(fv).padEnd(20)} ${ms(mv).padEnd(20)} ${(Number.isFinite(ratio) ? ratio.toFixed(2) : '-').padStart(5)}   <= ${TARGET.toFixed(2)}${small ? '  ok (both under 50 ms)' : ok ? '  ok' : '  MISSED'}   JS ${kb(bytes[1].total)} vs ${kb(bytes[2].total)}`,
        );
        table.push([
          `${label} (JS ${kb(bytes[1].total)} / ${kb(bytes[2].total)})`,
          ms(fv),
          ms(mv),
          Number.isFinite(ratio) ? ratio.toFixed(2) : '-',
          small ? `both < ${TBT_FLOOR_MS} ms` : `≤ ${TARGET.toFixed(2)}`,
        ]);
      }
    }
    console.log(
      `\ndone in ${((Date.now() - started) / 1000).toFixed(0)} s${missed ? `; ${missed} target(s) missed` : ''}`,
    );
    writeBench('monolith', {
      setup: `the same screens built as one app without Module Federation: gzip measured in Chromium; LCP and TBT by Lighthouse (median of ${RUNS}) on the phone calibrated to this machine (benchmarkIndex ${Math.round(machine.index)}, CPU ${machine.multiplier}×)`,
      header: ['measure', 'federated', 'monolith', 'ratio', 'target'],
      rows: table,
    });
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
