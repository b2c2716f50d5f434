export * from './api';
export * from './betting';
