// Before the test files start: one folder per run for the builds the tests deploy (lib/deploy.ts), made
// here so every worker inherits its name and removed when the run ends; and a run that would reach
// midnight in India waits for the new market day.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

/**
 * The tests take bids on India's market day (Asia/Kolkata), which ends at midnight: the markets they
 * open close by 23:59, the ones they need closed closed at 00:00 or 00:01, and no test can hold a market
 * open across the turn of the day. A run (about 5 minutes on two cores) that starts from 23:40 IST
 * waits until 00:03 IST, when every such time is on one side of now again.
 */
const WAIT_FROM = (23 * 60 + 40) * 60;
const START_AT = 3 * 60;
const DAY = 24 * 60 * 60;

/** Seconds since midnight in Asia/Kolkata. */
function kolkataSeconds(d = new Date()) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(d)
      .map((x) => [x.type, Number(x.value)]),
  );
  return p.hour * 3600 + p.minute * 60 + p.second;
}

/** Seconds to wait before the files may start (0 outside the window around midnight IST). */
function secondsToNewDay(now = kolkataSeconds()) {
  if (now >= WAIT_FROM) return DAY - now + START_AT;
  if (now < START_AT) return START_AT - now;
  return 0;
}

module.exports = async () => {
  const wait = secondsToNewDay();
  if (wait > 0) {
    console.log(`\nbrowser tests: ${Math.ceil(wait / 60)} min to 00:03 IST, when the new market day has begun`);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
  process.env.MATKA_E2E_BUILDS = mkdtempSync(path.join(tmpdir(), 'matka-e2e-builds-'));
};
module.exports.secondsToNewDay = secondsToNewDay;
module.exports.teardown = async () => {
  if (process.env.MATKA_E2E_BUILDS) rmSync(process.env.MATKA_E2E_BUILDS, { recursive: true, force: true });
};
