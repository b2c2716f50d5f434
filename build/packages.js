/** The front-end packages, in build order. */
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const FRONTENDS = ['shell', 'remote-regular', 'remote-starline', 'remote-gali', 'remote-wallet', 'console'];

module.exports = { ROOT, FRONTENDS };
