import { createRoot } from 'react-dom/client';
import { createAppStore, loadRuntimeConfig } from '@matka/shared';
import '@matka/shared/ui/theme.css';
import './shell.css';
import { App, preloadRoute } from './App';
import { startServiceWorkerAfterLoad } from './pwa/updates';
// Makes the build provide every shared singleton to the remotes (see the file).
import './federation/provided';

async function main() {
  preloadRoute(window.location.pathname);
  await loadRuntimeConfig('/config.json');
  const store = createAppStore();
  createRoot(document.getElementById('root')!).render(<App store={store} />);
  startServiceWorkerAfterLoad();
}

void main();
