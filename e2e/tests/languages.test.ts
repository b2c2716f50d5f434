/**
 * The player app's languages in a real browser at 360 x 780: the switch on /login shows each
 * language by its own name; Hindi changes the page's texts and the spec's validation messages, is kept on
 * the device (a reload opens in Hindi, before any click), and renders in Devanagari with the machine's own
 * font (no web font is downloaded); Marathi too; axe passes in Hindi. A player's whole way in Hindi:
 * register -> OTP -> home -> a Single Digit bid with its confirmation -> bid history, and a bid the server
 * refuses, whose message is the server's, in Hindi.
 */
import type { Browser } from 'playwright-core';
import { seriousViolations } from '../lib/axe';
import { call, lastOtp, launchBrowser, newMobile, operator, startServer, type TestServer } from '../lib/harness';
import { kolkataPhone, prepareMarkets } from '../lib/regular';

const OPEN = 'KALYAN';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
  await prepareMarkets(server, OPEN, 'MILAN DAY');
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
  // the switch renders with the page: wait for its last language before reading them all
  await group.getByRole('button', { name: 'मराठी' }).waitFor();
  expect(await group.getByRole('button').allTextContents()).toEqual(['English', 'हिन्दी', 'मराठी']);
  await group.getByRole('button', { name: 'हिन्दी' }).click();
  await page.getByRole('heading', { name: 'खेलने के लिए लॉगिन करें' }).waitFor();
  await page.getByRole('button', { name: 'लॉगिन' }).click();
  await page.getByText('फ़ोन नंबर ज़रूरी है!').waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
  // the installed app's name in Hindi: the page links the Hindi manifest
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]')!.getAttribute('href')!;
    return { href, name: ((await (await fetch(href)).json()) as { name: string }).name };
  });
  expect(manifest).toEqual({ href: '/manifest.hi.webmanifest', name: 'मटका प्ले' });
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

it('in Hindi: register -> OTP -> home -> a Single Digit bid -> bid history; a refused bid in Hindi; axe on /login, /imp and the bid screen', async () => {
  const context = await kolkataPhone(browser, { bypassCSP: true });
  const page = await context.newPage();
  const fonts: string[] = [];
  page.on('response', (r) => {
    if (/\.(woff2?|ttf|otf)(\?|$)/.test(r.url())) fonts.push(r.url());
  });
  await page.goto(`${server.url}/login`);
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await page.getByRole('heading', { name: 'खेलने के लिए लॉगिन करें' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // registration, in Hindi; the age box's refusal is the domain's text in Hindi
  await page.getByRole('link', { name: 'नया खाता बनाएँ' }).click();
  await page.getByRole('heading', { name: 'नया खाता बनाएँ' }).waitFor();
  const mobile = newMobile();
  await page.getByLabel('यूज़रनेम').fill('सीमा पाटिल');
  await page.getByLabel('फ़ोन नंबर').fill(mobile);
  await page.getByLabel('पासवर्ड', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'रजिस्टर करें' }).click();
  await page.getByText('कृपया पुष्टि करें कि आपकी उम्र 18 साल या उससे ज़्यादा है').waitFor();
  await page.getByLabel('मैं पुष्टि करता/करती हूँ कि मेरी उम्र 18 साल या उससे ज़्यादा है').check();
  await page.screenshot({ path: '/tmp/shots/register-hi.png', fullPage: true });
  await page.getByRole('button', { name: 'रजिस्टर करें' }).click();

  // the code
  await page.getByRole('heading', { name: 'OTP सत्यापन' }).waitFor();
  await page.getByText(`${mobile} पर भेजा गया`).waitFor();
  await page.getByLabel('OTP का अंक 1').click();
  await page.keyboard.type(await lastOtp(server, mobile), { delay: 30 });
  await page.screenshot({ path: '/tmp/shots/otp-hi.png', fullPage: true });
  await page.getByRole('button', { name: 'भेजें' }).click();

  // home: the market cards in Hindi
  await page.waitForURL(/\/imp$/);
  await operator(server, 'credit', mobile, '1000');
  const card = page.getByTestId('market-card').filter({ hasText: OPEN });
  await card.getByText('मार्केट खुला').waitFor();
  await page.getByRole('heading', { name: 'मार्केट' }).waitFor();
  await page.getByTestId('topbar-wallet').filter({ hasText: '1,000' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots/home-hi.png', fullPage: true });
  // the new account took the phone's language: a login on another phone gets it back
  const login = await call<{ language?: string }>(server, 'api-user-login', { mobile, password: 'secret123' });
  expect(login.language).toBe('hi');

  // /game and the Single Digit screen
  await card.getByRole('button').click();
  await page.waitForURL(/\/game$/);
  await page.getByRole('button', { name: 'सिंगल अंक' }).click();
  await page.waitForURL(/\/single$/);
  await page.getByRole('heading', { name: 'सिंगल अंक' }).waitFor();
  await page.getByTestId('bid-balance').filter({ hasText: '1,000' }).waitFor();
  await page.getByLabel('अंक', { exact: true }).fill('7');
  await page.getByLabel('पॉइंट', { exact: true }).fill('50');
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
  await page.getByText('सही होने पर जीत').first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'भेजें', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'सिंगल अंक' });
  await dialog.getByText('कुल पॉइंट').waitFor();
  await dialog.getByText('बोली लगाने के बाद उसे किसी भी हालत में रद्द नहीं किया जा सकता।').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots/bid-confirm-hi.png', fullPage: true });
  await dialog.getByRole('button', { name: 'बोली लगाएँ' }).click();
  await page.getByText('बोली सफलतापूर्वक लग गई!').first().waitFor();
  await dialog.waitFor({ state: 'detached' });
  // the pending line's type by the game's word, in Hindi
  await page.getByText('बोली सफलतापूर्वक लग गई!').first().waitFor({ state: 'hidden' });

  // a number the operator's cap has closed: the server refuses, in Hindi
  await operator(server, 'market', 'cap', '50', '--family', 'regular');
  await page.getByLabel('अंक', { exact: true }).fill('8');
  await page.getByLabel('पॉइंट', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
  await page.getByRole('list').getByText('सिंगल अंक').waitFor();
  await page.getByRole('button', { name: 'भेजें', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'बोली लगाएँ' }).click();
  // the server names the closed number, in Hindi
  await page.getByText('इस सेशन के लिए बंद: 8। बाकी नंबर अभी भी लगाए जा सकते हैं।').first().waitFor();
  await page.screenshot({ path: '/tmp/shots/bid-refused-hi.png', fullPage: true });
  await operator(server, 'market', 'cap', 'off', '--family', 'regular');

  // the bid history: the bid, its type by the game's word
  await page.goto(`${server.url}/imp4`);
  await page.getByRole('heading', { level: 1, name: 'बोली का इतिहास' }).waitFor();
  const bidCard = page.getByRole('list', { name: 'बोली का इतिहास' }).getByRole('listitem').first();
  await bidCard.getByText('सिंगल अंक').waitFor();
  await bidCard.getByText('बोली का प्रकार').waitFor();
  await bidCard.getByText('50 पॉइंट').waitFor();
  // the bid's date with the month in Hindi (the day unpadded, as every bid date: 1-दिसंबर-2026)
  await bidCard.getByText(/^\d{1,2}-(जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्तूबर|नवंबर|दिसंबर)-\d{4}$/).waitFor();
  await page.screenshot({ path: '/tmp/shots/bid-history-hi.png', fullPage: true });

  // How To Play: the operator's text and the video's link, both in Hindi
  await page.goto(`${server.url}/htp`);
  await page.getByRole('heading', { level: 1, name: 'कैसे खेलें' }).waitFor();
  await page.locator('.rich-text').getByRole('heading', { name: 'कैसे खेलें' }).waitFor();
  await page.getByText('पूरी जानकारी के लिए ट्यूटोरियल वीडियो देखें।').waitFor();
  await page.getByRole('link', { name: 'ट्यूटोरियल वीडियो देखें' }).waitFor();
  expect(await page.getByText('Watch the tutorial video').count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots/htp-hi.png', fullPage: true });
  expect(fonts).toEqual([]);
  await context.close();
});
