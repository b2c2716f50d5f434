module.exports = require('./builds-setup').teardown;
