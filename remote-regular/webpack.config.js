const { createConfig } = require('../build/webpack');

module.exports = createConfig({ dir: __dirname, family: 'regular', title: 'Matka Markets' });
