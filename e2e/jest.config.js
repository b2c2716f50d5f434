const path = require('node:path');
const { swc } = require('../build/jest/preset');

// Browser tests: the production build + the real server + Debian's Chromium at a phone viewport.
module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  // the operator CLI runs in these tests' process (lib/harness.ts) and loads jose, published as ES
  // modules only: compiled to CommonJS like the project's own code
  transformIgnorePatterns: ['/node_modules/(?!(jose)/)'],
  moduleNameMapper: { '^@matka/shared/domain$': path.join(__dirname, '../shared/src/domain/index.ts') },
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  testTimeout: 180000,
  // the remotes a test rebuilds are built once per run and shared (lib/deploy.ts); a run that would
  // reach midnight in India first waits for the new market day
  globalSetup: '<rootDir>/lib/builds-setup.js',
  globalTeardown: '<rootDir>/lib/builds-teardown.js',
  // one file more than the cores (three on two): each mostly waits on its server and Chromium (the run
  // uses about 1.1 cores with three files at once, 1.0 with two; 78 tests: 240 s with two, 215 s with three)
  maxWorkers: require('node:os').availableParallelism() + 1,
  // The spawned servers and Chromium are stopped in afterAll; keep-alive sockets of Node's fetch may linger.
  forceExit: true,
};
