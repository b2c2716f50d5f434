const { webPreset } = require('../build/jest/preset');

module.exports = webPreset(__dirname, 'console');
