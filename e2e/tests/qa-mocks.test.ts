/**
 * QA on mocks, in Chromium at 360 x 780 with no API server running: `npm run qa -w remote-<family>`
 * builds and serves the family's QA page and prints its address; the page says it runs on mocks and
 * lists its scenarios; 'market closed' shows the family's markets closed (the wallet: 'low balance' shows
 * its 5 points); no request leaves the page's origin; the production build carries no mock code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT, launchBrowser } from '../lib/harness';
import { kolkataPhone } from '../lib/regular';
import { seriousViolations } from '../lib/axe';

const SCENARIO_TITLES = [
  'New player',
  'Market open',
  'Market closed',
  'Result declared',
  'Low balance',
  'Betting off',
  'Server error',
  'Slow network',
  'Offline',
];

let browser: Browser;
const running: ChildProcess[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  // npm runs the server as a child of its own: the whole group is stopped
  for (const p of running) if (p.pid) process.kill(-p.pid, 'SIGTERM');
});

/** `npm run qa -w remote-<family>` on a free port: the address it prints. */
function qa(family: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn('npm', ['run', 'qa', '-w', `remote-${family}`], {
      cwd: ROOT,
      env: { ...process.env, QA_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.push(proc);
    let out = '';
    const seen = (b: Buffer) => {
      out += b.toString();
      const m = /on mocks \(no server\): (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve(m[1]);
    };
    proc.stdout.on('data', seen);
    proc.stderr.on('data', seen);
    proc.on('exit', (code) => reject(new Error(`npm run qa -w remote-${family} exited with ${code}:\n${out}`)));
  });
}

const PROBES: Record<
  string,
  { scenario: string; path: string; check: (page: import('playwright-core').Page) => Promise<void> }
> = {
  gali: {
    scenario: 'market-closed',
    path: '/galiIMP',
    check: async (page) => {
      const cards = page.getByTestId('gali-market');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(3);
      for (const text of await cards.allTextContents()) expect(text).toContain('Market Closed');
    },
  },
  starline: {
    scenario: 'market-closed',
    path: '/star',
    check: async (page) => {
      const cards = page.getByTestId('starline-game');
      await cards.first().waitFor();
      for (const text of await cards.allTextContents()) expect(text).toContain('BETTING IS CLOSED');
    },
  },
  regular: {
    scenario: 'market-closed',
    path: '/game',
    check: async (page) => {
      const cards = page.locator('.game-market');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(3);
      for (const text of await cards.allTextContents()) expect(text).toContain('Market Closed');
      expect(await page.getByRole('link', { name: /^Play / }).count()).toBe(0);
    },
  },
  wallet: {
    scenario: 'low-balance',
    path: '/wallet',
    check: async (page) => {
      await page.getByTestId('topbar-wallet').filter({ hasText: /^5$/ }).waitFor();
    },
  },
};

describe.each(Object.keys(PROBES))('the %s QA page', (family) => {
  it(`runs on mocks with no server, lists its scenarios, and shows '${PROBES[family].scenario}'`, async () => {
    const probe = PROBES[family];
    const base = await qa(family);
    const origin = new URL(base).origin;
    const ctx = await kolkataPhone(browser, { bypassCSP: true });
    const page = await ctx.newPage();
    const elsewhere: string[] = [];
    ctx.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    await page.goto(`${base.replace(/\/$/, '')}${probe.path}?scenario=${probe.scenario}`);
    const bar = page.getByRole('navigation', { name: 'QA scenarios' });
    await bar.getByText(/^QA on mocks: no server\./).waitFor();
    expect(await bar.getByRole('link').allTextContents()).toEqual(SCENARIO_TITLES);
    expect(await bar.locator('[aria-current="page"]').count()).toBe(1);
    await probe.check(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/shots/qa-${family}-${probe.scenario}.png` });

    // another scenario, chosen on the page
    await bar.getByRole('link', { name: 'Market open' }).click();
    await page.waitForURL(/scenario=market-open/);
    await bar.getByText(/Scenario: Market open\./).waitFor();
    expect(elsewhere).toEqual([]);
    await ctx.close();

    // the production build of the family carries no mock code
    const dist = path.join(ROOT, `remote-${family}`, 'dist');
    for (const file of readdirSync(dist).filter((f) => f.endsWith('.js')))
      expect(readFileSync(path.join(dist, file), 'utf8')).not.toMatch(/mockServiceWorker|QA on mocks/);
  }, 180_000);
});
