/**
 * Responsible play in a real browser: the player takes a 7-day break on
 * Responsible Play after a confirmation that says what it means; a bid is then refused with the
 * server's message (until when), and a deposit request too, while a withdrawal still works; axe passes
 * on the page.
 */
import type { Browser } from 'playwright-core';
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
import { kolkataPhone } from '../lib/regular';
import { placeRegularBid } from '../lib/wallet';
import { seriousViolations } from '../lib/axe';

let browser: Browser;
let server: TestServer;
const player = { mobile: newMobile(), name: 'Careful Player', password: 'secret123' };
let token = '';
let market = '';

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
  token = await registerUser(server, player);
  await operator(server, 'credit', player.mobile, '1000');
  const home = await call<{ result: { game_name: string }[] }>(server, 'api-home-info', { unique_token: token });
  market = home.result[0].game_name;
  // the Open session takes bids all day; withdrawals all day
  await operator(server, 'market', 'set-times', market, '23:58', '23:59');
  await operator(server, 'settings', 'set-withdraw-window', '00:00', '23:59');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const BREAK_MSG =
  /^You are taking a break until \d+-\w+-\d{4} \d{1,2}:\d{2} [AP]M\. Bids, deposits and transfers to and from you are closed until then\.$/;

it('a break taken on Responsible Play closes bids and deposits, while a withdrawal still works', async () => {
  const context = await kolkataPhone(browser, { bypassCSP: true });
  const page = await context.newPage();
  await loginInBrowser(page, server.url, player.mobile, player.password);
  await page.getByRole('button', { name: /^Open menu/ }).click();
  await page.getByRole('link', { name: 'Responsible Play' }).click();
  await page.getByRole('heading', { name: 'Responsible Play' }).waitFor();
  await page.getByText('No break or self-exclusion is running.').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots/responsible.png', fullPage: true });

  await page.getByRole('radio', { name: '7 days' }).check();
  await page.getByRole('button', { name: 'Take a break' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take a break: 7 days?' });
  await dialog.getByText(/^For 7 days you cannot bid, add funds, or send or receive transfers\./).waitFor();
  await page.screenshot({ path: '/tmp/shots/responsible-confirm.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Start the break' }).click();
  // said once, in the page's own words, on the card brought into view and focused
  await page
    .getByText(/^You are taking a break until \d+-\w+-\d{4} \d{2}:\d{2} [AP]M/)
    .first()
    .waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'status');
  expect(await page.getByText(/\(7 days\)$/).count()).toBe(0);
  await page.screenshot({ path: '/tmp/shots/responsible-break-taken.png' });
  await page.getByText('Break taken, until', { exact: false }).waitFor();

  // home says it, and no market offers Play
  await page.goto(`${server.url}/imp`);
  const notice = page.getByTestId('play-paused');
  await notice.waitFor();
  // in the one format of moments the server's refusals use too
  expect(await notice.textContent()).toMatch(BREAK_MSG);
  await page.getByTestId('market-card').filter({ hasText: market }).waitFor();
  expect(await page.getByTestId('market-card').filter({ hasText: market }).getByRole('button').count()).toBe(0);
  await page.screenshot({ path: '/tmp/shots/responsible-home-paused.png', fullPage: true });
  // so do Starline and Gali: each market's state is told, none offers Play; and the money screens that it
  // closes say it and disable their button
  await page.goto(`${server.url}/star`);
  await notice.waitFor();
  await page.getByTestId('starline-game').first().waitFor();
  expect(await page.getByRole('link', { name: /^Play / }).count()).toBe(0);
  await page.screenshot({ path: '/tmp/shots/responsible-star-paused.png', fullPage: true });
  await page.goto(`${server.url}/galiIMP`);
  await notice.waitFor();
  await page.getByTestId('gali-market').first().waitFor();
  expect(await page.locator('[data-testid="gali-market"] button').count()).toBe(0);
  await page.screenshot({ path: '/tmp/shots/responsible-gali-paused.png', fullPage: true });
  for (const [path, button] of [
    ['/addfund', 'Add Funds'],
    ['/transfer', 'Transfer'],
  ]) {
    await page.goto(`${server.url}${path}`);
    await notice.waitFor();
    expect(await page.getByRole('button', { name: button, exact: true }).isDisabled()).toBe(true);
    await page.screenshot({ path: `/tmp/shots/responsible${path}-paused.png`, fullPage: true });
  }
  // in Hindi and Marathi: the notice in the language, its moment in the one format (the month named in it)
  for (const lang of ['hi', 'mr']) {
    await page.evaluate((l) => localStorage.setItem('matka.lang', l), lang);
    await page.goto(`${server.url}/star`);
    await notice.waitFor();
    expect(await notice.textContent()).not.toMatch(/You are taking a break/);
    expect(await notice.textContent()).toMatch(/\d+-\S+-\d{4} \d{2}:\d{2} [AP]M/);
    expect(await page.getByRole('link', { name: /▶/ }).count()).toBe(0);
    await page.screenshot({ path: `/tmp/shots/responsible-star-paused-${lang}.png`, fullPage: true });
  }
  await page.evaluate(() => localStorage.setItem('matka.lang', 'en'));
  // a bid sent anyway (another app, a stale page): the server's message, nothing placed
  await expect(placeRegularBid(server, token, '5', 100, 'Open')).rejects.toThrow(
    /^bid refused: You are taking a break until \d+-\w+-\d{4} \d{1,2}:\d{2} [AP]M\. Bids, deposits and transfers to and from you are closed until then\.$/,
  );

  // a deposit request: refused the same way; a withdrawal request: accepted
  const deposit = await call<{ status: boolean; msg: string }>(server, 'api-fund-request-add', {
    unique_token: token,
    request_amount: 500,
  });
  expect(deposit.status).toBe(false);
  expect(deposit.msg).toMatch(BREAK_MSG);
  // a Google Pay number for the withdrawal (its code from the demo server's answer)
  const sent = await call<{ otp: string }>(server, 'api-upi-send-otp', {
    unique_token: token,
    mobile: '9876543210',
    upi_type: 2,
  });
  const upi = await call<{ status: boolean }>(server, 'api-add-user-upi-details', {
    unique_token: token,
    upi_type: 2,
    paytm_no: '',
    google_pay_no: '9876543210',
    phon_pay_no: '',
    otp: sent.otp,
  });
  expect(upi.status).toBe(true);
  const withdrawal = await call<{ status: boolean; msg: string }>(server, 'api-user-withdraw-fund-request', {
    unique_token: token,
    request_amount: 500,
    payment_method: 2,
  });
  expect(withdrawal).toMatchObject({ status: true });
  await context.close();
});
