/**
 * The installable app in Chromium against the production build: the service worker installs and
 * Chromium finds the app installable; with the network cut /imp keeps its markets under the offline
 * banner and a bid cannot be sent, and everything recovers when the network returns; a new build
 * shows 'A new version is available' and reloads only when the player taps Reload; a remote rebuilt
 * on its own is picked up by the running shell's next page load (its service worker never serves a
 * stale remoteEntry.js).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  CHROMIUM,
  launchBrowser,
  loginInBrowser,
  newMobile,
  operator,
  registerUser,
  startServer,
  type TestServer,
} from '../lib/harness';
import { addBid, kolkataPhone, prepareMarkets, until, walletOf } from '../lib/regular';
import { deployFamily, deployment } from '../lib/deploy';

const OFFLINE = 'You are offline — showing the last data';
const OFFLINE_REASON = 'Bids and money requests wait until you are back online.';
const OFFLINE_PAGE = 'This page is not saved on this phone yet. It opens when you are back online.';

let browser: Browser;
let server: TestServer;
let staticRoot: string;

beforeAll(async () => {
  browser = await launchBrowser();
  staticRoot = deployment(['regular']);
  server = await startServer({ STATIC_ROOT: staticRoot });
  await prepareMarkets(server, 'KALYAN', 'MILAN DAY');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (staticRoot) rmSync(staticRoot, { recursive: true, force: true });
});

/**
 * Waits until a family's page has rendered and every remote file the page fetched (remotes.json, each
 * remoteEntry.js, the chunks) is in the service worker's caches: the service worker keeps a file just
 * after it answers, so a visit counts for offline use only once its files are kept. (The top bar's
 * balance shows before the remote's last chunk has arrived.)
 */
async function keptForOffline(page: Page, family: string) {
  await page.locator(`[data-family="${family}"]`).waitFor();
  await page.waitForFunction(
    async () => {
      const files = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => /^\/remotes(\/|\.json$)/.test(new URL(u).pathname));
      const found = await Promise.all(files.map((u) => caches.match(u)));
      return files.length > 0 && found.every(Boolean);
    },
    undefined,
    { polling: 100, timeout: 10_000 },
  );
}

async function newPlayer(points: string) {
  const user = { mobile: newMobile(), name: 'Pwa Player', password: 'secret123' };
  await registerUser(server, user);
  await operator(server, 'credit', user.mobile, points);
  return user;
}

/** Waits until the page is controlled by an activated service worker; returns its script URL. */
async function controlled(page: Page): Promise<string> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 20_000 });
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
    return reg.active?.scriptURL ?? '';
  });
}

describe('the installable app', () => {
  let ctx: BrowserContext;
  afterEach(async () => ctx?.close());

  it('installs its service worker, precaches the shell, and Chromium finds it installable', async () => {
    // A profile of its own: Chromium never offers to install from an incognito context.
    const profile = mkdtempSync(path.join(tmpdir(), 'matka-pwa-profile-'));
    ctx = await chromium.launchPersistentContext(profile, {
      ...CHROMIUM,
      viewport: { width: 360, height: 780 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/login`);
    expect(await controlled(page)).toBe(`${server.url}/sw.js`);
    const cdp = await ctx.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ start_url: '/imp', display: 'standalone' });
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: unknown[];
    };
    expect(installabilityErrors).toEqual([]);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    const main = readFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), 'utf8').match(
      /main\.[0-9a-f]+\.js/,
    )?.[0];
    expect(cached).toContain(`/${main}`);
    expect(cached).toContain('/manifest.webmanifest');
    expect(cached.some((u) => /remoteEntry|mf-manifest|remotes\.json|config\.json|\/api\//.test(u))).toBe(false);
    await ctx.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('offline: /imp keeps its markets under the banner, Submit is disabled; back online it recovers', async () => {
    const user = await newPlayer('1000');
    ctx = await kolkataPhone(browser);
    const page = await ctx.newPage();
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await controlled(page);
    await until(() => walletOf(page), 1000);
    const cards = page.getByTestId('market-card');
    await cards.first().waitFor();
    const names = await cards.locator('.market-name').allTextContents();
    expect(names.length).toBeGreaterThan(3);

    await ctx.setOffline(true);
    await page.getByText(OFFLINE).waitFor();
    expect(await cards.locator('.market-name').allTextContents()).toEqual(names);
    await page.screenshot({ path: path.join(tmpdir(), 'pwa-offline-imp.png') });

    // The regular remote loaded before the cut is still there: a bid can be drafted, not sent.
    await ctx.setOffline(false);
    await page.getByText(OFFLINE).waitFor({ state: 'detached' });
    await cards.filter({ hasText: 'KALYAN' }).getByRole('button').click();
    await page.getByRole('button', { name: 'Single Digit' }).click();
    await page.getByRole('heading', { name: 'Single Digit' }).waitFor();
    await ctx.setOffline(true);
    await page.getByText(OFFLINE).waitFor();
    await addBid(page, { Digit: '5' }, '100');
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await submit.waitFor();
    // the button follows the connection's state as the page learns it
    expect(await until(() => submit.isDisabled(), true)).toBe(true);
    await page.getByText(OFFLINE_REASON).waitFor();
    await page.screenshot({ path: path.join(tmpdir(), 'pwa-offline-bid.png') });

    await ctx.setOffline(false);
    await page.getByText(OFFLINE).waitFor({ state: 'detached' });
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByRole('dialog').getByRole('button', { name: 'SUBMIT' }).click();
    await page.getByText('Bid placed successfully!').waitFor();
    await until(() => walletOf(page), 900);
  });

  it('a reload while offline opens the app from the service worker, with the banner; online again the list loads', async () => {
    const user = await newPlayer('10');
    ctx = await kolkataPhone(browser);
    const page = await ctx.newPage();
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await controlled(page);
    await page.reload();
    await page.getByTestId('market-card').first().waitFor();
    await ctx.setOffline(true);
    await page.reload();
    await page.getByText(OFFLINE).waitFor();
    await page.getByText('Could not load this list. Check your connection.').waitFor();
    // Back online the list loads by itself, without a reload or a tap on 'Try again'.
    await ctx.setOffline(false);
    await page.getByTestId('market-card').first().waitFor();
    expect(await page.getByText(OFFLINE).count()).toBe(0);
  });

  it('opened offline: a family visited before opens from the kept copies; one never visited says so, then opens online', async () => {
    const user = await newPlayer('700');
    ctx = await kolkataPhone(browser);
    const page = await ctx.newPage();
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await controlled(page);
    await page.goto(`${server.url}/wallet`);
    await page.getByText('700').first().waitFor();
    await keptForOffline(page, 'wallet');
    await page.goto(`${server.url}/game`);
    await page.getByRole('button', { name: 'Single Digit' }).waitFor();
    await keptForOffline(page, 'regular');

    await ctx.setOffline(true);
    for (const visited of ['/wallet', '/game']) {
      await page.goto(`${server.url}${visited}`);
      await page.getByText(OFFLINE).waitFor();
      await page.locator(`[data-family="${visited === '/game' ? 'regular' : 'wallet'}"]`).waitFor();
      expect(await page.getByText(OFFLINE_PAGE).count()).toBe(0);
      // the last balance, not 0
      expect(await walletOf(page)).toBe(700);
    }
    await page.getByRole('button', { name: 'Single Digit' }).waitFor();
    await page.goto(`${server.url}/star`);
    await page.getByText(OFFLINE).waitFor();
    await page.getByRole('alert').getByText(OFFLINE_PAGE).waitFor();
    expect(await page.getByText('This section is unavailable right now.').count()).toBe(0);
    await page.screenshot({ path: path.join(tmpdir(), 'pwa-offline-remote.png') });

    // Back online the page opens by itself.
    await ctx.setOffline(false);
    await page.locator('[data-family="starline"]').waitFor({ timeout: 15_000 });
    expect(await page.getByText(OFFLINE_PAGE).count()).toBe(0);
  });

  it("a new build shows 'A new version is available' and reloads only on Reload", async () => {
    ctx = await kolkataPhone(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/login`);
    await controlled(page);
    await page.getByLabel('Phone Number').fill('98765');
    // A new build of the shell: its service worker changes.
    const sw = path.join(staticRoot, 'shell', 'dist', 'sw.js');
    writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// next build\n`);
    // The app looks for a new version when it comes back to the foreground.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const prompt = page.getByTestId('update-prompt');
    await prompt.getByText('A new version is available').waitFor();
    await page.screenshot({ path: path.join(tmpdir(), 'pwa-update.png') });
    // Nothing reloads by itself: what the player typed is still there.
    await page.waitForTimeout(500);
    expect(await page.getByLabel('Phone Number').inputValue()).toBe('98765');
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByLabel('Phone Number').waitFor();
    expect(await page.getByLabel('Phone Number').inputValue()).toBe('');
    expect(await page.getByTestId('update-prompt').count()).toBe(0);
    const waiting = await page.evaluate(async () =>
      Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
    );
    expect(waiting).toBe(false);
  });

  it('a remote rebuilt alone and released is picked up by the running shell at its next page load', async () => {
    const user = await newPlayer('10');
    ctx = await kolkataPhone(browser);
    const page = await ctx.newPage();
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await controlled(page);
    await page.goto(`${server.url}/game`);
    const root = page.locator('[data-family="regular"]');
    await root.waitFor();
    expect(await root.getAttribute('data-build')).toBeNull();

    // The regular team deploys a new build; the shell is neither rebuilt nor restarted.
    deployFamily(staticRoot, 'regular', { MATKA_BUILD_ID: 'regular-v2' });
    // built, not yet released: a reload still gets the stable release
    await page.reload();
    await root.waitFor();
    expect(await root.getAttribute('data-build')).toBeNull();
    await operator(server, 'family', 'release', 'regular', 'regular-v2');

    await page.reload();
    await root.waitFor();
    expect(await root.getAttribute('data-build')).toBe('regular-v2');
    await page.getByRole('button', { name: 'Single Digit' }).waitFor();
  }, 120_000);
});
