/**
 * Accessibility of the spec's screens at 360 x 780, in the production build against the real server:
 * axe-core finds no serious or critical violation on any of them (guest and logged-in screens, a
 * market's game and bid screens reached the way a player reaches them, Starline, Gali and the wallet);
 * and the look of the top of /imp and the guest menu at 360 px.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from '../lib/axe';
import {
  launchBrowser,
  loginInBrowser,
  newMobile,
  operator,
  registerUser,
  startServer,
  type TestServer,
  withoutLiveStream,
} from '../lib/harness';
import { kolkataPhone, prepareMarkets } from '../lib/regular';
import { setTimes, slotTimes } from '../lib/starline-gali';

const OPEN = 'KALYAN';
const GALI_OPEN = 'FARIDABAD';
const SHOTS_DIR = process.env.E2E_SHOTS || require('node:os').tmpdir();
let browser: Browser;
let server: TestServer;
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
  await prepareMarkets(server, OPEN, 'MILAN DAY');
  // a Gali market that still takes bids whatever the time of day (its 'Market Open' chip is compared)
  const gali = slotTimes();
  if (gali) await setTimes(server, 'gali', GALI_OPEN, gali.future, Math.min(gali.future + 20, 23 * 60 + 59));
  const user = { mobile: newMobile(), name: 'Asha Verma', password: 'secret123' };
  await registerUser(server, user);
  await operator(server, 'credit', user.mobile, '153775');
  // axe is injected as a script: the page's CSP (which forbids injected scripts) is bypassed for it
  ctx = await kolkataPhone(browser, { bypassCSP: true });
  // each visit waits for 'networkidle', which never comes while the live stream is open
  await withoutLiveStream(ctx);
  page = await ctx.newPage();
  // the guest screens first, then log in
  guest = await (await kolkataPhone(browser, { bypassCSP: true })).newPage();
  watchCsp(page);
  watchCsp(guest);
  await loginInBrowser(page, server.url, user.mobile, user.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let guest: Page;

/** Opens a path and waits for its heading (or any h1) and the end of the network's busy time. */
async function visit(p: Page, path: string, heading?: string | RegExp) {
  await p.goto(`${server.url}${path}`);
  if (heading) await p.getByRole('heading', { name: heading }).first().waitFor();
  await p.waitForLoadState('networkidle');
}

/** Anything the page's Content-Security-Policy blocked (the app's own code must never be). */
const cspErrors: string[] = [];
const watchCsp = (p: Page) =>
  p.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspErrors.push(`${p.url()}: ${m.text()}`);
  });

async function expectNoSerious(p: Page) {
  expect(await seriousViolations(p)).toEqual([]);
  expect(cspErrors).toEqual([]);
}

describe('axe-core: no serious or critical violation', () => {
  it.each([
    ['/', undefined],
    ['/login', undefined],
    ['/r', undefined],
  ])('guest %s', async (path) => {
    await visit(guest, path);
    await guest.locator('main').first().waitFor();
    await expectNoSerious(guest);
  });

  it('guest side menu', async () => {
    await visit(guest, '/');
    await guest.getByRole('button', { name: 'Open menu' }).click();
    await guest.getByRole('dialog').waitFor();
    await guest.waitForTimeout(400); // the slide-in transition
    await expectNoSerious(guest);
  });

  it.each([
    ['/imp', /Markets/i],
    ['/star', 'JACKPOT STARLINE'],
    ['/galiIMP', 'GALI DISAWAR'],
    ['/wallet', undefined],
    ['/transfer', undefined],
    ['/imp4', undefined],
  ])('%s', async (path, heading) => {
    await visit(page, path, heading);
    await page.locator('main h1, main h2').first().waitFor();
    await expectNoSerious(page);
  });

  it('/otpwithdraw, reached by Send OTP: a round Back button, the heading readable on the gradient', async () => {
    await visit(page, '/imp8');
    await page.getByRole('button', { name: /GPay/ }).click();
    const dialog = page.getByRole('dialog', { name: 'GPay Number' });
    await dialog.getByLabel('Phone Number').fill(newMobile());
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await page.waitForURL(/\/otpwithdraw$/);
    await page.getByRole('heading', { level: 1, name: 'OTP' }).waitFor();
    const back = await page.getByRole('button', { name: 'Back' }).boundingBox();
    expect(back && back.width <= 48 && back.height <= 48).toBe(true);
    await page.screenshot({ path: `${SHOTS_DIR}/a11y-otpwithdraw.png` });
    await expectNoSerious(page);
  });

  it('/game and /single, reached from a market card', async () => {
    await visit(page, '/imp');
    await page.getByTestId('market-card').filter({ hasText: OPEN }).getByRole('button').click();
    await page.waitForURL(/\/game$/);
    await page.getByRole('heading', { name: OPEN }).waitFor();
    await expectNoSerious(page);
    await page.getByRole('button', { name: 'Single Digit' }).click();
    await page.waitForURL(/\/single$/);
    await page.getByTestId('bid-balance').filter({ hasText: /\d/ }).waitFor();
    await expectNoSerious(page);
  });
});

/** Links and buttons of the page's main content smaller than 24 x 24 px (WCAG 2.2 target size), by name. */
async function smallTargets(p: Page): Promise<string[]> {
  return p.evaluate(() =>
    [...document.querySelectorAll('main a, main button, .auth-card a, .auth-card button')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => ({
        name: el.textContent?.trim() || el.getAttribute('aria-label') || '',
        r: el.getBoundingClientRect(),
      }))
      .filter(({ r }) => r.width < 24 || r.height < 24)
      .map(({ name, r }) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`),
  );
}

describe('tap targets of at least 24 px', () => {
  it.each([
    ['/login', 'Forgot Password?'],
    ['/r', 'Login'],
  ])('guest %s (%s)', async (path, link) => {
    await visit(guest, path);
    await guest.getByRole('link', { name: link, exact: true }).waitFor();
    expect(await smallTargets(guest)).toEqual([]);
  });

  it("/addfund's links and a market's 'Other markets'", async () => {
    await visit(page, '/addfund', 'Add Funds');
    await page.getByRole('link', { name: 'Deposit History' }).waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await visit(page, '/imp');
    await page.getByTestId('market-card').filter({ hasText: OPEN }).getByRole('button').click();
    await page.getByRole('link', { name: 'Other markets' }).waitFor();
    expect(await smallTargets(page)).toEqual([]);
  });
});

describe('what a player sees at 360 px', () => {
  it('guest menu: Game Rates is a plain item like the others, not the red Log out style', async () => {
    await visit(guest, '/');
    await guest.getByRole('button', { name: 'Open menu' }).click();
    const menu = guest.getByRole('navigation', { name: 'Main menu' });
    const colour = (name: string) => menu.getByRole('link', { name }).evaluate((el) => getComputedStyle(el).color);
    expect(await colour('Game Rates')).toBe(await colour('How To Play'));
    expect(await colour('Game Rates')).not.toBe('rgb(198, 40, 40)');
    await guest.waitForTimeout(400); // the slide-in transition
    await guest.screenshot({ path: `${SHOTS_DIR}/a11y-guest-menu.png` });
  });

  it('/imp: the balance in Indian grouping, Customer Support inside its button, one h1', async () => {
    await visit(page, '/imp');
    await page.getByTestId('topbar-wallet').filter({ hasText: '1,53,775' }).waitFor();
    const support = page.getByRole('button', { name: 'Customer Support' });
    const fits = await support.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);
    expect(fits).toBe(true);
    expect(await page.locator('h1').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS_DIR}/a11y-imp-top.png` });
  });

  it('a Market Open chip looks the same on /imp and in the Gali list', async () => {
    const chipStyle = (p: Page) =>
      p
        .getByText('Market Open', { exact: true })
        .first()
        .evaluate((el) => {
          const cs = getComputedStyle(el);
          return [cs.color, cs.backgroundColor, cs.fontSize, cs.borderRadius].join(' ');
        });
    await visit(page, '/imp');
    const home = await chipStyle(page);
    await visit(page, '/galigame');
    expect(await chipStyle(page)).toBe(home);
  });
});
