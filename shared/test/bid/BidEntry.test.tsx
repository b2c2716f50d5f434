import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, resultHeard } from '@matka/shared';
import { BidEntry, BidScreen } from '@matka/shared/bid';
import { POINTS_WHOLE, type BetTypeId } from '@matka/shared/domain';
import { at, mockApi, renderAt, setup, walletServer } from './helpers';

const user = () => userEvent.setup();

async function open(
  betType: BetTypeId,
  opts: { wallet?: number; openTime?: string; now?: () => Date; shown?: number } = {},
) {
  const api = walletServer(opts.wallet ?? 1000);
  await renderAt(
    <BidEntry
      betType={betType}
      gameId="7"
      gameName="KALYAN"
      openTime={opts.openTime ?? '11:00 PM'}
      now={opts.now ?? at(10)}
    />,
  );
  await waitFor(() =>
    expect(screen.getByTestId('bid-balance')).toHaveTextContent(
      (opts.shown ?? opts.wallet ?? 1000).toLocaleString('en-IN'),
    ),
  );
  return api;
}

async function add(u: ReturnType<typeof user>, digit: string, points: string, label = 'Digit') {
  const field = screen.getByLabelText(label);
  await u.clear(field);
  if (digit) await u.type(field, digit);
  const p = screen.getByLabelText('Points');
  await u.clear(p);
  if (points) await u.type(p, points);
  await u.click(screen.getByRole('button', { name: 'Proceed' }));
}

const balance = () => screen.getByTestId('bid-balance');

describe('BidEntry: a result declared while the screen is open', () => {
  it('closes the Open session, marks its rows, and Submit names the session', async () => {
    const u = user();
    const store = setup();
    const api = walletServer(1000);
    await renderAt(
      <BidEntry
        betType="single_digit"
        gameId="7"
        gameName="KALYAN"
        openTime="11:00 AM"
        closeTime="11:00 PM"
        now={at(10)}
      />,
      { store },
    );
    await waitFor(() => expect(balance()).toHaveTextContent('1,000'));
    expect(screen.getByRole('radio', { name: 'Open' })).toBeChecked();
    await add(u, '5', '100');
    // the open result reaches the phone on the live stream
    act(() => void store.dispatch(resultHeard({ market_id: 7, open_result: '128', close_result: '' })));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Open bids are closed for Single Digit; Close bids are still taken.',
    );
    expect(screen.getByRole('radio', { name: 'Open' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Close' })).toBeChecked();
    const row = screen.getByRole('button', { name: 'Delete 5' }).closest('li')!;
    expect(row).toHaveClass('is-closed');
    expect(row).toHaveTextContent('Closed');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Open bids are closed for Single Digit; Close bids are still taken.', {
        selector: '.Toastify *',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the Open row deleted, a Close row goes through
    await u.click(screen.getByRole('button', { name: 'Delete 5' }));
    await add(u, '6', '100');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'SUBMIT' }));
    await waitFor(() => expect(api.submits()).toHaveLength(1));
    expect(JSON.stringify(api.submits()[0].body)).toContain('"session":"Close"');
  });
});

describe('BidEntry: a break running', () => {
  it('says so, takes no row and offers no Submit', async () => {
    const u = user();
    const until = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    const api = walletServer(1000, { protection: { status: true, break_until: until, excluded_until: '' } });
    await renderAt(<BidEntry betType="single_digit" gameId="7" gameName="KALYAN" openTime="11:00 PM" now={at(10)} />);
    const notice = await screen.findByText(/^You are taking a break until .*to and from you are closed until then\.$/);
    expect(notice).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
    expect(screen.getByLabelText('Digit')).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(api.submits()).toHaveLength(0);
  });
});

describe('BidEntry: a number closed by the liability cap', () => {
  it('names the number, marks its row, and one tap places the other rows of the confirmed slip', async () => {
    const u = user();
    let refuse = true;
    const api = walletServer(5000, {
      fail: (_call, body) => {
        const rows = (body.new_result as { result: { digits: string }[] }).result;
        return refuse && rows.some((r) => r.digits === '4')
          ? {
              status: false,
              msg: 'Closed for this session: 4. The other numbers can still be placed.',
              closed_numbers: ['4'],
            }
          : null;
      },
    });
    await renderAt(<BidEntry betType="single_digit" gameId="7" gameName="KALYAN" openTime="11:00 PM" now={at(10)} />);
    await waitFor(() => expect(balance()).toHaveTextContent('5,000'));
    for (const d of ['3', '4', '6']) await add(u, d, '100');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'SUBMIT' }));
    const alert = await screen.findByText('Closed for this session: 4. The other numbers can still be placed.', {
      selector: '.bid-capped p',
    });
    expect(alert).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the closed number's row is marked; nothing was placed, nothing is sent without the player
    const row4 = screen.getByRole('button', { name: 'Delete 4' }).closest('li')!;
    expect(row4).toHaveClass('is-closed');
    expect(screen.getByRole('button', { name: 'Delete 3' }).closest('li')).not.toHaveClass('is-closed');
    expect(api.submits()).toHaveLength(1);
    // Submit with the closed number still on the slip names it again and sends nothing
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByText('Closed for this session: 4. The other numbers can still be placed.', {
        selector: '.Toastify *',
      }),
    ).toBeInTheDocument();
    refuse = false;
    await u.click(screen.getByRole('button', { name: 'Remove them and place the other 2 bids' }));
    // sent at once: the player confirmed this slip already
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.submits()).toHaveLength(2));
    const sent = (api.submits()[1].body.new_result as { result: { digits: string }[] }).result.map((r) => r.digits);
    expect(sent).toEqual(['3', '6']);
    expect(await screen.findByText(MSG.bidPlaced)).toBeInTheDocument();
  });
});

describe('BidEntry: the pending list', () => {
  it('shows the date, adds a row, lowers the balance and shows Submit', async () => {
    const u = user();
    await open('single_digit');
    expect(screen.getByLabelText('Date')).toHaveValue('5-March-2026');
    expect(screen.getByLabelText('Date')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await add(u, '5', '100');
    expect(screen.getByRole('button', { name: 'Delete 5' })).toBeInTheDocument();
    expect(balance()).toHaveTextContent('900');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByLabelText('Digit')).toHaveValue('');
  });

  it("a typed '12' in a single-digit field stays and is named; nothing is added", async () => {
    const u = user();
    await open('single_digit');
    await u.type(screen.getByLabelText('Digit'), '12');
    expect(screen.getByLabelText('Digit')).toHaveValue('12');
    expect(screen.getByText('Digit is one digit')).toHaveAttribute('role', 'alert');
    await u.type(screen.getByLabelText('Points'), '100');
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    await u.clear(screen.getByLabelText('Digit'));
    await u.type(screen.getByLabelText('Digit'), '2');
    expect(screen.queryByText('Digit is one digit')).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByRole('button', { name: 'Delete 2' })).toBeInTheDocument();
  });

  it('checks digit before points, then the balance, and adds nothing on an error', async () => {
    const u = user();
    const api = await open('single_digit', { wallet: 500 });
    await add(u, '', '');
    expect(await screen.findByText(MSG.enterNumber)).toBeInTheDocument();
    await add(u, '3', '');
    expect(await screen.findByText(MSG.enterPoint)).toBeInTheDocument();
    await add(u, '3', '9');
    expect(await screen.findByText(MSG.minBid)).toBeInTheDocument();
    await add(u, '3', '501');
    expect(await screen.findByText(MSG.insufficient)).toBeInTheDocument();
    await add(u, '3', '20000000'); // above the balance and above the maximum: the balance message
    await waitFor(() => expect(screen.getAllByText(MSG.insufficient)).toHaveLength(1));
    expect(screen.queryByText(MSG.maxBid)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(api.submits()).toHaveLength(0);
  });

  it("the operator's bet limits: 'Max 1,000 points' under the points, and rows outside them are refused here", async () => {
    const u = user();
    const api = walletServer(50_000, {
      betLimits: [{ bet_type: 'single_digit', min: 50, max: 1000, session_max: null }],
    });
    await renderAt(<BidEntry betType="single_digit" gameId="7" gameName="KALYAN" openTime="11:00 PM" now={at(10)} />);
    expect(await screen.findByText('Max 1,000 points')).toBeInTheDocument();
    expect(screen.getByLabelText('Points')).toHaveAccessibleDescription('Max 1,000 points');
    expect(screen.getByLabelText('Points')).toHaveAttribute('placeholder', 'Min 50');
    await waitFor(() => expect(balance()).toHaveTextContent('50,000'));
    await add(u, '3', '20');
    expect(await screen.findByText('Required minimum bid amount is 50')).toBeInTheDocument();
    await add(u, '3', '1500');
    expect(await screen.findByText('Maximum bid amount is 1000')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    await add(u, '3', '1000');
    expect(await screen.findByRole('button', { name: 'Delete 3' })).toBeInTheDocument();
    expect(api.submits()).toHaveLength(0);
  });

  it('without limits of its own a bet type shows no maximum', async () => {
    await open('single_digit');
    expect(screen.queryByText(/^Max /)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Points')).toHaveAttribute('placeholder', 'Min 10');
  });

  it("says what each row wins if correct ('Win if correct: 950'), and the most one bid wins in the dialog", async () => {
    const u = user();
    await open('single_digit', { wallet: 5000 });
    await add(u, '5', '100');
    expect(await screen.findByText('Win if correct:')).toBeInTheDocument();
    expect(screen.getByText('Win if correct:').parentElement).toHaveTextContent('Win if correct: 950');
    await add(u, '6', '1000');
    await waitFor(() => expect(screen.getAllByText('Win if correct:')).toHaveLength(2));
    expect(screen.getAllByText('Win if correct:')[1].parentElement).toHaveTextContent('Win if correct: 9,500');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Win if correct').nextSibling).toHaveTextContent('up to 9,500 (one bid)');
  });

  it('a typed decimal point is refused with a message, never read as other points (10.5 is not 105)', async () => {
    const u = user();
    const api = await open('single_digit', { wallet: 500 });
    await add(u, '3', '10.5');
    expect(await screen.findByText(POINTS_WHOLE)).toBeInTheDocument();
    expect(screen.getByLabelText('Points')).toHaveValue('10.5');
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(balance()).toHaveTextContent('500');
    await add(u, '3', '1,000');
    await waitFor(() => expect(screen.getAllByText(POINTS_WHOLE).length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(api.submits()).toHaveLength(0);
  });

  it('a refresh keeps the pending slip for the session and says so; a placed slip is not kept', async () => {
    const u = user();
    await open('single_digit');
    await add(u, '4', '100');
    await add(u, '8', '20');
    // the page is refreshed: a new screen for the same market and day
    document.body.innerHTML = '';
    await open('single_digit', { shown: 880 });
    expect(screen.getByRole('button', { name: 'Delete 4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete 8' })).toBeInTheDocument();
    expect(balance()).toHaveTextContent('880');
    expect(screen.getByText('2 bids not yet placed were kept.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByText(MSG.bidPlaced)).toBeInTheDocument();
    expect(screen.queryByText(/were kept/)).toBeNull();
    document.body.innerHTML = '';
    await open('single_digit');
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByText(/kept/)).toBeNull();
  });

  it('a kept row whose session has closed meanwhile is dropped, with a word', async () => {
    const u = user();
    await open('single_digit', { openTime: '11:00 AM', now: at(10) });
    await add(u, '4', '100'); // Open, at 10:00 for an 11:00 market
    document.body.innerHTML = '';
    await open('single_digit', { openTime: '11:00 AM', now: at(12) });
    expect(screen.queryByRole('button', { name: 'Delete 4' })).toBeNull();
    expect(screen.getByText('1 bid for a session that has closed was removed.')).toBeInTheDocument();
  });

  it('delete refunds the row and Submit goes when the list is empty', async () => {
    const u = user();
    await open('single_digit');
    await add(u, '1', '100');
    await add(u, '2', '250');
    expect(balance()).toHaveTextContent('650');
    await u.click(screen.getByRole('button', { name: 'Delete 1' }));
    expect(balance()).toHaveTextContent('750');
    await u.click(screen.getByRole('button', { name: 'Delete 2' }));
    expect(balance()).toHaveTextContent('1,000');
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('suggests the valid values that start with what is typed', async () => {
    const u = user();
    await open('single_pana');
    const field = screen.getByLabelText('Pana');
    await u.type(field, '12');
    const list = document.getElementById(field.getAttribute('list')!)!;
    const values = Array.from(list.querySelectorAll('option')).map((o) => o.value);
    expect(values.length).toBeGreaterThan(3);
    expect(values.every((v) => v.startsWith('12'))).toBe(true);
    await add(u, '112', '10', 'Pana');
    expect(await screen.findByText('Number 112 is not valid')).toBeInTheDocument();
  });
});

describe('BidEntry: confirm and submit', () => {
  it('while offline keeps the list but disables Submit and SUBMIT, saying why; back online they work', async () => {
    const u = user();
    const api = await open('single_digit');
    await add(u, '4', '100');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    act(() => void window.dispatchEvent(new Event('offline')));
    const dialog = screen.getByRole('dialog', { name: 'Single Digit' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'SUBMIT' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'SUBMIT' })).toHaveAccessibleDescription(MSG.offlineReason);
    await u.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveAccessibleDescription(MSG.offlineReason);
    expect(screen.getByRole('button', { name: 'Delete 4' })).toBeInTheDocument();
    expect(api.submits()).toHaveLength(0);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    expect(screen.queryByText(MSG.offlineReason)).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByText(MSG.bidPlaced)).toBeInTheDocument();
    expect(api.submits()).toHaveLength(1);
  });

  it('shows the totals in a modal dialog; CANCEL keeps the list', async () => {
    const u = user();
    await open('single_digit');
    await add(u, '1', '100');
    await add(u, '2', '100');
    await add(u, '3', '50');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog', { name: 'Single Digit' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(document.body.style.overflow).toBe('hidden');
    const text = dialog.textContent ?? '';
    expect(text).toContain('Total Bid3');
    expect(text).toContain('Total Points250');
    // Game Type is the bet on every screen; the session has its own row where the player chose one
    expect(text).toContain('Game TypeSingle Digit');
    expect(text).toContain('SessionOpen');
    expect(text).toContain('GameKALYAN');
    expect(within(dialog).getByText(MSG.bidWarning)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Delete/ })).toHaveLength(3);
  });

  it('submits once with an idempotency key, clears the list, toasts and refreshes the wallet', async () => {
    const u = user();
    const api = await open('single_digit');
    await add(u, '4', '100');
    await add(u, '8', '20');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByText(MSG.bidPlaced)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await waitFor(() => expect(balance()).toHaveTextContent('880'));
    const [sub] = api.submits();
    expect(api.submits()).toHaveLength(1);
    expect(sub.call).toBe('api-submit-bid');
    expect(sub.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sub.body).toMatchObject({ unique_token: 'tok-1', game_id: '7', request_id: sub.headers['Idempotency-Key'] });
    expect(sub.body.new_result).toMatchObject({
      Gamename: 'KALYAN',
      gameid: '7',
      pana: 'Single Digit',
      gametype: 'Single Digit',
      totalbit: 120,
      session: 'Open',
      bid_date: '5-March-2026',
      result: [
        { digits: '4', closedigits: '', pana: '', closepana: '', points: 100, session: 'Open' },
        { digits: '8', closedigits: '', pana: '', closepana: '', points: 20, session: 'Open' },
      ],
    });
    // the wallet was fetched when the screen opened and again after the bid
    expect(api.calls.filter((c) => c.call === 'api-user-wallet-balance').length).toBeGreaterThanOrEqual(2);
  });

  it('blocks a double submit: SUBMIT reads Submitting... and is disabled, one request goes out', async () => {
    const u = user();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let wallet = 1000;
    const api = mockApi(async (call, body) => {
      if (call === 'api-user-wallet-balance') return { status: true, wallet_amt: String(wallet) };
      await gate;
      wallet -= (body.new_result as { totalbit: number }).totalbit;
      return { status: true, wallet_amt: String(wallet) };
    });
    await renderAt(<BidEntry betType="single_digit" gameId="7" gameName="KALYAN" openTime="11:00 PM" now={at(10)} />);
    await waitFor(() => expect(balance()).toHaveTextContent('1,000'));
    await add(u, '4', '100');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const submit = screen.getByRole('button', { name: 'SUBMIT' });
    await u.click(submit);
    const busy = screen.getByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'CANCEL' })).toBeDisabled();
    await u.click(busy);
    await u.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText(MSG.bidPlaced)).toBeInTheDocument();
    expect(api.submits()).toHaveLength(1);
  });

  it("a refusal toasts the server's reason and keeps the list; a new confirmation gets a new key", async () => {
    const u = user();
    const api = walletServer(1000, { fail: () => ({ status: false, msg: 'Bidding is closed for Single Digit' }) });
    await renderAt(<BidEntry betType="single_digit" gameId="7" gameName="KALYAN" openTime="11:00 PM" now={at(10)} />);
    await waitFor(() => expect(balance()).toHaveTextContent('1,000'));
    await add(u, '4', '100');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByText('Bidding is closed for Single Digit')).toBeInTheDocument();
    expect(screen.queryByText(MSG.bidFailed)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete 4' })).toBeInTheDocument();
    expect(balance()).toHaveTextContent('900');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await waitFor(() => expect(api.submits()).toHaveLength(2));
    const [a, b] = api.submits();
    expect(a.headers['Idempotency-Key']).not.toBe(b.headers['Idempotency-Key']);
  });

  it("the balance spent in another tab: the server's reason, the real balance (never a negative one), the rows kept", async () => {
    const u = user();
    let wallet = 1000;
    const api = mockApi((call) => {
      if (call === 'api-user-wallet-balance') return { status: true, wallet_amt: String(wallet) };
      if (call === 'api-home-info')
        return { status: true, wallet_amt: String(wallet), betting_status: '1', result: [] };
      if (call.endsWith('game-rates')) return { status: true, game_rates: [] };
      if (!call.includes('submit-bid')) return { status: false, msg: `unexpected ${call}` };
      // another tab spent it meanwhile; the refusal carries the wallet as it is
      wallet = 400;
      return { status: false, msg: MSG.insufficient, wallet_amt: '400' };
    });
    await renderAt(<BidEntry betType="single_digit" gameId="7" gameName="KALYAN" openTime="11:00 PM" now={at(10)} />);
    await waitFor(() => expect(balance()).toHaveTextContent('1,000'));
    await add(u, '4', '600');
    expect(balance()).toHaveTextContent('400');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByText(MSG.insufficient)).toBeInTheDocument();
    // the wallet is read again: 400 now, and the pending 600 would take it to -200
    expect(
      await screen.findByText('These bids need 200 more points than your balance: delete some to submit.'),
    ).toBeInTheDocument();
    expect(balance()).toHaveTextContent('400');
    expect(balance()).not.toHaveTextContent('-');
    expect(screen.getByRole('button', { name: 'Delete 4' })).toBeInTheDocument();
    expect(api.submits()).toHaveLength(1);
  });

  it('starline: success text, and a failure keeps the dialog open with the server message', async () => {
    const u = user();
    let fail = true;
    walletServer(1000, {
      fail: () => (fail ? { status: false, message: 'Insufficient balance, please refill your account' } : null),
    });
    await renderAt(
      <BidEntry
        betType="starline_single_digit"
        gameId="30"
        gameName="STARLINE 10:00 AM"
        openTime="11:00 PM"
        now={at(10)}
      />,
    );
    await waitFor(() => expect(balance()).toHaveTextContent('1,000'));
    expect(screen.queryByRole('group', { name: 'Session' })).not.toBeInTheDocument();
    await add(u, '4', '100');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(MSG.bidWarningStarline)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Insufficient balance, please refill your account',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fail = false;
    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByText(MSG.starlineBidPlaced)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('BidEntry: each row keeps the session it was added with', () => {
  const session = (name: string) => screen.getByRole('radio', { name });
  const typeOf = (digit: string) =>
    screen
      .getByRole('button', { name: `Delete ${digit}` })
      .closest('li')!
      .querySelector('small')!.textContent;

  it('Single Digit: Open and Close rows go in one request per session; the dialog lists both', async () => {
    const u = user();
    const api = await open('single_digit');
    await add(u, '1', '100');
    await u.click(session('Close'));
    await add(u, '2', '50');
    await add(u, '3', '20');
    expect([typeOf('1'), typeOf('2'), typeOf('3')]).toEqual(['Open', 'Close', 'Close']);
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog', { name: 'Single Digit' });
    expect(dialog.textContent).toContain('Total Bid3');
    expect(within(dialog).getByText('Open: 1 bid, 100 points')).toBeInTheDocument();
    expect(within(dialog).getByText('Close: 2 bids, 70 points')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByText(MSG.bidPlaced)).toBeInTheDocument();
    const subs = api
      .submits()
      .map((s) => s.body.new_result as { session: string; totalbit: number; result: unknown[] });
    expect(subs).toEqual([
      expect.objectContaining({
        session: 'Open',
        totalbit: 100,
        result: [{ digits: '1', closedigits: '', pana: '', closepana: '', points: 100, session: 'Open' }],
      }),
      expect.objectContaining({
        session: 'Close',
        totalbit: 70,
        result: [
          { digits: '2', closedigits: '', points: 50, session: 'Close' },
          { digits: '3', closedigits: '', points: 20, session: 'Close' },
        ],
      }),
    ]);
    const keys = api.submits().map((s) => s.headers['Idempotency-Key']);
    expect(keys[1]).toBe(`${keys[0]}-2`);
  });

  it('Single Pana: a row added as Open is sent as Open although Close is picked at submit', async () => {
    const u = user();
    const api = await open('single_pana');
    await add(u, '123', '10', 'Pana');
    await u.click(session('Close'));
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('dialog').textContent).toContain('SessionOpen');
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await screen.findByText(MSG.bidPlaced);
    const [sub] = api.submits();
    expect(api.submits()).toHaveLength(1);
    expect(sub.body.new_result).toMatchObject({
      session: 'Open',
      result: [{ digits: '6', pana: '123', points: 10, session: 'Open' }],
    });
  });

  it('a failure of the Close request keeps only the Close rows for a new confirmation', async () => {
    const u = user();
    const api = walletServer(1000, {
      fail: (_c, body) =>
        (body.new_result as { session: string }).session === 'Close' ? { status: false, msg: 'no' } : null,
    });
    await renderAt(<BidEntry betType="single_digit" gameId="7" gameName="KALYAN" openTime="11:00 PM" now={at(10)} />);
    await waitFor(() => expect(balance()).toHaveTextContent('1,000'));
    await add(u, '1', '100');
    await u.click(session('Close'));
    await add(u, '2', '50');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByText('no')).toBeInTheDocument();
    expect(api.submits()).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Delete/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Delete 2',
    ]);
    expect(typeOf('2')).toBe('Close');
  });
});

describe('BidEntry: sessions by the declared results, as the server rules', () => {
  const screenFor = (betType: BetTypeId, market: { openResult?: string; closeResult?: string; closeTime?: string }) =>
    renderAt(<BidEntry betType={betType} gameId="7" gameName="KALYAN" openTime="11:00 PM" now={at(10)} {...market} />);

  it('an open result declared before the open time disables Open and forces Close', async () => {
    walletServer(1000);
    await screenFor('single_digit', { openResult: '128', closeTime: '11:30 PM' });
    expect(screen.getByLabelText('Open')).toBeDisabled();
    expect(screen.getByLabelText('Close')).toBeChecked();
  });

  it('an open result closes Jodi', async () => {
    walletServer(1000);
    await screenFor('jodi_digit', { openResult: '128' });
    expect(screen.getByRole('alert')).toHaveTextContent('Bidding is closed for Jodi Digit');
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  });

  it('a close result closes the Close session too', async () => {
    walletServer(1000);
    await screenFor('single_digit', { openResult: '128', closeResult: '446' });
    expect(screen.getByRole('alert')).toHaveTextContent('Bidding is closed for Single Digit');
  });

  it('the close time closes the Close session', async () => {
    walletServer(1000);
    await screenFor('single_pana', { closeTime: '09:30 AM' });
    expect(screen.getByRole('alert')).toHaveTextContent('Bidding is closed for Single Pana');
  });
});

describe('BidEntry: sessions by the clock', () => {
  it('Open is selectable and checked while the open time is later than now', async () => {
    await open('single_digit', { openTime: '11:00 AM', now: at(10, 59) });
    expect(screen.getByLabelText('Open')).toBeEnabled();
    expect(screen.getByLabelText('Open')).toBeChecked();
    expect(screen.getByLabelText('Close')).not.toBeChecked();
  });

  it('Open is disabled and Close forced once the open time is not later than now', async () => {
    const u = user();
    const api = await open('single_pana', { openTime: '11:00 AM', now: at(11, 0) });
    expect(screen.getByLabelText('Open')).toBeDisabled();
    expect(screen.getByLabelText('Close')).toBeChecked();
    await add(u, '128', '10', 'Pana');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('dialog').textContent).toContain('Game TypeSingle PanaSessionClose');
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await screen.findByText(MSG.bidPlaced);
    expect(api.submits()[0].body.new_result).toMatchObject({
      session: 'Close',
      result: [{ digits: '128', closedigits: '', points: 10, session: 'Close' }],
    });
  });

  it('timed bet types are closed after the open time: message, no entry', async () => {
    await open('half_sangam', { openTime: '11:00 AM', now: at(12) });
    expect(screen.getByRole('alert')).toHaveTextContent('Bidding is closed for Half Sangam');
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  });

  it('Jodi has no session choice and sends Close', async () => {
    const u = user();
    const api = await open('jodi_digit', { openTime: '11:00 AM', now: at(9) });
    expect(screen.queryByLabelText('Open')).not.toBeInTheDocument();
    await add(u, '42', '10', 'Jodi');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await screen.findByText(MSG.bidPlaced);
    expect(api.submits()[0].body.new_result).toMatchObject({
      pana: 'Jodi Digit',
      session: 'Close',
      result: [{ digits: '42', session: 'Close' }],
    });
  });
});

describe('BidEntry: sangams, SP DP TP and motors', () => {
  it('Half Sangam takes a digit and a pana in either form', async () => {
    const u = user();
    const api = await open('half_sangam', { openTime: '11:00 AM', now: at(9) });
    // the Sangam form says the session: no session choice besides it
    expect(screen.getByRole('group', { name: 'Sangam' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Session' })).toBeNull();
    await add(u, '3', '10', 'Open Digit');
    expect(await screen.findByText(MSG.enterNumber)).toBeInTheDocument();
    await u.type(screen.getByLabelText('Close Pana'), '128');
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByRole('button', { name: 'Delete 3-128' })).toBeInTheDocument();
    await u.click(screen.getByLabelText('Open Pana + Close Digit'));
    await u.type(screen.getByLabelText('Open Pana'), '499');
    await u.type(screen.getByLabelText('Close Digit'), '7');
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByRole('button', { name: 'Delete 499-7' })).toBeInTheDocument();
    // the form says the session: neither the slip nor the confirmation names one
    expect(screen.queryByText('Open', { exact: true })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('dialog').textContent).toContain('Game TypeHalf Sangam');
    expect(screen.getByRole('dialog').textContent).not.toContain('Session');
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await screen.findByText(MSG.bidPlaced);
    expect(api.submits()[0].body.new_result).toMatchObject({
      pana: 'Half Sangam',
      session: 'Open',
      totalbit: 20,
      result: [
        { digits: '3', pana: '', closedigits: '1', closepana: '128' },
        { digits: '2', pana: '499', closedigits: '7', closepana: '' },
      ],
    });
  });

  it('SP DP TP: points × combinations, one entry, three requests with their own keys', async () => {
    const u = user();
    const api = await open('sp_dp_tp', { wallet: 10000 });
    await add(u, '1', '10');
    expect(await screen.findByText(MSG.selectSpDpTp)).toBeInTheDocument();
    await u.click(screen.getByLabelText('SP'));
    await u.click(screen.getByLabelText('DP'));
    await u.click(screen.getByLabelText('TP'));
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    const rows = screen.getAllByRole('button', { name: /^Delete/ });
    expect(rows).toHaveLength(1);
    const entry = rows[0].closest('li')!;
    const total = Number(entry.querySelector('.bid-row-points')!.textContent!.replace(/,/g, ''));
    const combos = total / 10;
    expect(combos).toBe(12 + 9 + 1); // single, double and triple panas of ank 1
    expect(balance()).toHaveTextContent((10000 - total).toLocaleString('en-IN'));
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('dialog').textContent).toContain(`Total Bid${combos}`);
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await screen.findByText(MSG.bidPlaced);
    const subs = api.submits();
    expect(subs.map((s) => (s.body.new_result as { pana: string }).pana)).toEqual([
      'Single Pana',
      'Double Pana',
      'Triple Pana',
    ]);
    expect(subs.map((s) => (s.body.new_result as { result: unknown[] }).result.length)).toEqual([12, 9, 1]);
    const keys = subs.map((s) => s.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(3);
    expect(keys[1]).toBe(`${keys[0]}-2`);
    expect(keys[2]).toBe(`${keys[0]}-3`);
  });

  it("SP DP TP: TP alone is one pana, and the entry says '1 pana'", async () => {
    const u = user();
    await open('sp_dp_tp', { wallet: 10000 });
    await add(u, '1', '10');
    await u.click(screen.getByLabelText('TP'));
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    const entry = screen.getByRole('button', { name: /^Delete/ }).closest('li')!;
    expect(entry).toHaveTextContent('TP · 1 pana');
    expect(entry).not.toHaveTextContent('panas');
    await u.click(screen.getByLabelText('SP'));
    await add(u, '2', '10');
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByText('SP/TP · 13 panas')).toBeInTheDocument();
  });

  it('SP DP TP: a partial failure removes what was placed', async () => {
    const u = user();
    const api = walletServer(10000, {
      fail: (_c, body) =>
        (body.new_result as { pana: string }).pana === 'Double Pana' ? { status: false, msg: 'no' } : null,
    });
    await renderAt(<BidEntry betType="sp_dp_tp" gameId="7" gameName="KALYAN" openTime="11:00 PM" now={at(10)} />);
    await waitFor(() => expect(balance()).toHaveTextContent('10,000'));
    await u.click(screen.getByLabelText('SP'));
    await u.click(screen.getByLabelText('DP'));
    await add(u, '1', '10');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(await screen.findByText('no')).toBeInTheDocument();
    expect(api.submits()).toHaveLength(2);
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('dialog').textContent).toContain('Total Bid9');
  });

  it('SP Motor expands the digits into single panas, one row each', async () => {
    const u = user();
    const api = await open('sp_motor');
    await add(u, '12', '10');
    expect(await screen.findByText(MSG.digitNotValid)).toBeInTheDocument();
    await add(u, '1234', '10');
    for (const p of ['123', '124', '134', '234'])
      expect(screen.getByRole('button', { name: `Delete ${p}` })).toBeInTheDocument();
    expect(balance()).toHaveTextContent('960');
    await add(u, '1234567890', '100');
    expect(await screen.findByText(MSG.notEnoughBalance)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await screen.findByText(MSG.bidPlaced);
    expect(api.submits()[0].body.new_result).toMatchObject({ pana: 'SP Motor', gametype: 'SP Motor', totalbit: 40 });
  });

  it('DP Motor: pairs of digits, and its own messages', async () => {
    const u = user();
    await open('dp_motor');
    await add(u, '1', '10');
    expect(await screen.findByText('Number 1 is not valid')).toBeInTheDocument();
    await add(u, '11', '10');
    expect(await screen.findByText(MSG.dpMotorPana)).toBeInTheDocument();
    await add(u, '12', '10');
    expect(screen.getByRole('button', { name: 'Delete 112' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete 122' })).toBeInTheDocument();
    expect(balance()).toHaveTextContent('980');
  });
});

describe('BidScreen', () => {
  it('without a market shows a clear message and a way back', async () => {
    mockApi(() => ({ status: true, wallet_amt: '0' }));
    await renderAt(<BidScreen betType="single_digit" />, { path: '/single' });
    expect(screen.getByRole('heading', { name: 'Single Digit' })).toBeInTheDocument();
    expect(screen.getByText('Please choose a market first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a market' })).toHaveAttribute('href', '/game');
    expect(screen.queryByLabelText('Points')).not.toBeInTheDocument();
  });

  it.each([
    ['starline_single_pana', '/star'],
    ['gali_left_digit', '/galiIMP'],
  ] as const)('%s links back to %s', async (betType, href) => {
    mockApi(() => ({ status: true, wallet_amt: '0' }));
    await renderAt(<BidScreen betType={betType} />, { path: '/x' });
    expect(screen.getByRole('link', { name: 'Choose a market' })).toHaveAttribute('href', href);
  });

  it('reads the market from the navigation state', async () => {
    walletServer(300);
    await renderAt(<BidScreen betType="gali_jodi_digit" now={at(10)} />, {
      path: '/jodidigit',
      state: { gameId: 12, openTime: '11:00 PM', gameName: 'GALI', pana: 'Jodi Digit' },
    });
    expect(screen.getByRole('heading', { name: 'Jodi Digit' })).toBeInTheDocument();
    expect(screen.getByText('GALI')).toBeInTheDocument();
    expect(screen.getByLabelText('Jodi')).toBeInTheDocument();
    await waitFor(() => expect(balance()).toHaveTextContent('300'));
  });
});

describe('BidEntry: no session word where a bet has none (Gali, Starline, Full Sangam)', () => {
  it.each([
    ['gali_left_digit', '7', 'Digit', 'Left Digit'],
    ['gali_right_digit', '3', 'Digit', 'Right Digit'],
    ['gali_jodi_digit', '42', 'Jodi', 'Jodi Digit'],
  ] as const)(
    '%s: neither the row nor the dialog names a session; the wire keeps the contract (request Close)',
    async (betType, digit, label, title) => {
      const u = user();
      const api = await open(betType, { openTime: '11:00 PM', now: at(10) });
      await add(u, digit, '10', label);
      const row = screen.getByRole('button', { name: `Delete ${digit}` }).closest('li')!;
      expect(row).not.toHaveTextContent('Close');
      expect(row).not.toHaveTextContent('Open');
      await u.click(screen.getByRole('button', { name: 'Submit' }));
      const text = screen.getByRole('dialog').textContent ?? '';
      expect(text).toContain(`Game Type${title}`);
      expect(text).not.toMatch(/Open|Close/);
      await u.click(screen.getByRole('button', { name: 'SUBMIT' }));
      await screen.findByText(MSG.bidPlaced);
      expect(api.submits()[0].body.new_result).toMatchObject({ session: 'Close' });
    },
  );

  it('Starline and Full Sangam: the dialog shows the bet type, not a session', async () => {
    const u = user();
    await open('starline_single_digit', { openTime: '11:00 PM', now: at(10) });
    await add(u, '4', '10');
    expect(screen.getByRole('button', { name: 'Delete 4' }).closest('li')).not.toHaveTextContent('Open');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('dialog').textContent).toContain('Game TypeSingle Digit');
    expect(screen.getByRole('dialog').textContent).not.toContain('Session');
  });

  it('Full Sangam: Game Type is the bet, as on every screen, and no session row', async () => {
    const u = user();
    await open('full_sangam', { openTime: '11:00 AM', now: at(9) });
    await u.type(screen.getByLabelText('Open Pana'), '128');
    await u.type(screen.getByLabelText('Close Pana'), '499');
    await u.type(screen.getByLabelText('Points'), '10');
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const text = screen.getByRole('dialog').textContent ?? '';
    expect(text).toContain('Game TypeFull Sangam');
    expect(text).not.toContain('Session');
  });
});

describe('BidEntry: before the balance has loaded', () => {
  it('Proceed is disabled with "Loading balance..." and no false "insufficient" error; enabled once loaded', async () => {
    const u = user();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockApi(async (call) => {
      if (call === 'api-user-wallet-balance') {
        await gate;
        return { status: true, wallet_amt: '1000' };
      }
      return { status: false, msg: `unexpected ${call}` };
    });
    await renderAt(<BidEntry betType="single_digit" gameId="7" gameName="KALYAN" openTime="11:00 PM" now={at(10)} />);
    const proceed = screen.getByRole('button', { name: 'Proceed' });
    expect(proceed).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading balance...');
    await u.type(screen.getByLabelText('Digit'), '5');
    await u.type(screen.getByLabelText('Points'), '100');
    await u.click(proceed);
    await u.keyboard('{Enter}');
    expect(screen.queryByText(MSG.insufficient)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete 5' })).not.toBeInTheDocument();
    await act(async () => release());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed' })).toBeEnabled());
    expect(screen.queryByText('Loading balance...')).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByRole('button', { name: 'Delete 5' })).toBeInTheDocument();
    expect(balance()).toHaveTextContent('900');
  });
});
