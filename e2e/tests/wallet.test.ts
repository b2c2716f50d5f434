/**
 * The wallet remote against the real server at 360 x 780: every wallet and history screen (screenshots
 * in /tmp/shots), bids in the bid history, the standalone page; and the money flows: deposit -> operator
 * approval -> balance and wallet history; UPI number via OTP -> withdraw -> approval -> Approved; transfer
 * to another account; a declared win in the win history.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  call,
  drawHasHappened,
  lastOtp,
  launchBrowser,
  loginInBrowser,
  newMobile,
  operator,
  phoneContext,
  registerUser,
  startServer,
  type TestServer,
} from '../lib/harness';
import { historySettled, kolkataMinutes, placeRegularBid, shot } from '../lib/wallet';
import { inWithdrawWindow } from '@matka/shared/domain';

let server: TestServer;
let browser: Browser;
const player = { mobile: newMobile(), name: 'Wallet Tester', password: 'secret123' };
const friend = { mobile: newMobile(), name: 'Friend Two', password: 'secret456' };
let token = '';
let marketName = '';

beforeAll(async () => {
  server = await startServer();
  token = await registerUser(server, player);
  await registerUser(server, friend);
  await operator(server, 'credit', player.mobile, '5000');
  const markets = await call<{ result: { game_name: string }[] }>(server, 'api-home-info', { unique_token: token });
  marketName = markets.result[0].game_name;
  await operator(server, 'market', 'set-times', marketName, '00:00', '23:59');
  // withdrawals at any time of day (the server's window is Asia/Kolkata)
  await operator(server, 'settings', 'set-withdraw-window', '00:00', '23:59');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function loggedInPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await loginInBrowser(page, server.url, player.mobile, player.password);
  return { context, page };
}

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.locator('[data-family="wallet"]').first().waitFor();
}

// the top bar shows points in Indian grouping ('1,53,775')
const balance = async (page: Page) =>
  Number((await page.getByTestId('topbar-wallet').textContent())?.replace(/[^\d]/g, ''));

describe('wallet remote in the browser', () => {
  it('renders every wallet and history screen on a phone', async () => {
    const { context, page } = await loggedInPage();
    const screens: [string, string | RegExp][] = [
      ['/wallet', 'Wallet'],
      ['/imp7', 'Wallet'],
      ['/imp8', 'Wallet'],
      ['/imp9', 'Wallet'],
      ['/mymodel', 'Add UPI Number'],
      ['/addfund', 'Add Funds'],
      ['/qrpay', 'QR Payment'],
      ['/withdraw', 'Withdraw'],
      ['/transfer', 'Transfer Points'],
      ['/depositrule', 'Deposit Rule'],
      ['/withdrawrule', 'Withdraw Rule'],
      ['/histories', 'Histories'],
      ['/windata', 'Win Details'],
    ];
    for (const [path, heading] of screens) {
      await open(page, path, heading);
      if (path === '/qrpay') await page.getByRole('button', { name: 'Show QR code' }).waitFor();
      if (path.endsWith('rule')) await page.locator('.rule-text, .empty-state').first().waitFor();
      await shot(page, path.slice(1));
    }
    // the withdraw-method modal
    await open(page, '/imp8', 'Wallet');
    await page.getByRole('button', { name: /Paytm/ }).click();
    await page.getByRole('dialog', { name: 'Paytm Number' }).waitFor();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText('Phone No is required!').waitFor();
    await shot(page, 'imp8-modal');
    await page.keyboard.press('Escape');

    const histories: [string, string][] = [
      ['/transaction', 'Wallet History'],
      ['/AddFundHistory', 'Deposit History'],
      ['/withdrawhistory', 'Withdraw History'],
      ['/imp3', 'Win History'],
      ['/imp4', 'Bid History'],
      ['/imp5', 'Starline Bid-History'],
      ['/imp6', 'Starline Win-History'],
      ['/impbid', 'Gali Bid-History'],
      ['/impwin', 'Gali Win-History'],
      ['/win', 'Win History'],
      ['/bid', 'Bid History'],
    ];
    for (const [path, heading] of histories) {
      await open(page, path, heading);
      await historySettled(page);
      expect(await page.getByLabel('From Date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await shot(page, path.slice(1).toLowerCase());
    }
    // the wallet history lists the operator's credit
    await open(page, '/transaction', 'Wallet History');
    await page.getByRole('list', { name: 'Wallet History' }).getByText('+5,000 pts').waitFor();
    await context.close();
  });

  it('a bid shows up in the bid history', async () => {
    await placeRegularBid(server, token, '7', 25);
    const { context, page } = await loggedInPage();
    await open(page, '/imp4', 'Bid History');
    const list = page.getByRole('list', { name: 'Bid History' });
    await list.getByText(marketName).first().waitFor();
    await list.getByText('25 pts').first().waitFor();
    await shot(page, 'imp4-with-bid');
    // the histories menu leads there too
    await open(page, '/histories', 'Histories');
    await page.getByRole('link', { name: 'Main Bid-History' }).click();
    await page.getByRole('list', { name: 'Bid History' }).waitFor();
    await context.close();
  });

  it('runs standalone at /remotes/wallet/ without the shell', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // the bare folder once the server serves it; its index.html until then
    const bare = await fetch(`${server.url}/remotes/wallet/`);
    await page.goto(`${server.url}/remotes/wallet/${bare.ok ? '' : 'index.html'}`);
    await page.getByLabel('Phone Number').fill(player.mobile);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { level: 1, name: 'Wallet screens' }).waitFor();
    await shot(page, 'standalone-index');
    await page.getByRole('link', { name: /^Wallet: Transfer tab \/imp7/ }).click();
    await page.waitForURL(/\/remotes\/wallet\/imp7$/);
    await page.getByRole('heading', { level: 1, name: 'Wallet', exact: true }).waitFor();
    expect(await page.locator('[data-family="wallet"]').getAttribute('data-session-user')).toBe(player.name);
    await page.getByRole('link', { name: 'Withdraw Fund' }).click();
    await page.getByRole('button', { name: /GPay/ }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Wallet' }).click(); // back to the index
    await page.getByRole('link', { name: /^Histories \/histories/ }).click();
    await page.waitForURL(/\/remotes\/wallet\/histories$/);
    await page.getByRole('link', { name: 'Main Bid-History' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bid History' }).waitFor();
    await historySettled(page);
    await shot(page, 'standalone');
    await context.close();
  });

  it('adds funds: pending deposit, operator approves, balance and wallet history update', async () => {
    const { context, page } = await loggedInPage();
    const before = await balance(page);
    await open(page, '/addfund', 'Add Funds');
    await page.getByLabel('Amount').fill('700');
    await page.getByLabel('PhonePe').check();
    await page.getByRole('button', { name: 'Add Funds' }).click();
    // the server accepts the request first; the payment app (which cannot open here) is sent after it
    // the form for the payment's reference shows at once; here the page stays behind the UPI app's
    // launch (headless Chromium then takes no more clicks on it), so the player comes back later to
    // the Deposit History, where a pending deposit takes its UTR and screenshot
    await page.getByRole('form', { name: 'Add your payment reference' }).waitFor();
    const later = await context.newPage();
    await open(later, '/AddFundHistory', 'Deposit History');
    await later.getByRole('button', { name: 'Add UTR or screenshot' }).click();
    const proof = later.getByRole('form', { name: 'Add your payment reference' });
    await proof.getByLabel('UPI reference (UTR)').fill('4012 3456 7890');
    const screenshot = await later.screenshot({ fullPage: true, type: 'png', scale: 'device' });
    const big = Buffer.concat([screenshot, Buffer.alloc(Math.max(0, 300_000 - screenshot.length))]);
    await proof.getByLabel('Payment screenshot (optional)').setInputFiles({
      name: 'payment.png',
      mimeType: 'image/png',
      buffer: big,
    });
    await proof.getByText('Screenshot ready: payment.png').waitFor();
    await shot(later, 'addfund-proof');
    await proof.getByRole('button', { name: 'Send reference' }).click();
    const deposits = later.getByRole('list', { name: 'Deposit History' });
    await deposits.getByText('700 pts').waitFor();
    await deposits.getByText('Pending').waitFor();
    await deposits.getByText('401234567890').waitFor();
    await deposits.getByText('Sent').waitFor();
    expect(await later.getByRole('button', { name: 'Add UTR or screenshot' }).count()).toBe(0);
    // the server has both (the 300 KB screenshot went shrunk below its 180 KB limit)
    const fromApi = await call<{ fund_requests: { utr: string; has_screenshot: boolean }[] }>(
      server,
      'api-fund-request-history',
      {
        unique_token: await later.evaluate(
          () => JSON.parse(localStorage.getItem('matka.session') ?? '{}').unique_token,
        ),
      },
    );
    expect(fromApi.fund_requests[0]).toMatchObject({ utr: '401234567890', has_screenshot: true });
    await shot(later, 'addfundhistory-pending');

    const list = await operator(server, 'deposits', 'list');
    const id = idOnLine(list, player.mobile, '700');
    await operator(server, 'deposits', 'approve', id);

    await open(page, '/transaction', 'Wallet History');
    await page.getByRole('list', { name: 'Wallet History' }).getByText('+700 pts').waitFor();
    await expectBalance(page, before + 700);
    await context.close();
  });

  it('a deposit the server refuses sends nobody to pay; the QR code only shows for an accepted request', async () => {
    const { context, page } = await loggedInPage();
    const requests = async () =>
      (
        await call<{ fund_requests: { request_number: string; request_amount: string | number }[] }>(
          server,
          'api-fund-request-history',
          { unique_token: token },
        )
      ).fund_requests ?? [];
    const before = (await requests()).length;
    await operator(server, 'settings', 'set', 'max_amt', '5000');
    try {
      await open(page, '/addfund', 'Add Funds');
      await page.getByLabel('Amount').fill('6000');
      await page.getByLabel('PhonePe').check();
      await page.getByRole('button', { name: 'Add Funds' }).click();
      await page.getByRole('alert').getByText('Maximum amount to add is 5000').waitFor();
      expect(await page.getByRole('form', { name: 'Add your payment reference' }).count()).toBe(0);
      await shot(page, 'addfund-refused');

      await open(page, '/qrpay', 'QR Payment');
      await page.getByLabel('Amount').fill('6000');
      await page.getByRole('button', { name: 'Show QR code' }).click();
      await page.getByRole('alert').getByText('Maximum amount to add is 5000').waitFor();
      expect(await page.getByRole('img', { name: 'QR code for UPI payment' }).count()).toBe(0);
      expect(await page.getByTestId('upi-id').count()).toBe(0);
      expect((await requests()).length).toBe(before);

      await page.getByLabel('Amount').fill('450');
      await page.getByRole('button', { name: 'Show QR code' }).click();
      await page.getByRole('img', { name: 'QR code for UPI payment' }).waitFor();
      const number = (await page.getByTestId('upi-note').textContent())?.replace('Add Funds ', '') ?? '';
      expect(number).toMatch(/^D\d+$/);
      await page.getByText(`Pay 450 points for request ${number}`).waitFor();
      await shot(page, 'qrpay-request');
      const after = await requests();
      expect(after.length).toBe(before + 1);
      expect(String(after.find((r) => r.request_number === number)?.request_amount)).toBe('450');
    } finally {
      await operator(server, 'settings', 'set', 'max_amt', '0');
      await context.close();
    }
  });

  it('adds a UPI number through the OTP step, withdraws, the operator approves', async () => {
    const { context, page } = await loggedInPage();
    const upi = newMobile();
    await open(page, '/imp8', 'Wallet');
    await page.getByRole('button', { name: /GPay/ }).click();
    const dialog = page.getByRole('dialog', { name: 'GPay Number' });
    await dialog.getByLabel('Phone Number').fill(upi);
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await page.waitForURL(/\/otpwithdraw$/);
    await page.getByRole('button', { name: 'SUBMIT' }).waitFor();
    expect(await page.locator('.topbar').count()).toBe(0);
    await shot(page, 'otpwithdraw');
    await page.getByLabel('OTP').fill('0000' === (await otpFor(upi)) ? '1111' : '0000');
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await page.locator('.form-error').waitFor();
    await page.getByLabel('OTP').fill(await otpFor(upi));
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await page.waitForURL(/\/imp7$/);
    await page.getByText('UPI Number Added Successfully!').waitFor();
    await shot(page, 'imp7-upi-added');

    const info = await call<{ withdraw_open_time?: string; withdraw_close_time?: string }>(
      server,
      'api-user-wallet-balance',
      {
        unique_token: token,
      },
    );
    const inWindow = inWithdrawWindow(String(info.withdraw_open_time), String(info.withdraw_close_time), new Date());
    await open(page, '/withdraw', 'Withdraw');
    await page.getByLabel('Points', { exact: true }).fill('600');
    await page.getByLabel('Payment Method').selectOption({ label: `Google Pay - ${upi}` });
    const before = await balance(page);
    await page.getByRole('button', { name: 'Withdraw' }).click();
    if (!inWindow) {
      // outside the server's window (Asia/Kolkata, now at minute ${kolkataMinutes()}): refused on the client
      await page.getByText('Withdrawals are only allowed during specified hours.').waitFor();
      await shot(page, 'withdraw-outside-hours');
      throw new Error(
        `withdraw window ${info.withdraw_open_time}-${info.withdraw_close_time} is closed at Kolkata minute ${kolkataMinutes()}: ` +
          'the approval part needs an operator command to set the window',
      );
    }
    await page.waitForURL(/\/imp$/);
    await expectBalance(page, before - 600);
    const list = await operator(server, 'withdrawals', 'list');
    await operator(server, 'withdrawals', 'approve', idOnLine(list, player.mobile, '600'));
    await open(page, '/withdrawhistory', 'Withdraw History');
    const rows = page.getByRole('list', { name: 'Withdraw History' });
    await rows.getByText('Approved').waitFor();
    await shot(page, 'withdrawhistory-approved');
    await context.close();
  });

  it('transfers points to a second account', async () => {
    const { context, page } = await loggedInPage();
    const before = await balance(page);
    await open(page, '/transfer', 'Transfer Points');
    await page.getByLabel('Points', { exact: true }).fill('150');
    await page.getByLabel('Phone Number').fill(friend.mobile);
    await page.getByRole('button', { name: 'Transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Transfer' });
    await dialog.getByText(friend.name).waitFor();
    await shot(page, 'transfer-confirm');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectBalance(page, before - 150);
    const friendToken = (await call<{ unique_token: string }>(server, 'api-user-login', { ...friend, device_id: null }))
      .unique_token;
    const fw = await call<{ wallet_amt: string }>(server, 'api-user-wallet-balance', { unique_token: friendToken });
    expect(Number(fw.wallet_amt)).toBe(150);
    await context.close();
  });

  it('a declared winning result shows up in the win history', async () => {
    await placeRegularBid(server, token, '3', 40);
    // open pana 120 (digit 3) then close pana 128 (digit 1): the Close-session Single Digit bid on 1 wins
    await placeRegularBid(server, token, '1', 40);
    await drawHasHappened(server, marketName); // the results are due
    await operator(server, 'result', 'declare', marketName, 'open', '120');
    await operator(server, 'result', 'declare', marketName, 'close', '128');
    const { context, page } = await loggedInPage();
    await open(page, '/imp3', 'Win History');
    const list = page.getByRole('list', { name: 'Win History' });
    await list.getByText('Congratulations You Won').first().waitFor();
    await list.getByText(marketName).first().waitFor();
    await shot(page, 'imp3-with-win');
    await list.getByRole('link', { name: 'Details' }).first().click();
    await page.getByRole('heading', { name: 'Win Details' }).waitFor();
    await context.close();
  });
});

async function otpFor(upiNumber: string): Promise<string> {
  const code = await lastOtp(server, upiNumber).catch(() => '');
  return code || lastOtp(server, player.mobile);
}

/** The id of the operator list line that names this mobile and amount (first number on the line). */
function idOnLine(out: string, mobile: string, amount: string): string {
  const line = out.split('\n').find((l) => l.includes(mobile) && l.includes(amount));
  const m = line && /#?(\d+)/.exec(line.replace(mobile, ''));
  if (!m) throw new Error(`no line for ${mobile} ${amount} in:\n${out}`);
  return m[1];
}

async function expectBalance(page: Page, expected: number) {
  for (let i = 0; i < 40; i++) {
    if ((await balance(page)) === expected) return;
    await page.waitForTimeout(250);
  }
  expect(await balance(page)).toBe(expected);
}
