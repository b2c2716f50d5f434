import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@matka/shared';
import { inputToHistoryDate, todayInput } from '../src/lib/dates';
import { callsOf, ME, mockApi, renderAt } from './helpers';

const today = inputToHistoryDate(todayInput());

interface Case {
  path: string;
  title: string;
  call: string;
  params: [string, string];
  key: string;
  row: Record<string, unknown>;
  shows: string[];
  empty?: string;
}

const bidRow = {
  game_name: 'KALYAN',
  pana: 'Single Pana',
  digits: '123',
  closedigits: '',
  session: 'Open',
  bid_date: '5-March-2026',
  points: '50',
};
const winRow = { ...bidRow, wining_date: '5-March-2026', amount: '7000' };

const CASES: Case[] = [
  {
    path: '/imp4',
    title: 'Bid History',
    call: 'api-bid-history-data',
    params: ['bid_from', 'bid_to'],
    key: 'bid_data',
    row: bidRow,
    shows: ['KALYAN', '50 pts', 'Single Pana'],
  },
  {
    path: '/bid',
    title: 'Bid History',
    call: 'api-bid-history-data',
    params: ['bid_from', 'bid_to'],
    key: 'bid_data',
    row: bidRow,
    shows: ['KALYAN'],
  },
  {
    path: '/imp3',
    title: 'Win History',
    call: 'api-wining-history-data',
    params: ['date_from', 'date_to'],
    key: 'win_data',
    row: winRow,
    shows: ['Congratulations You Won', '7,000 pts'],
  },
  {
    path: '/win',
    title: 'Win History',
    call: 'api-wining-history-data',
    params: ['date_from', 'date_to'],
    key: 'win_data',
    row: winRow,
    shows: ['7,000 pts'],
  },
  {
    path: '/imp5',
    title: 'Starline Bid-History',
    call: 'api-starline-bid-history-data',
    params: ['bid_from', 'bid_to'],
    key: 'bid_data',
    row: bidRow,
    shows: ['KALYAN'],
  },
  {
    path: '/imp6',
    title: 'Starline Win-History',
    call: 'api-starline-wining-history-data',
    params: ['date_from', 'date_to'],
    key: 'win_data',
    row: winRow,
    shows: ['7,000 pts'],
  },
  {
    path: '/impbid',
    title: 'Gali Bid-History',
    call: 'api-galidisawar-bid-history-data',
    params: ['bid_from', 'bid_to'],
    key: 'bid_data',
    row: {
      game_name: 'DISAWAR',
      pana: 'Left Digit',
      digits: '4',
      session: 'Close',
      bid_date: '5-March-2026',
      points: '20',
    },
    shows: ['DISAWAR', '20 pts', 'Left Digit'],
  },
  {
    path: '/impwin',
    title: 'Gali Win-History',
    call: 'api-galidisawar-wining-history-data',
    params: ['date_from', 'date_to'],
    key: 'bid_data',
    row: { game_name: 'DISAWAR', pana: 'Jodi Digit', digits: '45', wining_date: '5-March-2026', amount: '950' },
    shows: ['Congratulations You Won', 'DISAWAR', '45', '950 pts', 'Jodi Digit'],
  },
  {
    path: '/transaction',
    title: 'Wallet History',
    call: 'api-wallet-transaction-history',
    params: ['date_from', 'date_to'],
    key: 'transaction_history',
    row: {
      transaction_type: '1',
      transaction_note: 'Deposit approved',
      insert_date: '05/03/2026 10:00 AM',
      amount: '500',
      transaction_id: 'T1',
      amount_status: '1',
    },
    shows: ['Deposit approved', '+500 pts', 'Approved', 'T1'],
  },
  {
    path: '/withdrawhistory',
    title: 'Withdraw History',
    call: 'api-user-withdraw-transaction-history',
    params: ['date_from', 'date_to'],
    key: 'withdrawdata',
    row: {
      request_number: 'W7',
      request_amount: '600',
      request_status: '0',
      insert_date: '05/03/2026',
      google_pay_number: '9123456789',
    },
    shows: ['600 pts', 'Pending', 'Google Pay 9123456789', 'W7'],
  },
  {
    path: '/AddFundHistory',
    title: 'Deposit History',
    call: 'api-fund-request-history',
    params: ['date_from', 'date_to'],
    key: 'fund_requests',
    row: { request_amount: '700', request_status: '0', insert_date: '05/03/2026' },
    shows: ['700 pts', 'Pending'],
    empty: MSG.noAddFundTransactions,
  },
  {
    // the payment's proof the player gave
    path: '/AddFundHistory',
    title: 'Deposit History',
    call: 'api-fund-request-history',
    params: ['date_from', 'date_to'],
    key: 'fund_requests',
    row: {
      request_amount: '700',
      request_status: '0',
      insert_date: '05/03/2026',
      utr: '401234567890',
      has_screenshot: true,
    },
    shows: ['700 pts', 'Pending', 'UTR', '401234567890', 'Screenshot', 'Sent'],
    empty: MSG.noAddFundTransactions,
  },
  {
    // a rejected request says why
    path: '/AddFundHistory',
    title: 'Deposit History',
    call: 'api-fund-request-history',
    params: ['date_from', 'date_to'],
    key: 'fund_requests',
    row: {
      request_amount: '700',
      request_status: '1',
      insert_date: '05/03/2026',
      reject_reason: 'No payment with this UTR',
    },
    shows: ['700 pts', 'Cancelled', 'Reason', 'No payment with this UTR'],
    empty: MSG.noAddFundTransactions,
  },
  {
    path: '/withdrawhistory',
    title: 'Withdraw History',
    call: 'api-user-withdraw-transaction-history',
    params: ['date_from', 'date_to'],
    key: 'withdrawdata',
    row: { request_amount: '600', request_status: '1', insert_date: '05/03/2026', reject_reason: 'UPI number closed' },
    shows: ['600 pts', 'Cancelled', 'Reason', 'UPI number closed'],
  },
];

describe.each(CASES)('$path ($title)', (c) => {
  it('loads today on open and lists the records', async () => {
    const calls = mockApi({ [c.call]: { status: true, [c.key]: [c.row] } });
    await renderAt(c.path);
    expect(screen.getByRole('heading', { level: 1, name: c.title })).toBeInTheDocument();
    expect(screen.getByLabelText('From Date')).toHaveValue(todayInput());
    expect(screen.getByLabelText('To Date')).toHaveValue(todayInput());
    const list = await screen.findByRole('list', { name: c.title });
    for (const t of c.shows) expect(within(list).getAllByText(t).length).toBeGreaterThan(0);
    const sent = callsOf(calls, c.call);
    expect(sent).toHaveLength(1);
    expect(sent[0].body[c.params[0]]).toBe(today);
    expect(sent[0].body[c.params[1]]).toBe(today);
    expect(sent[0].body.unique_token).toBe('a'.repeat(64));
  });

  it('shows the empty text when there are no records', async () => {
    mockApi({ [c.call]: { status: true, msg: 'NO DATA FOUND', [c.key]: [] } });
    await renderAt(c.path);
    expect(await screen.findByText(c.empty ?? MSG.noDataFound)).toBeInTheDocument();
  });

  it("shows 'NO DATA FOUND' on an error", async () => {
    mockApi({ [c.call]: new Response(JSON.stringify({ status: false, msg: 'boom' }), { status: 500 }) });
    await renderAt(c.path);
    expect(await screen.findByText(MSG.noDataFound)).toBeInTheDocument();
  });
});

describe('history behaviour', () => {
  it('submits another range in month/day/year and shows Submitting... while busy', async () => {
    let release: () => void = () => {};
    const calls = mockApi({
      'api-bid-history-data': (body) =>
        body.bid_from === today
          ? { status: true, bid_data: [] }
          : new Promise((r) => (release = () => r({ status: true, bid_data: [bidRow] }))),
    });
    await renderAt('/imp4');
    await screen.findByText(MSG.noDataFound);
    fireEvent.change(screen.getByLabelText('From Date'), { target: { value: '2026-01-05' } });
    fireEvent.change(screen.getByLabelText('To Date'), { target: { value: '2026-02-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    release();
    expect(await screen.findByText('KALYAN')).toBeInTheDocument();
    const last = callsOf(calls, 'api-bid-history-data').pop()!;
    expect(last.body).toMatchObject({ bid_from: '01/05/2026', bid_to: '02/10/2026' });
  });

  it('swaps dates typed backwards (From after To) before the call, and shows the swapped values', async () => {
    const calls = mockApi({ 'api-bid-history-data': { status: true, bid_data: [bidRow] } });
    await renderAt('/imp4');
    await screen.findByText('KALYAN');
    fireEvent.change(screen.getByLabelText('From Date'), { target: { value: '2026-02-10' } });
    fireEvent.change(screen.getByLabelText('To Date'), { target: { value: '2026-01-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(callsOf(calls, 'api-bid-history-data')).toHaveLength(2));
    expect(callsOf(calls, 'api-bid-history-data')[1].body).toMatchObject({
      bid_from: '01/05/2026',
      bid_to: '02/10/2026',
    });
    expect(screen.getByLabelText('From Date')).toHaveValue('2026-01-05');
    expect(screen.getByLabelText('To Date')).toHaveValue('2026-02-10');
  });

  it('shows what became of each bid: Won with its win, Lost, Pending with what it wins if correct, and the result', async () => {
    mockApi({
      'api-bid-history-data': {
        status: true,
        bid_data: [
          {
            ...bidRow,
            game_name: 'WON MARKET',
            status: 'won',
            win_amount: '7500',
            rate: '10-1500',
            result: '123-68-468',
          },
          {
            ...bidRow,
            game_name: 'LOST MARKET',
            status: 'lost',
            win_amount: '0',
            rate: '10-1500',
            result: '456-5*-***',
          },
          {
            ...bidRow,
            game_name: 'OPEN MARKET',
            status: 'pending',
            rate: '10-1500',
            win_if_correct: '7500',
            result: '',
          },
        ],
      },
    });
    await renderAt('/imp4');
    const list = await screen.findByRole('list', { name: 'Bid History' });
    const [won, lost, pending] = within(list).getAllByRole('listitem');
    expect(within(won).getByRole('heading')).toHaveTextContent('WON MARKETWon');
    expect(won).toHaveTextContent('Result123-68-468');
    expect(won).toHaveTextContent('Won7,500 pts');
    expect(within(lost).getByRole('heading')).toHaveTextContent('LOST MARKETLost');
    expect(lost).toHaveTextContent('Result456-5*-***');
    expect(lost).not.toHaveTextContent('Won');
    expect(within(pending).getByRole('heading')).toHaveTextContent('OPEN MARKETPending');
    expect(pending).toHaveTextContent('ResultNot declared yet');
    expect(pending).toHaveTextContent('Win if correct7,500 pts');
    expect(pending).toHaveTextContent('Rate10-1500');
  });

  it('renders 30 records at a time with Load more', async () => {
    const rows = Array.from({ length: 65 }, (_, i) => ({ ...bidRow, game_name: `GAME ${i + 1}` }));
    mockApi({ 'api-bid-history-data': { status: true, bid_data: rows } });
    await renderAt('/imp4');
    const list = await screen.findByRole('list', { name: 'Bid History' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(30);
    expect(screen.getByText('Showing 30 of 65')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(65);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('colours cards by bet type: Left blue, Right green, Jodi yellow, other grey', async () => {
    const mk = (pana: string, game_name: string) => ({ game_name, pana, digits: '1', bid_date: 'x', points: '10' });
    mockApi({
      'api-galidisawar-bid-history-data': {
        status: true,
        bid_data: [mk('Left Digit', 'A'), mk('Right Digit', 'B'), mk('Jodi Digit', 'C'), mk('Single Pana', 'D')],
      },
    });
    await renderAt('/impbid');
    const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('article');
    expect(await card('A')).toHaveClass('tone-blue');
    expect(await card('B')).toHaveClass('tone-green');
    expect(await card('C')).toHaveClass('tone-yellow');
    expect(await card('D')).toHaveClass('tone-grey');
  });

  it('withdraw history: statuses, receipt link, and mobile_no sent', async () => {
    const calls = mockApi({
      'api-user-withdraw-transaction-history': {
        status: true,
        withdrawdata: [
          { request_amount: '600', request_status: '1', insert_date: 'd1', paytm_number: '9000000001' },
          {
            request_amount: '700',
            request_status: '2',
            insert_date: 'd2',
            phone_pay_number: '9000000002',
            payment_receipt: 'https://x.test/r.png',
          },
          { request_amount: '800', request_status: '2', insert_date: 'd3', payment_receipt: 'javascript:alert(1)' },
        ],
      },
    });
    await renderAt('/withdrawhistory');
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.getAllByText('Approved')).toHaveLength(2);
    const links = screen.getAllByRole('link', { name: 'View Receipt' });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://x.test/r.png');
    expect(callsOf(calls, 'api-user-withdraw-transaction-history')[0].body.mobile_no).toBe(ME);
  });

  it('wallet history: debit and pending', async () => {
    mockApi({
      'api-wallet-transaction-history': {
        status: true,
        transaction_history: [
          { transaction_type: '2', transaction_note: 'Bid', insert_date: 'd', amount: '40', amount_status: '0' },
        ],
      },
    });
    await renderAt('/transaction');
    expect(await screen.findByText('-40 pts')).toHaveClass('amt-debit');
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });

  it('status false counts as no data', async () => {
    mockApi({ 'api-wining-history-data': { status: false, msg: 'Session expired' } });
    await renderAt('/imp3');
    expect(await screen.findByText(MSG.noDataFound)).toBeInTheDocument();
  });

  it('a win card opens /windata with the record', async () => {
    mockApi({ 'api-wining-history-data': { status: true, win_data: [winRow] } });
    const { router } = await renderAt('/imp3');
    fireEvent.click(await screen.findByRole('link', { name: 'Details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/windata'));
    expect(screen.getByRole('heading', { name: 'Win Details' })).toBeInTheDocument();
    expect(screen.getByText('7,000 pts')).toBeInTheDocument();
    expect(screen.getByText('50 pts')).toBeInTheDocument();
  });

  it('/windata without a record explains and links to the win history', async () => {
    mockApi({});
    await renderAt('/windata');
    expect(screen.getByText(/No win record selected/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Win History' })).toHaveAttribute('href', '/imp3');
  });

  it('/histories lists the eight histories', async () => {
    mockApi({});
    await renderAt('/histories');
    const expected: [string, string][] = [
      ['Deposit History', '/AddFundHistory'],
      ['Wallet History', '/transaction'],
      ['Main Bid-History', '/imp4'],
      ['Main Win-History', '/imp3'],
      ['Starline Bid-History', '/imp5'],
      ['Starline Win-History', '/imp6'],
      ['Gali Bid-History', '/impbid'],
      ['Gali Win-History', '/impwin'],
    ];
    for (const [name, href] of expected) expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });
});
