/** Helpers for the shell's browser tests: OTP boxes, the side menu, a touch drag for pull-to-refresh. */
import type { Page } from 'playwright-core';

/** Types a code into the OTP boxes (typing moves from box to box). */
export async function typeOtp(page: Page, code: string) {
  await page.getByLabel('OTP digit 1').click();
  await page.keyboard.type(code, { delay: 30 });
}

export async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('dialog');
}

/** A one-finger drag from (x, y0) down to (x, y1), as real touch events (Chrome DevTools Protocol). */
export async function touchDrag(page: Page, x: number, y0: number, y1: number, steps = 12) {
  const cdp = await page.context().newCDPSession(page);
  const point = (y: number) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(y0) });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(y0 + ((y1 - y0) * i) / steps) });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
