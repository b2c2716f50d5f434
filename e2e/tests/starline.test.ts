/**
 * Starline against the real server: the home list with running and closed slots, a bid placed end
 * to end (balance and bid history checked through the API), and the remote's standalone page.
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

const OPEN_SLOT = 'STARLINE 09:00 PM';
const CLOSED_SLOT = 'STARLINE 10:00 AM';
const times = slotTimes();
const maybe = times ? describe : describe.skip;

let browser: Browser;
let server: TestServer;
const user = { mobile: newMobile(), name: 'Star Player', password: 'secret123' };

beforeAll(async () => {
  if (!times) return;
  browser = await launchBrowser();
  server = await startServer();
  await registerUser(server, user);
  await operator(server, 'credit', user.mobile, '1000');
  await setTimes(server, 'starline', OPEN_SLOT, times.future);
  await setTimes(server, 'starline', CLOSED_SLOT, times.past);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const card = (page: Page, name: string) => page.getByTestId('starline-game').filter({ hasText: name });

async function wallet(token: string): Promise<number> {
  const r = await call<{ wallet_amt: string }>(server, 'api-user-wallet-balance', { unique_token: token });
  return Number(r.wallet_amt);
}

maybe('starline in the shell', () => {
  it('lists running and closed slots, and places a Single Pana bid end to end', async () => {
    const ctx = await marketPhone(browser);
    const page = await ctx.newPage();
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await page.goto(`${server.url}/star`);
    await page.getByRole('heading', { name: 'JACKPOT STARLINE' }).waitFor();

    // The closed slot: banner, placeholder result, no play button.
    const closed = card(page, CLOSED_SLOT);
    await closed.getByText('BETTING IS CLOSED').waitFor();
    await expect(closed.getByText('***-*').count()).resolves.toBe(1);
    await expect(closed.getByRole('link', { name: /^Play/ }).count()).resolves.toBe(0);
    // The running slot.
    const open = card(page, OPEN_SLOT);
    await open.getByText('BETTING IS RUNNING').waitFor();
    await open.getByText(`Open: ${time12(times!.future)}`).waitFor();
    // Tiles and rates.
    await expect(page.getByRole('link', { name: 'Bid-History' }).getAttribute('href')).resolves.toBe('/imp5');
    await expect(page.getByRole('link', { name: 'Chart' }).getAttribute('target')).resolves.toBe('_blank');
    await page.getByRole('region', { name: 'Game Rates' }).getByText('10-7000').waitFor();
    await page.screenshot({ path: '/tmp/shots/star.png', fullPage: true });

    await open.getByRole('link', { name: `Play ${OPEN_SLOT}` }).click();
    await page.waitForURL(/\/stargame$/);
    await page.getByRole('heading', { name: OPEN_SLOT }).waitFor();
    await page.screenshot({ path: '/tmp/shots/stargame.png', fullPage: true });

    await page.getByRole('link', { name: 'Single Pana' }).click();
    await page.waitForURL(/\/ssinglepana$/);
    await page.getByRole('heading', { name: 'Single Pana', level: 1 }).waitFor();
    await page.getByTestId('bid-balance').filter({ hasText: '1,000' }).waitFor();
    // A bad pana is refused with the spec's text and adds nothing.
    await addRow(page, '112', '50');
    await page.getByText('Number 112 is not valid').waitFor();
    await addRow(page, '123', '50');
    await addRow(page, '160', '25');
    await page.getByTestId('bid-balance').filter({ hasText: '925' }).waitFor();
    await page.screenshot({ path: '/tmp/shots/starline-bid.png', fullPage: true });
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByText('Once you placed a bid, it will not be cancelled in any situation')
      .waitFor();
    await page.screenshot({ path: '/tmp/shots/starline-confirm.png' });
    await page.getByRole('dialog').getByRole('button', { name: 'SUBMIT' }).click();
    await page.getByText('Bid Successfully Placed').first().waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const token = await tokenOf(page);
    expect(await wallet(token)).toBe(925);
    const hist = await call<{ status: boolean; bid_data: Record<string, unknown>[] }>(
      server,
      'api-starline-bid-history-data',
      {
        unique_token: token,
        bid_from: historyToday(),
        bid_to: historyToday(),
      },
    );
    expect(hist.status).toBe(true);
    const mine = hist.bid_data.map((b) => [b.game_name, b.pana, b.digits, Number(b.points), b.session]);
    expect(mine).toEqual(
      expect.arrayContaining([
        [OPEN_SLOT, 'Single Pana', '123', 50, 'Open'],
        [OPEN_SLOT, 'Single Pana', '160', 25, 'Open'],
      ]),
    );
    expect(mine).toHaveLength(2);
    await ctx.close();
  });
});

maybe('starline standalone', () => {
  it('serves the standalone page at /remotes/starline/', async () => {
    const res = await fetch(`${server.url}/remotes/starline/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('places a Single Digit bid on /remotes/starline/ without the shell', async () => {
    const ctx = await marketPhone(browser);
    const page = await ctx.newPage();
    const shellRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/(main|shell)[.\w]*\.js$/.test(new URL(r.url()).pathname) && !r.url().includes('/remotes/'))
        shellRequests.push(r.url());
    });
    await loginStandalone(page, server.url, 'starline', user.mobile, user.password);
    await page.getByRole('heading', { level: 1, name: 'Starline screens' }).waitFor();
    await page.getByRole('link', { name: /^Starline games \/stargame/ }).click();
    await page.getByRole('alert').getByText('Please choose a market first.').waitFor();
    await page.getByRole('link', { name: 'Choose a market' }).click();
    await page.getByRole('heading', { name: 'JACKPOT STARLINE' }).waitFor();
    await card(page, OPEN_SLOT)
      .getByRole('link', { name: `Play ${OPEN_SLOT}` })
      .click();
    await page.getByRole('link', { name: 'Single Digit' }).click();
    await page.waitForURL(/\/remotes\/starline\/starsingle$/);
    const token = await tokenOf(page);
    const before = await wallet(token);
    await page
      .getByTestId('bid-balance')
      .filter({ hasText: before.toLocaleString('en-IN') })
      .waitFor();
    await addRow(page, '7', '30');
    await submitBids(page, 'Bid Successfully Placed');
    expect(await wallet(token)).toBe(before - 30);
    const hist = await call<{ bid_data: Record<string, unknown>[] }>(server, 'api-starline-bid-history-data', {
      unique_token: token,
      bid_from: historyToday(),
      bid_to: historyToday(),
    });
    expect(hist.bid_data.some((b) => b.pana === 'Single Digit' && b.digits === '7' && Number(b.points) === 30)).toBe(
      true,
    );
    expect(shellRequests).toEqual([]);
    await ctx.close();
  });
});
