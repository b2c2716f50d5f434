/**
 * A family's release as its team ships it, in Chromium at 360 x 780 against the production build: a
 * rebuilt Gali family released as a 50 % canary reaches between 10 and 30 of 40 players, each on the same
 * release at every load; an error thrown in the canary's code is counted under Gali and that release in
 * /metrics and on the console's Families screen; `family rollback` sends all 40 back to the stable
 * release and an open tab on the canary is offered the update; each step is in the audit log.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  loginInBrowser,
  newMobile,
  operator,
  registerUser,
  startServer,
  type TestServer,
} from '../lib/harness';
import { kolkataPhone } from '../lib/regular';
import { backToForeground, deployFamily, deployment } from '../lib/deploy';
import { firstSignIn, oneTimePassword } from '../lib/console';
import { seriousViolations } from '../lib/axe';

const PROMPT = 'A new version is available';
const PASSWORD = 'secret123';

let browser: Browser;
let server: TestServer;
let root: string;

beforeAll(async () => {
  browser = await launchBrowser();
  root = deployment(['gali']);
  // forty players register from this one machine
  server = await startServer({ STATIC_ROOT: root, RATE_LIMIT_OTP_PER_IP: '1000', RATE_LIMIT_LOGIN_PER_IP: '1000' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The release of Gali that a player (by token) gets from /remotes.json. */
async function galiFor(token: string): Promise<string> {
  const res = await fetch(`${server.url}/remotes.json`, { headers: { 'x-unique-token': token } });
  return ((await res.json()) as { releases: { gali: string } }).releases.gali;
}

async function operatorApi<T>(pathname: string): Promise<T> {
  const token = readFileSync(path.join(server.dataDir, 'operator-token'), 'utf8').trim();
  const res = await fetch(`${server.url}/operator${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}

it('a 50 % canary, its errors on the Families screen, and a rollback that reaches an open tab', async () => {
  const players = [];
  for (let i = 0; i < 40; i++) {
    const user = { mobile: newMobile(), name: `Canary Player ${i}`, password: PASSWORD };
    players.push({ ...user, token: await registerUser(server, user) });
  }
  const stable = await galiFor(players[0].token);

  // the Gali team builds a new release and sends it to half of the players
  deployFamily(root, 'gali', { MATKA_BUILD_ID: 'gali-canary' });
  expect(await galiFor(players[0].token)).toBe(stable); // built, not released
  const out = await operator(server, 'family', 'release', 'gali', 'gali-canary', '--canary', '50');
  expect(out).toContain(`gali gali-canary released to 50% of players (stable: ${stable})`);

  const first = await Promise.all(players.map((p) => galiFor(p.token)));
  const again = await Promise.all(players.map((p) => galiFor(p.token)));
  expect(again).toEqual(first);
  const onCanary = first.filter((v) => v === 'gali-canary').length;
  expect(onCanary).toBeGreaterThanOrEqual(10);
  expect(onCanary).toBeLessThanOrEqual(30);
  expect(new Set(first)).toEqual(new Set([stable, 'gali-canary']));

  // a canary player's phone: the canary's code runs, and throws an error of its own
  const canaryPlayer = players[first.indexOf('gali-canary')];
  const ctx = await kolkataPhone(browser);
  const page = await ctx.newPage();
  // the canary's own screens (the module it exposes) throw once they have run
  await ctx.route(/\/remotes\/gali\/v\/gali-canary\/__federation_expose_routes\.[^/]+\.js$/, async (route) => {
    const res = await route.fetch();
    const body = `${await res.text()}\n;setTimeout(function () { throw new Error('the canary broke'); }, 0);`;
    await route.fulfill({ response: res, body });
  });
  await loginInBrowser(page, server.url, canaryPlayer.mobile, canaryPlayer.password);
  const reported = page.waitForRequest(
    (r) => r.url().endsWith('/telemetry/families') && /"kind":"error"/.test(r.postData() ?? ''),
  );
  await page.goto(`${server.url}/galiIMP`);
  await page.locator('[data-family="gali"][data-build="gali-canary"]').first().waitFor();
  const beacon = await reported;
  expect(JSON.parse(beacon.postData()!).events).toContainEqual({
    family: 'gali',
    version: 'gali-canary',
    kind: 'error',
  });
  // counted once the server has answered the beacon: /metrics (this machine may read it) has it under
  // the family and its release
  expect((await beacon.response())?.status()).toBe(200);
  const metrics = (await (await fetch(`${server.url}/metrics`)).text())
    .split('\n')
    .filter((l) => l.startsWith('matka_family_events_total{family="gali",version="gali-canary"'))
    .join('\n');
  expect(metrics).toMatch(/^matka_family_events_total\{family="gali",version="gali-canary",kind="error"\} 1$/m);
  expect(metrics).toMatch(/^matka_family_events_total\{family="gali",version="gali-canary",kind="view"\} [1-9]/m);

  // the owner sees it on the Families screen
  const owner = `owner${Date.now() % 100000}`;
  // (axe is added as a script tag: the console's CSP would refuse it)
  const consoleCtx = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const op = await firstSignIn(
    server,
    consoleCtx,
    owner,
    oneTimePassword(await operator(server, 'owner', 'create', owner)),
  );
  await op.getByRole('link', { name: 'Families' }).click();
  const gali = op.getByRole('region', { name: 'Gali Disawar' });
  await gali.getByText('Canary: gali-canary to 50% of players').waitFor();
  const canaryRow = gali.getByRole('row', { name: /^Canary gali-canary \(50%\)/ });
  expect(await canaryRow.getByRole('cell').nth(3).textContent()).toBe('1');
  expect(await seriousViolations(op)).toEqual([]);
  await op.screenshot({ path: '/tmp/shots/families-canary.png', fullPage: true });
  // and on a phone
  await op.setViewportSize({ width: 360, height: 780 });
  await gali.scrollIntoViewIfNeeded();
  expect(await seriousViolations(op)).toEqual([]);
  await op.screenshot({ path: '/tmp/shots/families-canary-360.png' });
  await op.setViewportSize({ width: 1280, height: 800 });

  // roll back from the console: every player is on the stable release again
  await gali.getByRole('button', { name: 'Roll back' }).click();
  const dialog = op.getByRole('dialog');
  await dialog.getByText(`The canary gali-canary ends: every player goes back to ${stable}`).waitFor();
  await dialog.getByRole('button', { name: 'Roll back' }).click();
  await op.getByText(`gali: every player is back on ${stable}`).waitFor();
  await gali.getByText('No canary').waitFor();
  expect(new Set(await Promise.all(players.map((p) => galiFor(p.token))))).toEqual(new Set([stable]));

  // the open tab on the canary is offered the update, and Reload brings the stable release
  await backToForeground(page);
  const prompt = page.getByTestId('update-prompt');
  await prompt.getByText(PROMPT).waitFor({ timeout: 5_000 });
  await page.screenshot({ path: '/tmp/shots/families-rollback-offered.png' });
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  await page.locator('[data-family="gali"]').first().waitFor();
  expect(await page.locator('[data-family="gali"][data-build="gali-canary"]').count()).toBe(0);

  // each step in the audit log, with who took it
  const { audit } = await operatorApi<{ audit: { action: string; target: string; operator: string | null }[] }>(
    '/audit?limit=20',
  );
  expect(
    audit
      .filter((a) => a.action.startsWith('family '))
      .map((a) => [a.action, a.target, a.operator])
      .reverse(),
  ).toEqual([
    ['family release', 'gali', 'operator-token'],
    ['family rollback', 'gali', owner],
  ]);
  await consoleCtx.close();
  await ctx.close();
}, 240_000);
