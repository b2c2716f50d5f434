export * from './session';
export * from './home';
export * from './store';
