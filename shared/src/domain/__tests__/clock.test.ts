import {
  allowedSessions,
  inWithdrawWindow,
  isCloseSessionAllowed,
  isOpenSessionAllowed,
  kolkataDateParts,
  minutesOfDay,
  parseTime12,
  zonedDateParts,
} from '../index';

/** A Date at hh:mm:ss Kolkata time on 22 Nov 2026 (IST = UTC+5:30). */
const ist = (h: number, m: number, s = 0) => new Date(Date.UTC(2026, 10, 22, h, m, s) - 330 * 60_000);

describe('parseTime12', () => {
  test.each([
    ['03:45 PM', 945],
    ['3:45 PM', 945],
    ['03:45 pm', 945],
    ['03:45PM', 945],
    ['12:00 AM', 0],
    ['12:59 AM', 59],
    ['01:00 AM', 60],
    ['11:59 AM', 719],
    ['12:00 PM', 720],
    ['12:30 PM', 750],
    ['11:59 PM', 1439],
    ['15:45', 945],
    ['00:00', 0],
    ['23:59', 1439],
    ['09:05', 545],
    ['15:45:30', 945],
    [' 10:00 AM ', 600],
  ])('%p -> %p', (t, m) => expect(parseTime12(t)).toBe(m));

  test.each(['', '3 PM', '13:00 PM', '00:30 AM', '24:00', '10:60', '10:5', 'ab:cd', '10:00 XM', '-1:00', '100:00'])(
    '%p -> null',
    (t) => expect(parseTime12(t)).toBeNull(),
  );
  test('non-strings', () => expect(parseTime12(undefined as unknown as string)).toBeNull());
});

describe('wall clock in a zone', () => {
  test('Asia/Kolkata parts and minutes', () => {
    expect(kolkataDateParts(ist(15, 44))).toEqual({ year: 2026, month: 11, day: 22, hour: 15, minute: 44, weekday: 0 });
    expect(minutesOfDay(ist(0, 0))).toBe(0);
    expect(minutesOfDay(ist(23, 59, 59))).toBe(1439);
    expect(kolkataDateParts(new Date(Date.UTC(2026, 10, 22, 18, 30)))).toMatchObject({
      day: 23,
      hour: 0,
      minute: 0,
      weekday: 1,
    });
  });
  test('other zones and fallbacks', () => {
    const d = new Date(Date.UTC(2026, 10, 22, 10, 0));
    expect(minutesOfDay(d, 'UTC')).toBe(600);
    expect(minutesOfDay(d, 'America/New_York')).toBe(300);
    expect(minutesOfDay(d, 'Not/AZone')).toBe(930); // falls back to Asia/Kolkata
    expect(minutesOfDay(new Date('nope'))).toBeNaN();
    expect(zonedDateParts(new Date('nope')).year).toBeNaN();
  });
});

describe('session rule at the minute boundaries (open 03:45 PM)', () => {
  test.each([
    [ist(15, 43, 59), true],
    [ist(15, 44, 0), true],
    [ist(15, 44, 59), true],
    [ist(15, 45, 0), false],
    [ist(15, 45, 59), false],
    [ist(15, 46, 0), false],
    [ist(0, 0), true],
    [ist(23, 59), false],
  ])('%p open allowed: %p', (now, open) => {
    expect(isOpenSessionAllowed('03:45 PM', now)).toBe(open);
    expect(isCloseSessionAllowed('03:45 PM', now)).toBe(open);
    expect(allowedSessions('single_digit', '03:45 PM', now)).toEqual(open ? ['Open', 'Close'] : ['Close']);
    expect(allowedSessions('single_pana', '15:45', now)).toEqual(open ? ['Open', 'Close'] : ['Close']);
    expect(allowedSessions('jodi_digit', '03:45 PM', now)).toEqual(open ? ['Close'] : []);
    expect(allowedSessions('half_sangam', '03:45 PM', now)).toEqual(open ? ['Open', 'Close'] : []);
    expect(allowedSessions('full_sangam', '03:45 PM', now)).toEqual(open ? ['Open'] : []);
    expect(allowedSessions('starline_single_pana', '03:45 PM', now)).toEqual(open ? ['Open'] : []);
    expect(allowedSessions('gali_jodi_digit', '03:45 PM', now)).toEqual(open ? ['Open'] : []);
  });

  test('the device zone is honoured', () => {
    const now = new Date(Date.UTC(2026, 10, 22, 10, 14)); // 10:14 UTC = 15:44 IST
    expect(isOpenSessionAllowed('03:45 PM', now)).toBe(true);
    expect(isOpenSessionAllowed('03:45 PM', now, 'UTC')).toBe(true);
    expect(isOpenSessionAllowed('10:14 AM', now, 'UTC')).toBe(false);
    expect(isOpenSessionAllowed('10:15 AM', now, 'UTC')).toBe(true);
  });

  test('invalid times or dates never open', () => {
    expect(isOpenSessionAllowed('nope', ist(1, 0))).toBe(false);
    expect(allowedSessions('jodi_digit', 'nope', ist(1, 0))).toEqual([]);
    expect(allowedSessions('gali_jodi_digit', '25:00', ist(1, 0))).toEqual([]);
    expect(isOpenSessionAllowed('03:45 PM', new Date('x'))).toBe(false);
    expect(allowedSessions('single_digit', 'nope', ist(1, 0))).toEqual(['Close']);
    expect(allowedSessions('bogus' as 'single_digit', '03:45 PM', ist(1, 0))).toEqual([]);
  });
});

describe('withdraw window (inclusive)', () => {
  test.each([
    [ist(9, 59, 59), false],
    [ist(10, 0), true],
    [ist(12, 0), true],
    [ist(18, 0, 59), true],
    [ist(18, 1), false],
  ])('10:00 AM to 06:00 PM at %p: %p', (now, inside) =>
    expect(inWithdrawWindow('10:00 AM', '06:00 PM', now)).toBe(inside),
  );
  test('wraps past midnight, rejects invalid', () => {
    expect(inWithdrawWindow('10:00 PM', '02:00 AM', ist(23, 0))).toBe(true);
    expect(inWithdrawWindow('10:00 PM', '02:00 AM', ist(1, 0))).toBe(true);
    expect(inWithdrawWindow('10:00 PM', '02:00 AM', ist(12, 0))).toBe(false);
    expect(inWithdrawWindow('x', '02:00 AM', ist(1, 0))).toBe(false);
    expect(inWithdrawWindow('10:00 AM', '10:00 AM', ist(10, 0, 30))).toBe(true);
  });
});
