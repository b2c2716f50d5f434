/**
 * The player's limits and the reality check in a real browser (issue D, second part), at 360 x 780:
 *   - a daily stake limit set on Responsible Play; a bid past it is refused on the bid screen with the
 *     server's message (the limit and when it resets), and nothing is placed;
 *   - lowered at once, then raised: the raise waits 24 hours and the page says until when; with the
 *     server's clock 25 hours ahead (a server started again on the same data with CLOCK_OFFSET_MS) the
 *     raised limit is in force;
 *   - the reality check every 30 minutes: with the phone's clock run 30 minutes on, the dialog shows the
 *     time played and the net result since login; Continue goes back to play (first: the limits' test
 *     moves the server's clock).
 * axe passes on the page and the dialog; screenshots in /tmp/shots.
 */
import type { Browser, Page } from 'playwright-core';
import {
  call,
  launchBrowser,
  loginInBrowser,
  newMobile,
  operator,
  registerUser,
  startServer,
  type TestServer,
} from '../lib/harness';
import { addBid, kolkataPhone } from '../lib/regular';
import { seriousViolations } from '../lib/axe';

let browser: Browser;
let server: TestServer;
const player = { mobile: newMobile(), name: 'Limit Setter', password: 'secret123' };
let token = '';
let market = '';

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
  token = await registerUser(server, player);
  await operator(server, 'credit', player.mobile, '1000');
  const home = await call<{ result: { game_name: string }[] }>(server, 'api-home-info', { unique_token: token });
  market = home.result[0].game_name;
  // the Open session takes bids all day
  await operator(server, 'market', 'set-times', market, '23:58', '23:59');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openResponsible(page: Page) {
  await page.getByRole('button', { name: /^Open menu/ }).click();
  await page.getByRole('link', { name: 'Responsible Play' }).click();
  await page.getByRole('heading', { name: 'Responsible Play' }).waitFor();
}

async function saveLimit(page: Page, kind: string, per: string, points: string) {
  await page.getByLabel('Limit', { exact: true }).selectOption({ label: kind });
  await page.getByLabel('Per', { exact: true }).selectOption({ label: per });
  await page.getByLabel('Points', { exact: true }).fill(points);
  await page.getByRole('button', { name: 'Save limit' }).click();
}

it('the reality check: every 30 minutes the time played and the net result since login; Continue closes it', async () => {
  const context = await kolkataPhone(browser, { bypassCSP: true });
  const page = await context.newPage();
  // the phone's clock is Playwright's, so the test can run it on
  await page.clock.install();
  await loginInBrowser(page, server.url, player.mobile, player.password);
  await openResponsible(page);
  await page.getByRole('radio', { name: 'Every 30 minutes' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('A reality check every 30 minutes').waitFor();
  // the timers due in the next 30 minutes fire once (the check's among them)
  await page.clock.fastForward('30:05');
  const dialog = page.getByRole('dialog', { name: 'Reality check' });
  await dialog.getByText(/^You have played for 30 minutes since you logged in\.$/).waitFor();
  await dialog.getByText('Net result').waitFor();
  expect(await dialog.locator('dl').textContent()).toBe('Staked0 pointsWon0 pointsNet result0 points');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots/reality-check.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.waitFor({ state: 'detached' });
  await context.close();
});

it('a stake limit refuses a bid past it with its message; lowered at once, raised only after 24 hours', async () => {
  const context = await kolkataPhone(browser, { bypassCSP: true });
  const page = await context.newPage();
  await loginInBrowser(page, server.url, player.mobile, player.password);
  await openResponsible(page);
  await page.getByText('You have set no limits.').waitFor();
  await saveLimit(page, 'Stake', 'Day', '100');
  await page.getByText('Daily stake limit set to 100 points').waitFor();
  await page.getByText('Daily stake limit: 100 points').waitFor();

  // a bid of 150 points: refused with the limit's message, nothing placed
  await page.goto(`${server.url}/imp`);
  await page.getByTestId('market-card').filter({ hasText: market }).getByRole('button').click();
  await page.waitForURL(/\/game$/);
  await page.getByRole('button', { name: 'Single Digit' }).click();
  await page.waitForURL(/\/single$/);
  await addBid(page, { Digit: '5' }, '150');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'SUBMIT' }).click();
  await page
    .getByText(
      /^This bid would pass your daily stake limit of 100 points \(100 left\)\. It resets on \d+-\w+-\d{4} 12:00 AM\.$/,
    )
    .first()
    .waitFor();
  await page.screenshot({ path: '/tmp/shots/limits-bid-refused.png', fullPage: true });
  const wallet = await call<{ wallet_amt: string | number }>(server, 'api-user-wallet-balance', {
    unique_token: token,
  });
  expect(Number(wallet.wallet_amt)).toBe(1000);

  // lowered: at once; raised: waits 24 hours, shown with its time
  await page.goto(`${server.url}/responsible`);
  await saveLimit(page, 'Stake', 'Day', '50');
  await page.getByText('Daily stake limit set to 50 points').waitFor();
  await saveLimit(page, 'Stake', 'Day', '500');
  await page
    .getByText(/^Your daily stake limit will be raised to 500 points on \d+-\w+-\d{4} \d{2}:\d{2} [AP]M$/)
    .waitFor();
  await page.getByText('Daily stake limit: 50 points').waitFor();
  await page.getByText(/^Raised to 500 points on /).waitFor();
  await page.getByText(/^Daily stake limit raised to 500 points \(was 50\), from /).waitFor();
  await page.getByText(/^Daily stake limit lowered to 50 points \(was 100\)$/).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots/limits-pending.png', fullPage: true });
  await context.close();

  // the same data, the server's clock 25 hours on: the raise is in force
  await server.stop({ keepData: true });
  server = await startServer({ CLOCK_OFFSET_MS: String(25 * 3600_000) }, { dataDir: server.dataDir });
  const later = await kolkataPhone(browser, { bypassCSP: true });
  const page2 = await later.newPage();
  await loginInBrowser(page2, server.url, player.mobile, player.password);
  await openResponsible(page2);
  await page2.getByText('Daily stake limit: 500 points').waitFor();
  expect(await page2.getByText(/^Raised to/).count()).toBe(0);
  await page2.screenshot({ path: '/tmp/shots/limits-raised.png', fullPage: true });
  await later.close();
});
