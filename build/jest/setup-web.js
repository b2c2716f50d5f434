// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs.
const { TextEncoder, TextDecoder } = require('node:util');
if (!globalThis.TextEncoder) globalThis.TextEncoder = TextEncoder;
if (!globalThis.TextDecoder) globalThis.TextDecoder = TextDecoder;
require('@testing-library/jest-dom');
