import { createRoot } from 'react-dom/client';
import { createAppStore, loadRuntimeConfig } from '@matka/shared';
import '@matka/shared/ui/theme.css';
import './shell.css';
import { App } from './App';

async function main() {
  await loadRuntimeConfig('/config.json');
  const store = createAppStore();
  createRoot(document.getElementById('root')!).render(<App store={store} />);
}

void main();
