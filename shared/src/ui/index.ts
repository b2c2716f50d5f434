export * from './RemoteBoundary';
export * from './FamilyRoot';
export * from './Modal';
export * from './Tile';
export * from './toasts';
export * from './EmptyState';
export * from './RatesPanel';
export * from './icons';
