import { RATE_ROWS, rateLabel, rateRows } from '../index';

describe('game rates', () => {
  test("each family's rows, in order, only the pairs the record holds", () => {
    const record = {
      single_digit_val_1: '10',
      single_digit_val_2: 95,
      single_pana_val_1: 10,
      single_pana_val_2: '',
      double_pana_val_1: 10,
      double_pana_val_2: 950,
    };
    expect(rateRows('gali', record)).toEqual([
      { label: 'Left Digit', key: 'single_digit', value: '10-95' },
      { label: 'Jodi Digit', key: 'double_pana', value: '10-950' },
    ]);
    expect(rateRows('regular', undefined)).toEqual([]);
    expect(RATE_ROWS.starline.map((r) => r.label)).toEqual([
      'Single Digit',
      'Single Pana',
      'Double Panna',
      'Tripple Panna',
    ]);
  });
  test('the label players see for a key, or the key', () => {
    expect(rateLabel('gali', 'single_pana')).toBe('Right Digit');
    expect(rateLabel('regular', 'tripple_pana')).toBe('Triple Pana');
    expect(rateLabel('starline', 'half_sangam')).toBe('half_sangam');
  });
});
