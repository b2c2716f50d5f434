// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs.
const { TextEncoder, TextDecoder } = require('node:util');
if (!globalThis.TextEncoder) globalThis.TextEncoder = TextEncoder;
if (!globalThis.TextDecoder) globalThis.TextDecoder = TextDecoder;
require('@testing-library/jest-dom');

// Every test starts with the browser's per-tab storage empty (a bid slip kept by one test must not
// reach the next one's screen). localStorage is the tests' own business: they pass their storage.
// eslint-disable-next-line no-undef -- jest puts afterEach in scope of a setupFilesAfterEnv file
afterEach(() => {
  if (typeof window !== 'undefined') window.sessionStorage.clear();
});
