// Shared jest settings: every package's jest.config.js spreads one of these.
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const SHARED = path.join(__dirname, '../../shared');
/**
 * @matka/shared's entries as its package.json exports them (the web tests resolve them as the builds do):
 * each subpath to its file, a `*` subpath to its folder.
 */
const sharedEntries = Object.fromEntries(
  Object.entries(require('../../shared/package.json').exports).map(([entry, file]) => {
    const name = entry.replace(/^\.\/?/, '');
    const from = `^@matka/shared${name ? `/${name}` : ''}$`.replace('*', '(.*)');
    return [from, path.join(SHARED, file.replace('*', '$1'))];
  }),
);

function webPreset(dir, name) {
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: path.join(__dirname, 'jsdom-env.js'),
    transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
    // Mock Service Worker (the contract's mocks) needs a few packages published as ES modules only: they
    // are compiled to CommonJS like the project's own code. So is jose (the receipt check), for tests in Node.
    transformIgnorePatterns: [
      '/node_modules/(?!(rettime|until-async|@mswjs|msw|@open-draft|outvariant|strict-event-emitter|headers-polyfill|is-node-process|jose)/)',
    ],
    moduleNameMapper: {
      '\\.(css)$': path.join(__dirname, 'style-stub.js'),
      ...sharedEntries,
    },
    setupFilesAfterEnv: [path.join(__dirname, 'setup-web.js')],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
  };
}

function nodePreset(dir, name) {
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: 'node',
    transform: { '^.+\\.(t|j)sx?$': swc },
    // @fastify/cookie loads the ESM-only `cookie` with import(), which jest's CommonJS runtime cannot run
    // (Node itself can): it is compiled to CommonJS like the project's own code. So is `content-disposition`,
    // which @fastify/static (the API reference page's files) requires: the root package.json pins its
    // CommonJS 2.x, and its ES module 3.x would run here too.
    transformIgnorePatterns: ['/node_modules/(?!(@fastify/cookie|cookie|@fastify/static|content-disposition|jose)/)'],
    moduleNameMapper: {
      '^@matka/shared/domain$': path.join(__dirname, '../../shared/src/domain/index.ts'),
    },
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  };
}

module.exports = { webPreset, nodePreset, swc };
