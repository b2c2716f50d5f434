/**
 * A win its player is withdrawing, then reversed by a correction, in the operator console at 1280 x 800
 * and 360 x 780: the correction's preview names the player who cannot cover it; the Withdrawals queue
 * flags the held request; its Approve dialog says why and pays it out only with a reason.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  call,
  drawHasHappened,
  lastOtp,
  launchBrowser,
  newMobile,
  operator,
  registerUser,
  startServer,
  type TestServer,
} from '../lib/harness';
import { NEW_PASSWORD, firstSignIn, oneTimePassword } from '../lib/console';
import { placeRegularBid } from '../lib/wallet';

let server: TestServer;
let browser: Browser;
const player = { mobile: newMobile(), name: 'Lucky Reversed', password: 'secret123' };
let token = '';
let market = '';
let ownerPassword = '';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await registerUser(server, player);
  await operator(server, 'credit', player.mobile, '500');
  const home = await call<{ result: { game_name: string }[] }>(server, 'api-home-info', { unique_token: token });
  market = home.result[0].game_name;
  // the Open session takes bids all day; withdrawals at any hour
  await operator(server, 'market', 'set-times', market, '23:58', '23:59');
  await operator(server, 'settings', 'set-withdraw-window', '00:00', '23:59');
  ownerPassword = oneTimePassword(await operator(server, 'owner', 'create', 'walkowner'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const desk = () => browser.newContext({ viewport: { width: 1280, height: 800 } });
const phone = () => browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

async function signIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/console/`);
  await page.getByLabel('Username').fill('walkowner');
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
  return page;
}

it('a correction that reverses a win being withdrawn holds the withdrawal; paying it needs a reason', async () => {
  // 500 on digit 1 wins 4,750 with the open result 128
  await placeRegularBid(server, token, '1', 500, 'Open');
  await drawHasHappened(server, market);
  await operator(server, 'result', 'declare', market, 'open', '128');
  // the winner adds a Google Pay number and asks 4,700 of it out
  const upi = newMobile();
  await call(server, 'api-upi-send-otp', { unique_token: token, mobile: upi, upi_type: 2 });
  await call(server, 'api-add-user-upi-details', {
    unique_token: token,
    upi_type: 2,
    google_pay_no: upi,
    otp: await lastOtp(server, upi),
  });
  const wd = await call<{ status: boolean; request_id: string }>(server, 'api-user-withdraw-fund-request', {
    unique_token: token,
    request_amount: 4700,
    payment_method: '2',
  });
  expect(wd.status).toBe(true);

  // the owner previews the correction 235 (open digit 0) in the console: the player is named
  const context = await desk();
  const page = await firstSignIn(server, context, 'walkowner', ownerPassword);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Results' }).click();
  await page.getByRole('heading', { name: 'Results', exact: true }).waitFor();
  const option = page.locator('#r-market option', { hasText: market }).first();
  await page.getByLabel('Market', { exact: true }).selectOption((await option.getAttribute('value'))!);
  await page.getByRole('radio', { name: 'Open' }).check();
  await page.getByLabel('Pana').fill('235');
  await page.getByRole('button', { name: 'Preview' }).click();
  const short = page.getByRole('table', { name: 'Players who cannot cover the reversal' });
  await short.getByRole('row').filter({ hasText: player.mobile }).filter({ hasText: '4,700' }).waitFor();
  await page.getByText('1 player cannot cover the reversal.', { exact: false }).waitFor();
  await page.screenshot({ path: '/tmp/shots/console-correction-uncovered.png', fullPage: true });
  await page.locator('.console-preview').getByRole('button', { name: 'Declare' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByText('1 player cannot cover it: their pending withdrawals will be held.').waitFor();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /^Declared\./ })
    .first()
    .waitFor();

  // the Withdrawals queue flags it, on a phone too
  const small = await phone();
  const onPhone = await signIn(small);
  await onPhone.goto(`${server.url}/console/withdrawals`);
  await onPhone.getByText('Held: 4,700 points of a reversed win').waitFor();
  await onPhone.screenshot({ path: '/tmp/shots/console-withdrawal-held-360.png', fullPage: true });
  await small.close();

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Withdrawals' }).click();
  const row = page.getByRole('row').filter({ hasText: player.mobile });
  await row.getByText('Held: 4,700 points of a reversed win').waitFor();
  // the whole row in view at 1280 px: the flag wraps under the status, the actions are not clipped
  const reject = await row.getByRole('button', { name: /^Reject withdrawal/ }).boundingBox();
  expect(reject!.x + reject!.width).toBeLessThanOrEqual(1280 - 16);
  expect(await page.locator('.console-table-wrap').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await row.getByRole('cell').filter({ hasText: 'Held:' }).innerText()).toMatch(/^pending\W+Held: 4,700/);
  await page.screenshot({ path: '/tmp/shots/console-withdrawal-held-row.png' });
  await row.getByRole('button', { name: /^Approve withdrawal/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(/^Held: 4,700 points of this request are a win that a correction reversed/).waitFor();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Give the reason for paying out a held withdrawal' }).waitFor();
  await page.screenshot({ path: '/tmp/shots/console-withdrawal-held.png', fullPage: true });
  await dialog.getByLabel('Reason for paying it out anyway (kept in the audit log)').fill('Paid by the bank already');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('status')
    .filter({
      hasText: /approved: pay 4,700 .*held for 4,700 points of a reversed win; approved: Paid by the bank already/,
    })
    .waitFor();
  await context.close();
});
