/**
 * The foundation, proven in a real browser: the login page loads no remote; each family's remote is
 * fetched from its own URL on first visit and reads the shell's store; React is fetched once; a dead
 * remote shows the fallback for its own paths only while the other families keep working.
 */
import type { Browser, Page, Request, Response } from 'playwright-core';
import {
  freePort,
  launchBrowser,
  loginInBrowser,
  newMobile,
  phoneContext,
  registerUser,
  startServer,
  type TestServer,
} from '../lib/harness';

const FAMILY_PROBES: Record<string, { path: string; family: string }> = {
  regular: { path: '/game', family: 'regular' },
  starline: { path: '/star', family: 'starline' },
  gali: { path: '/galiIMP', family: 'gali' },
  wallet: { path: '/wallet', family: 'wallet' },
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function track(page: Page) {
  const requests: string[] = [];
  const responses: Response[] = [];
  page.on('request', (r: Request) => requests.push(r.url()));
  page.on('response', (r) => responses.push(r));
  return { requests, responses };
}

/** URLs of the JS files that define React itself and React DOM (each copy assigns its internals once). */
async function reactCopies(responses: Response[]): Promise<{ react: string[]; reactDom: string[] }> {
  const react: string[] = [];
  const reactDom: string[] = [];
  for (const r of responses) {
    if (!r.url().endsWith('.js') || r.status() !== 200) continue;
    const body = await r.text().catch(() => '');
    if (/__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=(?!=)/.test(body)) react.push(r.url());
    if (/__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=(?!=)/.test(body)) reactDom.push(r.url());
  }
  return { react, reactDom };
}

describe('module federation in the browser', () => {
  let server: TestServer;
  const user = { mobile: newMobile(), name: 'Fed Tester', password: 'secret123' };

  beforeAll(async () => {
    server = await startServer();
    await registerUser(server, user);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('renders /login with no remote fetched', async () => {
    const ctx = await phoneContext(browser);
    const page = await ctx.newPage();
    const { requests } = track(page);
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Login To Play' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => u.includes('/remotes/'))).toEqual([]);
    await ctx.close();
  });

  it('loads each family from its own URL, shares the store, and fetches React once', async () => {
    const ctx = await phoneContext(browser);
    const page = await ctx.newPage();
    const { requests, responses } = track(page);
    await loginInBrowser(page, server.url, user.mobile, user.password);
    for (const probe of Object.values(FAMILY_PROBES)) {
      // Client-side navigation keeps the page (and its React) alive across families.
      await page.evaluate((p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, probe.path);
      await page.locator(`[data-family="${probe.family}"]`).waitFor({ timeout: 20000 });
      expect(requests.some((u) => u.includes(`/remotes/${probe.family}/`) && /remoteEntry|mf-manifest/.test(u))).toBe(
        true,
      );
      // The remote reads the session the shell stored.
      await expect(page.locator(`[data-family="${probe.family}"]`).getAttribute('data-session-user')).resolves.toBe(
        user.name,
      );
    }
    const copies = await reactCopies(responses);
    expect(copies.react).toHaveLength(1);
    expect(copies.reactDom).toHaveLength(1);
    expect([...copies.react, ...copies.reactDom].filter((u) => u.includes('/remotes/'))).toEqual([]);
    await ctx.close();
  });
});

describe('a remote that is down', () => {
  let server: TestServer;
  const user = { mobile: newMobile(), name: 'Down Tester', password: 'secret123' };

  beforeAll(async () => {
    const dead = await freePort();
    server = await startServer({ REMOTE_GALI_URL: `http://127.0.0.1:${dead}/mf-manifest.json` });
    await registerUser(server, user);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows the fallback for its paths only; the other families and the top bar keep working', async () => {
    const ctx = await phoneContext(browser);
    const page = await ctx.newPage();
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await page.goto(`${server.url}/galiIMP`);
    await page.getByText('This section is unavailable right now.').waitFor({ timeout: 20000 });
    await expect(page.locator('.topbar').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('This section is unavailable right now.').waitFor({ timeout: 20000 });
    for (const family of ['regular', 'starline', 'wallet']) {
      await page.goto(`${server.url}${FAMILY_PROBES[family].path}`);
      await page.locator(`[data-family="${family}"]`).waitFor({ timeout: 20000 });
    }
    await ctx.close();
  });
});

describe('a family named by its manifest', () => {
  let server: TestServer;
  const user = { mobile: newMobile(), name: 'Manifest Tester', password: 'secret123' };

  beforeAll(async () => {
    server = await startServer({ REMOTE_GALI_URL: '/remotes/gali/mf-manifest.json' });
    await registerUser(server, user);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('loads through its mf-manifest.json as well as through its remoteEntry.js', async () => {
    const ctx = await phoneContext(browser);
    const page = await ctx.newPage();
    const { requests } = track(page);
    await loginInBrowser(page, server.url, user.mobile, user.password);
    await page.goto(`${server.url}/galiIMP`);
    await page.getByRole('heading', { name: 'GALI DISAWAR' }).waitFor({ timeout: 20000 });
    const paths = requests.map((u) => new URL(u).pathname);
    expect(paths).toContain('/remotes/gali/mf-manifest.json');
    expect(paths).toContain('/remotes/gali/remoteEntry.js');
    expect(await page.getByText('This section is unavailable right now.').count()).toBe(0);
    await ctx.close();
  });
});
