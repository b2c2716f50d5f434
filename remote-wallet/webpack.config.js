const { createConfig } = require('../build/webpack');

module.exports = createConfig({ dir: __dirname, family: 'wallet', title: 'Wallet' });
