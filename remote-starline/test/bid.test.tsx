import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BidScreen } from '@matka/shared/bid';
import type { BetTypeId } from '@matka/shared/domain';
import { routes } from '../src/routes';
import { mockApi, renderRoutes } from './helpers';

// Device-local noon: the bid screen compares the open time with the device clock.
// noon on the markets' clock (Asia/Kolkata), whatever the test machine's zone
const noon = () => new Date('2026-11-22T12:00:00+05:30');
const SLOT = { gameId: '9', openTime: '09:00 PM', gameName: 'STARLINE 09:00 PM' };

const screenAt = (betType: BetTypeId, path: string) => [{ path, element: <BidScreen betType={betType} now={noon} /> }];

async function proceedWith(digit: string, points: string) {
  const user = userEvent.setup();
  const field = screen.getByRole('combobox', { name: /digit|pana/i });
  await user.clear(field);
  if (digit) await user.type(field, digit);
  const pts = screen.getByLabelText('Points');
  await user.clear(pts);
  if (points) await user.type(pts, points);
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
}

describe('starline routes', () => {
  it.each([
    ['/starsingle', 'Single Digit'],
    ['/ssinglepana', 'Single Pana'],
    ['/sdoublepana', 'Double Pana'],
    ['/stripplepana', 'Triple Pana'],
  ])('%s renders the %s bid screen inside the starline family root', async (path, title) => {
    mockApi({ 'api-user-wallet-balance': { status: true, wallet_amt: '1000' } });
    const { container } = await renderRoutes(routes, path, { ...SLOT, pana: title });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(container.querySelector('[data-family="starline"]')).not.toBeNull();
    expect(screen.getByText(SLOT.gameName)).toBeInTheDocument();
  });

  it('a bid screen opened without a slot sends the player back to /star', async () => {
    mockApi({});
    await renderRoutes(routes, '/starsingle');
    expect(screen.getByRole('link', { name: 'Choose a market' })).toHaveAttribute('href', '/star');
  });
});

describe('starline bid validation (one toast per rule, no call)', () => {
  it.each<[BetTypeId, string, string, string]>([
    ['starline_single_digit', '/starsingle', '', 'Please enter the number'],
    ['starline_single_pana', '/ssinglepana', '112', 'Number 112 is not valid'],
    ['starline_double_pana', '/sdoublepana', '123', 'Number 123 is not valid'],
    ['starline_triple_pana', '/stripplepana', '123', 'Number 123 is not valid'],
  ])('%s: bad number "%s" -> %s', async (betType, path, digit, message) => {
    const api = mockApi({ 'api-user-wallet-balance': { status: true, wallet_amt: '1000' } });
    await renderRoutes(screenAt(betType, path), path, SLOT);
    await proceedWith(digit, '20');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.count('api-starline-submit-bid')).toBe(0);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it.each([
    ['', 'Please enter point'],
    ['5', 'Required minimum bid amount is 10'],
    ['1001', 'Insufficient balance, please refill your account'],
  ])('points "%s" -> %s', async (points, message) => {
    mockApi({ 'api-user-wallet-balance': { status: true, wallet_amt: '1000' } });
    await renderRoutes(screenAt('starline_single_pana', '/ssinglepana'), '/ssinglepana', SLOT);
    await screen.findByText('1,000');
    await proceedWith('123', points);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('a closed slot cannot take bids', async () => {
    mockApi({ 'api-user-wallet-balance': { status: true, wallet_amt: '1000' } });
    await renderRoutes(screenAt('starline_single_digit', '/starsingle'), '/starsingle', {
      ...SLOT,
      openTime: '11:00 AM',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Bidding is closed for Single Digit');
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  });
});

describe('starline submit', () => {
  it('places the list as one Open request, says Bid Successfully Placed and empties the list', async () => {
    const api = mockApi({
      'api-user-wallet-balance': { status: true, wallet_amt: '1000' },
      'api-starline-submit-bid': { status: true, message: 'Bid Successfully Placed', wallet_amt: '950' },
    });
    await renderRoutes(screenAt('starline_single_digit', '/starsingle'), '/starsingle', SLOT);
    await screen.findByText('1,000');
    await proceedWith('7', '20');
    await proceedWith('3', '30');
    expect(screen.getByTestId('bid-balance')).toHaveTextContent('950');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog).getByText('Once you placed a bid, it will not be cancelled in any situation'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Total Bid').nextElementSibling).toHaveTextContent('2');
    expect(within(dialog).getByText('Total Points').nextElementSibling).toHaveTextContent('50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByText('Bid Successfully Placed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    const sent = api.calls.filter((c) => c.call === 'api-starline-submit-bid');
    expect(sent).toHaveLength(1);
    const nr = sent[0].body.new_result as Record<string, unknown>;
    expect(nr).toMatchObject({
      gameid: '9',
      Gamename: 'STARLINE 09:00 PM',
      pana: 'Single Digit',
      session: 'Open',
      totalbit: 50,
    });
    expect(nr.result).toEqual([
      { digits: '7', closedigits: '', points: 20, session: 'Open' },
      { digits: '3', closedigits: '', points: 30, session: 'Open' },
    ]);
  });

  it('a refused submit keeps the dialog open with the server message', async () => {
    mockApi({
      'api-user-wallet-balance': { status: true, wallet_amt: '1000' },
      'api-starline-submit-bid': { status: false, message: 'Betting is closed for this game' },
    });
    await renderRoutes(screenAt('starline_triple_pana', '/stripplepana'), '/stripplepana', SLOT);
    await screen.findByText('1,000');
    await proceedWith('777', '10');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'SUBMIT' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Betting is closed for this game');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });
});
