/** Game rules shared by every bid screen and the server: pure TypeScript, no DOM / Node APIs. */
export * from './messages';
export * from './passwords';
export * from './names';
export * from './panas';
export * from './motors';
export * from './betTypes';
export * from './validate';
export * from './money';
export * from './clock';
export * from './format';
export * from './text';
export * from './rates';
export * from './submission';
export * from './payout';
export * from './market';
export * from './settlement';
export * from './operators';
