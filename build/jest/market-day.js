// The test suites that run the compiled server on the machine's clock (the browser tests, the server's
// process tests) take bids on India's market day (Asia/Kolkata), which ends at midnight: the markets
// they open close by 23:59, the ones they need closed closed at 00:00 or 00:01, and no test can hold a
// market open across the turn of the day. A run that starts from 23:40 IST (a suite takes about 5
// minutes on two cores) waits until 00:03 IST, when every such time is on one side of now again.

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

/** Seconds to wait before a suite may start (0 outside the window around midnight IST). */
function secondsToNewDay(now = kolkataSeconds()) {
  if (now >= WAIT_FROM) return DAY - now + START_AT;
  if (now < START_AT) return START_AT - now;
  return 0;
}

/** Waits for the new market day when the clock is near midnight IST, saying so. */
async function waitForMarketDay(suite) {
  const wait = secondsToNewDay();
  if (wait === 0) return;
  console.log(`\n${suite}: ${Math.ceil(wait / 60)} min to 00:03 IST, when the new market day has begun`);
  await new Promise((resolve) => setTimeout(resolve, wait * 1000));
}

// a jest global setup of its own (the server's), and the helpers for the browser tests' setup
module.exports = () => waitForMarketDay('server tests');
module.exports.secondsToNewDay = secondsToNewDay;
module.exports.waitForMarketDay = waitForMarketDay;
