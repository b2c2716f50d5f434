/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads loosely typed JSON answers */
/**
 * The 'MATKA 04' apps against the compiled server: a server configured for them
 * (APP_KEY_DIALECTS, LEGACY_REGISTRATION=unverified) answers their calls at the root with their bodies,
 * and an owner finishes in the console what those apps cannot prove: the account is approved, and the
 * UPI number saved without a code is approved on the player's page before a withdrawal goes to it. At
 * 1280 × 800.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { seriousViolations } from '../lib/axe';
import { firstSignIn, oneTimePassword } from '../lib/console';
import { launchBrowser, newMobile, operator, startServer, type TestServer } from '../lib/harness';

const KEY = 'matka04-e2e-key';
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync('/tmp/shots', { recursive: true });
  server = await startServer({ LEGACY_REGISTRATION: 'unverified', APP_KEY_DIALECTS: `${KEY}=matka04` });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A call as those apps send it: at the root, env_type "1". */
async function m04<T = Record<string, any>>(name: string, body: Record<string, unknown>, key: string | null = KEY) {
  const res = await fetch(`${server.url}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ env_type: '1', ...(key ? { app_key: key } : {}), ...body }),
  });
  return (await res.json()) as T;
}

it('an installed MATKA 04 app registers, saves a UPI number and withdraws once the owner approves both', async () => {
  expect(await m04('api-get-app-key', {}, null)).toEqual({ status: true, msg: 'Success', app_key: KEY });
  const mobile = newMobile();
  expect((await m04('api-check-mobile', { mobile })).status).toBe(true);
  const reg = await m04('api-user-registration', {
    name: 'Installed App',
    mobile,
    password: 'secret123',
    security_pin: '2580',
    device_id: 'android-1',
  });
  expect(reg.status).toBe(true);
  const login = await m04('api-user-login', { device_id: 'android-1', mobile, password: 'secret123' });
  const token = login.unique_token as string;
  expect((await m04('api-check-security-pin', { unique_token: token, security_pin: '2580' })).status).toBe(true);
  const dash = await m04('api-get-dashboard-data', { unique_token: token });
  expect(dash.device_result).toEqual([
    { id: '1', user_id: expect.any(String), device_id: 'android-1', logout_status: '0', security_pin_status: '0' },
  ]);
  expect(dash.betting_status).toBe('0'); // unapproved until the operator approves it

  const owner = oneTimePassword(await operator(server, 'owner', 'create', 'owner04'));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const page = await firstSignIn(server, context, 'owner04', owner);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search by mobile or name').fill(mobile);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: `Open ${mobile}` }).click();
  await page.getByRole('heading', { name: `Installed App (${mobile})` }).waitFor();
  await page
    .getByRole('button', { name: /^Approve/ })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: `Approve ${mobile}?` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await page.getByRole('status').filter({ hasText: 'approved' }).waitFor();
  await operator(server, 'credit', mobile, '2000');

  // the app asks for the UPI code, compares it on the phone and saves the number without it: held
  const upi = newMobile();
  const code = await m04('api-validate-bank', { unique_token: token, mobile: upi, upi_type: '2' });
  expect(code.otp).toMatch(/^\d{4}$/);
  const saved = await m04('api-add-user-upi-details', { unique_token: token, upi_type: '2', google_pay_no: upi });
  expect(saved.status).toBe(true);
  await operator(server, 'settings', 'set-withdraw-window', '00:00', '23:59');
  // this family's 3 is Google Pay
  const held = await m04('api-user-withdraw-fund-request', {
    unique_token: token,
    request_amount: '1000',
    payment_method: '3',
  });
  expect(held).toEqual({
    status: false,
    msg: 'This UPI number is waiting for approval. Please contact support.',
    code: 'msg.upiHeld',
  });

  await page.reload();
  const facts = page.locator('dl.console-facts');
  await facts.getByText('UPI waiting for approval').waitFor();
  expect(await facts.getByText('Google Pay', { exact: true }).count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots/console-upi-held.png', fullPage: true });
  await page.getByRole('button', { name: /Approve UPI numbers/ }).click();
  const dialog = page.getByRole('dialog', { name: `Approve the UPI numbers of ${mobile}?` });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('status').filter({ hasText: 'withdrawals may go to its Google Pay number now' }).waitFor();
  expect(await page.getByText('UPI waiting for approval').count()).toBe(0);
  await context.close();

  const ok = await m04('api-user-withdraw-fund-request', {
    unique_token: token,
    request_amount: '1000',
    payment_method: '3',
  });
  expect(ok).toMatchObject({ status: true, wallet_amt: '1000' });
});
