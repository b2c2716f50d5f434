import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import '@matka/shared/ui/theme.css';
import './console.css';
import { App } from './App';
import { createConsoleStore } from './store';

createRoot(document.getElementById('root')!).render(createElement(App, { store: createConsoleStore() }));
