import {
  ALL_PANAS,
  DOUBLE_PANAS,
  JODIS,
  SINGLE_DIGITS,
  SINGLE_PANAS,
  SPDPTP_TABLE,
  STARLINE_SHORT_SINGLE_PANAS,
  TRIPLE_PANAS,
  isPanaOrdered,
  panaDigit,
  panaKind,
  toPana,
} from '../index';

// Independent oracle: walk digit weights 1..10 (10 stands for 0) in non-decreasing order.
const W = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const ch = (w: number) => String(w % 10);
const oracle: Record<'SP' | 'DP' | 'TP', string[]> = { SP: [], DP: [], TP: [] };
for (const a of W)
  for (const b of W)
    for (const c of W) {
      if (a > b || b > c) continue;
      const p = ch(a) + ch(b) + ch(c);
      const kind = a === c ? 'TP' : a === b || b === c ? 'DP' : 'SP';
      oracle[kind].push(p);
    }
const sorted = (xs: readonly string[]) => [...xs].sort();

describe('tables', () => {
  test('counts', () => {
    expect(SINGLE_DIGITS).toHaveLength(10);
    expect(JODIS).toHaveLength(100);
    expect(SINGLE_PANAS).toHaveLength(120);
    expect(DOUBLE_PANAS).toHaveLength(90);
    expect(TRIPLE_PANAS).toHaveLength(10);
    expect(ALL_PANAS).toHaveLength(220);
    expect(new Set(ALL_PANAS).size).toBe(220);
  });

  test('contents equal the brute-force oracle, each list ascending', () => {
    expect(sorted(SINGLE_PANAS)).toEqual(sorted(oracle.SP));
    expect(sorted(DOUBLE_PANAS)).toEqual(sorted(oracle.DP));
    expect(sorted(TRIPLE_PANAS)).toEqual(sorted(oracle.TP));
    for (const list of [SINGLE_PANAS, DOUBLE_PANAS, TRIPLE_PANAS, ALL_PANAS, JODIS])
      expect([...list]).toEqual(sorted(list));
    expect(sorted(ALL_PANAS)).toEqual(sorted([...SINGLE_PANAS, ...DOUBLE_PANAS, ...TRIPLE_PANAS]));
  });

  test('ends and landmarks of each list', () => {
    expect(SINGLE_DIGITS).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect([JODIS[0], JODIS[99]]).toEqual(['00', '99']);
    expect([SINGLE_PANAS[0], SINGLE_PANAS[119]]).toEqual(['120', '890']);
    expect([DOUBLE_PANAS[0], DOUBLE_PANAS[89]]).toEqual(['100', '990']);
    expect(TRIPLE_PANAS).toEqual(['000', '111', '222', '333', '444', '555', '666', '777', '888', '999']);
    expect(SINGLE_PANAS).toEqual(expect.arrayContaining(['120', '130', '890', '190', '678']));
    for (const bad of ['012', '021', '102', '201', '210', '001', '010', '321', '998'])
      expect(ALL_PANAS).not.toContain(bad);
  });

  test('tables are frozen', () => {
    expect(Object.isFrozen(SINGLE_PANAS)).toBe(true);
    expect(Object.isFrozen(SPDPTP_TABLE['5'].SP)).toBe(true);
  });

  test('starline short list is a subset of the full single-pana list', () => {
    expect(STARLINE_SHORT_SINGLE_PANAS).toEqual([
      '120',
      '123',
      '124',
      '125',
      '126',
      '127',
      '128',
      '129',
      '130',
      '134',
      '135',
    ]);
    for (const p of STARLINE_SHORT_SINGLE_PANAS) expect(SINGLE_PANAS).toContain(p);
  });
});

describe('pana helpers', () => {
  test('panaDigit is the digit sum mod 10', () => {
    expect(panaDigit('123')).toBe('6');
    expect(panaDigit('890')).toBe('7');
    expect(panaDigit('999')).toBe('7');
    expect(panaDigit('000')).toBe('0');
    expect(panaDigit('468')).toBe('8');
    expect(panaDigit('abc')).toBe('');
    expect(panaDigit('')).toBe('');
  });

  test('panaKind for every 3-character digit string', () => {
    for (let n = 0; n < 1000; n++) {
      const s = String(n).padStart(3, '0');
      const want = oracle.SP.includes(s) ? 'SP' : oracle.DP.includes(s) ? 'DP' : oracle.TP.includes(s) ? 'TP' : null;
      expect(panaKind(s)).toBe(want);
    }
    for (const bad of ['', '12', '1234', 'abc', ' 123', '12a']) expect(panaKind(bad)).toBeNull();
  });

  test('isPanaOrdered and toPana', () => {
    expect(isPanaOrdered('120')).toBe(true);
    expect(isPanaOrdered('012')).toBe(false);
    expect(isPanaOrdered('12')).toBe(false);
    expect(toPana(['0', '2', '1'])).toBe('120');
    expect(toPana(['0', '0', '5'])).toBe('500');
  });
});

describe('SP DP TP table', () => {
  test.each(SINGLE_DIGITS)('ank %s: 12 SP, 9 DP, 1 TP, exactly the panas of that ank', (d) => {
    const { SP, DP, TP } = SPDPTP_TABLE[d];
    expect([SP.length, DP.length, TP.length]).toEqual([12, 9, 1]);
    expect(sorted(SP)).toEqual(oracle.SP.filter((p) => (+p[0] + +p[1] + +p[2]) % 10 === +d).sort());
    expect(sorted(DP)).toEqual(oracle.DP.filter((p) => (+p[0] + +p[1] + +p[2]) % 10 === +d).sort());
    expect(TP).toEqual(oracle.TP.filter((p) => (3 * +p[0]) % 10 === +d));
  });

  test('known chart rows', () => {
    expect(SPDPTP_TABLE['0'].SP).toEqual([
      '127',
      '136',
      '145',
      '190',
      '235',
      '280',
      '370',
      '389',
      '460',
      '479',
      '569',
      '578',
    ]);
    expect(SPDPTP_TABLE['0'].DP).toEqual(['118', '226', '244', '299', '334', '488', '550', '668', '677']);
    expect(SPDPTP_TABLE['0'].TP).toEqual(['000']);
    expect(SPDPTP_TABLE['1'].TP).toEqual(['777']);
    expect(SPDPTP_TABLE['1'].SP).toEqual([
      '128',
      '137',
      '146',
      '236',
      '245',
      '290',
      '380',
      '470',
      '489',
      '560',
      '579',
      '678',
    ]);
  });
});
