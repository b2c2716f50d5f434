// local screenshot tool (not committed)
import { launchBrowser, loginInBrowser, newMobile, operator, phoneContext, registerUser, startServer } from './lib/harness';

(async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const mobile = newMobile();
    await registerUser(server, { mobile, name: 'Ravi Kumar', password: 'secret12' });
    await operator(server, 'credit', mobile, '153775');
    const paths = (process.argv[2] ?? '/imp').split(',');
    // guest
    const gctx = await phoneContext(browser);
    const g = await gctx.newPage();
    await g.goto(`${server.url}/`);
    await g.waitForTimeout(1500);
    await g.screenshot({ path: '/tmp/s/guest.png' });
    const menu = g.getByRole('button', { name: /menu/i }).first();
    if (await menu.count()) {
      await menu.click();
      await g.waitForTimeout(600);
      await g.screenshot({ path: '/tmp/s/guest-menu.png' });
    }
    await gctx.close();
    const ctx = await phoneContext(browser);
    const page = await ctx.newPage();
    await loginInBrowser(page, server.url, mobile, 'secret12');
    for (const p of paths) {
      if (p === '/otpwithdraw') {
        await page.goto(`${server.url}/imp8`);
        await page.getByRole('button', { name: /GPay/ }).click();
        const dialog = page.getByRole('dialog', { name: 'GPay Number' });
        await dialog.getByLabel('Phone Number').fill(newMobile());
        await dialog.getByRole('button', { name: 'Send OTP' }).click();
        await page.waitForURL(/\/otpwithdraw$/);
      } else await page.goto(`${server.url}${p}`);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/s/${p.replace(/\//g, '_') || 'root'}.png`, fullPage: process.env.FULL === '1' });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
})();
