/**
 * @matka/shared/ui: the UI kit the pages are made of (the section boundary, the family root, dialogs,
 * tiles, headers, rates, notices). A building block, shared by version (build/webpack.js): a family built
 * with a changed kit runs its own copy. What must exist once per page stays in the core (@matka/shared):
 * the toasts, the clock, the network state, the unsent rows and the page's loading state.
 */
export * from './RemoteBoundary';
export * from './FamilyRoot';
export * from './Modal';
export * from './Tile';
export * from './EmptyState';
export * from './RatesPanel';
export * from './icons';
export * from './PageHeader';
export * from './BettingOff';
