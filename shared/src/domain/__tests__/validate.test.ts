import {
  BET_TYPE_IDS,
  MSG,
  SINGLE_PANAS,
  balanceMessage,
  parsePoints,
  parseSession,
  validateBid,
  validateRow,
  type BetTypeId,
  type BidInput,
} from '../index';

const bid = (type: BetTypeId, input: Partial<BidInput>) =>
  validateBid(type, { digit: '', points: '10', balance: 1000, session: 'Open', ...input });
// (a composed message also carries its template: `composed`)
const err = (key: string, message: string) => expect.objectContaining({ ok: false, key, message });
const ALL = { SP: true, DP: true, TP: true };

describe('happy paths: one normalised row per bet type', () => {
  const cases: Array<
    [BetTypeId, Partial<BidInput>, { digits: string; closedigits: string; pana: string; session: string }]
  > = [
    [
      'single_digit',
      { digit: '5', session: 'Close' },
      { digits: '5', closedigits: '', pana: 'Single Digit', session: 'Close' },
    ],
    ['jodi_digit', { digit: '07' }, { digits: '07', closedigits: '', pana: 'Jodi Digit', session: 'Close' }],
    ['single_pana', { digit: '120' }, { digits: '120', closedigits: '', pana: 'Single Pana', session: 'Open' }],
    ['double_pana', { digit: '100' }, { digits: '100', closedigits: '', pana: 'Double Pana', session: 'Open' }],
    ['triple_pana', { digit: '000' }, { digits: '000', closedigits: '', pana: 'Triple Pana', session: 'Open' }],
    [
      'half_sangam',
      { digit: '4', closeDigit: '123' },
      { digits: '4', closedigits: '123', pana: 'Half Sangam', session: 'Open' },
    ],
    [
      'half_sangam',
      { digit: '123', closeDigit: '4', halfSangamForm: 'openPanaCloseDigit' },
      { digits: '123', closedigits: '4', pana: 'Half Sangam', session: 'Open' },
    ],
    [
      'full_sangam',
      { digit: '123', closeDigit: '555', session: 'Close' },
      { digits: '123', closedigits: '555', pana: 'Full Sangam', session: 'Open' },
    ],
    [
      'starline_single_digit',
      { digit: '9', session: 'Close' },
      { digits: '9', closedigits: '', pana: 'Single Digit', session: 'Open' },
    ],
    [
      'starline_single_pana',
      { digit: '890' },
      { digits: '890', closedigits: '', pana: 'Single Pana', session: 'Open' },
    ],
    [
      'starline_double_pana',
      { digit: '990' },
      { digits: '990', closedigits: '', pana: 'Double Pana', session: 'Open' },
    ],
    [
      'starline_triple_pana',
      { digit: '999' },
      { digits: '999', closedigits: '', pana: 'Triple Pana', session: 'Open' },
    ],
    ['gali_left_digit', { digit: '0' }, { digits: '0', closedigits: '', pana: 'Left Digit', session: 'Open' }],
    ['gali_right_digit', { digit: '3' }, { digits: '3', closedigits: '', pana: 'Right Digit', session: 'Open' }],
    ['gali_jodi_digit', { digit: '99' }, { digits: '99', closedigits: '', pana: 'Jodi Digit', session: 'Open' }],
  ];
  test.each(cases)('%s %j', (type, input, row) => {
    expect(bid(type, { points: '25', ...input })).toEqual({ ok: true, rows: [{ ...row, points: 25 }], total: 25 });
  });

  test('every allowed single pana passes, and the starline screens take the full list', () => {
    for (const p of SINGLE_PANAS) {
      expect(bid('single_pana', { digit: p }).ok).toBe(true);
      expect(bid('starline_single_pana', { digit: p }).ok).toBe(true);
    }
  });
});

describe('expansions', () => {
  test('SP Motor: one row per pana, total = points x rows', () => {
    const r = bid('sp_motor', { digit: '1234', points: 10 });
    expect(r).toEqual({
      ok: true,
      total: 40,
      rows: ['123', '124', '134', '234'].map((digits) => ({
        digits,
        closedigits: '',
        pana: 'Single Pana',
        points: 10,
        session: 'Open',
      })),
    });
  });
  test('DP Motor rows are Double Pana', () => {
    const r = bid('dp_motor', { digit: '12', points: 15, session: 'Close' });
    expect(r).toEqual({
      ok: true,
      total: 30,
      rows: ['112', '122'].map((digits) => ({
        digits,
        closedigits: '',
        pana: 'Double Pana',
        points: 15,
        session: 'Close',
      })),
    });
  });
  test('SP DP TP: 22 combinations, rows labelled by kind', () => {
    const r = bid('sp_dp_tp', { digit: '0', flags: ALL, points: 10, balance: 220 });
    expect(r.ok && r.rows.length).toBe(22);
    expect(r.ok && r.total).toBe(220);
    expect(r.ok && r.rows.map((x) => x.pana)).toEqual([
      ...Array(12).fill('Single Pana'),
      ...Array(9).fill('Double Pana'),
      'Triple Pana',
    ]);
    expect(bid('sp_dp_tp', { digit: '0', flags: ALL, points: 10, balance: 219 })).toEqual(
      err('point', MSG.insufficient),
    );
  });
  test('expansion errors come before points and use key digit', () => {
    expect(bid('sp_motor', { digit: '12', points: '' })).toEqual(err('digit', 'Digit not valid'));
    expect(bid('dp_motor', { digit: '1', points: '' })).toEqual(err('digit', 'Number 1 is not valid'));
    expect(bid('dp_motor', { digit: '11' })).toEqual(err('digit', MSG.dpMotorPana));
    expect(bid('sp_dp_tp', { digit: '12', flags: ALL })).toEqual(err('digit', 'Number 12 is not valid'));
    expect(bid('sp_dp_tp', { digit: '1' })).toEqual(err('digit', MSG.selectSpDpTp));
  });
  test('motors: Not enough balance! when the total exceeds the balance', () => {
    expect(bid('sp_motor', { digit: '1234', points: 10, balance: 39 })).toEqual(err('point', 'Not enough balance!'));
    expect(bid('sp_motor', { digit: '1234', points: 10, balance: 40 }).ok).toBe(true);
    expect(bid('dp_motor', { digit: '12', points: 10, balance: 19 })).toEqual(err('point', 'Not enough balance!'));
    expect(bid('dp_motor', { digit: '12', points: 10, balance: -5 })).toEqual(err('point', 'Not enough balance!'));
  });
});

describe('messages in spec order: digit, then points, then balance', () => {
  test('empty and invalid digits', () => {
    expect(bid('single_digit', { digit: '', points: '' })).toEqual(err('digit', 'Please enter the number'));
    expect(bid('single_digit', { digit: '12', points: '' })).toEqual(err('digit', 'Number 12 is not valid'));
    expect(bid('jodi_digit', { digit: '7' })).toEqual(err('digit', 'Number 7 is not valid'));
    expect(bid('single_pana', { digit: '012' })).toEqual(err('digit', 'Number 012 is not valid'));
    expect(bid('single_pana', { digit: '100' })).toEqual(err('digit', 'Number 100 is not valid'));
    expect(bid('double_pana', { digit: '123' })).toEqual(err('digit', 'Number 123 is not valid'));
    expect(bid('triple_pana', { digit: '112' })).toEqual(err('digit', 'Number 112 is not valid'));
  });
  test('Full Sangam: open pana key Opendigit, then close pana key digit', () => {
    expect(bid('full_sangam', { digit: '', closeDigit: '' })).toEqual(err('Opendigit', 'Please enter the number'));
    expect(bid('full_sangam', { digit: '012', closeDigit: '' })).toEqual(err('Opendigit', 'Number 012 is not valid'));
    expect(bid('full_sangam', { digit: '123' })).toEqual(err('digit', 'Please enter the number'));
    expect(bid('full_sangam', { digit: '123', closeDigit: '1234' })).toEqual(err('digit', 'Number 1234 is not valid'));
  });
  test('Half Sangam, both forms', () => {
    expect(bid('half_sangam', { digit: '' })).toEqual(err('digit', 'Please enter the number'));
    expect(bid('half_sangam', { digit: '123', closeDigit: '4' })).toEqual(err('digit', 'Number 123 is not valid'));
    expect(bid('half_sangam', { digit: '4' })).toEqual(err('digit', 'Please enter the number'));
    expect(bid('half_sangam', { digit: '4', closeDigit: '5' })).toEqual(err('digit', 'Number 5 is not valid'));
    const b = { halfSangamForm: 'openPanaCloseDigit' as const };
    expect(bid('half_sangam', { ...b, digit: '4', closeDigit: '123' })).toEqual(err('digit', 'Number 4 is not valid'));
    expect(bid('half_sangam', { ...b, digit: '123', closeDigit: '45' })).toEqual(
      err('digit', 'Number 45 is not valid'),
    );
  });
  test('points', () => {
    const p = (points: unknown) => bid('single_digit', { digit: '1', points: points as string });
    expect(p('')).toEqual(err('point', 'Please enter point'));
    expect(p('   ')).toEqual(err('point', 'Please enter point'));
    expect(p(undefined)).toEqual(err('point', 'Please enter point'));
    expect(p(NaN)).toEqual(err('point', 'Please enter point'));
    for (const bad of ['9', 9, '0', '-10', -10, Number.NEGATIVE_INFINITY]) {
      expect(p(bad)).toEqual(err('point', 'Required minimum bid amount is 10'));
    }
    // points are whole: anything else is refused as such, never read as another number
    for (const bad of ['10.5', 10.5, '100.', 'abc', '1e3', '0x10', '10 0', '1,000']) {
      expect(p(bad)).toEqual(err('point', 'Points must be a whole number'));
    }
    for (const huge of ['10000001', 1e8, Number.POSITIVE_INFINITY, '99999999999999999999999']) {
      // above the balance: the spec's balance message comes first
      expect(p(huge)).toEqual(err('point', MSG.insufficient));
      expect(bid('starline_single_digit', { digit: '1', points: huge as string })).toEqual(
        err('point', MSG.insufficientStarline),
      );
      // a balance above the maximum: the maximum still bounds one row
      expect(bid('single_digit', { digit: '1', points: huge as string, balance: Infinity })).toEqual(
        err('point', MSG.maxBid),
      );
    }
    expect(p('10')).toMatchObject({ ok: true, total: 10 });
    expect(p(' 010 ')).toMatchObject({ ok: true, total: 10 });
    expect(bid('single_digit', { digit: '1', points: 10_000_000, balance: 1e9 })).toMatchObject({
      ok: true,
      total: 10_000_000,
    });
  });
  test('balance', () => {
    expect(bid('single_digit', { digit: '1', points: '100', balance: 99 })).toEqual(err('point', MSG.insufficient));
    expect(bid('single_digit', { digit: '1', points: '100', balance: 100 }).ok).toBe(true);
    expect(bid('single_digit', { digit: '1', points: '100', balance: NaN })).toEqual(err('point', MSG.insufficient));
    expect(bid('starline_single_digit', { digit: '1', points: '100', balance: 99 })).toEqual(
      err('point', MSG.insufficientStarline),
    );
    expect(bid('gali_jodi_digit', { digit: '11', points: '100', balance: 0 })).toEqual(err('point', MSG.insufficient));
  });
  test('balance message per type', () => {
    expect(BET_TYPE_IDS.map(balanceMessage).filter((m) => m === MSG.insufficientStarline)).toHaveLength(4);
    expect(balanceMessage('sp_motor')).toBe(MSG.notEnoughBalance);
    expect(balanceMessage('sp_dp_tp')).toBe(MSG.insufficient);
  });
});

describe('garbage never throws', () => {
  const garbage = ['a', ' ', ' 1', '1 ', '1234', '-1', '1.0', '٣', '１', '\n', 'null', '0x1'];
  test.each(BET_TYPE_IDS)('%s rejects garbage digits with a message', (type) => {
    for (const g of garbage) {
      if (g === '1234' && (type === 'sp_motor' || type === 'dp_motor')) continue; // a valid motor entry
      const r = bid(type, { digit: g, closeDigit: g, flags: ALL });
      expect(r.ok).toBe(false);
      expect(typeof (r as { message: string }).message).toBe('string');
    }
  });
  test('non-string, missing, unknown', () => {
    expect(validateBid('nope' as BetTypeId, { digit: '1', points: 10, balance: 100 })).toEqual(
      err('digit', MSG.unknownBetType),
    );
    expect(validateBid('constructor' as BetTypeId, { digit: '1', points: 10, balance: 100 })).toEqual(
      err('digit', MSG.unknownBetType),
    );
    expect(validateBid('single_digit', null as unknown as BidInput)).toEqual(err('digit', MSG.enterNumber));
    expect(bid('single_digit', { digit: 5 as unknown as string })).toEqual(err('digit', 'Number 5 is not valid'));
    expect(bid('single_digit', { digit: null as unknown as string })).toEqual(err('digit', MSG.enterNumber));
    expect(bid('sp_motor', { digit: {} as unknown as string })).toEqual(err('digit', MSG.enterNumber));
    expect(bid('single_digit', { digit: '1', session: 'Later' as 'Open' })).toEqual(err('digit', MSG.selectSession));
    expect(bid('single_digit', { digit: '1', session: undefined })).toEqual(err('digit', MSG.selectSession));
  });
});

describe('validateRow (server, no balance)', () => {
  test('valid rows of every kind', () => {
    expect(validateRow('single_digit', { digits: '3', points: '50', session: 'close' })).toEqual({
      ok: true,
      total: 50,
      rows: [{ digits: '3', closedigits: '', points: 50, session: 'Close', pana: 'Single Digit' }],
    });
    expect(validateRow('sp_motor', { digits: '123', points: 10, session: 'Open' })).toMatchObject({
      ok: true,
      rows: [{ pana: 'Single Pana' }],
    });
    expect(validateRow('dp_motor', { digits: '112', points: 10, session: 'Open' })).toMatchObject({
      ok: true,
      rows: [{ pana: 'Double Pana' }],
    });
    expect(validateRow('sp_dp_tp', { digits: '777', points: 10, session: 'Open' })).toMatchObject({
      ok: true,
      rows: [{ pana: 'Triple Pana' }],
    });
    expect(validateRow('half_sangam', { digits: '4', closedigits: '123', points: 10, session: 'Open' })).toMatchObject({
      ok: true,
    });
    expect(validateRow('half_sangam', { digits: '123', closedigits: '4', points: 10, session: 'Open' })).toMatchObject({
      ok: true,
    });
    expect(validateRow('full_sangam', { digits: '123', closedigits: '000', points: 10 })).toMatchObject({
      ok: true,
      rows: [{ session: 'Open' }],
    });
    expect(validateRow('gali_jodi_digit', { digits: '42', points: 1_000_000 })).toMatchObject({
      ok: true,
      total: 1_000_000,
    });
    expect(validateRow('jodi_digit', { digits: '42', points: 10, session: 'Open' })).toMatchObject({
      ok: true,
      rows: [{ session: 'Close' }],
    });
  });
  test('invalid rows', () => {
    expect(validateRow('sp_motor', { digits: '1234', points: 10, session: 'Open' })).toEqual(
      err('digit', 'Number 1234 is not valid'),
    );
    expect(validateRow('sp_motor', { digits: '112', points: 10, session: 'Open' })).toEqual(
      err('digit', 'Number 112 is not valid'),
    );
    expect(validateRow('dp_motor', { digits: '123', points: 10, session: 'Open' })).toEqual(
      err('digit', 'Number 123 is not valid'),
    );
    expect(validateRow('sp_dp_tp', { digits: '5', points: 10, session: 'Open' })).toEqual(
      err('digit', 'Number 5 is not valid'),
    );
    expect(validateRow('half_sangam', { digits: '12', closedigits: '4', points: 10, session: 'Open' })).toEqual(
      err('digit', 'Number 12 is not valid'),
    );
    expect(validateRow('full_sangam', { digits: '123', points: 10 })).toEqual(err('digit', 'Please enter the number'));
    expect(validateRow('single_digit', { digits: '1', points: 5, session: 'Open' })).toEqual(err('point', MSG.minBid));
    expect(validateRow('single_digit', { digits: '1', points: 10 })).toEqual(err('digit', MSG.selectSession));
    expect(validateRow('single_digit', null as unknown as { digits: string; points: number })).toEqual(
      err('digit', MSG.enterNumber),
    );
  });
});

test('parsePoints and parseSession', () => {
  expect(parsePoints('25')).toEqual({ ok: true, points: 25 });
  expect(parseSession('open')).toBe('Open');
  expect(parseSession('closed')).toBe('Close');
  expect(parseSession(' Close ')).toBe('Close');
  expect(parseSession('x')).toBeNull();
  expect(parseSession(1)).toBeNull();
});
