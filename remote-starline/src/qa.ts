// The QA page (`npm run qa`): the standalone page with the player API answered in the browser by the
// contract's mocks, in the scenario the page names. Built into dist-qa only, never into dist.
void import('@matka/shared/mocks/browser').then((m) => m.startMocks()).then(() => import('./standalone'));
