export * from './api';
export * from './betting';
export * from './live';
export * from './pause';
export * from './settled';
