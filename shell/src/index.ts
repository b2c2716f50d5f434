import { preloadRoute } from './pages/loaders';

// The first page's code starts downloading now, beside the app's own code (bootstrap waits for it).
void preloadRoute(window.location.pathname);
// Async boundary: Module Federation negotiates the shared singletons before the app's code runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
