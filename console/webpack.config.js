const { createConfig } = require('../build/webpack');

module.exports = createConfig({ dir: __dirname, family: 'console', title: 'Matka Console' });
