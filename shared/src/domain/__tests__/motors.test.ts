import { MSG, dpMotor, motorAnswer, spMotor, spdptp } from '../index';

// Oracle, written without the module: all 3-digit strings in pana order (0 counts as 10).
const w = (c: string) => (c === '0' ? 10 : +c);
const allPanas: string[] = [];
for (let n = 0; n < 1000; n++) {
  const s = String(n).padStart(3, '0');
  if (w(s[0]) <= w(s[1]) && w(s[1]) <= w(s[2])) allPanas.push(s);
}
const distinct = (s: string) => new Set(s).size;
const from = (input: string, p: string) => [...p].every((c) => input.includes(c));
const spOracle = (input: string) => allPanas.filter((p) => distinct(p) === 3 && from(input, p));
const dpOracle = (input: string) => allPanas.filter((p) => distinct(p) === 2 && from(input, p));

const SAMPLES = [
  '123',
  '1234',
  '0123',
  '120',
  '13579',
  '24680',
  '0987654321',
  '9876',
  '1123',
  '5550',
  '112',
  '90',
  '12',
  '11',
  '00',
  '4477',
];

describe('SP Motor', () => {
  test.each(SAMPLES.filter((s) => s.length >= 3 && distinct(s) >= 3))('%s equals the oracle', (input) => {
    expect(spMotor(input)).toEqual({ ok: true, panas: spOracle(input) });
  });

  test('row counts: C(n,3) for n distinct digits', () => {
    expect((spMotor('123') as { panas: string[] }).panas).toEqual(['123']);
    expect((spMotor('1234') as { panas: string[] }).panas).toEqual(['123', '124', '134', '234']);
    expect((spMotor('0123') as { panas: string[] }).panas).toEqual(['120', '123', '130', '230']);
    expect((spMotor('0123456789') as { panas: string[] }).panas).toHaveLength(120);
  });

  test('no zero in the first two positions', () => {
    const r = spMotor('0987654321');
    expect(r.ok && r.panas.every((p) => p[0] !== '0' && p[1] !== '0')).toBe(true);
  });

  test('errors', () => {
    expect(spMotor('')).toEqual({ ok: false, message: MSG.enterNumber });
    expect(spMotor('1')).toEqual({ ok: false, message: 'Digit not valid' });
    expect(spMotor('12')).toEqual({ ok: false, message: 'Digit not valid' });
    expect(spMotor('112')).toEqual({ ok: false, message: 'Digit not valid' });
    expect(spMotor('12a')).toEqual({ ok: false, message: 'Number 12a is not valid' });
    expect(spMotor('1 23')).toEqual({ ok: false, message: 'Number 1 23 is not valid' });
    expect(spMotor('-123')).toEqual({ ok: false, message: 'Number -123 is not valid' });
    expect(spMotor('12345678901')).toEqual({ ok: false, message: 'Number 12345678901 is not valid' });
    expect(spMotor(undefined as unknown as string)).toEqual({ ok: false, message: MSG.enterNumber });
  });
});

describe('DP Motor', () => {
  test.each(SAMPLES.filter((s) => s.length >= 2 && distinct(s) >= 2))('%s equals the oracle', (input) => {
    expect(dpMotor(input)).toEqual({ ok: true, panas: dpOracle(input) });
  });

  test('pairs give both a-a-b and a-b-b', () => {
    expect((dpMotor('12') as { panas: string[] }).panas).toEqual(['112', '122']);
    expect((dpMotor('10') as { panas: string[] }).panas).toEqual(['100', '110']);
    expect((dpMotor('123') as { panas: string[] }).panas).toEqual(['112', '113', '122', '133', '223', '233']);
    expect((dpMotor('0123456789') as { panas: string[] }).panas).toHaveLength(90);
  });

  test('errors', () => {
    expect(dpMotor('')).toEqual({ ok: false, message: MSG.enterNumber });
    expect(dpMotor('1')).toEqual({ ok: false, message: 'Number 1 is not valid' });
    expect(dpMotor('11')).toEqual({ ok: false, message: 'Please enter a valid Pana (at least 2 digits)' });
    expect(dpMotor('777')).toEqual({ ok: false, message: 'Please enter a valid Pana (at least 2 digits)' });
    expect(dpMotor('1x')).toEqual({ ok: false, message: 'Number 1x is not valid' });
    expect(dpMotor('1.5')).toEqual({ ok: false, message: 'Number 1.5 is not valid' });
  });
});

describe('SP DP TP', () => {
  const none = { SP: false, DP: false, TP: false };
  test.each(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])(
    'digit %s: SP then DP then TP, each of that ank',
    (d) => {
      const ank = (p: string) => String((+p[0] + +p[1] + +p[2]) % 10);
      const sp = allPanas.filter((p) => distinct(p) === 3 && ank(p) === d);
      const dp = allPanas.filter((p) => distinct(p) === 2 && ank(p) === d);
      const tp = allPanas.filter((p) => distinct(p) === 1 && ank(p) === d);
      expect(spdptp(d, { SP: true, DP: true, TP: true })).toEqual({ ok: true, panas: [...sp, ...dp, ...tp] });
      expect(spdptp(d, { ...none, SP: true })).toEqual({ ok: true, panas: sp });
      expect(spdptp(d, { ...none, DP: true })).toEqual({ ok: true, panas: dp });
      expect(spdptp(d, { ...none, TP: true })).toEqual({ ok: true, panas: tp });
      expect(spdptp(d, { SP: false, DP: true, TP: true })).toEqual({ ok: true, panas: [...dp, ...tp] });
    },
  );

  test('errors', () => {
    expect(spdptp('', { ...none, SP: true })).toEqual({ ok: false, message: MSG.enterNumber });
    expect(spdptp('12', { ...none, SP: true })).toEqual({ ok: false, message: 'Number 12 is not valid' });
    expect(spdptp('a', { ...none, SP: true })).toEqual({ ok: false, message: 'Number a is not valid' });
    expect(spdptp('5', none)).toEqual({ ok: false, message: MSG.selectSpDpTp });
    expect(spdptp('5', undefined as unknown as typeof none)).toEqual({ ok: false, message: MSG.selectSpDpTp });
  });
});

describe("a motor screen's answer", () => {
  test('each pana with its points and kind, the total and the wallet after', () => {
    const a = motorAnswer(spMotor('123'), 10, 500);
    expect(a).toEqual({
      ok: true,
      fields: {
        posssible_array: [{ number: '123', points: 10, pana: 'Single Pana' }],
        total_bid_amount: 10,
        wallet_amt_after_bid: 490,
      },
    });
  });
  test('double panas are named as such; every row counts in the total', () => {
    const a = motorAnswer(dpMotor('12'), 25, 100);
    expect(a.ok && a.fields.posssible_array.map((r) => `${r.number} ${r.pana}`)).toEqual([
      '112 Double Pana',
      '122 Double Pana',
    ]);
    expect(a.ok && [a.fields.total_bid_amount, a.fields.wallet_amt_after_bid]).toEqual([50, 50]);
  });
  test('a wallet short of the total is refused, and so is an entry that is not valid', () => {
    expect(motorAnswer(spMotor('1234'), 10, 39)).toEqual({ ok: false, message: MSG.notEnoughBalance });
    expect(motorAnswer(spMotor('12'), 10, 500)).toEqual({ ok: false, message: MSG.digitNotValid });
  });
});
