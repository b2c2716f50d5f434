import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OP } from '@matka/shared/contract';
import { toCsv } from '../src/csv';
import { mockOperatorApi, OPERATOR, renderConsole, quietAnswer } from './helpers';

const REPORT = (from: string, to: string) => ({
  status: true,
  from,
  to,
  markets: [
    { date: '2026-11-24', family: 'regular', market_id: 1, market: 'KALYAN', stakes: 1500, payouts: 950, profit: 550 },
    {
      date: '2026-11-23',
      family: 'gali',
      market_id: 9,
      market: 'DESAWAR, NEW',
      stakes: 100,
      payouts: 900,
      profit: -800,
    },
  ],
  bet_types: [{ family: 'regular', bet: 'Single Digit', bids: 12, points: 1500 }],
  transfers: [],
  money: [{ date: '2026-11-24', deposits: 500, withdrawals: 200 }],
  totals: { stakes: 1600, payouts: 1850, profit: -250, transfers: 0, deposits: 1250000, withdrawals: 200 },
});

const readBlob = (b: Blob) =>
  new Promise<string>((resolve) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.readAsText(b);
  });

describe('Reports', () => {
  let saved: Blob[] = [];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = jest.fn((b: Blob) => {
      saved.push(b);
      return 'blob:report';
    });
    URL.revokeObjectURL = jest.fn();
    // jsdom cannot follow a download link: record which file was asked for
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  let downloads: string[] = [];
  beforeEach(() => {
    downloads = [];
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the totals and tables of the last 7 days, another range on demand, and exports a table as CSV', async () => {
    const calls = mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('finance') };
      const m = /^\/reports\?from=([\d-]+)&to=([\d-]+)$/.exec(path);
      if (m) return { body: REPORT(m[1], m[2]) };
      return quietAnswer(call);
    });
    renderConsole('/console/reports');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Profit and loss per market and day' })).toBeInTheDocument();
    const first = calls.list.find((c) => c.path.startsWith('/reports'))!.path;
    const [, from, to] = /from=([\d-]+)&to=([\d-]+)/.exec(first)!;
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);
    expect(screen.getByText('-250')).toHaveClass('console-loss');
    expect(screen.getByRole('cell', { name: 'DESAWAR, NEW' })).toBeInTheDocument();
    // figures in the Indian grouping, as in the player app
    expect(screen.getAllByRole('cell', { name: '1,500' })).toHaveLength(2);
    expect(screen.getByText('12,50,000')).toBeInTheDocument();
    expect(screen.getByText('1,600')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Transfers per day as CSV' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Download Profit and loss per market and day as CSV' }));
    expect(saved).toHaveLength(1);
    expect(downloads).toEqual([`profit-and-loss_${from}_to_${to}.csv`]);
    const text = await readBlob(saved[0]);
    expect(text).toBe(
      'Date,Family,Market,Stakes,Payouts,Profit\r\n' +
        '2026-11-24,Regular,KALYAN,1500,950,550\r\n' +
        '2026-11-23,Gali,"DESAWAR, NEW",100,900,-800\r\n',
    );
    // another range
    const fromInput = screen.getByLabelText('From');
    await user.clear(fromInput);
    await user.type(fromInput, '2026-11-01');
    const toInput = screen.getByLabelText('To');
    await user.clear(toInput);
    await user.type(toInput, '2026-11-10');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByRole('heading', { name: '2026-11-01 to 2026-11-10' })).toBeInTheDocument();
  });

  it('says what is wrong with a range, and shows the server refusal', async () => {
    mockOperatorApi(({ call, path }) => {
      if (call === OP.session) return { body: OPERATOR('owner') };
      if (path === '/reports?from=2025-01-01&to=2026-11-01')
        return {
          status: 400,
          body: { status: false, code: 'request', msg: 'A report covers at most 92 days: choose a shorter range' },
        };
      if (path.startsWith('/reports')) return { body: REPORT('2026-11-18', '2026-11-24') };
      return quietAnswer(call);
    });
    renderConsole('/console/reports');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Stakes by bet type' });
    const fromInput = screen.getByLabelText('From');
    const toInput = screen.getByLabelText('To');
    await user.clear(toInput);
    await user.type(toInput, '2026-11-01');
    await user.clear(fromInput);
    await user.type(fromInput, '2026-11-05');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The first day must not be after the last day');
    await user.clear(fromInput);
    await user.type(fromInput, '2025-01-01');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A report covers at most 92 days: choose a shorter range');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('support has no Reports', async () => {
    mockOperatorApi(({ call }) => (call === OP.session ? { body: OPERATOR('support') } : { body: { status: true } }));
    renderConsole('/console/reports');
    expect(
      await screen.findByText(
        /Your role \(support\) cannot open Reports\. Ask an operator with the role owner or finance\./,
      ),
    ).toBeInTheDocument();
  });
});

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    const rows = [
      { a: 'x,y', b: 'say "hi"' },
      { a: '=SUM(A1)', b: 'two\nlines' },
      { a: '-5', b: '@me' },
    ];
    expect(
      toCsv(
        [
          { header: 'A', value: (r: (typeof rows)[number]) => r.a },
          { header: 'B', value: (r: (typeof rows)[number]) => r.b },
          { header: 'N', value: () => -3 },
        ],
        rows,
      ),
    ).toBe('A,B,N\r\n"x,y","say ""hi""",-3\r\n\'=SUM(A1),"two\nlines",-3\r\n\'-5,\'@me,-3\r\n');
  });
});
