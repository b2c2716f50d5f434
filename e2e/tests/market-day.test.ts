/**
 * The browser suite and the server's process tests take bids on India's market day: a run that would reach
 * midnight IST waits for the new day (build/jest/market-day.js), from 23:40 until 00:03, and starts at once
 * at any other time.
 */
const { secondsToNewDay } = require('../../build/jest/market-day.js') as { secondsToNewDay: (s: number) => number };

const at = (h: number, m: number, s = 0) => h * 3600 + m * 60 + s;

test('a run waits from 23:40 IST until 00:03, and starts at once outside that window', () => {
  expect(secondsToNewDay(at(12, 0))).toBe(0);
  expect(secondsToNewDay(at(23, 39, 59))).toBe(0);
  expect(secondsToNewDay(at(23, 40))).toBe(23 * 60);
  expect(secondsToNewDay(at(23, 59, 59))).toBe(181);
  expect(secondsToNewDay(at(0, 0))).toBe(180);
  expect(secondsToNewDay(at(0, 2, 59))).toBe(1);
  expect(secondsToNewDay(at(0, 3))).toBe(0);
});
