/** Helpers of the regular-betting browser tests: market times by the Asia/Kolkata clock, a phone in that zone. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, operator, type TestServer } from './harness';

/** Minutes since midnight now in Asia/Kolkata (the server's market clock). */
export function kolkataMinutes(d = new Date()): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', hourCycle: 'h23', hour: 'numeric', minute: 'numeric' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return (Number(p.hour) % 24) * 60 + Number(p.minute);
}

export const hhmm = (m: number): string =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * Makes `open` a market whose Open session still takes bids (opens in 2 h, or as late as the day
 * allows) and `closed` one whose open time has passed but whose close time has not.
 */
export async function prepareMarkets(server: TestServer, open: string, closed: string) {
  const list = await operator(server, 'market', 'list');
  for (const name of [open, closed]) if (!list.includes(name)) throw new Error(`no market ${name} in:\n${list}`);
  const now = kolkataMinutes();
  if (now < 1 || now > 1435)
    throw new Error('too close to midnight in Asia/Kolkata for market times; run again in a few minutes');
  await operator(server, 'market', 'set-times', open, hhmm(Math.min(now + 120, 1437)), '23:59');
  await operator(server, 'market', 'set-times', closed, hhmm(Math.max(now - 30, 0)), '23:59');
}

/** A 360 x 780 phone in the market time zone (market hours are judged in Asia/Kolkata on any phone). */
export function kolkataPhone(browser: Browser, extra: { bypassCSP?: boolean } = {}): Promise<BrowserContext> {
  return browser.newContext({
    ...extra,
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    timezoneId: 'Asia/Kolkata',
  });
}

/** The token the page keeps in its stored session. */
export async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('matka.session'));
  const token = raw ? (JSON.parse(raw) as { unique_token?: string }).unique_token : undefined;
  if (!token) throw new Error('no stored session');
  return token;
}

export interface BidRecord {
  game_name: string;
  pana: string;
  digits: string;
  closedigits: string;
  session: string;
  points: string | number;
}

/** The player's regular bids of today, from the bid-history call. */
export async function bidHistory(server: TestServer, token: string): Promise<BidRecord[]> {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date())
      .map((x) => [x.type, x.value]),
  );
  const today = `${p.month}/${p.day}/${p.year}`; // history dates are month/day/year
  const res = await call<{ status: boolean; bid_data?: BidRecord[] }>(server, 'api-bid-history-data', {
    unique_token: token,
    bid_from: today,
    bid_to: today,
  });
  if (!res.status) throw new Error(`bid history refused: ${JSON.stringify(res)}`);
  return res.bid_data ?? [];
}

/** Digits-only wallet value of the element (tolerates '₹ 1,000' styles). */
export async function walletOf(page: Page, testId = 'topbar-wallet'): Promise<number> {
  const text = await page.getByTestId(testId).first().innerText();
  return Number(text.replace(/[^\d.]/g, ''));
}

/** Enters one bid line and presses Proceed. */
export async function addBid(page: Page, fields: Record<string, string>, points: string) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Points', { exact: true }).fill(points);
  await page.getByRole('button', { name: 'Proceed' }).click();
}

/** Submit → confirm dialog → SUBMIT, and waits for the success toast. */
export async function confirmBids(page: Page, shot?: string) {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (shot) await page.screenshot({ path: shot, fullPage: true });
  await dialog.getByRole('button', { name: 'SUBMIT' }).click();
  await page.getByText('Bid placed successfully!').first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** Polls until `read()` returns `expected` (5 s), then returns it; throws with the last value otherwise. */
export async function until<T>(read: () => Promise<T>, expected: T, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
      if (last === expected) return last;
    } catch {
      // not there yet
    }
    if (Date.now() > deadline) throw new Error(`expected ${String(expected)}, last saw ${String(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
