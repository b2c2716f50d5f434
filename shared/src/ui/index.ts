export * from './RemoteBoundary';
export * from './Standalone';
export * from './FamilyRoot';
export * from './Modal';
export * from './Tile';
export * from './toasts';
export * from './EmptyState';
export * from './bid';
