import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@matka/shared';
import { BET_TYPES, type BetTypeId } from '@matka/shared/domain';
import { routes } from '../src/routes';
import { mockServer, renderRoutes } from './helpers';

/**
 * Every regular screen, reached by its route with a market in the state: the spec's messages in
 * order (digit before points), an invalid value, the balance check, then a valid row.
 */
interface Case {
  betType: BetTypeId;
  /** Valid values for the screen's fields, by label. */
  valid: Record<string, string>;
  /** A value of the first field that the screen refuses, and the message. */
  invalid?: [string, string];
  balanceMessage?: string;
  setup?: (u: ReturnType<typeof userEvent.setup>) => Promise<void>;
}

const CASES: Case[] = [
  { betType: 'single_digit', valid: { Digit: '5' } },
  { betType: 'jodi_digit', valid: { Jodi: '42' }, invalid: ['4', 'Number 4 is not valid'] },
  { betType: 'single_pana', valid: { Pana: '128' }, invalid: ['112', 'Number 112 is not valid'] },
  { betType: 'double_pana', valid: { Pana: '112' }, invalid: ['128', 'Number 128 is not valid'] },
  { betType: 'triple_pana', valid: { Pana: '777' }, invalid: ['778', 'Number 778 is not valid'] },
  { betType: 'half_sangam', valid: { 'Open Digit': '3', 'Close Pana': '128' } },
  {
    betType: 'full_sangam',
    valid: { 'Open Pana': '128', 'Close Pana': '499' },
    invalid: ['012', 'Number 012 is not valid'],
  },
  {
    betType: 'sp_dp_tp',
    valid: { Digit: '1' },
    setup: async (u) => u.click(screen.getByLabelText('SP')),
  },
  {
    betType: 'sp_motor',
    valid: { Digit: '123' },
    invalid: ['12', MSG.digitNotValid],
    balanceMessage: MSG.notEnoughBalance,
  },
  {
    betType: 'dp_motor',
    valid: { Digit: '12' },
    invalid: ['1', 'Number 1 is not valid'],
    balanceMessage: MSG.notEnoughBalance,
  },
];

const STATE = { gameId: '7', openTime: '11:59 PM', gameName: 'KALYAN' };

// The market opens at 11:59 PM: the screens are used at noon in India, when every session takes bids
// (only Date is faked, and it runs on from there; timers stay real for the user events and requests).
beforeAll(() =>
  jest.useFakeTimers({
    now: new Date('2026-03-10T12:00:00+05:30'),
    advanceTimers: true,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  }),
);
afterAll(() => jest.useRealTimers());

describe.each(CASES)('$betType', (c) => {
  const def = BET_TYPES[c.betType];

  it(`validates with the spec's messages and adds a row (${def.route})`, async () => {
    const u = userEvent.setup();
    mockServer({ wallet: 1000 });
    await renderRoutes(routes, def.route, { ...STATE, pana: def.title });
    expect(screen.getByRole('heading', { name: def.title })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('bid-balance')).toHaveTextContent('1,000'));
    await c.setup?.(u);
    const proceed = screen.getByRole('button', { name: 'Proceed' });
    const labels = Object.keys(c.valid);
    const fill = async (label: string, v: string) => {
      const input = screen.getByLabelText(label);
      await u.clear(input);
      if (v) await u.type(input, v);
    };

    await u.click(proceed);
    expect(await screen.findByText(MSG.enterNumber)).toBeInTheDocument();

    if (c.invalid) {
      await fill(labels[0], c.invalid[0]);
      for (const l of labels.slice(1)) await fill(l, c.valid[l]);
      await fill('Points', '10');
      await u.click(proceed);
      expect(await screen.findByText(c.invalid[1])).toBeInTheDocument();
    }

    for (const l of labels) await fill(l, c.valid[l]);
    await fill('Points', '');
    await u.click(proceed);
    expect(await screen.findByText(MSG.enterPoint)).toBeInTheDocument();
    await fill('Points', '9');
    await u.click(proceed);
    expect(await screen.findByText(MSG.minBid)).toBeInTheDocument();
    await fill('Points', '1001');
    await u.click(proceed);
    expect(await screen.findByText(c.balanceMessage ?? MSG.insufficient)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();

    await fill('Points', '10');
    await u.click(proceed);
    expect(screen.getAllByRole('button', { name: /^Delete/ }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });
});

it('a bid screen opened without a market says so', async () => {
  mockServer();
  await renderRoutes(routes, '/spmotor');
  expect(screen.getByText('Please choose a market first.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Choose a market' })).toHaveAttribute('href', '/game');
});
