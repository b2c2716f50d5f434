/**
 * Receipts a player can prove, in a real browser at 360 × 780: a bid's receipt opened from bid history
 * (QR code, Copy, Check) and checked on /verify, logged out too: Genuine once its session's book is
 * sealed (the result declared through the operator CLI), with the result and what the bid won; a
 * receipt changed by hand is Not valid with the reason; axe passes on each.
 */
import type { Browser } from 'playwright-core';
import { buildNewResult, formatBidDate } from '@matka/shared/domain';
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
import { seriousViolations } from '../lib/axe';

let browser: Browser;
let server: TestServer;
const player = { mobile: newMobile(), name: 'Receipt Keeper', password: 'secret123' };
let receipt = '';
let market = '';

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
  const token = await registerUser(server, player);
  await operator(server, 'credit', player.mobile, '1000');
  const home = await call<{ result: { game_id: string | number; game_name: string }[] }>(server, 'api-home-info', {
    unique_token: token,
  });
  const m = home.result[0];
  market = m.game_name;
  // the Open session takes bids all day
  await operator(server, 'market', 'set-times', market, '23:58', '23:59');
  const [new_result] = buildNewResult({
    family: 'regular',
    betType: 'single_digit',
    token,
    gameId: m.game_id,
    gameName: market,
    bidDate: formatBidDate(new Date()),
    rows: [{ digits: '1', closedigits: '', points: 100, session: 'Open', pana: 'Single Digit' }],
  });
  const placed = await call<{ status: boolean; receipt?: string; msg?: string }>(server, 'api-submit-bid', {
    unique_token: token,
    game_id: String(m.game_id),
    new_result,
  });
  if (!placed.status || !placed.receipt) throw new Error(`bid refused: ${placed.msg}`);
  receipt = placed.receipt;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('a receipt is checked on /verify while its session is open, then Genuine in the sealed book with the result and the win', async () => {
  const context = await kolkataPhone(browser, { bypassCSP: true });
  const page = await context.newPage();
  // logged out, opened with the receipt in the address's fragment (never sent to the server)
  await page.goto(`${server.url}/verify#${encodeURIComponent(receipt)}`);
  await page.getByRole('heading', { name: 'Genuine' }).waitFor();
  await page.getByText("Signed by the server. Its session's bidding is still open").waitFor();
  // its day and moment are written as the player reads dates everywhere, never '12/7/2026'
  const field = (name: string) =>
    page.locator('.verify-fields').getByText(name, { exact: true }).locator('xpath=following-sibling::dd[1]');
  expect(await field('Date').textContent()).toMatch(
    /^\d{1,2}-(January|February|March|April|May|June|July|August|September|October|November|December)-\d{4}$/,
  );
  expect(await field('Accepted').textContent()).toMatch(/^\d{1,2}-[A-Z][a-z]+-\d{4} \d\d:\d\d [AP]M$/);
  // the same under the server's Content Security Policy (the contexts here bypass it for axe)
  const strict = await kolkataPhone(browser);
  const strictPage = await strict.newPage();
  await strictPage.goto(`${server.url}/verify#${encodeURIComponent(receipt)}`);
  await strictPage.getByRole('heading', { name: 'Genuine' }).waitFor();
  await strict.close();

  // the result is declared: the session's book is sealed, the bid settled
  await drawHasHappened(server, market);
  const said = await operator(server, 'result', 'declare', market, 'open', '128');
  expect(said).toMatch(/128/);
  await page.getByRole('button', { name: 'Check' }).click();
  await page.getByText('Signed by the server, and receipt 1 of 1 in the sealed book of its session.').waitFor();
  const verdict = page.locator('.verify-verdict');
  expect(await verdict.getByRole('heading').textContent()).toBe('Genuine');
  await verdict.getByText('128-1*-***').waitFor();
  // who declared it (the CLI's token here, with certification off), next to the result
  expect(await verdict.getByText('Declared by').locator('xpath=following-sibling::dd[1]').textContent()).toBe(
    'operator-token',
  );
  // the bid on 1 won at its rate (10-95): 950 points
  expect(await verdict.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
    '1',
    '100',
    expect.stringMatching(/^\d+-\d+$/),
    '950',
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots/verify-genuine.png', fullPage: true });

  // one character of what it says changed: the signature no longer matches
  const [h, p, s] = receipt.split('.');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  claims.bids[0].points = 10000;
  await page.getByLabel('Receipt').fill([h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.'));
  await page.getByRole('button', { name: 'Check' }).click();
  await page.getByRole('heading', { name: 'Not valid' }).waitFor();
  await page
    .getByText('The signature does not match: the receipt was changed, or this server did not sign it.')
    .waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots/verify-not-valid.png', fullPage: true });

  // the same signature bytes written with another last character: not the receipt the server signed
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(receipt.at(-1)!);
  const twin = receipt.slice(0, -1) + alphabet[(last & ~0xf) | ((last + 1) & 0xf)];
  await page.getByLabel('Receipt').fill(twin);
  await page.getByRole('button', { name: 'Check' }).click();
  await page.getByText('This is not a bid receipt. Paste the whole receipt, as it was copied.').waitFor();
  expect(await page.getByRole('heading', { name: 'Not valid' }).count()).toBe(1);
  await context.close();
});

it('bid history shows each bid’s receipt with its QR code, Copy and Check, which opens /verify', async () => {
  const context = await kolkataPhone(browser, { bypassCSP: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  await loginInBrowser(page, server.url, player.mobile, player.password);
  await page.goto(`${server.url}/bid`);
  const card = page.locator('.history-card').first();
  await card.getByRole('button', { name: 'Receipt' }).click();
  await card.getByRole('img', { name: 'QR code of the bid receipt' }).waitFor();
  expect(await card.getByLabel('Bid receipt').inputValue()).toBe(receipt);
  await card.getByRole('button', { name: 'Copy' }).click();
  await card.getByText('Receipt copied').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(receipt);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots/verify-bid-history.png', fullPage: true });
  await card.getByRole('link', { name: 'Check' }).click();
  await page.waitForURL(/\/verify#/);
  await page.getByRole('heading', { name: 'Genuine' }).waitFor();
  await context.close();
});
