/**
 * The live stream in a real browser: a result declared on the server shows on a logged-in /imp
 * within 2 s without the page asking for its list; while the stream is up the lists are polled at most
 * twice a minute; with the stream blocked the page polls every 5 s as before; the player's win reaches
 * the inbox (side menu -> Notifications) with its badge.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  call,
  drawHasHappened,
  launchBrowser,
  loginInBrowser,
  newMobile,
  operator,
  registerUser,
  startServer,
  type TestServer,
} from '../lib/harness';
import { kolkataPhone } from '../lib/regular';
import { placeRegularBid } from '../lib/wallet';
import { seriousViolations } from '../lib/axe';

let browser: Browser;
let server: TestServer;
const player = { mobile: newMobile(), name: 'Live Player', password: 'secret123' };
let token = '';
let market = '';

beforeAll(async () => {
  browser = await launchBrowser();
  // a heartbeat every second: the polling test runs the phones' clocks a minute ahead in seconds
  server = await startServer({ LIVE_HEARTBEAT_MS: '1000' });
  token = await registerUser(server, player);
  await operator(server, 'credit', player.mobile, '1000');
  const home = await call<{ result: { game_name: string }[] }>(server, 'api-home-info', { unique_token: token });
  market = home.result[0].game_name;
  await operator(server, 'market', 'set-times', market, '00:00', '23:59');
  await placeRegularBid(server, token, '1', 40);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** An operator call over HTTP (the CLI's process start would sit between the commit and the clock). */
async function declare(session: 'open' | 'close', pana: string) {
  const opToken = readFileSync(path.join(server.dataDir, 'operator-token'), 'utf8').trim();
  const res = await fetch(`${server.url}/operator/result/declare`, {
    method: 'POST',
    headers: { authorization: `Bearer ${opToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ market, session, pana }),
  });
  const body = (await res.json()) as { status: boolean; msg?: string };
  if (!body.status) throw new Error(`declare refused: ${body.msg}`);
  return Date.now();
}

/** Counts the page's requests of a call from now on. */
function counter(page: Page, call: string) {
  let n = 0;
  page.on('request', (r) => {
    if (r.url().endsWith(`/api/${call}`)) n++;
  });
  return () => n;
}

/**
 * A function that resolves at the live stream's next bytes (an event or a heartbeat) as the browser's
 * network layer receives them; made before the page asks for its stream.
 */
async function streamBytes(context: BrowserContext, page: Page): Promise<() => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  let live: string | null = null;
  let waiting: (() => void)[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.endsWith('/api/live')) live = e.requestId;
  });
  cdp.on('Network.dataReceived', (e) => {
    if (e.requestId !== live) return;
    for (const w of waiting) w();
    waiting = [];
  });
  await cdp.send('Network.enable');
  return () => new Promise<void>((resolve) => waiting.push(resolve));
}

async function loggedInHome(context: BrowserContext) {
  const page = await context.newPage();
  const stream = page.waitForResponse((r) => r.url().endsWith('/api/live'), { timeout: 15_000 });
  await loginInBrowser(page, server.url, player.mobile, player.password);
  await page.getByTestId('market-card').filter({ hasText: market }).waitFor();
  return { page, stream };
}

describe('the live stream', () => {
  it('shows a declared result on /imp within 2 s without asking for the list; the win reaches the inbox', async () => {
    await drawHasHappened(server, market);
    // axe is added as a script tag: the app's CSP would refuse it
    const context = await kolkataPhone(browser, { bypassCSP: true });
    const { page, stream } = await loggedInHome(context);
    expect((await stream).headers()['content-type']).toMatch(/^text\/event-stream/);
    // the stream is up once its first event came (the safety poll then stands in for the 5 s one)
    await page.waitForTimeout(500);
    const homeInfo = counter(page, 'api-home-info');

    const card = page.getByTestId('market-card').filter({ hasText: market });
    const committed = await declare('open', '120');
    await card.getByText('120-3*-***').waitFor({ timeout: 2_000 });
    const shownAfter = Date.now() - committed;
    expect(homeInfo()).toBe(0);
    await page.screenshot({ path: '/tmp/shots/live-result.png', fullPage: true });

    // the Close result makes the Close bid on 1 a win: the inbox says so, with the menu's badge
    await declare('close', '128');
    await card.getByText('120-31-128').waitFor({ timeout: 10_000 });
    const menu = page.getByRole('button', { name: /^Open menu \(1 unread notification\)$/ });
    await menu.waitFor({ timeout: 15_000 });
    await menu.click();
    await page.getByRole('link', { name: /Notifications\s*1 unread/ }).click();
    await page.waitForURL(/\/notifications$/);
    const win = page.locator('.inbox-item').first();
    // (marked read as soon as it is shown: its 'New' may already be gone)
    await win.getByText(/You won [\d,]+ points$/).waitFor();
    await win.getByText(`${market}: 1 winning bid`).waitFor();
    await page.screenshot({ path: '/tmp/shots/live-inbox.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    // read once shown: the badge is gone
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    console.log(`live: result on screen ${shownAfter} ms after the declaration's answer`);
    await context.close();
  });

  it('the phone notifications screen passes axe, and the service worker shows a push with the page it opens', async () => {
    const context = await kolkataPhone(browser, { bypassCSP: true });
    await context.grantPermissions(['notifications'], { origin: server.url });
    const { page } = await loggedInHome(context);
    await page.goto(`${server.url}/notifications`);
    await page.getByRole('link', { name: 'Phone notifications' }).click();
    await page.getByRole('heading', { name: 'Phone notifications' }).waitFor();
    await page.getByRole('checkbox', { name: 'My wins' }).waitFor();
    await page.getByRole('button', { name: 'Turn on notifications' }).waitFor();
    await page.screenshot({ path: '/tmp/shots/live-push-settings.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // a push as a push service delivers it, through the browser's own service worker
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const r = registrations.find(
          (x: { scopeURL: string; isDeleted: boolean }) => x.scopeURL.startsWith(server.url) && !x.isDeleted,
        );
        if (r) resolve(r.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    // a push reaches only an active worker: the registration can be reported while its worker still installs
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const message = { title: 'You won 380 points', body: `${market}: 1 winning bid`, url: '/win', tag: 'win-test' };
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId,
        data: JSON.stringify(message),
      });
    await deliver();
    const read = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        const list = await reg.getNotifications({ tag: 'win-test' });
        return list.length
          ? { title: list[0].title, body: list[0].body, url: (list[0].data as { url: string }).url }
          : null;
      });
    let shown = await read();
    for (let i = 1; i <= 100 && !shown; i++) {
      await page.waitForTimeout(100);
      // on a slow machine the first push can reach the worker before it handles events: the same push
      // again (same tag) replaces, never adds, a notification
      if (i % 30 === 0) await deliver();
      shown = await read();
    }
    expect(shown).toEqual({ title: message.title, body: message.body, url: '/win' });
    await context.close();
  });

  // a minute of a phone's clock in twelve steps of 5 s: the clock is the test's, so it passes in seconds
  it("polls the list at most twice over a minute of the phone's clock while the stream is up", async () => {
    const context = await kolkataPhone(browser);
    await context.clock.install();
    const page = await context.newPage();
    const beat = await streamBytes(context, page);
    await loginInBrowser(page, server.url, player.mobile, player.password);
    await page.getByTestId('market-card').filter({ hasText: market }).waitFor();
    // the stream is up once its first bytes came
    await beat();
    const homeInfo = counter(page, 'api-home-info');
    const balance = counter(page, 'api-user-wallet-balance');
    // each step is over once the stream's next heartbeat came (this server's come every second), so
    // the stream never looks silent to the phone
    for (let step = 0; step < 12; step++) {
      const next = beat();
      await page.clock.runFor(5_000);
      await next;
    }
    expect(homeInfo()).toBeLessThanOrEqual(2);
    expect(balance()).toBeLessThanOrEqual(2);
    await context.close();
  }, 120_000);

  it("polls every 5 s as before when the stream is blocked, over a minute of the phone's clock", async () => {
    const context = await kolkataPhone(browser);
    // a proxy that refuses streams
    await context.route('**/api/live', (route) => route.abort());
    await context.clock.install();
    const page = await context.newPage();
    await loginInBrowser(page, server.url, player.mobile, player.password);
    await page.getByTestId('market-card').filter({ hasText: market }).waitFor();
    const homeInfo = counter(page, 'api-home-info');
    // each step is over once that step's poll was answered
    for (let step = 0; step < 12; step++) {
      const polled = page.waitForResponse((r) => r.url().endsWith('/api/api-home-info'));
      await page.clock.runFor(5_000);
      await polled;
    }
    // every 5 s, not faster: twelve in the minute (one more may come from the page's own refresh)
    expect(homeInfo()).toBeGreaterThanOrEqual(12);
    expect(homeInfo()).toBeLessThanOrEqual(14);
    await context.close();
  }, 120_000);
});
