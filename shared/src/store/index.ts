export * from './session';
export * from './home';
export * from './store';
export * from './network';
export * from './live';
