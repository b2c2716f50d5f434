// jsdom plus the web platform pieces Node has and jsdom lacks (fetch types, TextEncoder, structuredClone,
// crypto.subtle).
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    for (const name of [
      'fetch',
      'Response',
      'Request',
      'Headers',
      'TextEncoder',
      'TextDecoder',
      'structuredClone',
      'ReadableStream',
      'WritableStream',
      'TransformStream',
      'BroadcastChannel',
    ]) {
      if (typeof g[name] === 'undefined' && typeof globalThis[name] !== 'undefined') g[name] = globalThis[name];
    }
    // jsdom's crypto has getRandomValues but no subtle (digests)
    if (g.crypto && !g.crypto.subtle) Object.defineProperty(g.crypto, 'subtle', { value: globalThis.crypto.subtle });
  }
}

module.exports = JsdomWithFetch;
