/**
 * The operator console (/console/) in Chromium against the real server: an owner signs in with the
 * CLI's one-time password and creates a `results` operator; that operator previews and declares a
 * result, and the player's wallet and win history change; a `finance` operator approves a deposit and
 * a withdrawal; a `support` operator cannot open Results. At 1280 × 800 and at 360 × 780.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from '../lib/axe';
import {
  call,
  drawHasHappened,
  launchBrowser,
  lastOtp,
  loginInBrowser,
  newMobile,
  operator,
  registerUser,
  ROOT,
  startServer,
  type TestServer,
} from '../lib/harness';
import { formatHistoryDate, kolkataDateParts, WEEKDAY_NAMES } from '@matka/shared/domain';
import { placeRegularBid } from '../lib/wallet';
import { NEW_PASSWORD, firstSignIn as signInFirst, oneTimePassword } from '../lib/console';

let server: TestServer;
let browser: Browser;
const player = { mobile: newMobile(), name: 'Console Player', password: 'secret123' };
let token: string;
let marketName: string;

beforeAll(async () => {
  mkdirSync('/tmp/shots', { recursive: true });
  // a declaration answers at once with its settlement job (the console follows the job's progress)
  server = await startServer({ SETTLE_WAIT_MS: '0' });
  token = await registerUser(server, player);
  await operator(server, 'credit', player.mobile, '1000');
  const home = await call<{ result: { game_name: string }[] }>(server, 'api-home-info', { unique_token: token });
  marketName = home.result[0].game_name;
  await operator(server, 'market', 'set-times', marketName, '00:00', '23:59');
  await operator(server, 'settings', 'set-withdraw-window', '00:00', '23:59');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// bypassCSP: axe-core is injected as a script tag; `enforced` keeps the server's CSP, as an operator's browser does
const desk = (enforced = false) => browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: !enforced });
const phone = (enforced = false) =>
  browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, bypassCSP: !enforced });

/** Signs in with a one-time password and sets the operator's own password. */
const firstSignIn = (context: BrowserContext, name: string, password: string): Promise<Page> =>
  signInFirst(server, context, name, password);

const walletOf = async () =>
  Number((await call<{ wallet_amt: string }>(server, 'api-user-wallet-balance', { unique_token: token })).wallet_amt);

describe('operator console', () => {
  let resultsOperator = '';
  let resultsPassword = '';

  it('an owner signs in with the CLI one-time password and creates a results operator', async () => {
    const owner = oneTimePassword(await operator(server, 'owner', 'create', 'owner1'));
    const context = await desk();
    const page = await context.newPage();
    await page.goto(`${server.url}/console/`);
    await page.getByLabel('Username').fill('owner1');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong username or password' }).waitFor();
    await page.getByLabel('Password').fill(owner);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill('something else 1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    // the dashboard first, with the server's state (one process here)
    const serverCard = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Server' }) });
    await serverCard.getByText('Processes up').waitFor();
    expect(await serverCard.locator('dt:text-is("Processes up") + dd').textContent()).toBe('1 of 1');
    expect(await serverCard.textContent()).toMatch(
      /Queues: \d+ deposits? and \d+ withdrawals? waiting for an operator/,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/shots/console-dashboard-server.png', fullPage: true });
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators' }).click();
    await page.getByRole('heading', { name: 'Operators', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Username').fill('resulter');
    await page.getByLabel('Role').selectOption('results');
    await page.getByRole('button', { name: 'Add operator' }).click();
    resultsPassword = (await page.getByTestId('one-time-password').textContent())!.trim();
    resultsOperator = 'resulter';
    expect(resultsPassword).toMatch(/^\S{16}$/);
    await page.getByRole('cell', { name: 'resulter', exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/shots/console-operators.png', fullPage: true });
    // Settings: the minimum deposit, checked by the server
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
    const min = page.getByLabel('Minimum deposit (points)');
    await min.fill('abc');
    await min.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Minimum deposit (points) must be a whole number of points' })
      .waitFor();
    await min.fill('150');
    await min.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
    await min.locator('xpath=ancestor::form').getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    // the privacy policy text: the player's Privacy Policy page shows it, sanitized
    const privacy = page.getByLabel('Privacy policy (HTML)');
    await privacy.fill('<h1>Our privacy promise</h1><p onclick="alert(1)">We keep only what the game needs.</p>');
    await privacy.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click();
    await privacy.locator('xpath=ancestor::form').getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.getByRole('img', { name: /^QR code to pay / }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const playerPage = await (await phone()).newPage();
    await loginInBrowser(playerPage, server.url, player.mobile, player.password);
    await playerPage.goto(`${server.url}/privacypolicy`);
    await playerPage.getByRole('heading', { level: 2, name: 'Our privacy promise' }).waitFor();
    await playerPage.getByText('We keep only what the game needs.').waitFor();
    expect(await playerPage.locator('[onclick]').count()).toBe(0);
    // Notices: a notice to every player (a bad link refused), shown in the player's inbox
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Notices' }).click();
    await page.getByRole('heading', { name: 'Notices', exact: true }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Diwali bonus');
    await page.getByLabel('Text', { exact: true }).fill('Deposit today and get 5% extra points.');
    // the same notice's title in Hindi (its text left empty: the English shows)
    await page.getByLabel('Title in Hindi').fill('दिवाली बोनस');
    // the link is checked as it is typed, before any confirmation
    await page.getByLabel('Link (optional)').fill('/nowhere');
    const wrongLink = 'Link must be a page of the app (such as /addfund) or an https:// address';
    await page.locator('#notice-link-problem').getByText(wrongLink).waitFor();
    expect(await page.getByLabel('Link (optional)').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Send notice' }).click();
    await page.getByRole('alert').filter({ hasText: wrongLink }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('Link (optional)').fill('/addfund');
    await page.getByText(wrongLink).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Send notice' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send to every player' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Notice #\d+ sent to every player$/ })
      .waitFor();
    await page.getByRole('cell', { name: 'Diwali bonus' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/shots/console-notices.png', fullPage: true });
    await playerPage.goto(`${server.url}/notifications`);
    const notice = playerPage.locator('.inbox-item').filter({ hasText: 'Diwali bonus' });
    await notice.getByText('Deposit today and get 5% extra points.').waitFor();
    expect(await notice.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/addfund');
    // a player who chose Hindi reads the Hindi title, with the English text
    await playerPage.evaluate(() => localStorage.setItem('matka.lang', 'hi'));
    await playerPage.reload();
    const inHindi = playerPage.locator('.inbox-item').filter({ hasText: 'दिवाली बोनस' });
    await inHindi.getByText('Deposit today and get 5% extra points.').waitFor();
    await inHindi.getByRole('link', { name: 'खोलें' }).waitFor();
    await playerPage.context().close();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators' }).click();
    // the session survives a reload (cookie), and signing out ends it
    await page.reload();
    await page.getByRole('heading', { name: 'Operators', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('the results operator previews and declares a result; the player wins', async () => {
    // a Close-session Single Digit bid on 1; the open result 120 is in, close 128 (digit 1) decides
    await placeRegularBid(server, token, '1', 40);
    // the draw: the results are due now (before it only an owner could declare them, with a reason)
    await drawHasHappened(server, marketName);
    await operator(server, 'result', 'declare', marketName, 'open', '120');
    const before = await walletOf();
    const context = await phone();
    const page = await firstSignIn(context, resultsOperator, resultsPassword);
    // the dashboard opens first: today's figures and the week's chart
    await page.getByRole('heading', { name: /^Today, / }).waitFor();
    await page.getByRole('img', { name: /^Stakes and payouts, last 7 days\./ }).waitFor();
    await page.screenshot({ path: '/tmp/shots/console-dashboard.png', fullPage: true });
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Results' }).click();
    await page.getByRole('heading', { name: 'Results', exact: true }).waitFor();
    const option = page.locator('#r-market option', { hasText: marketName }).first();
    await page.getByLabel('Market', { exact: true }).selectOption((await option.getAttribute('value'))!);
    await page.getByRole('radio', { name: 'Close' }).check();
    await page.getByLabel('Pana').fill('128');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.locator('.console-preview');
    await preview.getByRole('heading', { name: new RegExp(`Preview: ${marketName}`) }).waitFor();
    await preview.getByRole('term').filter({ hasText: 'Winning bids' }).waitFor();
    await preview.getByRole('cell', { name: player.mobile }).waitFor();
    // the exposure per digit as a chart (Chart.js draws on the canvas)
    const digitChart = preview.getByRole('img', { name: /^Points by digit\./ });
    await digitChart.waitFor();
    expect(await digitChart.evaluate((c: HTMLCanvasElement) => c.width > 0 && c.height > 0)).toBe(true);
    await page.screenshot({ path: '/tmp/shots/console-results-preview.png', fullPage: true });
    expect(await walletOf()).toBe(before); // a preview changes nothing
    await preview.getByRole('button', { name: 'Declare' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/1 winning bid will be paid [\d,]+ points/).waitFor();
    // the first look at the job's progress comes late here, so the progress is on screen for a while
    let held = false;
    await page.route('**/operator/settlement?*', async (route) => {
      if (!held) {
        held = true;
        await new Promise((r) => setTimeout(r, 1500));
      }
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const progress = page.getByRole('status').filter({ hasText: 'Settling the bids:' });
    await progress.waitFor();
    await progress.getByRole('progressbar', { name: 'Bids settled' }).waitFor();
    await page.screenshot({ path: '/tmp/shots/console-results-settling.png', fullPage: true });
    await page
      .getByRole('status')
      .filter({
        hasText: new RegExp(`^Declared\\. ${marketName} .*; settled \\d+ bids?: 1 winning bid paid [\\d,]+ points`),
      })
      .waitFor();
    expect(await progress.count()).toBe(0);
    await page.screenshot({ path: '/tmp/shots/console-results-settled.png', fullPage: true });
    // the declared result is in the history
    await page
      .getByRole('table', { name: 'Regular markets, last 30 days' })
      .getByRole('row')
      .filter({ hasText: marketName })
      .filter({ hasText: '120-' })
      .first()
      .waitFor();
    // the same operator's Markets screen lists the market; an off day (tomorrow's weekday) is set and shown
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Markets' }).click();
    const markets = page.getByRole('table', { name: 'Regular markets' });
    await markets.getByRole('cell', { name: marketName, exact: true }).waitFor();
    const tomorrow = WEEKDAY_NAMES[(kolkataDateParts(new Date()).weekday + 1) % 7];
    await page.getByRole('button', { name: `Change the off days of ${marketName}` }).click();
    await page.getByRole('dialog').getByLabel(tomorrow).check();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `is off on: ${tomorrow}` })
      .waitFor();
    await markets.getByRole('row').filter({ hasText: marketName }).getByText(tomorrow.slice(0, 3)).waitFor();
    await page.screenshot({ path: '/tmp/shots/console-markets.png', fullPage: true });
    const after = await walletOf();
    expect(after).toBeGreaterThan(before);
    const today = formatHistoryDate(new Date());
    const wins = await call<{ status: boolean; win_data?: unknown[] }>(server, 'api-wining-history-data', {
      unique_token: token,
      date_from: today,
      date_to: today,
    });
    expect(wins.status).toBe(true);
    expect(JSON.stringify(wins)).toContain(marketName);
    await context.close();
  });

  it('a finance operator approves a deposit and a withdrawal', async () => {
    const finance = oneTimePassword(await operator(server, 'operators', 'add', 'money1', 'finance'));
    // the player asks for a deposit and a withdrawal (to a verified Google Pay number)
    const dep = await call<{ status: boolean; msg?: string; request_id: string }>(server, 'api-fund-request-add', {
      unique_token: token,
      request_amount: 500,
    });
    expect(dep.status).toBe(true);
    // with the payment's UTR and a screenshot (a real PNG: the icon the app installs with)
    const icon = readFileSync(path.join(ROOT, 'shell', 'public', 'icons', 'icon-192.png'));
    const proof = await call<{ status: boolean }>(server, 'api-fund-request-proof', {
      unique_token: token,
      request_id: dep.request_id,
      utr: '512345678901',
      screenshot: `data:image/png;base64,${icon.toString('base64')}`,
    });
    expect(proof.status).toBe(true);
    const upi = newMobile();
    await call(server, 'api-upi-send-otp', { unique_token: token, mobile: upi, upi_type: 2 });
    const otp = await lastOtp(server, upi);
    const added = await call<{ status: boolean; msg?: string }>(server, 'api-add-user-upi-details', {
      unique_token: token,
      upi_type: 2,
      google_pay_no: upi,
      otp,
    });
    expect(added.status).toBe(true);
    const wd = await call<{ status: boolean; msg?: string }>(server, 'api-user-withdraw-fund-request', {
      unique_token: token,
      request_amount: 600,
      payment_method: '2',
    });
    expect(wd).toMatchObject({ status: true });
    const walletBefore = await walletOf();

    // the console as an operator's browser has it: the server's own CSP enforced
    const context = await desk(true);
    const page = await firstSignIn(context, 'money1', finance);
    await page.getByRole('heading', { name: 'Waiting for a decision' }).waitFor();
    // the chart above comes later and takes the room kept for it: the link does not move under the pointer
    const toDeposits = page.getByRole('link', { name: 'Open the deposits' });
    const where = await toDeposits.boundingBox();
    await page.getByRole('img', { name: /^Stakes and payouts, last 7 days\./ }).waitFor();
    expect((await toDeposits.boundingBox())?.y).toBe(where?.y);
    await toDeposits.click();
    await page.getByRole('heading', { name: 'Deposits', exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: player.mobile }).filter({ hasText: '500' });
    await row.getByText('UTR 512345678901').waitFor();
    // the UTR and its Screenshot button apart
    const utr = await row.getByText('UTR 512345678901').boundingBox();
    const shotButton = await row.getByRole('button', { name: /^View the screenshot of deposit/ }).boundingBox();
    expect(shotButton!.x - (utr!.x + utr!.width)).toBeGreaterThanOrEqual(8);
    await row.getByRole('button', { name: /^View the screenshot of deposit/ }).click();
    const shotImg = page.getByRole('dialog').getByRole('img', { name: /^Payment screenshot sent with deposit/ });
    await shotImg.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('.console-proof') as HTMLImageElement | null)?.complete === true,
    );
    expect(await shotImg.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(192);
    // the whole page is dimmed behind it: at each corner and on the top bar's buttons, the backdrop is on top
    const corners = [
      [2, 2],
      [1278, 2],
      [1200, 30],
      [2, 798],
      [1278, 798],
    ];
    const onTop = await page.evaluate(
      (points) => points.map(([x, y]) => !!document.elementFromPoint(x, y)?.closest('.modal-backdrop')),
      corners,
    );
    expect(onTop).toEqual(corners.map(() => true));
    await page.screenshot({ path: '/tmp/shots/console-deposit-screenshot.png' });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    // on a phone's width too
    const small = await phone(true);
    const onPhone = await small.newPage();
    await onPhone.goto(`${server.url}/console/deposits`);
    await onPhone.getByLabel('Username').fill('money1');
    await onPhone.getByLabel('Password').fill(NEW_PASSWORD);
    await onPhone.getByRole('button', { name: 'Sign in' }).click();
    const phoneRow = onPhone.getByRole('row').filter({ hasText: player.mobile }).filter({ hasText: '500' });
    await phoneRow.getByRole('button', { name: /^View the screenshot of deposit/ }).click();
    const phoneImg = onPhone.getByRole('dialog').getByRole('img', { name: /^Payment screenshot sent with deposit/ });
    await phoneImg.waitFor();
    await onPhone.waitForFunction(
      () => (document.querySelector('.console-proof') as HTMLImageElement | null)?.complete === true,
    );
    expect(await phoneImg.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(192);
    await onPhone.screenshot({ path: '/tmp/shots/console-deposit-screenshot-360.png' });
    await small.close();

    await row.getByRole('button', { name: /^Approve deposit/ }).click();
    await page.getByRole('dialog').filter({ hasText: 'UTR 512345678901.' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /approved|credited/i })
      .waitFor();
    expect(await walletOf()).toBe(walletBefore + 500);
    await page.getByLabel('Show').selectOption('approved');
    await page.getByRole('row').filter({ hasText: player.mobile }).filter({ hasText: 'approved' }).first().waitFor();
    await page.screenshot({ path: '/tmp/shots/console-deposits.png', fullPage: true });

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Withdrawals' }).click();
    await page.getByRole('heading', { name: 'Withdrawals', exact: true }).waitFor();
    const w = page.getByRole('row').filter({ hasText: player.mobile }).filter({ hasText: '600' });
    await page.screenshot({ path: '/tmp/shots/console-withdrawals.png', fullPage: true });
    await w.getByText('Google Pay').waitFor();
    await w.getByRole('button', { name: /^Approve withdrawal/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Receipt link (optional)').fill('not a link');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'must start with http' }).waitFor();
    await dialog.getByLabel('Receipt link (optional)').fill('https://bank.example/receipt/77');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /approved|paid/i })
      .waitFor();
    const history = await call<{
      withdrawdata: { request_amount: string; request_status: string; payment_receipt: string }[];
    }>(server, 'api-user-withdraw-transaction-history', { unique_token: token });
    // what the player's Withdraw History reads: '2' is approved, with the receipt
    expect(history.withdrawdata[0]).toMatchObject({
      request_amount: '600',
      request_status: '2',
      payment_receipt: 'https://bank.example/receipt/77',
    });
    // finance has no Results
    expect(await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Results' }).count()).toBe(
      0,
    );

    // the queue is fresh whenever it is opened again, and stays live while it is shown: no reload
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Waiting for a decision' }).waitFor();
    const ask = (points: number) =>
      call<{ status: boolean }>(server, 'api-user-withdraw-fund-request', {
        unique_token: token,
        request_amount: points,
        payment_method: '2',
      });
    await operator(server, 'credit', player.mobile, '1100');
    expect((await ask(510)).status).toBe(true);
    await nav.getByRole('link', { name: 'Withdrawals' }).click();
    await page.getByRole('row').filter({ hasText: player.mobile }).filter({ hasText: '510' }).waitFor();
    expect((await ask(520)).status).toBe(true);
    await page
      .getByRole('row')
      .filter({ hasText: player.mobile })
      .filter({ hasText: '520' })
      .waitFor({ timeout: 20_000 });
    await page.screenshot({ path: '/tmp/shots/console-withdrawals-live.png', fullPage: true });
    // both rejected again, so the figures below stay those of the day's approvals
    for (const points of ['510', '520']) {
      const row = page.getByRole('row').filter({ hasText: player.mobile }).filter({ hasText: points });
      await row.getByRole('button', { name: /^Reject withdrawal/ }).click();
      await page
        .getByRole('dialog')
        .getByLabel(/Reason/)
        .fill('asked twice');
      await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /rejected/i })
        .waitFor();
    }

    // Reports: today's figures, and a table as CSV
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click();
    const pnl = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Profit' }) })
      .first();
    await pnl.getByRole('row').filter({ hasText: marketName }).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Deposits and withdrawals approved per day as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^deposits-and-withdrawals_\d{4}-\d\d-\d\d_to_\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Date,Deposits,Withdrawals');
    expect(csv).toMatch(/\r\n\d{4}-\d\d-\d\d,500,600\r\n/);
    await page.screenshot({ path: '/tmp/shots/console-reports.png', fullPage: true });

    // the player's page: a debit with a reason leaves a ledger row the player's wallet shows
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Search by mobile or name').fill(player.mobile);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: `Open ${player.mobile}` }).click();
    await page.getByRole('heading', { name: `${player.name} (${player.mobile})` }).waitFor();
    const beforeDebit = await walletOf();
    await page.getByRole('button', { name: 'Debit' }).click();
    const debit = page.getByRole('dialog', { name: `Debit points from ${player.mobile}?` });
    await debit.getByLabel('Points').fill(String(beforeDebit + 1));
    await debit.getByLabel('Reason').fill('duplicate deposit');
    await debit.getByRole('button', { name: 'Debit' }).click();
    await debit
      .getByRole('alert')
      .filter({ hasText: `has only ${beforeDebit} points` })
      .waitFor();
    await debit.getByLabel('Points').fill('100');
    await debit.getByRole('button', { name: 'Debit' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Debited 100 points from ${player.mobile}` })
      .waitFor();
    expect(await walletOf()).toBe(beforeDebit - 100);
    await page.getByRole('cell', { name: 'duplicate deposit' }).first().waitFor();
    await context.close();
  });

  it('a support operator cannot open Results', async () => {
    const support = oneTimePassword(await operator(server, 'operators', 'add', 'helper1', 'support'));
    const context = await phone();
    const page = await firstSignIn(context, 'helper1', support);
    expect(await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Results' }).count()).toBe(
      0,
    );
    await page.goto(`${server.url}/console/results`);
    await page.getByRole('alert').filter({ hasText: 'Your role (support) cannot open Results' }).waitFor();
    // Users is theirs: the player's account is there, with betting on/off
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Search by mobile or name').fill(player.mobile);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Turn betting off for ${player.mobile}` }).waitFor();
    await page.screenshot({ path: '/tmp/shots/console-users.png', fullPage: true });
    // the player's page: force logout ends the player's session, a block refuses the login
    await page.getByRole('link', { name: `Open ${player.mobile}` }).click();
    await page.getByRole('heading', { name: `${player.name} (${player.mobile})` }).waitFor();
    await page.getByRole('button', { name: 'Force logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /logged out of \d+ session/ })
      .waitFor();
    const old = await call<{ status: boolean }>(server, 'api-user-wallet-balance', { unique_token: token });
    expect(old.status).toBe(false);
    await page.getByRole('button', { name: 'Block' }).click();
    await page.getByRole('dialog').getByLabel('Reason').fill('chargeback fraud');
    await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
    await page.getByText(/blocked since .*: chargeback fraud/).waitFor();
    const login = await call<{ status: boolean; msg: string }>(server, 'api-user-login', {
      mobile: player.mobile,
      password: player.password,
    });
    expect(login).toMatchObject({ status: false, msg: 'Your account is blocked. Please contact support.' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/shots/console-user.png', fullPage: true });
    await page.getByRole('button', { name: 'Unblock' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unblock' }).click();
    await page.getByRole('status').filter({ hasText: 'can log in again' }).waitFor();
    const again = await call<{ status: boolean; unique_token: string }>(server, 'api-user-login', {
      mobile: player.mobile,
      password: player.password,
    });
    expect(again.status).toBe(true);
    token = again.unique_token;
    // and the server refuses the call itself
    const refused = await page.evaluate(async () => {
      const { csrf_token } = (await (await fetch('/operator/session')).json()) as { csrf_token: string };
      const r = await fetch('/operator/result/preview', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf_token },
        body: JSON.stringify({ market: '1', session: 'open', pana: '128' }),
      });
      return { status: r.status, body: await r.json() };
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toMatch(/^Your role \(support\) does not allow declaring results/);
    await context.close();
  });

  it('an operator sets up two-step sign-in under My account; the owner disables, enables, resets and turns a lost two-step off', async () => {
    const once = oneTimePassword(await operator(server, 'operators', 'add', 'cashier2', 'finance'));
    const opContext = await desk();
    const op = await firstSignIn(opContext, 'cashier2', once);
    await op.getByRole('link', { name: 'My account' }).click();
    await op.getByRole('heading', { name: 'My account' }).waitFor();
    await op.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const qr = op.getByRole('img', { name: 'QR code of your two-step sign-in key' });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await op.screenshot({ path: '/tmp/shots/console-two-step-setup.png', fullPage: true });
    const secret = (await op.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    await op.getByLabel('6-digit code').fill(totp.generate());
    await op.getByRole('button', { name: 'Turn two-step sign-in on' }).click();
    await op.getByRole('status').filter({ hasText: 'Two-step sign-in is on' }).waitFor();
    expect(await seriousViolations(op)).toEqual([]);
    await op.screenshot({ path: '/tmp/shots/console-account.png', fullPage: true });

    // the owner's Operators screen, on a desk and on a phone
    for (const context of [await desk(), await phone()]) {
      const page = await context.newPage();
      await page.goto(`${server.url}/console/`);
      await page.getByLabel('Username').fill('owner1');
      await page.getByLabel('Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators' }).click();
      await page.getByRole('button', { name: 'Disable: cashier2' }).waitFor();
      const wide = page.viewportSize()!.width > 1000;
      if (wide) {
        await page.getByRole('button', { name: 'Disable: cashier2' }).click();
        await page.getByRole('dialog', { name: 'Disable cashier2?' }).getByRole('button', { name: 'Disable' }).click();
        await page.getByRole('status').filter({ hasText: 'cashier2 is now disabled' }).waitFor();
        // the operator's session ended
        await op.reload();
        await op.getByRole('button', { name: 'Sign in' }).waitFor();
        await page.getByRole('button', { name: 'Enable: cashier2' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
        await page.getByRole('status').filter({ hasText: 'cashier2 is now enabled' }).waitFor();
        // a lost phone: the owner turns the two-step off
        await page.getByRole('button', { name: 'Turn two-step off: cashier2' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Turn two-step off' }).click();
        await page.getByRole('status').filter({ hasText: 'Two-step sign-in is off for cashier2' }).waitFor();
        expect(await page.getByRole('button', { name: 'Turn two-step off: cashier2' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Reset password: cashier2' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Reset password' }).click();
        const fresh = (await page.getByTestId('one-time-password').textContent())!.trim();
        expect(fresh).toMatch(/^\S{16}$/);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: '/tmp/shots/console-operators-actions.png', fullPage: true });
        const actions = await page.evaluate(async () => {
          const r = (await (await fetch('/operator/audit?limit=50')).json()) as {
            audit: { action: string; target: string | null }[];
          };
          return r.audit.filter((a) => a.target === 'cashier2').map((a) => a.action);
        });
        for (const action of ['operator disable', 'operator enable', 'operator totp-off', 'operator reset-password'])
          expect(actions).toContain(action);
        // the old password no longer works; the new one-time password does, without a code
        await op.getByLabel('Username').fill('cashier2');
        await op.getByLabel('Password').fill(NEW_PASSWORD);
        await op.getByRole('button', { name: 'Sign in' }).click();
        await op.getByRole('alert').filter({ hasText: 'Wrong username or password' }).waitFor();
        await op.getByLabel('Password').fill(fresh);
        await op.getByRole('button', { name: 'Sign in' }).click();
        await op.getByRole('heading', { name: 'Set your password' }).waitFor();
      } else {
        // the nav strip scrolls: the open screen's item is in view, not scrolled away
        const [nav, active] = await Promise.all([
          page.getByRole('navigation', { name: 'Console' }).boundingBox(),
          page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators' }).boundingBox(),
        ]);
        expect(active!.x).toBeGreaterThanOrEqual(nav!.x);
        expect(active!.x + active!.width).toBeLessThanOrEqual(nav!.x + nav!.width);
        // the console has its icon: no request for /favicon.ico
        expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
        await page.screenshot({ path: '/tmp/shots/console-operators-phone.png', fullPage: true });
      }
      await context.close();
    }
    await opContext.close();
  });
});
