const { nodePreset } = require('../build/jest/preset');

module.exports = {
  ...nodePreset(__dirname, 'server'),
  testTimeout: 60000,
  // the process tests bid on the machine's clock: a run near midnight in India waits for the new day
  globalSetup: '<rootDir>/../build/jest/market-day.js',
};
