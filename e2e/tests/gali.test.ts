/**
 * Gali Disawar against the real server: the home with its list, a Jodi Digit bid end to end (balance
 * and bid history checked through the API), and the remote's standalone page.
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
import {
  addRow,
  historyToday,
  loginStandalone,
  marketPhone,
  setTimes,
  slotTimes,
  submitBids,
  time12,
  tokenOf,
} from '../lib/starline-gali';

const OPEN_MARKET = 'FARIDABAD';
const CLOSED_MARKET = 'DISAWAR';
const times = slotTimes();
const maybe = times ? describe : describe.skip;

let browser: Browser;
let server: TestServer;
const user = { mobile: newMobile(), name: 'Gali Player', password: 'secret123' };

beforeAll(async () => {
  if (!times) return;
  browser = await launchBrowser();
  server = await startServer();
  await registerUser(server, user);
  await operator(server, 'credit', user.mobile, '1000');
  await setTimes(server, 'gali', OPEN_MARKET, times.future, Math.min(times.future + 20, 23 * 60 + 59));
  await setTimes(server, 'gali', CLOSED_MARKET, times.past, times.past + 30);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const card = (page: Page, name: string) => page.getByTestId('gali-market').filter({ hasText: name });

async function wallet(token: string): Promise<number> {
  const r = await call<{ wallet_amt: string }>(server, 'api-user-wallet-balance', { unique_token: token });
  return Number(r.wallet_amt);
}

async function galiBids(token: string) {
  const r = await call<{ status: boolean; bid_data: Record<string, unknown>[] }>(
    server,
    'api-galidisawar-bid-history-data',
    {
      unique_token: token,
      bid_from: historyToday(),
      bid_to: historyToday(),
    },
  );
  expect(r.status).toBe(true);
  return r.bid_data.map((b) => [b.game_name, b.pana, b.digits, Number(b.points)]);
}

maybe('Gali in the shell', () => {
  it('shows the Gali home and places a Jodi Digit bid end to end', async () => {
    const ctx = await marketPhone(browser);
    const page = await ctx.newPage();
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await page.goto(`${server.url}/galiIMP`);
    await page.getByRole('heading', { name: 'GALI DISAWAR' }).waitFor();
    await expect(page.getByRole('link', { name: 'Bid-History' }).getAttribute('href')).resolves.toBe('/impbid');
    await expect(page.getByRole('link', { name: 'Win History' }).getAttribute('href')).resolves.toBe('/impwin');
    await expect(page.getByRole('link', { name: 'Chart' }).getAttribute('target')).resolves.toBe('_blank');
    await page.getByRole('region', { name: 'Game Rates' }).getByText('10-950').waitFor();

    const closed = card(page, CLOSED_MARKET);
    await closed.getByText('Market Closed').waitFor();
    await expect(closed.getByRole('button').count()).resolves.toBe(0);
    const open = card(page, OPEN_MARKET);
    await open.getByText('Market Open').waitFor();
    await expect(open.locator('.gl-market-result').textContent()).resolves.toBe('Result **');
    await page.screenshot({ path: '/tmp/shots/galiIMP.png', fullPage: true });

    await open.getByRole('button').click();
    await page.waitForURL(/\/galiallgame$/);
    await page.getByRole('heading', { name: OPEN_MARKET }).waitFor();
    await page.screenshot({ path: '/tmp/shots/galiallgame.png', fullPage: true });

    await page.getByRole('button', { name: 'Jodi Digit' }).click();
    await page.waitForURL(/\/jodidigit$/);
    await page.getByRole('heading', { name: 'Jodi Digit', level: 1 }).waitFor();
    await page.getByTestId('bid-balance').filter({ hasText: '1,000' }).waitFor();
    await addRow(page, '7', '40');
    await page.getByText('Number 7 is not valid').waitFor();
    await addRow(page, '07', '40');
    await addRow(page, '93', '15');
    await page.getByTestId('bid-balance').filter({ hasText: '945' }).waitFor();
    await page.screenshot({ path: '/tmp/shots/jodidigit.png', fullPage: true });
    await submitBids(page, 'Bid placed successfully!');

    const token = await tokenOf(page);
    expect(await wallet(token)).toBe(945);
    const bids = await galiBids(token);
    expect(bids).toEqual(
      expect.arrayContaining([
        [OPEN_MARKET, 'Jodi Digit', '07', 40],
        [OPEN_MARKET, 'Jodi Digit', '93', 15],
      ]),
    );
    expect(bids).toHaveLength(2);
    await ctx.close();
  });

  it('a market whose open time passed is Market Closed and cannot be tapped', async () => {
    const ctx = await marketPhone(browser);
    const page = await ctx.newPage();
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await page.goto(`${server.url}/galigame`);
    const closed = card(page, CLOSED_MARKET);
    await closed.getByText('Market Closed').waitFor();
    await closed.getByText(`Bids closed at ${time12(times!.past)}`).waitFor();
    await closed.getByText(`Result at ${time12(times!.past + 30)}`).waitFor();
    await expect(closed.getByRole('button').count()).resolves.toBe(0);
    await ctx.close();
  });
});

maybe('Gali standalone', () => {
  it('serves the standalone page at /remotes/gali/', async () => {
    const res = await fetch(`${server.url}/remotes/gali/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('places a Left Digit bid on /remotes/gali/ without the shell', async () => {
    const ctx = await marketPhone(browser);
    const page = await ctx.newPage();
    await loginStandalone(page, server.url, 'gali', user.mobile, user.password);
    // the index of the family's screens, by name
    await page.getByRole('heading', { level: 1, name: 'Gali Disawar screens' }).waitFor();
    await page.getByRole('link', { name: /^GALI DISAWAR/ }).click();
    await page.waitForURL(/\/remotes\/gali\/galiIMP$/i);
    await page.getByRole('heading', { level: 1, name: 'GALI DISAWAR', exact: true }).waitFor();
    await card(page, OPEN_MARKET).getByRole('button').click();
    await page.getByRole('button', { name: 'Left Digit' }).click();
    await page.waitForURL(/\/remotes\/gali\/leftdigit$/);
    const token = await tokenOf(page);
    const before = await wallet(token);
    await page
      .getByTestId('bid-balance')
      .filter({ hasText: before.toLocaleString('en-IN') })
      .waitFor();
    await addRow(page, '4', '20');
    await submitBids(page, 'Bid placed successfully!');
    expect(await wallet(token)).toBe(before - 20);
    expect(await galiBids(token)).toEqual(expect.arrayContaining([[OPEN_MARKET, 'Left Digit', '4', 20]]));
    await ctx.close();
  });
});
