import {
  biddableSessions,
  chosenMarket,
  isListedMarketOpen,
  isOffDay,
  marketTakesBids,
  type MarketClock,
} from '../index';

const at = (hhmm: string) => new Date(`2026-03-10T${hhmm}:00+05:30`);
const regular: MarketClock = {
  family: 'regular',
  openTime: '03:45 PM',
  closeTime: '05:45 PM',
  openDeclared: false,
  closeDeclared: false,
};

describe('weekly off days', () => {
  // 2026-03-10 is a Tuesday (2); 23:30 UTC on the 9th is already Tuesday in Kolkata
  test('an off day (market time zone) takes no bid all day; other days follow the times', () => {
    expect(isOffDay([2], at('10:00'))).toBe(true);
    expect(isOffDay([2], new Date('2026-03-09T19:00:00Z'))).toBe(true);
    expect(isOffDay([0, 1], at('10:00'))).toBe(false);
    expect(isOffDay([], at('10:00'))).toBe(false);
    expect(isOffDay(undefined, at('10:00'))).toBe(false);
    const off = { ...regular, offDays: [2] };
    expect(marketTakesBids(off, at('10:00'))).toBe(false);
    expect(biddableSessions('single_digit', off, at('10:00'))).toEqual([]);
    const otherDay = { ...regular, offDays: [0] };
    expect(marketTakesBids(otherDay, at('10:00'))).toBe(true);
    expect(biddableSessions('single_digit', otherDay, at('10:00'))).toEqual(['Open', 'Close']);
  });
});

describe('biddableSessions: the times and the declared results', () => {
  test('regular: both sessions before the open time, Close until the close time, then nothing', () => {
    expect(biddableSessions('single_digit', regular, at('10:00'))).toEqual(['Open', 'Close']);
    expect(biddableSessions('single_digit', regular, at('16:00'))).toEqual(['Close']);
    expect(biddableSessions('jodi_digit', regular, at('16:00'))).toEqual([]);
    expect(biddableSessions('single_digit', regular, at('17:45'))).toEqual([]);
  });

  test('regular: an open result declared early closes the Open session and the timed bets', () => {
    const open = { ...regular, openDeclared: true };
    expect(biddableSessions('single_digit', open, at('10:00'))).toEqual(['Close']);
    expect(biddableSessions('single_pana', open, at('10:00'))).toEqual(['Close']);
    expect(biddableSessions('jodi_digit', open, at('10:00'))).toEqual([]);
    expect(biddableSessions('half_sangam', open, at('10:00'))).toEqual([]);
    expect(biddableSessions('full_sangam', open, at('10:00'))).toEqual([]);
    expect(marketTakesBids(open, at('10:00'))).toBe(true);
  });

  test('regular: a close result ends the day whatever the clock says', () => {
    const closed = { ...regular, openDeclared: true, closeDeclared: true };
    expect(biddableSessions('single_digit', closed, at('10:00'))).toEqual([]);
    expect(marketTakesBids(closed, at('10:00'))).toBe(false);
  });

  test('Starline slot and Gali market: open until the open time, closed once declared', () => {
    const slot: MarketClock = { family: 'starline', openTime: '01:00 PM', openDeclared: false, closeDeclared: false };
    expect(biddableSessions('starline_single_digit', slot, at('12:59'))).toEqual(['Open']);
    expect(biddableSessions('starline_single_digit', slot, at('13:00'))).toEqual([]);
    expect(biddableSessions('starline_single_digit', { ...slot, openDeclared: true }, at('10:00'))).toEqual([]);
    expect(marketTakesBids({ ...slot, openDeclared: true }, at('10:00'))).toBe(false);
    const gali: MarketClock = { family: 'gali', openTime: '05:40 PM', openDeclared: false, closeDeclared: false };
    expect(biddableSessions('gali_jodi_digit', gali, at('10:00'))).toEqual(['Open']);
    expect(biddableSessions('gali_jodi_digit', { ...gali, openDeclared: true }, at('10:00'))).toEqual([]);
  });

  test('a bet type of another family takes nothing', () => {
    expect(biddableSessions('starline_single_digit', regular, at('10:00'))).toEqual([]);
  });
});

describe('listed markets', () => {
  const listed = {
    game_id: 7,
    game_name: 'KALYAN',
    open_time: '03:45 PM',
    close_time: '05:45 PM',
    open_result: '',
    close_result: '',
    msg_status: 1,
  };
  test('open when the server says so and the rule still does', () => {
    expect(isListedMarketOpen('regular', listed, at('10:00'))).toBe(true);
    expect(isListedMarketOpen('regular', { ...listed, msg_status: '0' }, at('10:00'))).toBe(false);
    expect(isListedMarketOpen('regular', listed, at('17:50'))).toBe(false);
    expect(isListedMarketOpen('regular', { ...listed, open_result: '128', close_result: '446' }, at('10:00'))).toBe(
      false,
    );
    expect(isListedMarketOpen('starline', { ...listed, open_result: '128-1' }, at('10:00'))).toBe(false);
  });

  test('chosenMarket carries the times and results to the bid screens', () => {
    expect(chosenMarket({ ...listed, open_result: '128' })).toEqual({
      gameId: '7',
      gameName: 'KALYAN',
      openTime: '03:45 PM',
      closeTime: '05:45 PM',
      openResult: '128',
      closeResult: '',
    });
  });
});
