/**
 * A family ships its own screens, in Chromium at 360 x 780 against the production build: the Gali team
 * changes the common bid screen's code in a copy of the source, builds its family alone
 * (`npm run build -w remote-gali`) and releases that build with `family release`. A new tab of a Gali
 * player shows the changed bid screen; the regular family's bid screen, in the same tab, is as it was,
 * and the shell was neither rebuilt nor restarted.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  ROOT,
  launchBrowser,
  loginInBrowser,
  newMobile,
  operator,
  registerUser,
  startServer,
  type TestServer,
} from '../lib/harness';
import { deployment } from '../lib/deploy';
import { kolkataPhone, prepareMarkets } from '../lib/regular';
import { setTimes, slotTimes } from '../lib/starline-gali';

const REGULAR_MARKET = 'KALYAN';
const CLOSED_REGULAR = 'MILAN DAY';
const GALI_MARKET = 'FARIDABAD';
const CHANGED = 'Points to play';
const times = slotTimes();
const maybe = times ? describe : describe.skip;

let browser: Browser;
let server: TestServer;
let root: string;
let source: string;

/**
 * A copy of the sources a family's team works in: the root's package files, the build, @matka/shared and
 * the Gali family, with the installed packages linked (and @matka/shared linked to the copy's own).
 */
function copyOfSource(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'matka-gali-team-'));
  const skip = (src: string) => !/[\\/](node_modules|dist|dist-qa|\.sw-build)$/.test(src);
  for (const part of ['build', 'shared', 'remote-gali']) {
    cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true, filter: skip });
  }
  for (const file of ['tsconfig.base.json', 'package.json']) cpSync(path.join(ROOT, file), path.join(dir, file));
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { workspaces: string[] };
  const workspaces = new Set(pkg.workspaces);
  pkg.workspaces = ['shared', 'remote-gali'];
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  mkdirSync(path.join(dir, 'node_modules', '@matka'), { recursive: true });
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name === '@matka' || workspaces.has(name)) continue;
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
  symlinkSync(path.join(dir, 'shared'), path.join(dir, 'node_modules', '@matka', 'shared'));
  symlinkSync(path.join(dir, 'remote-gali'), path.join(dir, 'node_modules', 'remote-gali'));
  return dir;
}

beforeAll(async () => {
  if (!times) return;
  browser = await launchBrowser();
  root = deployment(['gali']);
  server = await startServer({ STATIC_ROOT: root });
  await prepareMarkets(server, REGULAR_MARKET, CLOSED_REGULAR);
  await setTimes(server, 'gali', GALI_MARKET, times.future, Math.min(times.future + 20, 23 * 60 + 59));
  source = copyOfSource();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  for (const dir of [root, source]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The label beside the balance on a bid screen. */
const balanceLabel = (page: Page) => page.locator('.bid-balance > span').first().textContent();

async function galiBidScreen(page: Page): Promise<void> {
  await page.goto(`${server.url}/galiIMP`);
  await page.getByTestId('gali-market').filter({ hasText: GALI_MARKET }).getByRole('button').click();
  await page.waitForURL(/\/galiallgame$/);
  await page.getByRole('button', { name: 'Left Digit' }).click();
  await page.getByRole('heading', { name: 'Left Digit', level: 1 }).waitFor();
  await page.getByTestId('bid-balance').waitFor();
}

async function regularBidScreen(page: Page): Promise<void> {
  await page.goto(`${server.url}/imp`);
  await page.getByTestId('market-card').filter({ hasText: REGULAR_MARKET }).getByRole('button').click();
  await page.waitForURL(/\/game$/);
  await page.getByRole('button', { name: 'Single Digit' }).click();
  await page.getByRole('heading', { name: 'Single Digit' }).waitFor();
  await page.getByTestId('bid-balance').waitFor();
}

maybe('a family ships its own bid screen', () => {
  it('a bid-screen change built with Gali alone reaches Gali players; the regular screens keep theirs', async () => {
    const user = { mobile: newMobile(), name: 'Gali Team Player', password: 'secret123' };
    await registerUser(server, user);

    // before: both families show the bid screen as the shell's build came with it
    const before = await kolkataPhone(browser);
    const old = await before.newPage();
    await loginInBrowser(old, server.url, user.mobile, user.password);
    await galiBidScreen(old);
    expect(await balanceLabel(old)).toBe('Balance');
    await before.close();

    // the Gali team changes the bid screen in its copy of the source and builds its family alone
    const entry = path.join(source, 'shared', 'src', 'ui', 'bid', 'BidEntry.tsx');
    const code = readFileSync(entry, 'utf8');
    expect(code).toContain("t('bid.balance', 'Balance')");
    writeFileSync(entry, code.replace("t('bid.balance', 'Balance')", `t('bid.balanceLeft', '${CHANGED}')`));
    // built without blocking this process: its connections to the server stay live (a keep-alive socket
    // the server closed during a blocking build would fail the next call)
    const built = await new Promise<number | null>((resolve, reject) => {
      const child = spawn('npm', ['run', 'build', '-w', 'remote-gali'], {
        cwd: source,
        env: { ...process.env, MATKA_BUILD_ID: 'gali-bidscreen' },
        stdio: 'ignore',
      });
      child.on('error', reject);
      child.on('close', resolve);
    });
    expect(built).toBe(0);
    // deployed beside the running shell, then released to every Gali player
    const dist = path.join(root, 'remote-gali', 'dist');
    rmSync(dist, { recursive: true, force: true });
    cpSync(path.join(source, 'remote-gali', 'dist'), dist, { recursive: true });
    expect(await operator(server, 'family', 'release', 'gali', 'gali-bidscreen')).toContain('gali gali-bidscreen');

    // a new tab: Gali's bid screen is the changed one, from the Gali release's own files
    const ctx = await kolkataPhone(browser);
    const page = await ctx.newPage();
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
    });
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await galiBidScreen(page);
    await page.locator('[data-family="gali"][data-build="gali-bidscreen"]').first().waitFor();
    expect(await balanceLabel(page)).toBe(CHANGED);
    await page.screenshot({ path: '/tmp/shots/gali-own-bid-screen.png', fullPage: true });

    // the regular family, in the same tab, runs its own copy of the bid screen, unchanged
    await regularBidScreen(page);
    expect(await balanceLabel(page)).toBe('Balance');
    expect(scripts.some((p) => p.startsWith('/remotes/gali/v/gali-bidscreen/'))).toBe(true);
    expect(scripts.some((p) => p.startsWith('/remotes/regular/'))).toBe(true);
    await ctx.close();
  }, 240_000);
});
