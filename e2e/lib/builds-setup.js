// One folder per run for the builds the tests deploy (lib/deploy.ts): made before the test files start,
// so every worker inherits its name, and removed when the run ends.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

module.exports = async () => {
  process.env.MATKA_E2E_BUILDS = mkdtempSync(path.join(tmpdir(), 'matka-e2e-builds-'));
};
module.exports.teardown = async () => {
  if (process.env.MATKA_E2E_BUILDS) rmSync(process.env.MATKA_E2E_BUILDS, { recursive: true, force: true });
};
