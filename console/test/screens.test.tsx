import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OP } from '@matka/shared/contract';
import { DASHBOARD, mockOperatorApi, OPERATOR, renderConsole, quietAnswer } from './helpers';

// jsdom draws no canvas (and says so on the console): the charts keep their text alternatives.
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
});

const MARKETS = {
  status: true,
  markets: [
    {
      id: 1,
      family: 'regular',
      name: 'KALYAN',
      open: '15:45',
      close: '17:45',
      open_time: '03:45 PM',
      close_time: '05:45 PM',
      active: true,
      off_days: [],
      open_now: true,
    },
    {
      id: 2,
      family: 'regular',
      name: 'OLD BAZAR',
      open: '10:00',
      close: '11:00',
      open_time: '10:00 AM',
      close_time: '11:00 AM',
      active: false,
      off_days: [0],
      open_now: false,
    },
    {
      id: 7,
      family: 'gali',
      name: 'DISAWAR',
      open: '05:00',
      close: '05:00',
      open_time: '05:00 AM',
      close_time: '05:00 AM',
      active: true,
      off_days: [],
      open_now: true,
    },
  ],
};

/** The declared results of the last 30 days. */
const history = (results: unknown[]) => ({ status: true, from: '2026-10-26', to: '2026-11-24', results });

/** KALYAN's result after its open: 128-1. */
const RESULT = { open_pana: '128', open_digit: '1', close_pana: null, close_digit: null, jodi: null };

const preview = (reversed = 0) => ({
  status: true,
  msg: 'preview',
  market: { id: 1, name: 'KALYAN', family: 'regular' as const },
  date: '2026-11-24',
  result: RESULT,
  result_text: '128-1',
  uncovered: [],
  early: null,
  winners_count: 2,
  total_payout: 190,
  winners: [
    {
      bid_id: '5',
      mobile: '9876543210',
      bet: 'Single Digit',
      session: 'Open',
      digits: '1',
      closedigits: '',
      points: 10,
      win_amount: 95,
    },
    {
      bid_id: '6',
      mobile: '9876543211',
      bet: 'Single Digit',
      session: 'Open',
      digits: '1',
      closedigits: '',
      points: 10,
      win_amount: 95,
    },
  ],
  summary: {
    bids: 3,
    paid: 2,
    paid_points: 190,
    reversed,
    reversed_points: reversed * 50,
    shortfall_points: 0,
    withheld_points: 0,
    lost: 1,
    pending: 0,
  },
  exposure: {
    bids: 3,
    points: 30,
    by_digit: { '1': 20, '4': 10 },
    by_pana: [{ pana: '128', points: 20 }],
    by_jodi: [],
    by_sangam: [],
    riskiest: [{ result: '1', payout: 190 }],
  },
});

/** A settlement job as the contract declares it: done with `over`'s figures unless `over` says otherwise. */
const settlementJob = (over: Record<string, unknown> = {}) => ({
  id: '9',
  status: 'done',
  bids_total: 3,
  bids_done: 3,
  market_id: 1,
  date: '2026-11-24',
  paid: 2,
  paid_points: 190,
  reversed: 0,
  reversed_points: 0,
  shortfall_points: 0,
  withheld_points: 0,
  lost: 1,
  pending: 0,
  ...over,
});

/** A declaration's answer (certification off): KALYAN's 128-1 stored and its bids settled. */
const declaration = (msg: string, over: Record<string, unknown> = {}) => {
  const { market, date, result, result_text, summary } = preview();
  return {
    status: true,
    msg,
    proposed: false,
    market,
    date,
    result,
    result_text,
    changed: true,
    corrected: false,
    early: false,
    books: [{ session: 'open', size: 3, root: 'ef'.repeat(32) }],
    job: settlementJob(),
    summary,
    ...over,
  };
};

describe('Results', () => {
  it('lists the declared results of the chosen family, and refetches them after a declaration', async () => {
    let declared = false;
    const calls = mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('results') };
      if (call === OP.markets) return { body: MARKETS };
      if (path === '/result/history?family=regular')
        return {
          body: {
            ...history([]),
            results: [
              {
                market_id: 1,
                family: 'regular',
                market: 'KALYAN',
                date: '2026-11-23',
                result_text: '128-15-357',
                books: [
                  { session: 'open', size: 12, root: 'ab'.repeat(32) },
                  { session: 'close', size: 1, root: 'cd'.repeat(32) },
                ],
                declared: '2026-11-23 15:50',
                changed: '2026-11-23 17:50',
                declared_by: 'results1',
                certified_by: null,
              },
              ...(declared
                ? [
                    {
                      market_id: 1,
                      family: 'regular',
                      market: 'KALYAN',
                      date: '2026-11-24',
                      result_text: '128-1',
                      books: [{ session: 'open', size: 3, root: 'ef'.repeat(32) }],
                      declared: '2026-11-24 15:50',
                      changed: '2026-11-24 15:50',
                      declared_by: 'results1',
                      certified_by: null,
                    },
                  ]
                : []),
            ],
          },
        };
      if (path === '/result/history?family=gali') return { body: history([]) };
      if (call === OP.previewResult) return { body: preview() };
      if (call === OP.declareResult) {
        declared = true;
        return { body: declaration('KALYAN 2026-11-24: 128-1; settled 3 bids: 2 paid 190 points') };
      }
      return quietAnswer(call);
    });
    renderConsole('/console/results');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Regular markets, last 30 days' });
    expect(within(table).getByRole('cell', { name: '128-15-357' })).toBeInTheDocument();
    // the books the result was declared against, each session's size and root
    expect(
      within(table).getByRole('cell', {
        name: `Open: 12 receipts, root ${'ab'.repeat(8)}… Close: 1 receipt, root ${'cd'.repeat(8)}…`,
      }),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Market'), '1');
    await user.type(screen.getByLabelText('Pana'), '128');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Declare' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('cell', { name: '128-1' })).toBeInTheDocument();
    expect(calls.list.filter((c) => c.path === '/result/history?family=regular')).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Market type'), 'gali');
    expect(await screen.findByText('No gali market result declared in the last 30 days.')).toBeInTheDocument();
  });

  it('checks the input, previews winners and payout, then declares after a confirmation', async () => {
    const calls = mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR('results') };
      if (call === OP.markets) return { body: MARKETS };
      if (call === OP.previewResult) return { body: preview() };
      if (call === OP.declareResult)
        return { body: declaration('KALYAN 2026-11-24: 128-1; settled 3 bids: 2 paid 190 points') };
      return quietAnswer(call);
    });
    renderConsole('/console/results');
    const user = userEvent.setup();
    const market = await screen.findByLabelText('Market');
    await within(market).findByRole('option', { name: 'Choose...' });
    // only the active regular markets are offered
    expect(
      within(market)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose...', 'KALYAN (03:45 PM – 05:45 PM)']);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a market');
    await user.selectOptions(market, '1');
    await user.type(screen.getByLabelText('Pana'), '12x');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The result is a pana of 3 digits, e.g. 128');
    await user.type(screen.getByLabelText('Pana'), '8');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('heading', { name: 'Preview: KALYAN 2026-11-24, 128-1' });
    expect(screen.getByText('190 points')).toBeInTheDocument();
    // the exposure charts (Chart.js, loaded with the first preview) and their text alternatives
    expect(await screen.findByRole('img', { name: 'Points by digit. Most points: 1: 20, 4: 10.' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Points by pana (top 12). Most points: 128: 20.' })).toBeInTheDocument();
    expect(screen.queryByText(/Points by jodi/)).not.toBeInTheDocument();
    expect(screen.getByText(/Costliest results: 1 pays 190\./)).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(calls.list.find((c) => c.call === OP.previewResult)?.body).toEqual({
      market: '1',
      session: 'open',
      pana: '128',
    });
    await user.click(screen.getByRole('button', { name: 'Declare' }));
    const dialog = screen.getByRole('dialog', { name: 'Declare KALYAN 128-1?' });
    expect(dialog).toHaveTextContent('2 winning bids will be paid 190 points on 2026-11-24.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Declared. KALYAN 2026-11-24: 128-1; settled 3 bids');
    expect(calls.list.filter((c) => c.call === OP.declareResult)).toHaveLength(1);
  });

  it('a big declaration answers while its bids settle: the progress, then the summary', async () => {
    let asked = 0;
    const job = (done: number, status = 'running', total: number | null = 100000) =>
      settlementJob({
        status,
        bids_total: total,
        bids_done: done,
        paid: done / 10,
        paid_points: done * 9,
        lost: status === 'done' ? done - done / 10 : null,
        pending: status === 'done' ? 0 : null,
      });
    const summaryOf = (j: ReturnType<typeof job>) => ({
      bids: j.bids_total ?? 0,
      paid: j.paid,
      paid_points: j.paid_points,
      reversed: 0,
      reversed_points: 0,
      shortfall_points: 0,
      withheld_points: 0,
      lost: j.lost ?? 0,
      pending: 0,
    });
    const calls = mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('results') };
      if (call === OP.markets) return { body: MARKETS };
      if (call === OP.previewResult) return { body: preview() };
      if (call === OP.declareResult)
        return {
          body: declaration('KALYAN 2026-11-24: 128-1; settling: counting the bids to settle', {
            summary: null,
            job: job(0, 'running', null),
          }),
        };
      if (path === '/settlement?id=9') {
        asked += 1;
        // first still counting its bids, then halfway, then done
        if (asked < 2) return { body: { status: true, msg: 'settling', job: job(0, 'running', null), summary: null } };
        return asked < 3
          ? { body: { status: true, msg: 'settling', job: job(60000), summary: null } }
          : {
              body: {
                status: true,
                msg: 'settled 100000 bids: 10000 paid 900000 points',
                job: job(100000, 'done'),
                summary: summaryOf(job(100000, 'done')),
              },
            };
      }
      return quietAnswer(call);
    });
    renderConsole('/console/results');
    const user = userEvent.setup();
    const market = await screen.findByLabelText('Market');
    await within(market).findByRole('option', { name: 'KALYAN (03:45 PM – 05:45 PM)' });
    await user.selectOptions(market, '1');
    await user.type(screen.getByLabelText('Pana'), '128');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('heading', { name: 'Preview: KALYAN 2026-11-24, 128-1' });
    await user.click(screen.getByRole('button', { name: 'Declare' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    // the answer came before the job counted its bids: the bar runs with no value until it has
    await waitFor(() => {
      const status = screen.getByRole('status');
      expect(status).toHaveTextContent('Settling the bids: counting them...');
      expect(within(status).getByRole('progressbar', { name: 'Bids settled' })).not.toHaveAttribute('value');
    });
    expect(
      await screen.findByText(/Settling the bids: 60,000 of 1,00,000 \(60%\)/, {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Bids settled' })).toHaveAttribute('value', '60000');
    expect(
      await screen.findByText(
        'Declared. KALYAN 2026-11-24: 128-1; settled 100000 bids: 10000 paid 900000 points',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(calls.list.filter((c) => c.path === '/settlement?id=9').length).toBe(3);
  });

  it('a result before its draw: the preview says so, an owner gives a reason that goes with the declaration; others cannot', async () => {
    let role = 'owner';
    const calls = mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR(role) };
      if (call === OP.markets) return { body: MARKETS };
      if (call === OP.previewResult) return { body: { ...preview(), early: { due: '15:45 IST', minutes_early: 589 } } };
      if (call === OP.declareResult)
        return { body: declaration('KALYAN 2026-11-24: 128-1 (declared early)', { early: true }) };
      return quietAnswer(call);
    });
    const { unmount } = renderConsole('/console/results');
    const user = userEvent.setup();
    const market = await screen.findByLabelText('Market');
    await within(market).findByRole('option', { name: 'KALYAN (03:45 PM – 05:45 PM)' });
    await user.selectOptions(market, '1');
    await user.type(screen.getByLabelText('Pana'), '128');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    // the page's notes: whether certification is on, then what this preview warns of
    const note = (await screen.findAllByRole('note')).at(-1);
    expect(note).toHaveTextContent('Early: this result is due at 15:45 IST, 9 h 49 min from now.');
    await user.click(screen.getByRole('button', { name: 'Declare early' }));
    expect(screen.getByText('Give the reason for declaring before the draw')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Reason for declaring before the draw/), 'Draw held early');
    await user.click(screen.getByRole('button', { name: 'Declare early' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Declared. KALYAN 2026-11-24: 128-1 (declared early)');
    expect(calls.list.find((c) => c.call === OP.declareResult)?.body).toEqual({
      market: '1',
      session: 'open',
      pana: '128',
      early_reason: 'Draw held early',
    });
    unmount();

    role = 'results';
    renderConsole('/console/results');
    const market2 = await screen.findByLabelText('Market');
    await within(market2).findByRole('option', { name: 'KALYAN (03:45 PM – 05:45 PM)' });
    await user.selectOptions(market2, '1');
    await user.type(screen.getByLabelText('Pana'), '128');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Only an owner can declare a result before its draw time.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Declare early' })).toBeDisabled();
  });

  it('a correction says what will be reversed; a refused declaration keeps the dialog with the reason', async () => {
    mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR('owner') };
      if (call === OP.markets) return { body: MARKETS };
      if (call === OP.previewGali)
        return {
          body: {
            ...preview(3),
            market: { id: 7, name: 'DISAWAR', family: 'gali' },
            result: { ...RESULT, open_pana: null, open_digit: null, jodi: '45' },
            result_text: '45',
          },
        };
      if (call === OP.declareGali)
        return {
          status: 409,
          body: { status: false, code: 'conflict', msg: 'The result changed meanwhile: preview again' },
        };
      return quietAnswer(call);
    });
    renderConsole('/console/results');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Market type'), 'gali');
    await user.selectOptions(screen.getByLabelText('Market'), '7');
    expect(screen.queryByRole('group', { name: 'Session' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Jodi'), '45');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findAllByRole('note')).at(-1)).toHaveTextContent(
      'This corrects an earlier result: 3 earlier wins (150 points) will be reversed.',
    );
    await user.click(screen.getByRole('button', { name: 'Declare' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('3 earlier wins (150 points) will be reversed.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The result changed meanwhile: preview again');
  });
});

describe('Results: counts and the players a correction leaves short', () => {
  it('bids waiting for the close are not settled; one earlier win is singular; the short players are named', async () => {
    mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR('owner') };
      if (call === OP.markets) return { body: MARKETS };
      if (call === OP.previewResult) {
        const p = preview(1);
        return {
          body: {
            ...p,
            summary: { ...p.summary, bids: 13, pending: 2 },
            uncovered: [
              {
                mobile: '9876543210',
                name: 'Ravi',
                reversed: 4750,
                wallet: 690,
                gained: 0,
                shortfall: 4060,
                pending_withdrawals: 6000,
              },
            ],
          },
        };
      }
      return quietAnswer(call);
    });
    renderConsole('/console/results');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: /KALYAN/ });
    await user.selectOptions(screen.getByLabelText('Market'), '1');
    await user.type(screen.getByLabelText('Pana'), '128');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const figures = await screen.findByText('Bids settled');
    expect(figures.nextElementSibling).toHaveTextContent(/^11$/);
    expect(screen.getByText('Waiting for close').nextElementSibling).toHaveTextContent(/^2$/);
    expect(
      screen.getByText(/This corrects an earlier result: 1 earlier win \(50 points\) will be reversed\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/1 player cannot cover the reversal/)).toBeInTheDocument();
    const short = screen.getByRole('table', { name: 'Players who cannot cover the reversal' });
    expect(within(short).getByRole('row', { name: /9876543210 Ravi 4,750 690 0 4,060 6,000/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Declare' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      '2 winning bids will be paid 190 points on 2026-11-24. 1 earlier win (50 points) will be reversed.',
    );
    expect(screen.getByRole('dialog')).toHaveTextContent(
      '1 player cannot cover it: their pending withdrawals will be held.',
    );
  });
});

type Status = 'pending' | 'approved' | 'rejected';
const request = (id: string, status: Status) => ({
  id,
  mobile: '9876543210',
  name: 'Ravi',
  amount: '500',
  status,
  requested: '24 Nov 04:31 PM',
  decided: status === 'pending' ? null : '24 Nov 05:02 PM',
  note: null,
});
/** A deposit in its queue, as the contract declares it. */
const deposit = (id: string, status: Status = 'pending', extra = {}) => ({
  ...request(id, status),
  utr: '',
  has_screenshot: false,
  ...extra,
});
/** A withdrawal in its queue, as the contract declares it. */
const withdrawal = (id: string, status: Status = 'pending', extra = {}) => ({
  ...request(id, status),
  method: 'Google Pay',
  number: '9123456780',
  receipt_url: null,
  held_points: '0',
  held_note: null,
  ...extra,
});
const deposits = (filter: string, rows: unknown[]) => ({ status: true, filter, deposits: rows });
const withdrawals = (filter: string, rows: unknown[]) => ({ status: true, filter, withdrawals: rows });

describe('Deposits and Withdrawals', () => {
  it('lists the pending deposits, approves one after a confirmation, and filters', async () => {
    let approved = false;
    const calls = mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('finance') };
      if (path === '/deposits?status=pending') return { body: deposits('pending', approved ? [] : [deposit('4')]) };
      if (path === '/deposits?status=approved') return { body: deposits('approved', [deposit('4', 'approved')]) };
      if (call === OP.approveDeposit) {
        approved = true;
        return {
          body: {
            status: true,
            msg: 'Deposit #4 approved: 500 points credited to 9876543210 (wallet now 900)',
            id: '4',
            mobile: '9876543210',
            wallet_amt: '900',
          },
        };
      }
      return quietAnswer(call);
    });
    renderConsole('/console/deposits');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve deposit #4' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve deposit #4?' });
    expect(dialog).toHaveTextContent('500 points, Ravi (9876543210). The points are credited to the wallet.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Deposit #4 approved');
    expect(await screen.findByText('No pending deposits.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'approved');
    expect(await screen.findByRole('cell', { name: 'approved' })).toBeInTheDocument();
    expect(calls.list.find((c) => c.call === OP.approveDeposit)?.body).toEqual({ id: '4' });
  });

  it("shows a deposit's UTR (also in the approve dialog) and its payment screenshot", async () => {
    const created = jest.fn(() => 'blob:screenshot-4');
    const revoked = jest.fn();
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
    const calls = mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('finance') };
      if (path === '/deposits?status=pending')
        return {
          body: deposits('pending', [
            deposit('4', 'pending', { utr: '401234567890', has_screenshot: true }),
            deposit('5'),
          ]),
        };
      if (path === '/deposits/screenshot?id=4') return { body: 'PNG bytes' };
      return quietAnswer(call);
    });
    renderConsole('/console/deposits');
    const user = userEvent.setup();
    expect(await screen.findByText('UTR 401234567890')).toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: '—' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'View the screenshot of deposit #4' }));
    const dialog = screen.getByRole('dialog', { name: 'Payment screenshot of deposit #4' });
    expect(await within(dialog).findByRole('img', { name: 'Payment screenshot sent with deposit #4' })).toHaveAttribute(
      'src',
      'blob:screenshot-4',
    );
    expect(calls.list.some((c) => c.method === 'GET' && c.path === '/deposits/screenshot?id=4')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(revoked).toHaveBeenCalledWith('blob:screenshot-4');
    await user.click(screen.getByRole('button', { name: 'Approve deposit #4' }));
    expect(screen.getByRole('dialog', { name: 'Approve deposit #4?' })).toHaveTextContent('UTR 401234567890.');
  });

  it("a rejected request shows the operator's reason in the list", async () => {
    mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('finance') };
      if (path === '/deposits?status=pending') return { body: deposits('pending', []) };
      if (path === '/deposits?status=rejected')
        return { body: deposits('rejected', [deposit('9', 'rejected', { note: 'No payment with this UTR' })]) };
      return quietAnswer(call);
    });
    renderConsole('/console/deposits');
    const user = userEvent.setup();
    await screen.findByText('No pending deposits.');
    await user.selectOptions(screen.getByLabelText('Show'), 'rejected');
    expect(await screen.findByRole('cell', { name: 'rejected: No payment with this UTR' })).toBeInTheDocument();
  });

  it('rejects a withdrawal with a reason, checks a receipt link, and pages a long queue', async () => {
    const many = Array.from({ length: 25 }, (_, i) => withdrawal(String(i + 1)));
    const calls = mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('owner') };
      if (path.startsWith('/withdrawals?')) return { body: withdrawals('pending', many) };
      if (call === OP.rejectWithdrawal)
        return {
          body: {
            status: true,
            msg: 'Withdrawal #1 rejected: 500 points back in the wallet',
            id: '1',
            wallet_amt: '500',
          },
        };
      return quietAnswer(call);
    });
    renderConsole('/console/withdrawals');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Approve withdrawal #1' });
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(21);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByRole('row')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Approve withdrawal #1' }));
    let dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Receipt link (optional)'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The receipt link must start with http:// or https://');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.list.some((c) => c.call === OP.approveWithdrawal)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Reject withdrawal #1' }));
    dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('The held points go back to the wallet.');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Number does not match');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Withdrawal #1 rejected');
    expect(calls.list.find((c) => c.call === OP.rejectWithdrawal)?.body).toEqual({
      id: '1',
      reason: 'Number does not match',
    });
  });

  it('a withdrawal held for a reversed win is flagged, and approved only with a reason', async () => {
    const held = withdrawal('7', 'pending', {
      amount: '6000',
      held_points: '4060',
      held_note: 'Result corrected: KALYAN 2026-03-10, 4060 points of a reversed win not recovered',
    });
    const calls = mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('finance') };
      if (path.startsWith('/withdrawals?')) return { body: withdrawals('pending', [held]) };
      if (call === OP.approveWithdrawal) return { body: { status: true, msg: 'Withdrawal #7 approved', id: '7' } };
      return quietAnswer(call);
    });
    renderConsole('/console/withdrawals');
    const user = userEvent.setup();
    expect(await screen.findByText(/Held: 4,060 points of a reversed win/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve withdrawal #7' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Held: 4,060 points of this request are a win that a correction reversed');
    expect(dialog).toHaveTextContent('KALYAN 2026-03-10');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the reason for paying out a held withdrawal');
    expect(calls.list.some((c) => c.call === OP.approveWithdrawal)).toBe(false);
    await user.type(
      within(dialog).getByLabelText('Reason for paying it out anyway (kept in the audit log)'),
      'Paid before the correction',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Withdrawal #7 approved');
    expect(calls.list.find((c) => c.call === OP.approveWithdrawal)?.body).toEqual({
      id: '7',
      reason: 'Paid before the correction',
    });
  });

  it('a failed list says so and can try again', async () => {
    let fail = true;
    mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR('finance') };
      if (fail) return { status: 500, body: { status: false, code: 'server', msg: 'Operator action failed' } };
      return { body: deposits('pending', []) };
    });
    renderConsole('/console/deposits');
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('Operator action failed');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No pending deposits.')).toBeInTheDocument();
  });
});

describe('Operators', () => {
  it('adds an operator and shows the one-time password once', async () => {
    const list = [
      {
        id: '1',
        name: 'owner1',
        role: 'owner',
        must_change_password: false,
        totp: true,
        disabled: false,
        disabled_at: null,
        created_at: '',
      },
    ];
    const calls = mockOperatorApi(({ call, body }) => {
      if (call === OP.session) return { body: OPERATOR('owner') };
      if (call === OP.operators) return { body: { status: true, operators: list } };
      if (call === OP.addOperator && body.name === 'owner1')
        return {
          status: 409,
          body: { status: false, code: 'conflict', msg: "An operator named 'owner1' already exists" },
        };
      if (call === OP.addOperator) {
        list.push({
          id: '2',
          name: String(body.name),
          role: String(body.role),
          must_change_password: true,
          totp: false,
          disabled: false,
          disabled_at: null,
          created_at: '',
        });
        return {
          body: {
            status: true,
            msg: 'created',
            name: body.name,
            role: body.role,
            one_time_password: 'Abcdefgh23456789',
          },
        };
      }
      return quietAnswer(call);
    });
    renderConsole('/console/operators');
    const user = userEvent.setup();
    expect(await screen.findByRole('cell', { name: 'owner1' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), '1bad');
    await user.click(screen.getByRole('button', { name: 'Add operator' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Username must be 3 to 32 letters');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'owner1');
    await user.click(screen.getByRole('button', { name: 'Add operator' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("An operator named 'owner1' already exists");
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'cashier');
    await user.selectOptions(screen.getByLabelText('Role'), 'finance');
    await user.click(screen.getByRole('button', { name: 'Add operator' }));
    expect(await screen.findByTestId('one-time-password')).toHaveTextContent('Abcdefgh23456789');
    expect(await screen.findByRole('cell', { name: 'cashier' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'one-time password' })).toBeInTheDocument();
    expect(calls.list.filter((c) => c.method === 'POST').pop()?.body).toEqual({ name: 'cashier', role: 'finance' });
  });

  it('disables and enables an operator, resets a password (shown once) and turns a lost two-step off, each confirmed', async () => {
    const row = (name: string, extra: Record<string, unknown> = {}) => ({
      id: name,
      name,
      role: 'finance',
      must_change_password: false,
      totp: false,
      disabled: false,
      disabled_at: null,
      created_at: '',
      ...extra,
    });
    let list = [row('owner1', { role: 'owner' }), row('cashier', { totp: true })];
    const calls = mockOperatorApi(({ call, body }) => {
      if (call === OP.session) return { body: OPERATOR('owner') };
      if (call === OP.operators) return { body: { status: true, operators: list } };
      const name = String(body.name);
      if (call === OP.disableOperator) {
        list = list.map((o) => (o.name === name ? { ...o, disabled: true } : o));
        return { body: { status: true, msg: `${name} is now disabled` } };
      }
      if (call === OP.enableOperator) {
        list = list.map((o) => (o.name === name ? { ...o, disabled: false } : o));
        return { body: { status: true, msg: `${name} is now enabled` } };
      }
      if (call === OP.resetOperatorPassword)
        return { body: { status: true, msg: 'reset', one_time_password: 'Zxcvbnmq23456789' } };
      if (call === OP.operatorTotpOff)
        return {
          status: 409,
          body: { status: false, code: 'conflict', msg: `Two-step sign-in is not on for ${name}` },
        };
      return quietAnswer(call);
    });
    renderConsole('/console/operators');
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'cashier' });
    // one's own row has no buttons: My account covers it
    expect(screen.queryByRole('button', { name: 'Disable: owner1' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Disable: cashier' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable cashier?' });
    expect(calls.list.some((c) => c.call === OP.disableOperator)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('cashier is now disabled')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'disabled' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable: cashier' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('cashier is now enabled')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset password: cashier' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByTestId('one-time-password')).toHaveTextContent('Zxcvbnmq23456789');

    // the server's refusal stays in the dialog
    await user.click(screen.getByRole('button', { name: 'Turn two-step off: cashier' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Turn two-step off' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Two-step sign-in is not on for cashier',
    );
    expect(calls.list.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/operators/disable', { name: 'cashier' }],
      ['/operators/enable', { name: 'cashier' }],
      ['/operators/reset-password', { name: 'cashier' }],
      ['/operators/totp-off', { name: 'cashier' }],
    ]);
  });

  it('My account: sets up two-step sign-in with the QR code and a code, and turns it off with a code', async () => {
    const calls = mockOperatorApi(({ call, body }) => {
      if (call === OP.session) return { body: OPERATOR('results') };
      if (call === OP.totpSetup)
        return {
          body: {
            status: true,
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
            uri: 'otpauth://totp/x',
            qr_image: 'data:image/png;base64,AAAA',
          },
        };
      if (call === OP.totpEnable && body.code === '000000')
        return {
          status: 400,
          body: { status: false, code: 'request', msg: 'That code is wrong or expired: enter the current one' },
        };
      if (call === OP.totpEnable) return { body: { status: true, msg: 'Two-step sign-in is on' } };
      if (call === OP.totpDisable) return { body: { status: true, msg: 'Two-step sign-in is off' } };
      return quietAnswer(call);
    });
    renderConsole('/console/account');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'My account' });
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code of your two-step sign-in key' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    await user.type(screen.getByLabelText('6-digit code'), '12');
    await user.click(screen.getByRole('button', { name: 'Turn two-step sign-in on' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app');
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn two-step sign-in on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is wrong or expired');
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn two-step sign-in on' }));
    expect(await screen.findByText('Two-step sign-in is on')).toBeInTheDocument();
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn two-step sign-in off' }));
    expect(await screen.findByText('Two-step sign-in is off')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(calls.list.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/totp/setup', {}],
      ['/totp/enable', { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', code: '000000' }],
      ['/totp/enable', { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', code: '123456' }],
      ['/totp/disable', { code: '654321' }],
    ]);
  });
});

const USERS = [
  {
    id: '2',
    mobile: '9876543210',
    name: 'Ravi',
    wallet: '120',
    betting_status: '1',
    approved: true,
    blocked: false,
    created: '2026-11-20 10:00',
  },
  {
    id: '3',
    mobile: '9876543211',
    name: 'Sita',
    wallet: '0',
    betting_status: '0',
    approved: false,
    blocked: false,
    created: '2026-11-21 11:00',
  },
];

describe('Users', () => {
  it('searches, turns betting off and approves an account after confirmations', async () => {
    const calls = mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('support') };
      if (path.startsWith('/users?q=')) {
        const q = decodeURIComponent(path.slice('/users?q='.length));
        return { body: { status: true, users: USERS.filter((u) => !q || u.mobile.includes(q) || u.name.includes(q)) } };
      }
      if (call === OP.setBetting)
        return { body: { status: true, msg: 'Betting for 9876543210 is now off', betting_status: '0' } };
      if (call === OP.approveUser)
        return { body: { status: true, msg: '9876543211 approved: betting on', betting_status: '1' } };
      return quietAnswer(call);
    });
    renderConsole('/console/users');
    const user = userEvent.setup();
    expect(await screen.findByRole('table', { name: 'Newest users' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search by mobile or name'), 'Sita');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('table', { name: 'Users matching “Sita”' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'waiting for approval' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve 9876543211' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve 9876543211?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('9876543211 approved');
    await user.clear(screen.getByLabelText('Search by mobile or name'));
    await user.type(screen.getByLabelText('Search by mobile or name'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No user matches “nobody”.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search by mobile or name'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Turn betting off for 9876543210' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Betting for 9876543210 is now off');
    expect(calls.list.find((c) => c.call === OP.setBetting)?.body).toEqual({ mobile: '9876543210', status: '0' });
  });

  it('finance reads users but has no buttons that change them', async () => {
    mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('finance') };
      if (path.startsWith('/users')) return { body: { status: true, users: USERS } };
      return quietAnswer(call);
    });
    renderConsole('/console/users');
    expect(await screen.findByRole('cell', { name: 'Ravi' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Action' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve|Betting/ })).not.toBeInTheDocument();
  });
});

const DETAIL = (extra: Record<string, unknown> = {}) => ({
  status: true,
  user: { ...USERS[0], blocked_reason: '', blocked_since: null, sessions: 2, upi_held: [], ...extra },
  totals: { staked: 340, won: 90, deposited: 500, withdrawn: 100 },
  protection: { age_declared: '2026-11-20 10:00', break_until: null, excluded_until: null, limits: [] },
  ledger: Array.from({ length: 25 }, (_, i) => ({
    id: String(100 - i),
    when: `2026-11-2${i % 4} 10:${String(i).padStart(2, '0')}`,
    type: i % 2 ? 'credit' : 'debit',
    amount: 10 + i,
    balance_after: 120 + i,
    kind: i % 2 ? 'operator_credit' : 'bid',
    note: i % 2 ? 'Points added by admin' : 'KALYAN Single Digit',
  })),
  bids: [
    {
      id: '7',
      when: '2026-11-23 09:30',
      date: '2026-11-23',
      family: 'regular',
      market: 'KALYAN',
      bet: 'Single Digit',
      session: 'Open',
      digits: '7',
      points: 40,
      status: 'won',
      win_amount: 90,
    },
  ],
  wins: [],
});

describe('One user', () => {
  it('shows the wallet, totals and paged ledger, bids and wins; support blocks with a reason and logs the player out', async () => {
    let blocked = false;
    const calls = mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('support') };
      if (path === '/users/detail?mobile=9876543210')
        return {
          body: DETAIL(
            blocked
              ? { blocked: true, blocked_reason: 'chargeback fraud', blocked_since: '2026-11-24 10:00', sessions: 0 }
              : {},
          ),
        };
      if (call === OP.blockUser) {
        blocked = true;
        return {
          body: { status: true, msg: '9876543210 blocked: signed out everywhere, and cannot log in until unblocked' },
        };
      }
      if (call === OP.logoutUser)
        return { body: { status: true, msg: '9876543210 logged out of 2 sessions', sessions: 2 } };
      return quietAnswer(call);
    });
    renderConsole('/console/users/9876543210');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Ravi (9876543210)' })).toBeInTheDocument();
    expect(screen.getByText('120 points')).toBeInTheDocument();
    expect(screen.getByText('2 devices')).toBeInTheDocument();
    const ledger = screen.getByRole('table', { name: 'Wallet ledger, newest first' });
    expect(within(ledger).getAllByRole('row')).toHaveLength(21); // header + 20 of 25
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'bids');
    expect(screen.getByRole('cell', { name: 'won 90' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'wins');
    expect(screen.getByText('No wins yet.')).toBeInTheDocument();
    // support: betting, block, force logout; no money buttons
    expect(screen.queryByRole('button', { name: 'Credit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Force logout' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Log 9876543210 out everywhere?' })).getByRole('button', {
        name: 'Log out',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('9876543210 logged out of 2 sessions');
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block 9876543210?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a reason of at least 3 characters');
    expect(calls.list.some((c) => c.call === OP.blockUser)).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason'), 'chargeback fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText(/blocked since 2026-11-24 10:00: chargeback fraud/)).toBeInTheDocument();
    expect(calls.list.find((c) => c.call === OP.blockUser)?.body).toEqual({
      mobile: '9876543210',
      reason: 'chargeback fraud',
    });
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Force logout' })).not.toBeInTheDocument();
  });

  it("finance credits and debits with points and a reason; the server's refusal stays in the dialog", async () => {
    const calls = mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('finance') };
      if (path.startsWith('/users/detail')) return { body: DETAIL() };
      if (call === OP.debit)
        return {
          status: 409,
          body: { status: false, code: 'conflict', msg: '9876543210 has only 120 points: debit at most 120' },
        };
      if (call === OP.credit)
        return {
          body: { status: true, msg: 'Credited 50 points to 9876543210', mobile: '9876543210', wallet_amt: '170' },
        };
      return quietAnswer(call);
    });
    renderConsole('/console/users/9876543210');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Ravi (9876543210)' });
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Debit' }));
    let dialog = screen.getByRole('dialog', { name: 'Debit points from 9876543210?' });
    await user.type(within(dialog).getByLabelText('Points'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Debit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the points as a whole number more than 0');
    await user.clear(within(dialog).getByLabelText('Points'));
    await user.type(within(dialog).getByLabelText('Points'), '500');
    await user.type(within(dialog).getByLabelText('Reason'), 'duplicate deposit');
    await user.click(within(dialog).getByRole('button', { name: 'Debit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('has only 120 points: debit at most 120');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Credit' }));
    dialog = screen.getByRole('dialog', { name: 'Credit points to 9876543210?' });
    await user.type(within(dialog).getByLabelText('Points'), '50');
    await user.type(within(dialog).getByLabelText('Reason'), 'bonus for referral');
    await user.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Credited 50 points to 9876543210');
    expect(calls.list.find((c) => c.call === OP.credit)?.body).toEqual({
      mobile: '9876543210',
      points: 50,
      note: 'bonus for referral',
    });
  });
});

describe('One user: responsible play', () => {
  it("shows the player's break and exclusion; only an owner ends an exclusion, with a reason", async () => {
    const detail = {
      ...DETAIL(),
      protection: {
        age_declared: null,
        break_until: null,
        excluded_until: 'permanent',
        limits: ['Daily stake limit: 1,000 (250 used; raised to 5,000 from 2026-11-28 10:00)'],
      },
    };
    let role = 'support';
    const calls = mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR(role) };
      if (path.startsWith('/users/detail')) return { body: detail };
      if (call === OP.liftExclusion)
        return { body: { status: true, msg: "9876543210's self-exclusion is lifted: they may play again" } };
      return quietAnswer(call);
    });
    const first = renderConsole('/console/users/9876543210');
    await screen.findByRole('heading', { name: 'Ravi (9876543210)' });
    const facts = screen.getByText('Self-exclusion').closest('dl')!;
    expect(within(facts).getByText('Age (18 or older)').nextElementSibling).toHaveTextContent('not declared');
    expect(within(facts).getByText('Self-exclusion').nextElementSibling).toHaveTextContent('permanent');
    expect(within(facts).getByText('Limits').nextElementSibling).toHaveTextContent(
      'Daily stake limit: 1,000 (250 used; raised to 5,000 from 2026-11-28 10:00)',
    );
    expect(screen.queryByRole('button', { name: /End self-exclusion/ })).not.toBeInTheDocument();
    first.unmount();

    role = 'owner';
    renderConsole('/console/users/9876543210');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /End self-exclusion/ }));
    const dialog = screen.getByRole('dialog', { name: "End 9876543210's self-exclusion now?" });
    expect(dialog).toHaveTextContent('Only do this on their written request');
    await user.click(within(dialog).getByRole('button', { name: 'End the exclusion' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a reason of at least 3 characters');
    await user.type(within(dialog).getByLabelText('Reason'), 'Signed request, checked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'End the exclusion' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "9876543210's self-exclusion is lifted: they may play again",
    );
    expect(calls.list.find((c) => c.call === OP.liftExclusion)?.body).toEqual({
      mobile: '9876543210',
      reason: 'Signed request, checked by phone',
    });
  });
});

describe('One user: UPI numbers held for approval', () => {
  it('lists the held numbers and approves them after a confirmation', async () => {
    const detail = { ...DETAIL(), user: { ...DETAIL().user, upi_held: ['paytm_no', 'google_pay_no'] } };
    const calls = mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('owner') };
      if (path.startsWith('/users/detail')) return { body: detail };
      if (call === OP.approveUpi)
        return {
          body: {
            status: true,
            msg: '9876543210: withdrawals may go to its Paytm, Google Pay number now',
            approved: ['paytm_no', 'google_pay_no'],
          },
        };
      return quietAnswer(call);
    });
    renderConsole('/console/users/9876543210');
    await screen.findByRole('heading', { name: 'Ravi (9876543210)' });
    expect(screen.getByText('UPI waiting for approval').nextElementSibling).toHaveTextContent('Paytm, Google Pay');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Approve UPI numbers/ }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the UPI numbers of 9876543210?' });
    expect(dialog).toHaveTextContent('Check them with the player first');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'withdrawals may go to its Paytm, Google Pay number now',
    );
    expect(calls.list.find((c) => c.call === OP.approveUpi)?.body).toEqual({ mobile: '9876543210' });
  });
});

describe('Audit log', () => {
  it('shows who did what, newest first; only an owner has it', async () => {
    mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('owner') };
      if (path === '/audit?limit=500')
        return {
          body: {
            status: true,
            audit: [
              {
                id: '9',
                action: 'credit',
                target: '9876543210',
                operator: 'money1',
                params: {},
                before: { wallet: '0' },
                after: { wallet: '25' },
                ok: true,
                created_at: '2026-11-24T10:00:00.000Z',
              },
              {
                id: '8',
                action: 'sign-in',
                target: 'mallory',
                operator: null,
                params: {},
                before: null,
                after: null,
                ok: false,
                created_at: '2026-11-24T09:00:00.000Z',
              },
            ],
          },
        };
      return quietAnswer(call);
    });
    renderConsole('/console/audit');
    const table = await screen.findByRole('table', { name: 'Latest actions, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('money1');
    expect(rows[1]).toHaveTextContent('{"wallet":"25"}');
    expect(rows[2]).toHaveTextContent('refused');
    expect(within(rows[1]).getByRole('cell', { name: '24 Nov 2026, 3:30 pm' })).toBeInTheDocument();
  });
});

describe('Markets', () => {
  it('sets weekly off days and changes a game rate, each after a confirmation', async () => {
    const calls = mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR('results') };
      if (call === OP.markets) return { body: MARKETS };
      if (call === OP.rates)
        return {
          body: {
            status: true,
            rates: [
              { family: 'regular', rate_key: 'single_digit', val_1: 10, val_2: 95 },
              { family: 'gali', rate_key: 'single_digit', val_1: 10, val_2: 90 },
            ],
          },
        };
      if (call === OP.setOffDays)
        return { body: { status: true, msg: 'KALYAN (regular) is off on: Sunday, Saturday', off_days: [0, 6] } };
      if (call === OP.setRate) return { body: { status: true, msg: 'regular Single Digit: 10-96' } };
      return quietAnswer(call);
    });
    renderConsole('/console/markets');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Regular markets' });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Sun');
    await user.click(screen.getByRole('button', { name: 'Change the off days of KALYAN' }));
    let dialog = screen.getByRole('dialog', { name: 'Off days of KALYAN' });
    const days = within(dialog).getByRole('group', { name: 'Weekly off days' });
    for (const d of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
      await user.click(within(days).getByLabelText(d));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A market cannot be off every day: disable it instead');
    for (const d of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await user.click(within(days).getByLabelText(d));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('KALYAN (regular) is off on: Sunday, Saturday')).toBeInTheDocument();
    expect(calls.list.find((c) => c.call === OP.setOffDays)?.body).toEqual({
      family: 'regular',
      market: '1',
      days: [0, 6],
    });
    // rates of the chosen family
    expect(screen.getByRole('cell', { name: '10-95' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: '10-90' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change the rate Single Digit' }));
    dialog = screen.getByRole('dialog', { name: 'Rate Single Digit (regular)' });
    await user.clear(within(dialog).getByLabelText('Points won'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter both points as whole numbers more than 0');
    await user.type(within(dialog).getByLabelText('Points won'), '96');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('regular Single Digit: 10-96')).toBeInTheDocument();
    expect(calls.list.find((c) => c.call === OP.setRate)?.body).toEqual({
      family: 'regular',
      rate_key: 'single_digit',
      val_1: 10,
      val_2: 96,
    });
  });

  it("changes a bet type's limits and the family's liability cap, each after a confirmation", async () => {
    const limits = [
      {
        family: 'regular',
        bet_types: [
          { bet_type: 'single_digit', title: 'Single Digit', min: 10, max: 10000000, session_max: null, own: false },
          { bet_type: 'jodi_digit', title: 'Jodi Digit', min: 10, max: 5000, session_max: 20000, own: true },
        ],
        liability_cap: null,
      },
    ];
    const calls = mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR('results') };
      if (call === OP.markets) return { body: MARKETS };
      if (call === OP.rates) return { body: { status: true, rates: [] } };
      if (call === OP.betLimits) return { body: { status: true, families: limits } };
      if (call === OP.setBetLimit)
        return {
          body: { status: true, msg: 'regular Single Digit: 50 to 1,000 points a bid, no maximum per session' },
        };
      if (call === OP.setLiabilityCap)
        return { body: { status: true, msg: 'regular: one number may cost at most 5,00,000 points a session' } };
      return quietAnswer(call);
    });
    renderConsole('/console/markets');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Per bet type (points)' });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Jodi Digit105,00020,000');
    expect(screen.getByText(/^Liability cap per number:/)).toHaveTextContent('Liability cap per number: none');
    await user.click(screen.getByRole('button', { name: 'Change the limits of Single Digit' }));
    let dialog = screen.getByRole('dialog', { name: 'Limits of Single Digit (regular)' });
    await user.clear(within(dialog).getByLabelText('Fewest points a bid'));
    await user.type(within(dialog).getByLabelText('Fewest points a bid'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter whole numbers of points');
    await user.clear(within(dialog).getByLabelText('Fewest points a bid'));
    await user.type(within(dialog).getByLabelText('Fewest points a bid'), '50');
    await user.clear(within(dialog).getByLabelText('Most points a bid'));
    await user.type(within(dialog).getByLabelText('Most points a bid'), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('regular Single Digit: 50 to 1,000 points a bid, no maximum per session'),
    ).toBeInTheDocument();
    expect(calls.list.find((c) => c.call === OP.setBetLimit)?.body).toEqual({
      family: 'regular',
      bet_type: 'single_digit',
      min: 50,
      max: 1000,
      session_max: null,
    });
    await user.click(screen.getByRole('button', { name: 'Change the cap' }));
    dialog = screen.getByRole('dialog', { name: 'Liability cap per number (regular)' });
    await user.type(within(dialog).getByLabelText('Cap in points (empty: no cap)'), '500000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('regular: one number may cost at most 5,00,000 points a session'),
    ).toBeInTheDocument();
    expect(calls.list.find((c) => c.call === OP.setLiabilityCap)?.body).toEqual({ family: 'regular', cap: 500000 });
  });

  it('lists a family, changes times, disables after a confirmation, and adds a Starline slot', async () => {
    const calls = mockOperatorApi(({ call, body }) => {
      if (call === OP.session) return { body: OPERATOR('results') };
      if (call === OP.markets) return { body: MARKETS };
      if (call === OP.setMarketTimes)
        return {
          body: {
            status: true,
            msg: 'KALYAN: open 04:00 PM, close 06:00 PM',
            market: { id: 1, family: 'regular', name: 'KALYAN', open: '16:00', close: '18:00' },
          },
        };
      if (call === OP.disableMarket) return { body: { status: true, msg: 'KALYAN (regular) is now disabled', id: 1 } };
      if (call === OP.addMarket && body.name === 'KALYAN')
        return {
          status: 409,
          body: { status: false, code: 'conflict', msg: "A starline market named 'KALYAN' already exists (id 1)" },
        };
      if (call === OP.addMarket)
        return {
          body: {
            status: true,
            msg: 'Added starline market 2 PM (id 9), open 14:00, close 14:00',
            market: { id: 9, family: 'starline', name: '2 PM', open: '14:00', close: '14:00' },
          },
        };
      return quietAnswer(call);
    });
    renderConsole('/console/markets');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Regular markets' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Change the times of KALYAN' }));
    let dialog = screen.getByRole('dialog', { name: 'Times of KALYAN' });
    const open = within(dialog).getByLabelText('Open time');
    const close = within(dialog).getByLabelText('Close time');
    expect(open).toHaveValue('15:45');
    await user.clear(close);
    await user.type(close, '15:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The close time must be after the open time');
    await user.clear(open);
    await user.type(open, '16:00');
    await user.clear(close);
    await user.type(close, '18:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('KALYAN: open 04:00 PM, close 06:00 PM');
    expect(calls.list.find((c) => c.call === OP.setMarketTimes)?.body).toEqual({
      family: 'regular',
      name: 'KALYAN',
      open: '16:00',
      close: '18:00',
    });
    await user.click(screen.getByRole('button', { name: 'Disable KALYAN' }));
    dialog = screen.getByRole('dialog', { name: 'Disable KALYAN?' });
    expect(dialog).toHaveTextContent('Players no longer see it and cannot bid on it.');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('status')).toHaveTextContent('KALYAN (regular) is now disabled');

    await user.selectOptions(screen.getByLabelText('Show'), 'starline');
    expect(screen.getByText('No starline slots yet.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Close time')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the market name');
    await user.type(screen.getByLabelText('Name'), 'KALYAN');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the slot time');
    await user.type(screen.getByLabelText('Slot time'), '14:00');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("A starline market named 'KALYAN' already exists");
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), '2 PM');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added starline market 2 PM');
    expect(calls.list.filter((c) => c.call === OP.addMarket).pop()?.body).toEqual({
      family: 'starline',
      name: '2 PM',
      open: '14:00',
    });
  });
});

describe('Settings', () => {
  it('shows each setting, saves one, and shows the server refusal of a bad value', async () => {
    const settings: Record<string, string> = {
      min_amt: '100',
      upi_id: 'shop@bank',
      how_to_play_content: '<p>Play</p>',
    };
    const calls = mockOperatorApi(({ call, body }) => {
      if (call === OP.session) return { body: OPERATOR('owner') };
      if (call === OP.settings)
        return {
          body: {
            status: true,
            settings,
            keys: Object.keys(settings),
            requests: [],
            qr: {
              qr_image: 'data:image/png;base64,AAAA',
              upi_id: settings.upi_id,
              payee_name: '',
              upi_uri: 'upi://pay',
            },
          },
        };
      if (call === OP.setSetting && body.key === 'upi_id')
        return {
          status: 400,
          body: { status: false, code: 'request', msg: "upi_id must be a UPI id like 'name@bank'" },
        };
      if (call === OP.setSetting) {
        settings[String(body.key)] = String(body.value);
        return { body: { status: true, msg: 'ok', key: body.key, value: body.value } };
      }
      return quietAnswer(call);
    });
    renderConsole('/console/settings');
    const user = userEvent.setup();
    const min = await screen.findByLabelText('Minimum deposit (points)');
    expect(min).toHaveValue('100');
    expect(screen.getByLabelText('How to play (HTML)')).toHaveValue('<p>Play</p>');
    // keys the server does not offer are not shown
    expect(screen.queryByLabelText('Telegram number')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code to pay shop@bank' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    const form = min.closest('form')!;
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(min);
    await user.type(min, '200');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Saved');
    expect(calls.list.find((c) => c.call === OP.setSetting)?.body).toEqual({ key: 'min_amt', value: '200' });
    const upi = screen.getByLabelText('UPI id');
    await user.clear(upi);
    await user.type(upi, 'not an id');
    await user.click(within(upi.closest('form')!).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("upi_id must be a UPI id like 'name@bank'");
  });
});

describe('Dashboard', () => {
  it("shows today's figures per family, the week's chart, what waits and the open markets", async () => {
    mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR('finance') };
      if (call === OP.dashboard) return { body: DASHBOARD };
      return quietAnswer(call);
    });
    renderConsole('/console/');
    expect(await screen.findByRole('heading', { name: 'Today, 2026-11-24' })).toBeInTheDocument();
    const figures = screen.getAllByRole('definition');
    expect(figures.map((f) => f.textContent)).toEqual(['1,800', '1,850', '-50', '2 (700 points)', '1 (600 points)']);
    const byFamily = screen.getByRole('table', { name: 'By market family (points)' });
    expect(within(byFamily).getAllByRole('row')[3]).toHaveTextContent('Gali100900-800');
    expect(
      await screen.findByRole('img', {
        name: 'Stakes and payouts, last 7 days. Stakes: Most points: 11-24: 600, 11-23: 500, 11-22: 400, 11-21: 300, 11-20: 200. Payouts: Most points: 11-24: 300, 11-23: 250, 11-22: 200, 11-21: 150, 11-20: 100.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the deposits' })).toHaveAttribute('href', '/console/deposits');
    expect(screen.getByRole('heading', { name: 'Open now (1)' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'KALYAN' })).toBeInTheDocument();
    expect(screen.getByText('No number is near its family’s liability cap today.')).toBeInTheDocument();
  });

  it("shows the server's state: processes up, SMS failures in the last hour, live streams, the pool, the queues", async () => {
    mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR('support') };
      if (call === OP.dashboard)
        return {
          body: {
            ...DASHBOARD,
            server: {
              processes: { up: 1, configured: 2 },
              queues: { deposits: 2, withdrawals: 1, settlement_jobs: 1 },
              sms_last_hour: { sent: 40, failed: 3 },
              live_streams: 120,
              db_pool: { in_use: 3, idle: 17, waiting: 0 },
            },
          },
        };
      return quietAnswer(call);
    });
    renderConsole('/console/');
    const card = (await screen.findByRole('heading', { name: 'Server' })).parentElement!;
    // a figure is the definition after its term
    const figure = (term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(figure('Processes up')).toHaveTextContent('1 of 2');
    expect(figure('Processes up')).toHaveClass('console-loss');
    expect(figure('SMS failed, last hour')).toHaveTextContent('3 of 43 codes');
    expect(figure('SMS failed, last hour')).toHaveClass('console-loss');
    expect(figure('Live streams')).toHaveTextContent('120');
    expect(figure('Database connections')).toHaveTextContent('3 in use, 17 idle, 0 waiting');
    expect(figure('Database connections')).not.toHaveClass('console-loss');
    expect(card).toHaveTextContent('Queues: 2 deposits and 1 withdrawal waiting for an operator, 1 result settling.');
  });

  it("says when the server's figures could not be read, and shows the rest", async () => {
    mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR('support') };
      if (call === OP.dashboard) return { body: { ...DASHBOARD, server: null } };
      return quietAnswer(call);
    });
    renderConsole('/console/');
    await screen.findByRole('heading', { name: 'Server' });
    expect(screen.getByText(/The server’s figures could not be read just now/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Open now (1)' })).toBeInTheDocument();
  });

  it('lists the numbers near their liability cap, closed ones marked', async () => {
    mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR('results') };
      if (call === OP.dashboard)
        return {
          body: {
            ...DASHBOARD,
            capped: [
              {
                market: 'SRIDEVI',
                family: 'regular',
                session: 'Open',
                bet_type: 'single_digit',
                title: 'Single Digit',
                number: '4',
                payout: 950000,
                cap: 950000,
                closed: true,
              },
              {
                market: 'KALYAN',
                family: 'regular',
                session: 'Close',
                bet_type: 'jodi_digit',
                title: 'Jodi Digit',
                number: '45',
                payout: 800000,
                cap: 950000,
                closed: false,
              },
            ],
          },
        };
      return quietAnswer(call);
    });
    renderConsole('/console/');
    await screen.findByRole('heading', { name: 'Numbers near their cap' });
    const rows = within(screen.getByRole('table', { name: 'Today (points)' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'MarketBetPayout if it winsState',
      'SRIDEVI (Open)Single Digit 49,50,000 of 9,50,000Closed',
      'KALYAN (Close)Jodi Digit 458,00,000 of 9,50,000Open',
    ]);
  });
});

describe('polling', () => {
  it('the dashboard asks again every 15 seconds while the tab is visible, and not while it is hidden', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const calls = mockOperatorApi(({ call }) => {
        if (call === OP.session) return { body: OPERATOR('results') };
        if (call === OP.dashboard) return { body: DASHBOARD };
        return quietAnswer(call);
      });
      renderConsole('/console/dashboard');
      await screen.findByRole('heading', { name: 'Today, 2026-11-24' });
      const asked = () => calls.list.filter((c) => c.call === OP.dashboard).length;
      expect(asked()).toBe(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(15_000);
      });
      expect(asked()).toBe(2);
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      window.dispatchEvent(new Event('visibilitychange'));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(180_000);
      });
      expect(asked()).toBe(2);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      jest.useRealTimers();
    }
  });
});
