/**
 * @matka/shared — the contract every package builds on. Shared as a Module Federation singleton,
 * so the shell and every remote use one copy of the store, the api and the rules.
 */
export * from './domain';
export * from './routes';
export * from './config';
export * from './api';
export * from './store';
export * from './ui';
