/**
 * A QA page's start (`npm run qa -w <remote>`): Mock Service Worker answers the player API in the
 * browser from the contract's mocks, so the family's standalone page runs with no server at all. The
 * page says so, lists the scenarios and runs the one `?scenario=` names (each a link that reloads the
 * page in it). A scenario that starts signed in stores the mock session first.
 */
import { setupWorker } from 'msw/browser';
import { SESSION_STORAGE_KEY } from '../store/session';
import { MOCK_PLAYER, MOCK_TOKEN } from './answers';
import { mockApi } from './handlers';
import { SCENARIOS, SCENARIO_NAMES, scenarioOf } from './scenarios';

/** The bar above the page: it runs on mocks, the scenario it runs, and the others as links. */
function renderBar(current: keyof typeof SCENARIOS): void {
  const bar = document.createElement('nav');
  bar.className = 'qa-bar';
  bar.setAttribute('aria-label', 'QA scenarios');
  const title = document.createElement('p');
  title.className = 'qa-title';
  title.textContent = `QA on mocks: no server. Scenario: ${SCENARIOS[current].title}. ${SCENARIOS[current].says}.`;
  bar.appendChild(title);
  const list = document.createElement('ul');
  for (const name of SCENARIO_NAMES) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    const url = new URL(window.location.href);
    url.searchParams.set('scenario', name);
    link.href = `${url.pathname}${url.search}`;
    link.textContent = SCENARIOS[name].title;
    link.title = SCENARIOS[name].says;
    if (name === current) link.setAttribute('aria-current', 'page');
    item.appendChild(link);
    list.appendChild(item);
  }
  bar.appendChild(list);
  document.body.insertBefore(bar, document.body.firstChild);
}

const STYLE = `
.qa-bar{background:#fff4d6;color:#3b2a00;border-bottom:2px solid #b58100;padding:8px 12px;font:14px/1.4 system-ui,sans-serif}
.qa-bar .qa-title{margin:0 0 6px;font-weight:600}
.qa-bar ul{display:flex;flex-wrap:wrap;gap:6px 12px;margin:0;padding:0;list-style:none}
.qa-bar a{color:#3b2a00;text-decoration:underline}
.qa-bar a[aria-current]{font-weight:700;text-decoration:none;background:#3b2a00;color:#fff;padding:0 6px;border-radius:4px}`;

/** Starts the mock API for the page's scenario; resolves once the worker answers the page's calls. */
export async function startMocks(): Promise<void> {
  const scenario = scenarioOf(window.location.search);
  const { handlers } = mockApi(scenario);
  // a scenario's session: the stored one is the mock's, or none (the login form)
  try {
    if (SCENARIOS[scenario].world.signedIn)
      localStorage.setItem(
        SESSION_STORAGE_KEY,
        JSON.stringify({ username: MOCK_PLAYER.name, unique_token: MOCK_TOKEN, mobile: MOCK_PLAYER.mobile }),
      );
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // storage blocked: the page starts signed out
  }
  await setupWorker(...handlers).start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    // every call is answered here: one the mocks do not know is a failed test, not a request that leaves
    onUnhandledRequest: (req, print) => {
      if (new URL(req.url).pathname.startsWith('/api/')) print.error();
    },
    quiet: true,
  });
  const style = document.createElement('style');
  style.textContent = STYLE;
  document.head.appendChild(style);
  renderBar(scenario);
}
