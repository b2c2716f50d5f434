import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockOperatorApi, OPERATOR, renderConsole } from './helpers';

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
      open_now: true,
    },
  ],
};

const preview = (reversed = 0) => ({
  status: true,
  msg: 'preview',
  market: { id: 1, name: 'KALYAN', family: 'regular' },
  date: '2026-11-24',
  result_text: '128-1',
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
});

describe('Results', () => {
  it('checks the input, previews winners and payout, then declares after a confirmation', async () => {
    const calls = mockOperatorApi(({ method, path }) => {
      if (method === 'GET' && path === '/session') return { body: OPERATOR('results') };
      if (path === '/markets') return { body: MARKETS };
      if (path === '/result/preview') return { body: preview() };
      if (path === '/result/declare')
        return { body: { ...preview(), msg: 'KALYAN 2026-11-24: 128-1; settled 3 bids: 2 paid 190 points' } };
      return { body: { status: true } };
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
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(calls.list.find((c) => c.path === '/result/preview')?.body).toEqual({
      market: '1',
      session: 'open',
      pana: '128',
    });
    await user.click(screen.getByRole('button', { name: 'Declare' }));
    const dialog = screen.getByRole('dialog', { name: 'Declare KALYAN 128-1?' });
    expect(dialog).toHaveTextContent('2 winning bids will be paid 190 points on 2026-11-24.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Declared. KALYAN 2026-11-24: 128-1; settled 3 bids');
    expect(calls.list.filter((c) => c.path === '/result/declare')).toHaveLength(1);
  });

  it('a correction says what will be reversed; a refused declaration keeps the dialog with the reason', async () => {
    mockOperatorApi(({ method, path }) => {
      if (method === 'GET' && path === '/session') return { body: OPERATOR('owner') };
      if (path === '/markets') return { body: MARKETS };
      if (path === '/gali/preview') return { body: { ...preview(3), result_text: '45' } };
      if (path === '/gali/declare')
        return { status: 409, body: { status: false, msg: 'The result changed meanwhile: preview again' } };
      return { body: { status: true } };
    });
    renderConsole('/console/results');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Market type'), 'gali');
    await user.selectOptions(screen.getByLabelText('Market'), '7');
    expect(screen.queryByRole('group', { name: 'Session' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Jodi'), '45');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('note')).toHaveTextContent(
      'This corrects an earlier result: 3 earlier wins (150 points) will be reversed.',
    );
    await user.click(screen.getByRole('button', { name: 'Declare' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('3 earlier wins (150 points) will be reversed.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The result changed meanwhile: preview again');
  });
});

const request = (id: string, status = 'pending', extra = {}) => ({
  id,
  mobile: '9876543210',
  name: 'Ravi',
  amount: '500',
  status,
  requested: '24 Nov 04:31 PM',
  ...extra,
});

describe('Deposits and Withdrawals', () => {
  it('lists the pending deposits, approves one after a confirmation, and filters', async () => {
    let approved = false;
    const calls = mockOperatorApi(({ method, path }) => {
      if (method === 'GET' && path === '/session') return { body: OPERATOR('finance') };
      if (path === '/deposits?status=pending')
        return { body: { status: true, deposits: approved ? [] : [request('4')] } };
      if (path === '/deposits?status=approved') return { body: { status: true, deposits: [request('4', 'approved')] } };
      if (path === '/deposits/approve') {
        approved = true;
        return {
          body: { status: true, msg: 'Deposit #4 approved: 500 points credited to 9876543210 (wallet now 900)' },
        };
      }
      return { body: { status: true } };
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
    expect(calls.list.find((c) => c.path === '/deposits/approve')?.body).toEqual({ id: '4' });
  });

  it('rejects a withdrawal with a reason, checks a receipt link, and pages a long queue', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      request(String(i + 1), 'pending', { method: 'Google Pay', number: '9123456780' }),
    );
    const calls = mockOperatorApi(({ method, path }) => {
      if (method === 'GET' && path === '/session') return { body: OPERATOR('owner') };
      if (path.startsWith('/withdrawals?')) return { body: { status: true, withdrawals: many } };
      if (path === '/withdrawals/reject')
        return { body: { status: true, msg: 'Withdrawal #1 rejected: 500 points back in the wallet' } };
      return { body: { status: true } };
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
    expect(calls.list.some((c) => c.path === '/withdrawals/approve')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Reject withdrawal #1' }));
    dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('The held points go back to the wallet.');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Number does not match');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Withdrawal #1 rejected');
    expect(calls.list.find((c) => c.path === '/withdrawals/reject')?.body).toEqual({
      id: '1',
      reason: 'Number does not match',
    });
  });

  it('a failed list says so and can try again', async () => {
    let fail = true;
    mockOperatorApi(({ method, path }) => {
      if (method === 'GET' && path === '/session') return { body: OPERATOR('finance') };
      if (fail) return { status: 500, body: { status: false, msg: 'Operator action failed' } };
      return { body: { status: true, deposits: [] } };
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
        created_at: '',
      },
    ];
    const calls = mockOperatorApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/session') return { body: OPERATOR('owner') };
      if (method === 'GET' && path === '/operators') return { body: { status: true, operators: list } };
      if (path === '/operators' && body.name === 'owner1')
        return { status: 409, body: { status: false, msg: "An operator named 'owner1' already exists" } };
      if (path === '/operators') {
        list.push({
          id: '2',
          name: String(body.name),
          role: String(body.role),
          must_change_password: true,
          totp: false,
          disabled: false,
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
      return { body: { status: true } };
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
});
