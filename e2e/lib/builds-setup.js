// Before the test files start: a run that would reach midnight in India waits for the new market day
// (build/jest/market-day.js); then one folder per run for the builds the tests deploy (lib/deploy.ts),
// made here so every worker inherits its name, and removed when the run ends.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { waitForMarketDay } = require('../../build/jest/market-day');

module.exports = async () => {
  await waitForMarketDay('browser tests');
  process.env.MATKA_E2E_BUILDS = mkdtempSync(path.join(tmpdir(), 'matka-e2e-builds-'));
};
module.exports.teardown = async () => {
  if (process.env.MATKA_E2E_BUILDS) rmSync(process.env.MATKA_E2E_BUILDS, { recursive: true, force: true });
};
