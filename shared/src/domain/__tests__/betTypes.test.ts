import { BET_TYPES, BET_TYPE_IDS, betTypeById, betTypeByName, betTypesOf } from '../index';

test('17 bet types, ids match keys', () => {
  expect(BET_TYPE_IDS).toHaveLength(17);
  for (const id of BET_TYPE_IDS) expect(BET_TYPES[id].id).toBe(id);
});

test('titles per family in spec order', () => {
  expect(betTypesOf('regular').map((d) => d.title)).toEqual([
    'Single Digit',
    'Jodi Digit',
    'Single Pana',
    'Double Pana',
    'Triple Pana',
    'Half Sangam',
    'Full Sangam',
    'SP DP TP',
    'SP Motor',
    'DP Motor',
  ]);
  expect(betTypesOf('starline').map((d) => d.title)).toEqual([
    'Single Digit',
    'Single Pana',
    'Double Pana',
    'Triple Pana',
  ]);
  expect(betTypesOf('gali').map((d) => d.title)).toEqual(['Left Digit', 'Right Digit', 'Jodi Digit']);
});

test('timed, session and route facts', () => {
  expect(BET_TYPE_IDS.filter((id) => BET_TYPES[id].timed)).toEqual(['jodi_digit', 'half_sangam', 'full_sangam']);
  expect(BET_TYPE_IDS.filter((id) => BET_TYPES[id].hasSession)).toEqual([
    'single_digit',
    'single_pana',
    'double_pana',
    'triple_pana',
    // (Half Sangam: its Sangam form says the session)
    'sp_dp_tp',
    'sp_motor',
    'dp_motor',
  ]);
  expect(BET_TYPES.jodi_digit.fixedSession).toBe('Close');
  expect(BET_TYPES.gali_left_digit).toMatchObject({ fixedSession: 'Open', requestSession: 'Close' });
  expect(BET_TYPES.starline_triple_pana).toMatchObject({
    fixedSession: 'Open',
    requestSession: 'Open',
    route: '/stripplepana',
  });
  expect(BET_TYPES.full_sangam.fields.map((f) => f.label)).toEqual(['Open Pana', 'Close Pana']);
  expect(BET_TYPES.half_sangam.fields.map((f) => f.label)).toEqual(['Open Digit', 'Close Pana']);
  expect(BET_TYPES.triple_pana.rateKey).toBe('tripple_pana');
  expect(BET_TYPES.sp_motor).toMatchObject({ gametype: 'SP Motor', rowLabel: 'Single Pana' });
});

test('betTypeByName is family scoped and case/space insensitive', () => {
  expect(betTypeByName('regular', 'single digit')?.id).toBe('single_digit');
  expect(betTypeByName('starline', 'Single Digit')?.id).toBe('starline_single_digit');
  expect(betTypeByName('gali', 'JODI DIGIT')?.id).toBe('gali_jodi_digit');
  expect(betTypeByName('regular', 'Jodi Digit')?.id).toBe('jodi_digit');
  expect(betTypeByName('regular', 'spdptp')?.id).toBe('sp_dp_tp');
  expect(betTypeByName('regular', ' SP  Motor ')?.id).toBe('sp_motor');
  expect(betTypeByName('starline', 'Tripple Panna')?.id).toBe('starline_triple_pana');
  expect(betTypeByName('starline', 'Double Panna')?.id).toBe('starline_double_pana');
  expect(betTypeByName('gali', 'Single Pana')).toBeUndefined();
  expect(betTypeByName('regular', '')).toBeUndefined();
  expect(betTypeByName('regular', 42 as unknown as string)).toBeUndefined();
  expect(betTypeById('toString')).toBeUndefined();
  expect(betTypeById('dp_motor')?.title).toBe('DP Motor');
});
