export * from './api';
export * from './betting';
export * from './live';
