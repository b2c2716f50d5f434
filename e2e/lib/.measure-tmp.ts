import { gzipSync } from 'node:zlib';
import { launchBrowser, phoneContext, startServer } from './harness';
(async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const ctx = await phoneContext(browser);
    const page = await ctx.newPage();
    const sizes: [string, number, number][] = [];
    page.on('response', async (r) => {
      if (!r.url().endsWith('.js')) return;
      const b = await r.body().catch(() => Buffer.alloc(0));
      sizes.push([r.url().replace(server.url, ''), b.length, gzipSync(b).length]);
    });
    await page.goto(`${server.url}${process.argv[2] || '/login'}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    let t = 0;
    for (const s of sizes) { console.log(s.join('\t')); t += s[2]; }
    console.log('TOTAL gzip', t);
    await page.screenshot({ path: '/tmp/shots/measure.png', fullPage: true });
  } finally { await browser.close(); await server.stop(); }
})();
