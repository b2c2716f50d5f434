import {
  BET_TYPE_IDS,
  betTypeById,
  galiBidOutcome,
  parseRate,
  payout,
  rateFromRecord,
  rateKeyForRow,
  regularBidOutcome,
  settlementType,
  starlineBidOutcome,
  type BetTypeId,
  type Session,
} from '../index';

describe('payout: floor(points x val_2 / val_1)', () => {
  test.each([
    [10, { val_1: 10, val_2: 95 }, 95],
    [15, { val_1: 10, val_2: 95 }, 142], // 142.5 rounded down
    [11, { val_1: '10', val_2: '95' }, 104], // 104.5
    [100, { val_1: 10, val_2: 1400 }, 14000],
    [10, { val_1: 1, val_2: 9.5 }, 95],
    [3, { val_1: 1, val_2: 0.1 }, 0], // 0.30000000000000004 -> 0
    [30, { val_1: 1, val_2: 0.1 }, 3], // 2.9999999999999996 without the epsilon
    [10_000_000, { val_1: 10, val_2: 100000 }, 100_000_000_000],
  ])('%p points at %j -> %p', (points, rate, want) => expect(payout(points, rate)).toBe(want));

  test.each([
    [{ val_1: 0, val_2: 95 }],
    [{ val_1: -10, val_2: 95 }],
    [{ val_1: 10, val_2: -1 }],
    [{ val_1: 'x', val_2: 95 }],
    [{ val_1: '', val_2: 95 }],
    [null],
    [{ val_1: 10, val_2: Infinity }],
  ])('bad rate %j pays 0', (rate) => expect(payout(10, rate as never)).toBe(0));
  test('bad points pay 0', () => {
    for (const p of [NaN, -10, Infinity]) expect(payout(p, { val_1: 10, val_2: 95 })).toBe(0);
  });
  test('parseRate and rateFromRecord', () => {
    expect(parseRate('10-95')).toEqual({ val_1: 10, val_2: 95 });
    expect(parseRate(' 1 - 9.5 ')).toEqual({ val_1: 1, val_2: 9.5 });
    expect(parseRate('10')).toBeNull();
    expect(parseRate('a-b')).toBeNull();
    const rec = {
      single_digit_val_1: '10',
      single_digit_val_2: '95',
      tripple_pana_val_1: 10,
      tripple_pana_val_2: 7000,
    };
    expect(rateFromRecord(rec, 'single_digit')).toEqual({ val_1: '10', val_2: '95' });
    expect(rateFromRecord(rec, 'tripple_pana')).toEqual({ val_1: 10, val_2: 7000 });
    expect(rateFromRecord(rec, 'jodi_digit')).toBeNull();
    expect(rateFromRecord(null, 'jodi_digit')).toBeNull();
  });
  test('rate key of every row', () => {
    expect(settlementType('sp_motor', '123')).toBe('single_pana');
    expect(settlementType('dp_motor', '112')).toBe('double_pana');
    expect(settlementType('sp_dp_tp', '123')).toBe('single_pana');
    expect(settlementType('sp_dp_tp', '112')).toBe('double_pana');
    expect(settlementType('sp_dp_tp', '777')).toBe('triple_pana');
    const keys = Object.fromEntries(BET_TYPE_IDS.map((id) => [id, rateKeyForRow(id, '777')]));
    expect(keys).toEqual({
      single_digit: 'single_digit',
      jodi_digit: 'jodi_digit',
      single_pana: 'single_pana',
      double_pana: 'double_pana',
      triple_pana: 'tripple_pana',
      half_sangam: 'half_sangam',
      full_sangam: 'full_sangam',
      sp_dp_tp: 'tripple_pana',
      sp_motor: 'single_pana',
      dp_motor: 'double_pana',
      starline_single_digit: 'single_digit',
      starline_single_pana: 'single_pana',
      starline_double_pana: 'double_pana',
      starline_triple_pana: 'tripple_pana',
      gali_left_digit: 'single_digit',
      gali_right_digit: 'single_pana',
      gali_jodi_digit: 'double_pana',
    });
  });
});

describe('regular outcomes: open 123 (digit 6), close 468 (digit 8), result 123-68-468', () => {
  const both = { openPana: '123', closePana: '468' };
  const openOnly = { openPana: '123', closePana: null };
  const none = {};
  const o = (betType: BetTypeId, session: Session, digits: string, closedigits = '') => ({
    betType,
    session,
    digits,
    closedigits,
  });

  // [bid, outcome with nothing declared, with the open pana only, with both]
  test.each([
    [o('single_digit', 'Open', '6'), 'pending', 'win', 'win'],
    [o('single_digit', 'Open', '5'), 'pending', 'lose', 'lose'],
    [o('single_digit', 'Close', '8'), 'pending', 'pending', 'win'],
    [o('single_digit', 'Close', '6'), 'pending', 'pending', 'lose'],
    [o('jodi_digit', 'Close', '68'), 'pending', 'pending', 'win'],
    [o('jodi_digit', 'Close', '86'), 'pending', 'lose', 'lose'],
    [o('jodi_digit', 'Close', '67'), 'pending', 'pending', 'lose'],
    [o('single_pana', 'Open', '123'), 'pending', 'win', 'win'],
    [o('single_pana', 'Close', '468'), 'pending', 'pending', 'win'],
    [o('single_pana', 'Close', '123'), 'pending', 'pending', 'lose'],
    [o('double_pana', 'Open', '112'), 'pending', 'lose', 'lose'],
    [o('triple_pana', 'Close', '777'), 'pending', 'pending', 'lose'],
    [o('sp_motor', 'Open', '123'), 'pending', 'win', 'win'],
    [o('sp_dp_tp', 'Close', '468'), 'pending', 'pending', 'win'],
    [o('dp_motor', 'Close', '446'), 'pending', 'pending', 'lose'],
    [o('half_sangam', 'Open', '6', '468'), 'pending', 'pending', 'win'],
    [o('half_sangam', 'Open', '5', '468'), 'pending', 'lose', 'lose'],
    [o('half_sangam', 'Open', '6', '478'), 'pending', 'pending', 'lose'],
    [o('half_sangam', 'Open', '123', '8'), 'pending', 'pending', 'win'],
    [o('half_sangam', 'Open', '124', '8'), 'pending', 'lose', 'lose'],
    [o('half_sangam', 'Open', '123', '7'), 'pending', 'pending', 'lose'],
    [o('full_sangam', 'Open', '123', '468'), 'pending', 'pending', 'win'],
    [o('full_sangam', 'Open', '123', '469'), 'pending', 'pending', 'lose'],
    [o('full_sangam', 'Open', '132', '468'), 'pending', 'lose', 'lose'],
    [o('starline_single_digit', 'Open', '6'), 'pending', 'pending', 'pending'],
  ])('%j: %s / %s / %s', (bid, n, open, full) => {
    expect(regularBidOutcome(bid, none)).toBe(n);
    expect(regularBidOutcome(bid, openOnly)).toBe(open);
    expect(regularBidOutcome(bid, both)).toBe(full);
  });

  test('invalid declared panas count as not declared', () => {
    expect(regularBidOutcome(o('single_digit', 'Open', '6'), { openPana: '321' })).toBe('pending');
    expect(regularBidOutcome(o('single_digit', 'Open', '6'), null as never)).toBe('pending');
  });

  test('hand-worked settlement with rates', () => {
    const rates = {
      single_digit: { val_1: 10, val_2: 95 },
      jodi_digit: { val_1: 10, val_2: 950 },
      full_sangam: { val_1: 10, val_2: 100000 },
    };
    expect(regularBidOutcome(o('single_digit', 'Open', '6'), both) === 'win' ? payout(50, rates.single_digit) : 0).toBe(
      475,
    );
    expect(regularBidOutcome(o('jodi_digit', 'Close', '68'), both) === 'win' ? payout(25, rates.jodi_digit) : 0).toBe(
      2375,
    );
    expect(
      regularBidOutcome(o('full_sangam', 'Open', '123', '468'), both) === 'win' ? payout(10, rates.full_sangam) : 0,
    ).toBe(100000);
  });
});

describe('regular outcomes only firm up as a result is completed', () => {
  // A settlement takes back wins only when a declared part changes (a correction): adding the Close
  // result to the Open one settles the bids it decides and leaves every bid the Open result decided as it
  // was (settlement-jobs: a job's loss pass). This holds for every regular bet type and both sessions.
  const panas = ['123', '128', '137', '146', '468', '490', '112', '550', '000', '777', '236', '589'];
  const digits = '0123456789'.split('');
  const ids = BET_TYPE_IDS.filter((id) => betTypeById(id)?.family === 'regular');
  const bids: { betType: BetTypeId; session: Session; digits: string; closedigits: string }[] = [];
  for (const betType of ids)
    for (const session of ['Open', 'Close'] as const) {
      for (const d of [...digits, ...panas]) bids.push({ betType, session, digits: d, closedigits: '' });
      for (const a of digits) for (const b of digits) bids.push({ betType, session, digits: a + b, closedigits: '' });
      for (const p of panas) {
        for (const d of digits) {
          bids.push({ betType, session, digits: d, closedigits: p });
          bids.push({ betType, session, digits: p, closedigits: d });
        }
        for (const q of panas) bids.push({ betType, session, digits: p, closedigits: q });
      }
    }

  test.each(ids)('%s: an outcome decided by the Open result stays with the Close result added', (betType) => {
    const decided = { win: 0, lose: 0 };
    const changed: object[] = [];
    for (const bid of bids.filter((b) => b.betType === betType))
      for (const open of panas) {
        const early = regularBidOutcome(bid, { openPana: open, closePana: null });
        if (early === 'pending') continue;
        decided[early]++;
        for (const close of panas) {
          const full = regularBidOutcome(bid, { openPana: open, closePana: close });
          if (full !== early) changed.push({ ...bid, open, close, early, full });
        }
      }
    expect(changed).toEqual([]);
    // every type's Open bids are decided by the Open result
    expect(decided.lose).toBeGreaterThan(0);
  });

  test('bids of every kind win on the Open result alone', () => {
    const wins = new Set<string>();
    for (const bid of bids)
      for (const open of panas)
        if (regularBidOutcome(bid, { openPana: open, closePana: null }) === 'win') wins.add(bid.betType);
    expect([...wins].sort()).toEqual(
      expect.arrayContaining(['single_digit', 'single_pana', 'double_pana', 'triple_pana']),
    );
  });
});

describe('starline outcomes: slot result 280 (digit 0)', () => {
  test.each([
    ['starline_single_digit', '0', 'win'],
    ['starline_single_digit', '2', 'lose'],
    ['starline_single_pana', '280', 'win'],
    ['starline_single_pana', '128', 'lose'],
    ['starline_double_pana', '280', 'lose'],
    ['starline_triple_pana', '280', 'lose'],
    ['single_pana', '280', 'lose'],
  ] as const)('%s %s -> %s', (betType, digits, want) =>
    expect(starlineBidOutcome({ betType, digits }, '280')).toBe(want),
  );
  test('double, triple and bad results', () => {
    expect(starlineBidOutcome({ betType: 'starline_double_pana', digits: '550' }, '550')).toBe('win');
    expect(starlineBidOutcome({ betType: 'starline_triple_pana', digits: '000' }, '000')).toBe('win');
    expect(starlineBidOutcome({ betType: 'starline_single_digit', digits: '0' }, '028')).toBe('lose');
    expect(starlineBidOutcome({ betType: 'starline_single_digit', digits: '0' }, '')).toBe('lose');
  });
});

describe('gali outcomes: result 47', () => {
  test.each([
    ['gali_left_digit', '4', 'win'],
    ['gali_left_digit', '7', 'lose'],
    ['gali_right_digit', '7', 'win'],
    ['gali_right_digit', '4', 'lose'],
    ['gali_jodi_digit', '47', 'win'],
    ['gali_jodi_digit', '74', 'lose'],
    ['jodi_digit', '47', 'lose'],
  ] as const)('%s %s -> %s', (betType, digits, want) => expect(galiBidOutcome({ betType, digits }, '47')).toBe(want));
  test('bad results lose', () => {
    for (const r of ['', '4', '470', 'ab', undefined])
      expect(galiBidOutcome({ betType: 'gali_left_digit', digits: '4' }, r as string)).toBe('lose');
  });
});
