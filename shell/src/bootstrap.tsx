import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppStore, findRoute, loadRuntimeConfig } from '@matka/shared';
import '@matka/shared/ui/theme.css';
import './shell.css';
import { App, prefetchRouteData } from './App';
import { attachApiTo, needsApi } from './layout/WithApi';
import { preloadRoute } from './pages/loaders';
import { startServiceWorkerAfterLoad } from './pwa/updates';
// Makes the build provide every shared singleton to the remotes (see the file).
import './federation/provided';
import { deviceLanguage, setLanguage } from '@matka/shared/i18n';
import './i18n';

const FIRST_PAINT_WAIT_MS = 800;

async function main() {
  const pageCode = preloadRoute(window.location.pathname);
  const route = findRoute(window.location.pathname);
  // a family's first page: which release this player gets is asked now, beside the page's code
  // (its own chunk: the login page never downloads it)
  if (route && route.family !== 'shell') {
    void import(/* webpackChunkName: "family-releases" */ './federation/releases')
      .then((m) => m.familyEntries())
      .catch(() => undefined);
  }
  // the device's language: its catalogues come beside the page's code (English needs none)
  const lang = deviceLanguage();
  const langReady = lang === 'en' ? undefined : setLanguage(lang, { remember: false }).catch(() => undefined);
  await loadRuntimeConfig('/config.json');
  const store = createAppStore();
  // Every page but the first screen uses the api: it joins the store beside the page's code.
  const apiReady = route && needsApi(route.path) ? attachApiTo(store).catch(() => undefined) : undefined;
  prefetchRouteData(window.location.pathname, store);
  // The first page renders whole when its code comes soon (no loading frame that React then holds for
  // 300 ms); on a slow network the frame shows after FIRST_PAINT_WAIT_MS.
  await Promise.race([
    Promise.all([pageCode, apiReady, langReady]),
    new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
  ]);
  // A transition: React renders the first page in slices and yields to the browser between them, so a slow
  // phone stays responsive while the app starts (no single long task for the whole first render).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<App store={store} />));
  startServiceWorkerAfterLoad();
}

void main();
