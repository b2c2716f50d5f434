import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BidScreen } from '@matka/shared/bid';
import type { BetTypeId } from '@matka/shared/domain';
import { routes } from '../src/routes';
import { mockApi, renderRoutes } from './helpers';

// Device-local noon: the bid screen compares the open time with the device clock.
// noon on the markets' clock (Asia/Kolkata), whatever the test machine's zone
const noon = () => new Date('2026-11-22T12:00:00+05:30');
const MARKET = { gameId: '22', openTime: '05:40 PM', gameName: 'FARIDABAD' };
const WALLET = { 'api-user-wallet-balance': { status: true, wallet_amt: '1000' } };

const screenAt = (betType: BetTypeId, path: string) => [{ path, element: <BidScreen betType={betType} now={noon} /> }];

async function proceedWith(digit: string, points: string) {
  const user = userEvent.setup();
  const field = screen.getByRole('combobox', { name: /digit|jodi/i });
  await user.clear(field);
  if (digit) await user.type(field, digit);
  const pts = screen.getByLabelText('Points');
  await user.clear(pts);
  if (points) await user.type(pts, points);
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
}

describe('gali routes', () => {
  it.each([
    ['/leftdigit', 'Left Digit'],
    ['/rightdigit', 'Right Digit'],
    ['/jodidigit', 'Jodi Digit'],
  ])('%s renders the %s bid screen inside the gali family root', async (path, title) => {
    mockApi(WALLET);
    const { container } = await renderRoutes(routes, path, { ...MARKET, pana: title });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(container.querySelector('[data-family="gali"]')).not.toBeNull();
  });

  it('a bid screen opened without a market sends the player back to /galiIMP', async () => {
    mockApi({});
    await renderRoutes(routes, '/jodidigit');
    expect(screen.getByRole('link', { name: 'Choose a market' })).toHaveAttribute('href', '/galiIMP');
  });
});

describe('gali bid validation (toast, no call)', () => {
  it.each<[BetTypeId, string, string, string, string]>([
    ['gali_left_digit', '/leftdigit', '', '20', 'Please enter the number'],
    ['gali_right_digit', '/rightdigit', '4', '', 'Please enter point'],
    ['gali_jodi_digit', '/jodidigit', '7', '20', 'Number 7 is not valid'],
    ['gali_jodi_digit', '/jodidigit', '07', '9', 'Required minimum bid amount is 10'],
    ['gali_jodi_digit', '/jodidigit', '07', '1001', 'Insufficient balance please refill your account'],
  ])('%s: "%s" with points "%s" -> %s', async (betType, path, digit, points, message) => {
    const api = mockApi(WALLET);
    await renderRoutes(screenAt(betType, path), path, MARKET);
    await screen.findByText('1,000');
    await proceedWith(digit, points);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.count('api-galidisawar-submit-bid')).toBe(0);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('a market whose open time has passed cannot take bids', async () => {
    mockApi(WALLET);
    await renderRoutes(screenAt('gali_jodi_digit', '/jodidigit'), '/jodidigit', { ...MARKET, openTime: '12:00 PM' });
    expect(screen.getByRole('alert')).toHaveTextContent('Bidding is closed for Jodi Digit');
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  });
});

describe('gali submit', () => {
  it('sends a Close request with Open rows and says Bid placed successfully!', async () => {
    const api = mockApi({ ...WALLET, 'api-galidisawar-submit-bid': { status: true, msg: 'ok', wallet_amt: '960' } });
    await renderRoutes(screenAt('gali_jodi_digit', '/jodidigit'), '/jodidigit', MARKET);
    await screen.findByText('1,000');
    await proceedWith('07', '40');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog).getByText('Once you placed a bid, it will not be cancelled in any situation'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByText('Bid placed successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = api.calls.filter((c) => c.call === 'api-galidisawar-submit-bid');
    expect(sent).toHaveLength(1);
    expect(sent[0].body.new_result).toMatchObject({
      gameid: '22',
      Gamename: 'FARIDABAD',
      pana: 'Jodi Digit',
      session: 'Close',
      totalbit: 40,
      result: [{ digits: '07', closedigits: '', points: 40, session: 'Open' }],
    });
  });

  it("a refused submit shows the server's reason", async () => {
    mockApi({ ...WALLET, 'api-galidisawar-submit-bid': { status: false, msg: 'nope' } });
    await renderRoutes(screenAt('gali_left_digit', '/leftdigit'), '/leftdigit', MARKET);
    await screen.findByText('1,000');
    await proceedWith('4', '10');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByText('nope')).toBeInTheDocument();
  });
});
