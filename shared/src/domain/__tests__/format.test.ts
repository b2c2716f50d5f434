import {
  NO_RESULT_TEXT,
  PHONE_RE,
  POINTS_LABEL,
  contactNumber,
  formatPoints,
  displayUsername,
  formatBidDate,
  formatHistoryDate,
  formatRate,
  isValidPhone,
  marketResultText,
  parseBidDate,
  parseHistoryDate,
  whatsappLink,
} from '../index';
import { isoDateText, parseIsoDate, webLink } from '../index';

describe('dates', () => {
  const d = new Date(Date.UTC(2026, 10, 22, 6, 0)); // 11:30 IST
  test('bid date day-MonthName-year', () => {
    expect(formatBidDate(d)).toBe('22-November-2026');
    expect(formatBidDate(new Date(Date.UTC(2026, 2, 4, 20, 0)))).toBe('5-March-2026'); // already the 5th in Kolkata
    expect(formatBidDate(new Date(Date.UTC(2026, 2, 4, 20, 0)), 'UTC')).toBe('4-March-2026');
    expect(formatBidDate(new Date('bad'))).toBe('');
    const months = Array.from(
      { length: 12 },
      (_, m) => formatBidDate(new Date(Date.UTC(2026, m, 15, 6))).split('-')[1],
    );
    expect(months).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
  });
  test('history date month/day/year, zero padded', () => {
    expect(formatHistoryDate(d)).toBe('11/22/2026');
    expect(formatHistoryDate(new Date(Date.UTC(2026, 0, 5, 6)))).toBe('01/05/2026');
    expect(formatHistoryDate(new Date(Date.UTC(2025, 11, 31, 19, 0)))).toBe('01/01/2026');
    expect(formatHistoryDate(new Date(NaN))).toBe('');
  });
  test('parseHistoryDate', () => {
    expect(parseHistoryDate('11/22/2026')).toEqual({ year: 2026, month: 11, day: 22 });
    expect(parseHistoryDate('1/5/2026')).toEqual({ year: 2026, month: 1, day: 5 });
    expect(parseHistoryDate('02/29/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of [
      '02/29/2026',
      '13/01/2026',
      '00/10/2026',
      '11/31/2026',
      '22/11/2026',
      '2026-11-22',
      '11/22/26',
      '',
      'x',
    ])
      expect(parseHistoryDate(bad)).toBeNull();
    expect(parseHistoryDate(undefined as unknown as string)).toBeNull();
  });
  test('parseBidDate round-trips', () => {
    expect(parseBidDate('22-November-2026')).toEqual({ year: 2026, month: 11, day: 22 });
    expect(parseBidDate('05-march-2026')).toEqual({ year: 2026, month: 3, day: 5 });
    for (const bad of ['31-April-2026', '22-Nov-2026', '22-November-26', '22 November 2026', '0-May-2026', ''])
      expect(parseBidDate(bad)).toBeNull();
    for (let day = 0; day < 366; day += 7) {
      const date = new Date(Date.UTC(2028, 0, 1 + day, 6));
      const [y, m, dd] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
      expect(parseBidDate(formatBidDate(date))).toEqual({ year: y, month: m, day: dd });
      expect(parseHistoryDate(formatHistoryDate(date))).toEqual({ year: y, month: m, day: dd });
    }
  });
});

describe('market result text', () => {
  test.each([
    [{}, '***-**-***'],
    [{ open_result: null, close_result: '468' }, '***-**-***'],
    [{ open_result: '' }, '***-**-***'],
    [{ open_result: '123' }, '123-6*-***'],
    [{ open_result: '123', close_result: null }, '123-6*-***'],
    [{ open_result: '123', close_result: '468' }, '123-68-468'],
    [{ open_result: '123-6', close_result: '468' }, '123-68-468'],
    [{ open_result: '000', close_result: '999' }, '000-07-999'],
    [{ open_result: 'abc', close_result: '468' }, '***-**-***'],
  ])('%j -> %s', (m, text) => expect(marketResultText(m)).toBe(text));
  test('constant', () => expect(NO_RESULT_TEXT).toBe('***-**-***'));
});

describe('phones, names, rates', () => {
  test('phone pattern', () => {
    expect(PHONE_RE.source).toBe('^[6-9]\\d{9}$');
    for (const ok of ['9876543210', '6000000000', '7999999999']) expect(isValidPhone(ok)).toBe(true);
    for (const bad of ['5876543210', '987654321', '98765432100', '+919876543210', '98765 43210', '', 'abcdefghij'])
      expect(isValidPhone(bad)).toBe(false);
    expect(isValidPhone(9876543210 as unknown as string)).toBe(false);
  });
  test('contact number and WhatsApp link', () => {
    expect(contactNumber('9876543210')).toBe('+919876543210');
    expect(contactNumber('+919876543210')).toBe('+919876543210');
    expect(contactNumber('12345')).toBe('12345');
    expect(whatsappLink('9876543210')).toBe('https://wa.me/919876543210');
    expect(whatsappLink('+91 98765 43210')).toBe('https://wa.me/919876543210');
    expect(whatsappLink('9876543210', 'Hi there & co')).toBe('https://wa.me/919876543210?text=Hi%20there%20%26%20co');
  });
  test('username display', () => {
    expect(displayUsername('abcdefghijklmnop')).toBe('abcdefghij...');
    expect(displayUsername('Ram')).toBe('Ram...');
    expect(displayUsername('')).toBe('...');
    expect(displayUsername(undefined as unknown as string)).toBe('...');
  });
  test('rate and points label', () => {
    expect(formatRate(10, 95)).toBe('10-95');
    expect(formatRate('10', '1000')).toBe('10-1000');
    expect(POINTS_LABEL).toBe('pts');
  });
});

describe('formatPoints: Indian digit grouping everywhere', () => {
  test.each([
    [153775, '1,53,775'],
    ['153775', '1,53,775'],
    ['10000000', '1,00,00,000'],
    ['+1500', '+1,500'],
    ['-700', '-700'],
    [950, '950'],
    ['0', '0'],
    [null, '0'],
    [undefined, '0'],
    ['', '0'],
    ['n/a', 'n/a'],
  ])('%p -> %p', (v, shown) => {
    expect(formatPoints(v)).toBe(shown);
  });
});

describe('webLink: the one rule for links that may be opened or stored', () => {
  test('http and https URLs, trimmed', () => {
    expect(webLink(' https://bank.example/receipt/77 ')).toBe('https://bank.example/receipt/77');
    expect(webLink('http://video.example/v?x=1')).toBe('http://video.example/v?x=1');
    expect(webLink('HTTPS://A.EXAMPLE')).toBe('HTTPS://A.EXAMPLE');
  });
  test('anything else is null', () => {
    for (const bad of [
      'javascript:alert(1)',
      'ftp://x.example',
      '//x.example',
      'https://',
      'https://a b',
      'not a link',
      '',
      null,
      5,
    ])
      expect(webLink(bad)).toBeNull();
    expect(webLink('https://x.example/"onmouseover="x')).toBeNull();
  });
});

describe('parseIsoDate', () => {
  test('a real YYYY-MM-DD day, else null', () => {
    expect(parseIsoDate('2026-03-10')).toEqual({ year: 2026, month: 3, day: 10 });
    expect(isoDateText({ year: 2026, month: 3, day: 5 })).toBe('2026-03-05');
    for (const bad of ['2026-02-30', '2026-3-10', '10/03/2026', '', '2026-13-01']) expect(parseIsoDate(bad)).toBeNull();
  });
});
