/**
 * The player's limits and the reality check in a real browser, at 360 x 780:
 *   - a daily stake limit set on Responsible Play; a bid past it is refused on the bid screen with the
 *     server's message (the limit and when it resets), and nothing is placed;
 *   - lowered at once, then raised: the raise waits 24 hours and the page says until when; with the
 *     server's clock 25 hours ahead (a server started again on the same data with CLOCK_OFFSET_MS) the
 *     raised limit is in force;
 *   - the console (1280 x 800): an owner sets Single Digit's bet limits and the family's liability cap on
 *     Markets; the bid screen says 'Max 500 points' and refuses 600 itself; a number other players
 *     filled to the cap is refused by the server, which names it; with another row on the slip the
 *     player places the rest after confirming again; the dashboard lists it as Closed;
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
import { firstSignIn, oneTimePassword } from '../lib/console';
import { placeRegularBid } from '../lib/wallet';

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
  // the app reads the new interval again (the saved setting makes its answer stale): the check's timer is
  // set once that answer is in, so the clock is run on only after it
  const reread = page.waitForResponse(
    async (r) => r.url().endsWith('/api-reality-check') && (await r.json()).minutes === 30,
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('A reality check every 30 minutes').waitFor();
  await reread;
  await page.waitForTimeout(300);
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

it("the console's bet limits and liability cap: the bid screen shows the maximum, a full number is refused, the dashboard lists it", async () => {
  const owner = oneTimePassword(await operator(server, 'owner', 'create', 'limitowner'));
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const consolePage = await firstSignIn(server, desk, 'limitowner', owner);
  await consolePage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Markets' }).click();
  const limits = consolePage.getByRole('table', { name: 'Per bet type (points)' });
  await limits.waitFor();
  await consolePage.getByRole('button', { name: 'Change the limits of Single Digit' }).click();
  let dialog = consolePage.getByRole('dialog', { name: 'Limits of Single Digit (regular)' });
  await dialog.getByLabel('Most points a bid').fill('500');
  await dialog.getByLabel('Most points per player and market session (empty: no maximum)').fill('5000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await consolePage
    .getByText('regular Single Digit: 10 to 500 points a bid, at most 5,000 per player and session')
    .waitFor();
  await limits.getByRole('row').filter({ hasText: 'Single Digit' }).first().getByText('5,000').waitFor();
  // one number may cost at most 20 bids of 100 at today's rate
  const rates = await call<{ game_rates: Record<string, string>[] }>(server, 'api-game-rates', {});
  const per100 = Math.floor(
    (100 * Number(rates.game_rates[0].single_digit_val_2)) / Number(rates.game_rates[0].single_digit_val_1),
  );
  await consolePage.getByRole('button', { name: 'Change the cap' }).click();
  dialog = consolePage.getByRole('dialog', { name: 'Liability cap per number (regular)' });
  await dialog.getByLabel('Cap in points (empty: no cap)').fill(String(per100 * 20));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await consolePage.getByText(/^regular: one number may cost at most [\d,]+ points a session$/).waitFor();
  expect(await seriousViolations(consolePage)).toEqual([]);
  await consolePage.screenshot({ path: '/tmp/shots/console-bet-limits.png', fullPage: true });

  // other players fill digit 3 of the market's Open session
  for (let i = 0; i < 4; i++) {
    const other = { mobile: newMobile(), name: `Filler ${i}`, password: 'secret123' };
    const t = await registerUser(server, other);
    await operator(server, 'credit', other.mobile, '1000');
    for (let k = 0; k < 5; k++) expect(await placeRegularBid(server, t, '3', 100, 'Open')).toBe(market);
  }

  // the player's bid screen: 'Max 500 points'; 600 refused there; digit 3 refused by the server
  const context = await kolkataPhone(browser, { bypassCSP: true });
  const page = await context.newPage();
  await loginInBrowser(page, server.url, player.mobile, player.password);
  await page.getByTestId('market-card').filter({ hasText: market }).getByRole('button').click();
  await page.waitForURL(/\/game$/);
  await page.getByRole('button', { name: 'Single Digit' }).click();
  await page.waitForURL(/\/single$/);
  await page.getByText('Max 500 points').waitFor();
  await addBid(page, { Digit: '4' }, '600');
  await page.getByText('Maximum bid amount is 500').first().waitFor();
  await addBid(page, { Digit: '3' }, '100');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'SUBMIT' }).click();
  await page.getByText('Closed for this session: 3. The other numbers can still be placed.').first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots/limits-number-closed.png', fullPage: true });
  await context.close();

  // another player with digits 3 and 5 on the slip: 3 is named and marked, one tap places 5
  const second = { mobile: newMobile(), name: 'Slip Player', password: 'secret123' };
  const secondToken = await registerUser(server, second);
  await operator(server, 'credit', second.mobile, '1000');
  const phone2 = await kolkataPhone(browser, { bypassCSP: true });
  const page2 = await phone2.newPage();
  await loginInBrowser(page2, server.url, second.mobile, second.password);
  await page2.getByTestId('market-card').filter({ hasText: market }).getByRole('button').click();
  await page2.waitForURL(/\/game$/);
  await page2.getByRole('button', { name: 'Single Digit' }).click();
  await page2.waitForURL(/\/single$/);
  await addBid(page2, { Digit: '3' }, '100');
  await addBid(page2, { Digit: '5' }, '100');
  await page2.getByRole('button', { name: 'Submit', exact: true }).click();
  await page2.getByRole('dialog').getByRole('button', { name: 'SUBMIT' }).click();
  const others = page2.getByRole('button', { name: 'Remove them and place the other bid' });
  await others.waitFor();
  expect(await page2.locator('.bid-row.is-closed').count()).toBe(1);
  await page2.screenshot({ path: '/tmp/shots/limits-number-closed-rest.png', fullPage: true });
  await others.click();
  await page2.getByText('Bid placed successfully!').first().waitFor();
  expect(await page2.getByRole('dialog').count()).toBe(0);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const placed = await call<{ bid_data?: { digits: string }[] }>(server, 'api-bid-history-data', {
    unique_token: secondToken,
    bid_from: today,
    bid_to: today,
  });
  expect((placed.bid_data ?? []).map((b) => b.digits)).toEqual(['5']);
  await phone2.close();

  // the dashboard lists digit 3 as closed
  await consolePage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' }).click();
  const capped = consolePage.getByRole('table', { name: 'Today (points)' });
  await capped
    .getByRole('row')
    .filter({ hasText: `${market} (Open)` })
    .filter({ hasText: 'Single Digit 3' })
    .getByText('Closed')
    .waitFor();
  expect(await seriousViolations(consolePage)).toEqual([]);
  await consolePage.screenshot({ path: '/tmp/shots/console-capped.png', fullPage: true });
  await desk.close();
});

it('a stake limit refuses a bid past it with its message; lowered at once, raised only after 24 hours', async () => {
  const context = await kolkataPhone(browser, { bypassCSP: true });
  const page = await context.newPage();
  await loginInBrowser(page, server.url, player.mobile, player.password);
  await openResponsible(page);
  await page.getByText('You have set no limits.').waitFor();
  await saveLimit(page, 'Stake', 'Day', '100');
  await page.getByRole('status').filter({ hasText: 'Daily stake limit set to 100 points' }).waitFor();
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
  await page.getByRole('status').filter({ hasText: 'Daily stake limit set to 50 points' }).waitFor();
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
