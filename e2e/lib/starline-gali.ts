/**
 * Helpers for the starline and Gali browser tests: a phone context on the market clock, slot times
 * relative to now, the session token of a page, the standalone login and one bid through BidEntry.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { operator, type TestServer } from './harness';

export const MARKET_TZ = 'Asia/Kolkata';

/** The phone at 360 x 780 in the market's zone (every screen judges market hours in Asia/Kolkata). */
export function marketPhone(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    timezoneId: MARKET_TZ,
  });
}

/** Minutes since midnight in Asia/Kolkata now. */
export function marketMinutes(now = new Date()): number {
  const p = new Intl.DateTimeFormat('en-GB', {
    timeZone: MARKET_TZ,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, x) => ({ ...acc, [x.type]: x.value }), {});
  return Number(p.hour) * 60 + Number(p.minute);
}

export const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** '21:05' -> '09:05 PM' (the server's 12-hour form). */
export function time12(m: number): string {
  const h = Math.floor(m / 60);
  return `${String(h % 12 || 12).padStart(2, '0')}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * An open time later than now (up to 2 h, at most 23:59) and a past one (00:00), or null when the
 * clock is too close to midnight for a stable test.
 */
export function slotTimes(): { future: number; past: number } | null {
  const now = marketMinutes();
  const future = Math.min(now + 120, 23 * 60 + 59);
  if (future - now < 5 || now < 2) return null;
  return { future, past: 0 };
}

export async function setTimes(
  server: TestServer,
  family: 'starline' | 'gali',
  name: string,
  open: number,
  close = open,
) {
  await operator(server, 'market', 'set-times', name, hhmm(open), hhmm(close), '--family', family);
}

/** The session token the page stored after login. */
export async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('matka.session'));
  const token = raw ? (JSON.parse(raw) as { unique_token?: string }).unique_token : undefined;
  if (!token) throw new Error('no session token in localStorage');
  return token;
}

/**
 * Logs in on a remote's standalone page. Opened as `/remotes/<family>/index.html` (the page sends any
 * path it does not own to its home): the server answers `/remotes/<family>/` itself with 404 today,
 * which the test 'serves the standalone page at /remotes/<family>/' keeps visible.
 */
export async function loginStandalone(page: Page, base: string, family: string, mobile: string, password: string) {
  await page.goto(`${base}/remotes/${family}/index.html`);
  await page.getByLabel('Phone Number').fill(mobile);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.getByTestId('topbar-wallet').waitFor();
}

/** Today in Asia/Kolkata as the history calls take it: MM/DD/YYYY. */
export function historyToday(now = new Date()): string {
  const p = new Intl.DateTimeFormat('en-US', { timeZone: MARKET_TZ, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, x) => ({ ...acc, [x.type]: x.value }), {});
  return `${p.month}/${p.day}/${p.year}`;
}

/** Fills the digit / pana field and points, presses Proceed. */
export async function addRow(page: Page, value: string, points: string) {
  await page.getByRole('combobox').first().fill(value);
  await page.getByLabel('Points', { exact: true }).fill(points);
  await page.getByRole('button', { name: 'Proceed' }).click();
}

/** Submit, then SUBMIT in the confirm dialog; waits for the success toast. */
export async function submitBids(page: Page, success: string) {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'SUBMIT' }).click();
  await page.getByText(success).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}
