/**
 * The shell's reports of each family's release: batched into beacons that never wait, only for a family
 * whose release is known, never more than the tab's share a minute, and sent when the page is hidden;
 * each with the signed-in player's token, and none before login.
 */
import { writeStoredSession } from '@matka/shared';
import { FLUSH_AFTER_MS, MAX_EVENTS_PER_MINUTE, familyRelease, report } from '../src/federation/health';

const sent: { url: string; events: unknown[] }[] = [];
const tokens: (string | undefined)[] = [];
/** The beacons' bodies still being read. */
const reading: Promise<void>[] = [];

beforeAll(() => {
  writeStoredSession(localStorage, { username: 'Asha', unique_token: 'token-of-asha', mobile: '9876543210' });
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => {
      // (jsdom's Blob has no text(): read it as a browser's FileReader does)
      const reader = new FileReader();
      reading.push(
        new Promise((done) => {
          reader.onload = () => {
            const b = JSON.parse(String(reader.result)) as { events: unknown[]; unique_token?: string };
            sent.push({ url, events: b.events });
            tokens.push(b.unique_token);
            done();
          };
        }),
      );
      reader.readAsText(body);
      return true;
    },
  });
});
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Waits until every beacon sent so far has been read (however long its FileReader takes). */
const settle = async () => {
  jest.useRealTimers();
  await Promise.all(reading.splice(0));
};

test('a batch a few seconds later; a family with no known release is not reported', async () => {
  report('gali', 'view'); // not loaded yet: nothing known of its release
  familyRelease('gali', 'gali-7', 'https://app.example/remotes/gali/v/gali-7/remoteEntry.js');
  familyRelease('regular', undefined, '/remotes/regular/remoteEntry.js'); // a fixed URL: no release
  report('gali', 'view');
  report('gali', 'error');
  report('regular', 'view');
  expect(sent).toEqual([]);
  jest.advanceTimersByTime(FLUSH_AFTER_MS);
  await settle();
  expect(sent).toEqual([
    {
      url: '/telemetry/families',
      events: [
        { family: 'gali', version: 'gali-7', kind: 'view' },
        { family: 'gali', version: 'gali-7', kind: 'error' },
      ],
    },
  ]);
});

test("at most the tab's share a minute; sent at once when the page is hidden; an error in the family's files counts", async () => {
  sent.length = 0;
  window.dispatchEvent(
    new ErrorEvent('error', { filename: 'https://app.example/remotes/gali/v/gali-7/123.abcdef0123.js', message: 'x' }),
  );
  window.dispatchEvent(new ErrorEvent('error', { filename: 'https://app.example/main.js', message: 'shell' }));
  for (let i = 0; i < MAX_EVENTS_PER_MINUTE + 10; i++) report('gali', 'view');
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  await settle();
  // two were counted in the first test within this minute
  expect(sent.flatMap((b) => b.events)).toHaveLength(MAX_EVENTS_PER_MINUTE - 2);
  // the error thrown in the family's own file, not the shell's
  expect(sent.flatMap((b) => b.events).filter((e) => (e as { kind: string }).kind === 'error')).toEqual([
    { family: 'gali', version: 'gali-7', kind: 'error' },
  ]);
});

test("each beacon carries the player's token; before login nothing is sent", async () => {
  await settle();
  expect(new Set(tokens)).toEqual(new Set(['token-of-asha']));
  jest.useFakeTimers();
  sent.length = 0;
  writeStoredSession(localStorage, { username: null, unique_token: null, mobile: null });
  // a new minute: the tab's share is back
  jest.advanceTimersByTime(60_000);
  report('gali', 'view');
  jest.advanceTimersByTime(FLUSH_AFTER_MS);
  await settle();
  expect(sent).toEqual([]);
});
