export * from './parse';
export * from './baseQuery';
export * from './api';
