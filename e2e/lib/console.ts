/** The operator console in the browser tests: its first sign-in with the CLI's one-time password. */
import type { BrowserContext, Page } from 'playwright-core';
import type { TestServer } from './harness';

/** The password every test operator sets at the first sign-in. */
export const NEW_PASSWORD = 'operator password 1';

/** The one-time password out of `npm run operator -- owner create` (or the console's add operator). */
export const oneTimePassword = (out: string) => {
  const m = /^one-time password: (\S+)$/m.exec(out);
  if (!m) throw new Error(`no one-time password in:\n${out}`);
  return m[1];
};

/** Signs in with a one-time password and sets the operator's own password (NEW_PASSWORD). */
export async function firstSignIn(
  server: TestServer,
  context: BrowserContext,
  name: string,
  password: string,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/console/`);
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
  return page;
}
