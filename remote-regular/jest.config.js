const { webPreset } = require('../build/jest/preset');

module.exports = webPreset(__dirname, 'remote-regular');
