/**
 * The API's reference page in a real browser: /docs renders /openapi.json from this server (nothing
 * from another origin, no error), at the console's width and at a phone's, and shows a call's request.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, type TestServer } from '../lib/harness';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it.each([
  [1280, 800],
  [360, 780],
])('/docs lists every group of calls and opens a call with its request (%i × %i)', async (width, height) => {
  const page = await browser.newPage({ viewport: { width, height } });
  const problems: string[] = [];
  const origin = new URL(server.url).origin;
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) problems.push(`elsewhere: ${r.url()}`);
  });
  await page.goto(`${server.url}/docs/`);
  const tags = page.locator('.opblock-tag');
  await tags.first().waitFor();
  expect(await tags.allInnerTexts()).toEqual(
    expect.arrayContaining(['player', 'player: regular', 'player: starline', 'player: gali', 'operator']),
  );
  // open the player calls, then the login
  await tags.filter({ hasText: /^\s*player\s*$/ }).click();
  const op = page.locator('#operations-player-api-user-login');
  await op.locator('.opblock-summary-control').click();
  await op.locator('.microlight').first().waitFor();
  await expect(op.innerText()).resolves.toContain('"mobile": "9876543210"');
  expect(problems).toEqual([]);
  await page.close();
});
