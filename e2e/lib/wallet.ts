/** Helpers for the wallet browser tests: bids through the API, the clock. */
import type { Page } from 'playwright-core';
import { buildNewResult, formatBidDate, zonedDateParts } from '@matka/shared/domain';
import { call, type TestServer } from './harness';

/** Minutes of the day in Asia/Kolkata (the server's clock). */
export function kolkataMinutes(now = new Date()): number {
  const p = zonedDateParts(now);
  return p.hour * 60 + p.minute;
}

interface HomeInfo {
  result: { game_id: string | number; game_name: string }[];
}

/**
 * Places one regular Single Digit bid (session Close) through the API, on the home list's first market
 * or the one named; returns the market's name.
 */
export async function placeRegularBid(
  server: TestServer,
  token: string,
  digit: string,
  points: number,
  session: 'Open' | 'Close' = 'Close',
  name?: string,
) {
  const home = await call<HomeInfo>(server, 'api-home-info', { unique_token: token });
  const market = name === undefined ? home.result[0] : home.result.find((m) => m.game_name === name);
  if (!market) throw new Error(`no market ${name} on the home list`);
  const [body] = buildNewResult({
    family: 'regular',
    betType: 'single_digit',
    token,
    gameId: market.game_id,
    gameName: market.game_name,
    bidDate: formatBidDate(new Date()),
    rows: [{ digits: digit, closedigits: '', points, session, pana: 'Single Digit' }],
  });
  const res = await call<{ status: boolean; msg?: string }>(server, 'api-submit-bid', {
    unique_token: token,
    game_id: String(market.game_id),
    new_result: body,
  });
  if (!res.status) throw new Error(`bid refused: ${res.msg}`);
  return market.game_name;
}

/** Waits until a history screen has finished loading: a list or the empty text. */
export async function historySettled(page: Page) {
  await page.locator('.history-list, .empty-state').first().waitFor();
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/shots/wallet-${name}.png`, fullPage: true });
}
