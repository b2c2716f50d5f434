/**
 * The player app's languages in a real browser (issue E, first part) at 360 x 780: the switch on /login
 * shows each language by its own name; Hindi changes the page's texts and the spec's validation messages,
 * is kept on the device (a reload opens in Hindi, before any click), and renders in Devanagari with the
 * machine's own font (no web font is downloaded); Marathi too; axe passes in Hindi.
 */
import type { Browser } from 'playwright-core';
import { seriousViolations } from '../lib/axe';
import { launchBrowser, startServer, type TestServer } from '../lib/harness';
import { kolkataPhone } from '../lib/regular';

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

it('the switch on /login: Hindi is shown and kept on the device, Marathi too; no web font; axe passes', async () => {
  const context = await kolkataPhone(browser, { bypassCSP: true });
  const page = await context.newPage();
  const fonts: string[] = [];
  page.on('response', (r) => {
    if (/\.(woff2?|ttf|otf)(\?|$)/.test(r.url())) fonts.push(r.url());
  });
  await page.goto(`${server.url}/login`);
  const group = page.getByRole('group', { name: 'Language' });
  expect(await group.getByRole('button').allTextContents()).toEqual(['English', 'हिन्दी', 'मराठी']);
  await group.getByRole('button', { name: 'हिन्दी' }).click();
  await page.getByRole('heading', { name: 'खेलने के लिए लॉगिन करें' }).waitFor();
  await page.getByRole('button', { name: 'लॉगिन' }).click();
  await page.getByText('फ़ोन नंबर ज़रूरी है!').waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots/login-hi.png', fullPage: true });

  // kept on the device: a reload opens in Hindi
  await page.reload();
  await page.getByRole('heading', { name: 'खेलने के लिए लॉगिन करें' }).waitFor();
  expect(await page.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');
  // Devanagari is drawn with a font of the machine: its vowel signs take no room of their own, so 'खेलने'
  // (5 code points, two of them signs) is narrower than 'ककककक'; missing glyphs would be 5 equal boxes
  const widths = await page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = getComputedStyle(document.querySelector('h1')!).font;
    return [ctx.measureText('खेलने').width, ctx.measureText('ककककक').width];
  });
  expect(widths[0]).toBeLessThan(widths[1] * 0.85);

  await page.getByRole('button', { name: 'मराठी' }).click();
  await page.getByRole('heading', { name: 'खेळण्यासाठी लॉगिन करा' }).waitFor();
  await page.screenshot({ path: '/tmp/shots/login-mr.png', fullPage: true });
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('heading', { name: 'Login To Play' }).waitFor();
  expect(fonts).toEqual([]);
  await context.close();
});
