/**
 * Results certified by a second operator, in Chromium against a server with RESULT_CERTIFICATION=on: a
 * result proposed through the operator CLI, signed in as a person (Ravi), pays nobody and is not shown to
 * players (their home screen at 360 × 780); the server's token proposes nothing; Ravi cannot certify his
 * own proposal; a second person (Sita, password and authenticator code) certifies it on the console's
 * Results screen (1280 × 800, then 360 × 780) and the winner is paid exactly once; a proposal rejected
 * there changes nothing. axe passes on the Results screen with a proposal waiting. The people's accounts
 * were made two days before (a server on the same data dir, its clock behind): none is too new to certify.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../lib/axe';
import { placeRegularBid } from '../lib/wallet';
import { cliEnvOf, EARLY_MS, makePeople, signInAs, type Person } from '../lib/console';
import {
  call,
  drawHasHappened,
  launchBrowser,
  loginInBrowser,
  newMobile,
  operator,
  operatorWith,
  registerUser,
  startServer,
  type TestServer,
} from '../lib/harness';

let browser: Browser;
let server: TestServer;
const player = { mobile: newMobile(), name: 'Certified Winner', password: 'secret123' };
let token = '';
let market = '';
let sita: Person;
let ravi: Person;
let asha: Person;
let kiran: Person;

const walletOf = async () =>
  Number((await call<{ wallet_amt: string }>(server, 'api-user-wallet-balance', { unique_token: token })).wallet_amt);
/** The market's card on the player's home screen, as the player's app reads it from the server. */
const openResult = async () => {
  const home = await call<{ result: { game_name: string; open_result?: string | null }[] }>(server, 'api-home-info', {
    unique_token: token,
  });
  return home.result.find((m) => m.game_name === market)?.open_result ?? '';
};
/** The wins credited to the player: the rows of its wallet history that a win wrote ('Win KALYAN …'). */
const winsOf = async () => {
  const h = await call<{ transaction_history?: { transaction_note: string }[] }>(
    server,
    'api-wallet-transaction-history',
    { unique_token: token },
  );
  return (h.transaction_history ?? []).filter((r) => r.transaction_note.startsWith('Win ')).length;
};

beforeAll(async () => {
  mkdirSync('/tmp/shots', { recursive: true });
  browser = await launchBrowser();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'matka-e2e-'));
  const early = await startServer({ CLOCK_OFFSET_MS: String(EARLY_MS) }, { dataDir });
  [sita, ravi, asha, kiran] = await makePeople(
    early,
    [
      { name: 'Sita', role: 'owner' },
      { name: 'Ravi', role: 'results' },
      { name: 'Asha', role: 'results' },
      { name: 'Kiran', role: 'finance' },
    ],
    operator,
  );
  await early.stop({ keepData: true });
  server = await startServer({ RESULT_CERTIFICATION: 'on' }, { dataDir });
  token = await registerUser(server, player);
  await operator(server, 'credit', player.mobile, '1000');
  const home = await call<{ result: { game_name: string }[] }>(server, 'api-home-info', { unique_token: token });
  market = home.result[0].game_name;
  // the Open session takes bids all day
  await operator(server, 'market', 'set-times', market, '23:58', '23:59');
  await placeRegularBid(server, token, '1', 100, 'Open', market);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('a proposal pays nobody until a second owner certifies it on the Results screen; a rejection changes nothing', async () => {
  expect(await walletOf()).toBe(900);
  await drawHasHappened(server, market);
  // the server's token is a machine credential: it proposes nothing
  await expect(operator(server, 'result', 'declare', market, 'open', '128')).rejects.toThrow(
    "The operator token is the server's machine credential: it cannot propose a result",
  );
  const proposed = await operatorWith(server, cliEnvOf(ravi), 'result', 'declare', market, 'open', '128');
  expect(proposed).toContain(`${market} `);
  expect(proposed).toContain(
    'Open 128-1 proposed by Ravi; it is published and settled once another operator with the results right certifies it (1 winning bid would be paid 950 points)',
  );
  const listed = await operator(server, 'result', 'proposals');
  const id = new RegExp(`^(\\d+)\\s.*${market}.*Open 128-1.*Ravi.*pending`, 'm').exec(listed)?.[1] ?? '';
  expect(id).toMatch(/^\d+$/);

  // the player: no result on the market's card, no win
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  const app = await phone.newPage();
  await loginInBrowser(app, server.url, player.mobile, player.password);
  const card = app.getByTestId('market-card').filter({ hasText: market });
  await card.waitFor();
  expect(await card.innerText()).not.toContain('128');
  await app.screenshot({ path: '/tmp/shots/certify-player-proposed.png' });
  expect(await openResult()).not.toContain('128');
  expect(await walletOf()).toBe(900);

  // Ravi proposed it: he cannot certify it
  await expect(operatorWith(server, cliEnvOf(ravi), 'result', 'certify', id, '128')).rejects.toThrow(
    'You proposed this result: another operator with the results right certifies it',
  );
  expect(await walletOf()).toBe(900);

  // a second person, signed in with her password and authenticator code, certifies it on the Results screen
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const console: Page = await signInAs(server, desk, sita);
  await console.getByRole('link', { name: 'Results' }).click();
  await console.getByText('Certification is on.').waitFor();
  await console.getByText("It is on in the server's configuration (RESULT_CERTIFICATION).").waitFor();
  const waiting = console.getByRole('table', { name: 'Proposed results, oldest first' });
  const row = waiting.getByRole('row').filter({ hasText: market });
  await row.getByText('Open 128-1').waitFor();
  await row.getByText('1 winning bid would be paid 950 points').waitFor();
  expect(await row.innerText()).toContain('Ravi');
  expect(await seriousViolations(console)).toEqual([]);
  await console.screenshot({ path: '/tmp/shots/certify-console-waiting.png', fullPage: true });
  await row.getByRole('button', { name: 'Certify' }).click();
  const certify = console.getByRole('dialog');
  await certify.getByText(`Proposal ${id}, proposed by Ravi`, { exact: false }).waitFor();
  await certify.getByRole('button', { name: 'Certify' }).click();
  const done = console.getByRole('status').filter({ hasText: 'certified by Sita' });
  await done.waitFor();
  expect(await done.innerText()).toMatch(
    /^Declared\. .*128-1.*1 winning bid paid 950 points.*proposed by Ravi, certified by Sita$/,
  );
  await console.getByText('No result waits for certification.').waitFor();
  const history = console.getByRole('table', { name: 'Regular markets, last 30 days' });
  await history.getByText('by Ravi, certified by Sita').waitFor();
  await console.screenshot({ path: '/tmp/shots/certify-console-certified.png', fullPage: true });

  // paid exactly once, shown to the player
  expect(await walletOf()).toBe(1850);
  expect(await winsOf()).toBe(1);
  await expect(operatorWith(server, cliEnvOf(asha), 'result', 'certify', id, '128')).rejects.toThrow(
    `Proposal ${id} is already certified (by Sita)`,
  );
  expect(await walletOf()).toBe(1850);
  await app.reload();
  await card.getByText(/128/).waitFor();

  // a proposal of the close, rejected on the Results screen: nothing published or settled
  await operatorWith(server, cliEnvOf(asha), 'result', 'declare', market, 'close', '456');
  await console.reload();
  const close = console
    .getByRole('table', { name: 'Proposed results, oldest first' })
    .getByRole('row')
    .filter({ hasText: 'Close 456-5' });
  await close.getByRole('button', { name: 'Reject' }).click();
  const reject = console.getByRole('dialog');
  await reject.getByLabel('Reason').fill('The close was 457');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await console
    .getByText(
      /^Rejected: .* Close 456-5 \(proposed by Asha\): The close was 457\. Nothing was published or settled\.$/,
    )
    .waitFor();
  await console
    .getByRole('table', { name: 'Decided in the last 30 days' })
    .getByText('Rejected by Sita', { exact: false })
    .waitFor();
  await console.screenshot({ path: '/tmp/shots/certify-console-rejected.png', fullPage: true });
  // the setting says so, and cannot turn off what the server's configuration turned on
  await console.getByRole('link', { name: 'Settings' }).click();
  const setting = console.getByLabel('Result certification');
  expect(await setting.inputValue()).toBe('on');
  await setting.selectOption('off');
  const form = console.locator('form').filter({ has: setting });
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByRole('alert').getByText("Result certification is on in the server's configuration").waitFor();
  await console.getByRole('heading', { name: 'Results and safeguards' }).scrollIntoViewIfNeeded();
  await console.screenshot({ path: '/tmp/shots/certify-settings.png' });
  await console.getByRole('link', { name: 'Results' }).click();
  await console.getByRole('table', { name: 'Decided in the last 30 days' }).waitFor();
  // on a phone, the same screen's tables as cards
  await console.setViewportSize({ width: 360, height: 780 });
  await console.getByText('Rejected by Sita', { exact: false }).waitFor();
  expect(await seriousViolations(console)).toEqual([]);
  await console.screenshot({ path: '/tmp/shots/certify-console-phone.png', fullPage: true });
  expect(await walletOf()).toBe(1850);
  expect(await winsOf()).toBe(1);
  expect(await openResult()).not.toContain('456');
  await phone.close();
  await desk.close();
});

it('a manual credit above the threshold waits for a second operator, who approves it on the dashboard', async () => {
  await operator(server, 'settings', 'set', 'manual_move_threshold', '500');
  const before = await walletOf();
  const asked = await operatorWith(server, cliEnvOf(kiran), 'credit', player.mobile, '2000', 'prize paid by hand');
  expect(asked).toContain('2000 points is more than 500: this credit waits for a second operator with the money right');
  expect(await walletOf()).toBe(before);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const console: Page = await signInAs(server, desk, sita);
  const card = console.locator('.card').filter({ hasText: 'Credits and debits waiting for a second operator' });
  const row = card.getByRole('table', { name: 'Waiting, oldest first' }).getByRole('row').filter({ hasText: 'Kiran' });
  await row.getByText('Credit 2,000 points').waitFor();
  expect(await seriousViolations(console)).toEqual([]);
  await console.screenshot({ path: '/tmp/shots/manual-move-waiting.png', fullPage: true });
  await row.getByRole('button', { name: 'Approve' }).click();
  await console.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await card.getByText(`Credited 2000 points to ${player.mobile}: requested by Kiran, approved by Sita`).waitFor();
  await card.getByText('Nothing waits.').waitFor();
  expect(await walletOf()).toBe(before + 2000);
  await console.screenshot({ path: '/tmp/shots/manual-move-approved.png', fullPage: true });
  await desk.close();
});
