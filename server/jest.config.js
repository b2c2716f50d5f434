const { nodePreset } = require('../build/jest/preset');

module.exports = {
  ...nodePreset(__dirname, 'server'),
  testTimeout: 60000,
};
