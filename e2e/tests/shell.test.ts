/**
 * The shell in a real browser on a phone (360 x 780) against the real server: sign-up with the OTP from
 * the demo outbox, log out, a wrong password, forgot -> OTP -> reset -> log in with the new password,
 * betting_status '0' hiding the gated items, the market cards, and pull-to-refresh.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
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
import { openMenu, touchDrag, typeOtp } from '../lib/shell';
import { until } from '../lib/regular';

const BETTING_OFF = 'Betting is not enabled on your account. Please contact Customer Support to start playing.';
const SHOTS = process.env.SHELL_SHOTS_DIR; // set to save screenshots of every screen

let browser: Browser;
let server: TestServer;
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  ctx = await phoneContext(browser);
  page = await ctx.newPage();
});
afterEach(async () => {
  await ctx?.close();
});

async function shot(name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('shell', () => {
  it('registers through the OTP screen and lands on home', async () => {
    const mobile = newMobile();
    await page.goto(`${server.url}/r`);
    await page.getByLabel('Username').fill('Asha Verma');
    await page.getByLabel('Phone Number').fill(mobile);
    await page.getByLabel('Password', { exact: true }).fill('pass1234');
    // without the age box: refused on the spot, the message under the box
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Please confirm that you are 18 years of age or older').waitFor();
    expect(page.url()).toMatch(/\/r$/);
    await shot('register-age-refused');
    await page.getByLabel('I confirm that I am 18 years of age or older').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(/\/otpregister$/);
    expect(page.url()).not.toContain(mobile); // the draft is not in the URL
    await page.getByRole('heading', { name: 'OTP Verification' }).waitFor();
    // a wrong code is refused by the server
    await typeOtp(page, '0000');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Enter Valid OTP').waitFor();
    await typeOtp(page, await lastOtp(server, mobile));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/imp$/);
    await page.getByTestId('market-card').first().waitFor();
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).toContain('Asha Verma');
    expect(stored).not.toContain('pass1234');
  });

  it('the polled home list answers 304 while nothing changed, and the full list once the balance changed', async () => {
    // the polling as it is without the live stream (a proxy that refuses streams)
    await page.route('**/api/live', (route) => route.abort());
    const mobile = newMobile();
    await registerUser(server, { mobile, name: 'Poll Test', password: 'pass1234' });
    const answers: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api-home-info')) answers.push(r.status());
    });
    await loginInBrowser(page, server.url, mobile, 'pass1234');
    await page.getByTestId('market-card').first().waitFor();
    // polls every 5 s: an unchanged list comes back as 304 with no body, and the cards stay
    await until(async () => answers.includes(304), true, 15_000);
    expect(await page.getByTestId('market-card').count()).toBeGreaterThan(0);
    const before = answers.length;
    await operator(server, 'credit', mobile, '700');
    await page.getByTestId('topbar-wallet').getByText('700').first().waitFor({ timeout: 15_000 });
    await until(async () => answers.slice(before).includes(200), true, 15_000);
    await page.unroute('**/api/live');
  });

  it('logs out from the side menu back to /login, and the guard keeps /imp closed', async () => {
    const user = { mobile: newMobile(), name: 'Logout Tester', password: 'secret123' };
    await registerUser(server, user);
    await loginInBrowser(page, server.url, user.mobile, user.password);
    const menu = await openMenu(page);
    await expect(menu.getByRole('heading', { name: 'Logout Tes...' }).isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await openMenu(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    await expect(page.evaluate(() => localStorage.getItem('matka.session'))).resolves.toBeNull();
    await page.goto(`${server.url}/imp`);
    await page.waitForURL(/\/login$/);
  });

  it("shows 'User Not Registered' for a wrong password", async () => {
    const user = { mobile: newMobile(), name: 'Wrong Pass', password: 'secret123' };
    await registerUser(server, user);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Phone Number').fill(user.mobile);
    await page.getByLabel('Password', { exact: true }).fill('not-it');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('User Not Registered').waitFor();
    expect(page.url()).toMatch(/\/login$/);
  });

  it('resets a forgotten password through the OTP and logs in with the new one', async () => {
    const user = { mobile: newMobile(), name: 'Forgetful', password: 'old-pass1' };
    await registerUser(server, user);
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL(/\/forgotpass$/);
    await page.getByLabel('Phone Number').fill(user.mobile);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/otpforgotpass$/);
    await typeOtp(page, await lastOtp(server, user.mobile));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/change-password$/);
    await page.getByLabel('New Password', { exact: true }).fill('new-pass2');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('new-pass2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Successfully updated password').first().waitFor();
    await page.waitForURL(/\/login$/, { timeout: 5000 });
    await loginInBrowser(page, server.url, user.mobile, 'new-pass2');
  });

  it("hides the wallet, tiles and gated menu items when betting_status is '0'", async () => {
    const user = { mobile: newMobile(), name: 'No Betting', password: 'secret123' };
    await registerUser(server, user);
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await page.getByTestId('topbar-wallet').waitFor();
    await page.getByRole('link', { name: 'Add Fund' }).waitFor();
    await operator(server, 'set-betting', user.mobile, '0');
    // one market takes bids whatever the time of day: its card says 'Market Open' but offers no Play
    await operator(server, 'market', 'set-times', 'KALYAN', '00:00', '23:59');
    await page.reload();
    await page.getByTestId('market-card').first().waitFor();
    await page.getByRole('link', { name: 'Starline' }).waitFor();
    expect(await page.getByTestId('topbar-wallet').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Add Fund' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Withdraw' }).count()).toBe(0);
    const menu = await openMenu(page);
    const items = await menu.getByRole('listitem').allTextContents();
    expect(items).toEqual([
      'Home',
      'Charts',
      'Notifications',
      'Responsible Play',
      'Verify a Receipt',
      'Change Password',
      'Privacy Policy',
      'Log out',
    ]);
    await page.keyboard.press('Escape');
    // no open market offers Play; the notice says why
    await page.getByText(BETTING_OFF).waitFor();
    expect(await page.getByText('Market Open').count()).toBeGreaterThan(0);
    expect(await page.getByText('▶ Play').count()).toBe(0);
    expect(await page.locator('.market-card-open').count()).toBe(0);
    // a betting page opened directly leads here, and says why
    for (const p of ['/game', '/wallet']) {
      await page.goto(`${server.url}${p}`);
      await page.waitForURL(/\/imp$/);
      await page.getByRole('alert').filter({ hasText: BETTING_OFF }).waitFor();
    }
    await page.screenshot({ path: path.join(tmpdir(), 'shell-betting-off.png') });
  });

  it("shows each market card's chip, result and times, and opens /game for an open market", async () => {
    const user = { mobile: newMobile(), name: 'Card Tester', password: 'secret123' };
    await registerUser(server, user);
    await operator(server, 'market', 'set-times', 'KALYAN', '00:00', '23:59');
    await operator(server, 'market', 'set-times', 'MORNING STAR', '00:00', '00:01');
    await loginInBrowser(page, server.url, user.mobile, user.password);
    const kalyan = page.getByTestId('market-card').filter({ hasText: 'KALYAN' }).first();
    await kalyan.waitFor();
    await expect(kalyan.textContent()).resolves.toMatch(/Market Open/);
    await expect(kalyan.textContent()).resolves.toContain('***-**-***');
    await expect(kalyan.textContent()).resolves.toContain('11:59 PM');
    const morning = page.getByTestId('market-card').filter({ hasText: 'MORNING STAR' }).first();
    await expect(morning.textContent()).resolves.toMatch(/Market Closed/);
    await kalyan.getByRole('button').click();
    await page.waitForURL(/\/game$/);
    const state = await page.evaluate(() => (window.history.state as { usr?: Record<string, unknown> }).usr);
    expect(state).toMatchObject({ gameName: 'KALYAN', openTime: '12:00 AM' });
  });

  it('a slow first load (50 KB/s, 1.5 s latency) shows the splash at once, then the page replaces it', async () => {
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 1500,
      downloadThroughput: 50 * 1024,
      uploadThroughput: 50 * 1024,
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
    const splash = page.getByTestId('boot-splash');
    await splash.waitFor({ timeout: 8000 });
    expect(await splash.textContent()).toMatch(/Matka Play\s*Loading\.\.\./);
    expect(await page.getByLabel('Phone Number').count()).toBe(0);
    await page.screenshot({ path: path.join(tmpdir(), 'shell-splash.png') });
    await page.getByLabel('Phone Number').waitFor({ timeout: 60_000 });
    expect(await splash.count()).toBe(0);
  }, 90_000);

  it('reloads the page on a pull-down past the threshold', async () => {
    const user = { mobile: newMobile(), name: 'Pull Tester', password: 'secret123' };
    await registerUser(server, user);
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await page.getByTestId('market-card').first().waitFor();
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    // a short pull does nothing
    await touchDrag(page, 180, 200, 240);
    await page.waitForTimeout(800);
    await expect(page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).resolves.toBe(1);
    // a long one reloads
    const loaded = page.waitForEvent('load');
    await touchDrag(page, 180, 200, 420);
    await loaded;
    await expect(page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).resolves.toBeUndefined();
    await page.getByTestId('market-card').first().waitFor();
  });

  it('renders every content page on a phone', async () => {
    const user = { mobile: newMobile(), name: 'Page Tester', password: 'secret123' };
    await registerUser(server, user);
    await page.goto(`${server.url}/`);
    await page.getByRole('marquee', { name: /PLEASE DOWNLOAD ANDROID APPLICATION/ }).waitFor();
    await shot('landing');
    await page.goto(`${server.url}/htp`); // public
    await page.getByRole('link', { name: /tutorial video/ }).waitFor();
    expect(await page.locator('.rich-text script').count()).toBe(0);
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await shot('home');
    await page.getByRole('button', { name: 'Customer Support' }).click();
    await page.getByRole('dialog', { name: 'Customer Support' }).waitFor();
    await shot('support');
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/charts`);
    await page.getByRole('link', { name: 'View Charts of KALYAN' }).waitFor();
    await expect(page.getByRole('link', { name: 'View Charts of KALYAN' }).getAttribute('target')).resolves.toBe(
      '_blank',
    );
    await page.goto(`${server.url}/gameRates`);
    await page.getByText('10-95').first().waitFor();
    await page.goto(`${server.url}/privacypolicy`);
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).waitFor();
    await page.goto(`${server.url}/delete`);
    await page.getByText('Not for under 13 years.').waitFor();
    await page.goto(`${server.url}/profile`);
    await page.getByLabel('Name').fill('Page Tester Two');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.waitForURL(/\/imp$/);
    await openMenu(page);
    await page.getByRole('heading', { name: 'Page Teste...' }).waitFor();
    // no page scrolls sideways on a 360 px phone ('networkidle' never comes while the live stream is open)
    await page.route('**/api/live', (route) => route.abort());
    for (const p of ['/imp', '/charts', '/gameRates', '/htp', '/change', '/profile', '/privacy', '/about']) {
      await page.goto(`${server.url}${p}`);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ p, overflow }).toEqual({ p, overflow: 0 });
    }
    await page.unroute('**/api/live');
  });
});
