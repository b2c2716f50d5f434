/**
 * Regular betting against the real server: /imp → market → /game → bid screen → confirm, the toast,
 * the top-bar balance and the bid rows in the database (bid history call); the Open session of a
 * market past its open time; and the remote's standalone page placing a bid without the shell.
 * STATIC_ROOT can be pointed elsewhere with E2E_STATIC_ROOT (e.g. a tree with a fresh shell build).
 */
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  loginInBrowser,
  newMobile,
  operator,
  registerUser,
  startServer,
  type TestServer,
} from '../lib/harness';
import {
  addBid,
  bidHistory,
  confirmBids,
  kolkataPhone,
  prepareMarkets,
  tokenOf,
  until,
  walletOf,
} from '../lib/regular';

const OPEN = 'KALYAN';
const CLOSED = 'MILAN DAY';
const SHOTS = process.env.E2E_SHOTS; // a folder for screenshots, when set

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer(process.env.E2E_STATIC_ROOT ? { STATIC_ROOT: process.env.E2E_STATIC_ROOT } : {});
  await prepareMarkets(server, OPEN, CLOSED);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPlayer(points: string) {
  const user = { mobile: newMobile(), name: 'Regular Player', password: 'secret123' };
  await registerUser(server, user);
  await operator(server, 'credit', user.mobile, points);
  return user;
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function openMarket(page: Page, name: string) {
  await page.getByTestId('market-card').filter({ hasText: name }).getByRole('button').click();
  await page.waitForURL(/\/game$/);
  await page.getByRole('heading', { name }).waitFor();
}

describe('regular betting in the shell', () => {
  it('places a Single Digit bid and an SP Motor bid, debiting the wallet and storing the rows', async () => {
    const user = await newPlayer('1000');
    const ctx = await kolkataPhone(browser);
    const page = await ctx.newPage();
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await page.getByTestId('topbar-wallet').first().waitFor();
    await until(() => walletOf(page), 1000);

    await openMarket(page, OPEN);
    await shot(page, 'game');
    await page.getByRole('button', { name: 'Single Digit' }).click();
    await page.waitForURL(/\/single$/);
    await page.getByRole('heading', { name: 'Single Digit' }).waitFor();
    expect(await page.getByLabel('Open', { exact: true }).isChecked()).toBe(true);
    // an error toast covers neither the screen's title nor its market
    await page.getByRole('button', { name: 'Proceed' }).click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Please enter the number' });
    await toast.waitFor();
    await page.waitForTimeout(400); // its entry animation
    const t = (await toast.boundingBox())!;
    for (const title of [page.getByRole('heading', { name: 'Single Digit' }), page.getByText(OPEN, { exact: true })]) {
      const b = (await title.first().boundingBox())!;
      expect(t.y + t.height <= b.y || b.y + b.height <= t.y).toBe(true);
    }
    await addBid(page, { Digit: '5' }, '100');
    await addBid(page, { Digit: '7' }, '50');
    await page.getByRole('button', { name: 'Delete 7' }).waitFor();
    await until(() => walletOf(page, 'bid-balance'), 850);
    await shot(page, 'single-rows');
    // a refresh (pull-to-refresh reloads the page) keeps the pending slip, and says so
    await page.reload();
    await page.getByText('2 bids not yet placed were kept.').waitFor();
    await page.getByRole('button', { name: 'Delete 5' }).waitFor();
    await until(() => walletOf(page, 'bid-balance'), 850);
    await page.getByRole('button', { name: 'Delete 7' }).click();
    await until(() => walletOf(page, 'bid-balance'), 900);
    await confirmBids(page, SHOTS && `${SHOTS}/confirm.png`);
    await until(() => walletOf(page), 900);

    const token = await tokenOf(page);
    let bids = await bidHistory(server, token);
    expect(bids).toHaveLength(1);
    expect(bids[0]).toMatchObject({ game_name: OPEN, pana: 'Single Digit', digits: '5', session: 'Open' });
    expect(Number(bids[0].points)).toBe(100);

    // SP Motor: back to the game's tiles (history keeps the market in the state)
    await page.goBack();
    await page.getByRole('heading', { name: OPEN }).waitFor();
    await page.getByRole('button', { name: 'SP Motor' }).click();
    await page.waitForURL(/\/spmotor$/);
    await addBid(page, { Digit: '1234' }, '10');
    for (const p of ['123', '124', '134', '234']) await page.getByRole('button', { name: `Delete ${p}` }).waitFor();
    await shot(page, 'sp-motor');
    await confirmBids(page);
    await until(() => walletOf(page), 860);
    bids = await bidHistory(server, token);
    const motor = bids.filter((b) => b.pana === 'Single Pana');
    expect(motor.map((b) => b.digits).sort()).toEqual(['123', '124', '134', '234']);
    expect(motor.every((b) => Number(b.points) === 10 && b.session === 'Open')).toBe(true);

    // the other screens render on a phone (screenshots on request)
    for (const [tile, name] of [
      ['Half Sangam', 'half-sangam'],
      ['SP DP TP', 'spdptp'],
    ]) {
      await page.goBack();
      await page.getByRole('heading', { name: OPEN }).waitFor();
      await page.getByRole('button', { name: tile }).click();
      await page.getByRole('heading', { name: tile }).waitFor();
      if (tile === 'SP DP TP') {
        await page.getByLabel('SP', { exact: true }).check({ force: true });
        await page.getByLabel('DP', { exact: true }).check({ force: true });
        await addBid(page, { Digit: '3' }, '10');
        await page.getByRole('button', { name: 'Delete 3' }).waitFor();
      }
      await shot(page, name);
    }
    await ctx.close();
  });

  it('mixed sessions in one Submit: each row is stored with the session it was added with', async () => {
    const user = await newPlayer('1000');
    const ctx = await kolkataPhone(browser);
    const page = await ctx.newPage();
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await openMarket(page, OPEN);
    await page.getByRole('button', { name: 'Single Pana' }).click();
    await page.waitForURL(/\/singlepana$/);
    await addBid(page, { Pana: '128' }, '20'); // Open is checked
    await page.getByLabel('Close', { exact: true }).check({ force: true });
    await addBid(page, { Pana: '137' }, '30');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Open: 1 bid, 20 points').waitFor();
    await dialog.getByText('Close: 1 bid, 30 points').waitFor();
    await shot(page, 'mixed-sessions-confirm');
    await dialog.getByRole('button', { name: 'SUBMIT' }).click();
    await page.getByText('Bid placed successfully!').first().waitFor();
    await until(() => walletOf(page), 950);
    const bids = await bidHistory(server, await tokenOf(page));
    expect(bids.map((b) => `${b.digits} ${b.session} ${Number(b.points)}`).sort()).toEqual([
      '128 Open 20',
      '137 Close 30',
    ]);
    await ctx.close();
  });

  it('Half Sangam asks for its Sangam form alone; the confirmation says the bet as Game Type, and the session where one was chosen', async () => {
    const user = await newPlayer('1000');
    const ctx = await kolkataPhone(browser);
    const page = await ctx.newPage();
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await openMarket(page, OPEN);
    await page.getByRole('button', { name: 'Half Sangam' }).click();
    await page.getByRole('heading', { name: 'Half Sangam' }).waitFor();
    await page.getByRole('group', { name: 'Sangam' }).waitFor();
    expect(await page.getByRole('group', { name: 'Session' }).count()).toBe(0);
    expect(await page.getByLabel('Close', { exact: true }).count()).toBe(0);
    await addBid(page, { 'Open Digit': '3', 'Close Pana': '128' }, '10');
    await page.getByRole('button', { name: 'Delete 3-128' }).waitFor();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const row = (name: string) => dialog.getByText(name, { exact: true }).locator('xpath=following-sibling::*[1]');
    expect(await row('Game Type').textContent()).toBe('Half Sangam');
    await shot(page, 'half-sangam-confirm');
    expect(await dialog.getByText('Session', { exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'SUBMIT' }).click();
    await page.getByText('Bid placed successfully!').first().waitFor();
    await until(() => walletOf(page), 990);

    // a screen with a session choice: Game Type is still the bet, the session has its own row
    await page.goBack();
    await page.getByRole('heading', { name: OPEN }).waitFor();
    await page.getByRole('button', { name: 'Single Digit' }).click();
    await page.waitForURL(/\/single$/);
    await addBid(page, { Digit: '4' }, '10');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    expect(await row('Game Type').textContent()).toBe('Single Digit');
    expect(await row('Session').textContent()).toBe('Open');
    await dialog.getByRole('button', { name: 'SUBMIT' }).click();
    // the first bid's message may still be on screen: the second bid is known by the balance it took
    await until(() => walletOf(page), 980);
    const bids = await bidHistory(server, await tokenOf(page));
    expect(bids.map((b) => `${b.pana} ${b.digits} ${b.closedigits || '-'}`).sort()).toEqual([
      'Half Sangam 3 128',
      'Single Digit 4 -',
    ]);
    await ctx.close();
  });

  it('a market past its open time: Open is disabled, Close is forced, timed bet types are closed', async () => {
    const user = await newPlayer('500');
    const ctx = await kolkataPhone(browser);
    const page = await ctx.newPage();
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await openMarket(page, CLOSED);
    await page.getByRole('button', { name: 'Jodi Digit' }).click();
    await page.getByText('Bidding is closed for Jodi Digit').first().waitFor();
    expect(page.url()).toMatch(/\/game$/);
    await page.getByRole('button', { name: 'Single Digit' }).click();
    await page.waitForURL(/\/single$/);
    const open = page.getByLabel('Open', { exact: true });
    expect(await open.isDisabled()).toBe(true);
    expect(await page.getByLabel('Close', { exact: true }).isChecked()).toBe(true);
    await addBid(page, { Digit: '9' }, '20');
    await confirmBids(page);
    const bids = await bidHistory(server, await tokenOf(page));
    expect(bids[0]).toMatchObject({ game_name: CLOSED, digits: '9', session: 'Close' });
    await shot(page, 'closed-open-session');
    await ctx.close();
  });

  it("a phone in Asia/Dubai judges market hours in the market's zone: the passed Open session stays closed", async () => {
    const user = await newPlayer('500');
    // the phone's clock is 1 h 30 behind Asia/Kolkata: by its own zone the open time (30 min ago in
    // Asia/Kolkata) would still be an hour ahead
    const ctx = await browser.newContext({
      viewport: { width: 360, height: 780 },
      isMobile: true,
      hasTouch: true,
      timezoneId: 'Asia/Dubai',
    });
    const page = await ctx.newPage();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Dubai');
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await openMarket(page, CLOSED);
    await page.getByRole('button', { name: 'Jodi Digit' }).click();
    await page.getByText('Bidding is closed for Jodi Digit').first().waitFor();
    await page.getByRole('button', { name: 'Single Digit' }).click();
    await page.waitForURL(/\/single$/);
    expect(await page.getByLabel('Open', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Close', { exact: true }).isChecked()).toBe(true);
    await ctx.close();
  });
});

describe('the regular remote on its own page', () => {
  it('logs in with the frame form and places a bid without the shell', async () => {
    const user = await newPlayer('300');
    const ctx = await kolkataPhone(browser);
    const page = await ctx.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    // The server serves the page at /remotes/regular/index.html (no index for the bare folder yet).
    await page.goto(`${server.url}/remotes/regular/index.html`);
    await page.getByLabel('Phone Number').fill(user.mobile);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { level: 1, name: 'Matka Markets screens' }).waitFor();
    await shot(page, 'standalone-index');
    await page.getByRole('link', { name: /^Markets and games \/game/ }).click();
    await page.getByRole('list', { name: 'Markets' }).waitFor();
    await shot(page, 'standalone-markets');
    await page.getByRole('link', { name: `Play ${OPEN}` }).click();
    await page.getByRole('heading', { name: OPEN }).waitFor();
    await shot(page, 'standalone-game');
    await page.getByRole('button', { name: 'Single Digit' }).click();
    await page.waitForURL(/\/remotes\/regular\/single$/);
    await addBid(page, { Digit: '3' }, '30');
    await confirmBids(page);
    await until(() => walletOf(page), 270);
    expect(requests.some((p) => p.startsWith('/remotes/shell') || p === '/remoteEntry.js')).toBe(false);
    const bids = await bidHistory(server, await tokenOf(page));
    expect(bids[0]).toMatchObject({ digits: '3', pana: 'Single Digit' });
    await ctx.close();
  });
});
