/**
 * The operator console in the browser tests: its first sign-in with the CLI's one-time password, and the
 * people who propose and certify results (their own password and authenticator).
 */
import * as OTPAuth from 'otpauth';
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

/** An operator who proposes and certifies results: their own password and authenticator. */
export interface Person {
  name: string;
  role: 'owner' | 'results' | 'finance';
  secret: string;
  /** the last time step whose code was used (a code signs in once) */
  lastStep: number;
}

const STEP_MS = 30_000;
/**
 * The next code of a person's authenticator: the current step's, or the next one's when the current one was
 * used (the server takes a code one step early, for clocks that drift).
 */
export function codeOf(p: Person, offsetMs = 0): string {
  const now = Date.now() + offsetMs;
  const step = Math.max(Math.floor(now / STEP_MS), p.lastStep + 1);
  if (step > Math.floor(now / STEP_MS) + 1) throw new Error(`${p.name} has used the next code already`);
  p.lastStep = step;
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(p.secret) }).generate({ timestamp: step * STEP_MS });
}

/** A console call as the browser makes it, answered as JSON (throws on a refusal). */
async function consoleCall(server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/operator${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const data = (await res.json()) as Record<string, unknown>;
  if (!res.ok || data.status !== true) throw new Error(`${path}: ${String(data.msg)}`);
  return { res, data };
}

/**
 * Makes operators the way a business does before it relies on them: their accounts were made (by the
 * server's token) two days before `server` runs, on the same data dir, so none is too new to certify; each
 * set their own password and turned two-step sign-in on. `early` is a server on that data dir whose clock
 * runs two days behind; it is stopped, its data kept.
 */
export async function makePeople(
  early: TestServer,
  people: { name: string; role: Person['role'] }[],
  operator: (server: TestServer, ...args: string[]) => Promise<string>,
): Promise<Person[]> {
  const made: Person[] = [];
  for (const p of people) {
    const once = oneTimePassword(await operator(early, 'operators', 'add', p.name, p.role));
    const { res, data } = await consoleCall(early, '/session', { username: p.name, password: once });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('matka_operator='))!.split(';')[0];
    const headers = { cookie, 'x-csrf-token': String(data.csrf_token) };
    await consoleCall(early, '/password', { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }, headers);
    const { data: setup } = await consoleCall(early, '/totp/setup', {}, headers);
    const person: Person = { ...p, secret: String(setup.secret), lastStep: 0 };
    await consoleCall(early, '/totp/enable', { secret: person.secret, code: codeOf(person, EARLY_MS) }, headers);
    made.push(person);
  }
  return made;
}

/** How far behind the clock of the server on which makePeople makes the accounts runs. */
export const EARLY_MS = -48 * 3_600_000;

/** Signs a person in on the console: password, then the authenticator's code. */
export async function signInAs(server: TestServer, context: BrowserContext, p: Person): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/console/`);
  await page.getByLabel('Username').fill(p.name);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authenticator code').fill(codeOf(p));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
  return page;
}

/** The CLI's environment to act as a person (OPERATOR_NAME, OPERATOR_PASSWORD, OPERATOR_CODE). */
export const cliEnvOf = (p: Person) => ({
  OPERATOR_NAME: p.name,
  OPERATOR_PASSWORD: NEW_PASSWORD,
  OPERATOR_CODE: codeOf(p),
});
