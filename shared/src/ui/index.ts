export * from './RemoteBoundary';
export * from './Standalone';
export * from './FamilyRoot';
