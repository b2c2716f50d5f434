/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers */
import { buildNewResult, type BetTypeId, type BidRow, type Family, type Session } from '@matka/shared/domain';
import { sql } from 'kysely';
import { call, createUser, kolkata, ledgerSum, makeTestApp, marketByName, walletOf, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00') });
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(kolkata('08:00')));

const row = (digits: string, points: number, session: Session = 'Open', closedigits = '', pana = ''): BidRow => ({
  digits,
  closedigits,
  points,
  session,
  pana,
});

/** A submit body as the client builds it (shared buildNewResult). */
function body(
  family: Family,
  betType: BetTypeId,
  token: string,
  market: { id: number; name: string },
  session: Session,
  rows: BidRow[],
  bidDate = '10-March-2026',
) {
  const reqs = buildNewResult({
    family,
    betType,
    token,
    gameId: market.id,
    gameName: market.name,
    bidDate,
    rows: rows.map((r) => ({ ...r, session })),
  });
  return reqs.map((new_result) => ({ unique_token: token, game_id: String(market.id), new_result }));
}

const submitCall: Record<Family, string> = {
  regular: 'api-submit-bid',
  starline: 'api-starline-submit-bid',
  gali: 'api-galidisawar-submit-bid',
};

async function submit(family: Family, b: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call(t.app, submitCall[family], b, headers);
}

describe('regular bids', () => {
  test('Single Digit, Open session: rows re-validated, total recomputed (totalbit ignored), wallet debited with a ledger row', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const m = await marketByName(t, 'MORNING STAR');
    const [b] = body('regular', 'single_digit', u.token, m, 'Open', [row('5', 10), row('7', 25)]);
    (b.new_result as any).totalbit = 1;
    const r = await submit('regular', b);
    expect(r.body).toMatchObject({
      status: true,
      msg: 'Bid placed successfully!',
      wallet_amt: '965',
      total_points: '35',
    });
    expect(await walletOf(t, u.id)).toBe(965);
    expect(await ledgerSum(t, u.id)).toBe(965);
    const bids = await t.ctx.db.selectFrom('bids').selectAll().where('user_id', '=', u.id).orderBy('id').execute();
    expect(bids.map((x) => [x.bet_type, x.pana, x.digits, x.session, x.points, x.bid_date, x.status])).toEqual([
      ['single_digit', 'Single Digit', '5', 'Open', '10', '2026-03-10', 'pending'],
      ['single_digit', 'Single Digit', '7', 'Open', '25', '2026-03-10', 'pending'],
    ]);
    const ledger = await t.ctx.db
      .selectFrom('wallet_transactions')
      .selectAll()
      .where('user_id', '=', u.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(ledger).toMatchObject({ type: 'debit', amount: '35', balance_after: '965', kind: 'bid' });
    const hist = await call(t.app, 'api-bid-history-data', {
      unique_token: u.token,
      bid_from: '03/10/2026',
      bid_to: '03/10/2026',
    });
    expect(hist.body.status).toBe(true);
    expect(hist.body.bid_data).toHaveLength(2);
    expect(hist.body.bid_data[0]).toMatchObject({
      game_name: 'MORNING STAR',
      pana: 'Single Digit',
      digits: '7',
      closedigits: '',
      session: 'Open',
      bid_date: '10-March-2026',
      points: '25',
    });
  });

  test('sessions by the server clock: Open refused after the open time, Close until the close time', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const m = await marketByName(t, 'MORNING STAR'); // 09:30 - 10:30
    t.clock.set(kolkata('09:30'));
    const [open] = body('regular', 'single_pana', u.token, m, 'Open', [row('128', 10)]);
    // the refusal names the closed session (Close still takes bids)
    expect((await submit('regular', open)).body).toEqual({
      status: false,
      msg: 'Open bids are closed for Single Pana; Close bids are still taken.',
      code: expect.any(String),
    });
    const [close] = body('regular', 'single_pana', u.token, m, 'Close', [row('128', 10, 'Close')]);
    expect((await submit('regular', close)).body.status).toBe(true);
    const [jodi] = body('regular', 'jodi_digit', u.token, m, 'Close', [row('45', 10, 'Close')]);
    expect((await submit('regular', jodi)).body).toEqual({
      status: false,
      msg: 'Bidding is closed for Jodi Digit',
      code: expect.any(String),
    });
    t.clock.set(kolkata('10:30'));
    expect((await submit('regular', close)).body).toEqual({
      status: false,
      msg: 'Bidding is closed for Single Pana',
      code: expect.any(String),
    });
    expect(await walletOf(t, u.id)).toBe(990);
  });

  test('mixed sessions in one Submit: each row is stored and read back with the session it was added with', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const m = await marketByName(t, 'MORNING STAR');
    const reqs = (betType: BetTypeId, rows: BidRow[]) =>
      buildNewResult({
        family: 'regular',
        betType,
        token: u.token,
        gameId: m.id,
        gameName: m.name,
        bidDate: '10-March-2026',
        rows,
      });
    const sent = [
      ...reqs('single_digit', [row('1', 10, 'Open'), row('2', 20, 'Close'), row('3', 30, 'Open')]),
      ...reqs('single_pana', [row('123', 40, 'Open'), row('457', 50, 'Close')]),
    ];
    expect(sent.map((r) => [r.pana, r.session, r.result.length])).toEqual([
      ['Single Digit', 'Open', 2],
      ['Single Digit', 'Close', 1],
      ['Single Pana', 'Open', 1],
      ['Single Pana', 'Close', 1],
    ]);
    for (const new_result of sent) {
      expect((await submit('regular', { unique_token: u.token, game_id: String(m.id), new_result })).body.status).toBe(
        true,
      );
    }
    const hist = await call(t.app, 'api-bid-history-data', {
      unique_token: u.token,
      bid_from: '03/10/2026',
      bid_to: '03/10/2026',
    });
    const stored = (hist.body.bid_data as any[]).map((b) => `${b.pana} ${b.digits} ${b.session} ${b.points}`).sort();
    expect(stored).toEqual([
      'Single Digit 1 Open 10',
      'Single Digit 2 Close 20',
      'Single Digit 3 Open 30',
      'Single Pana 123 Open 40',
      'Single Pana 457 Close 50',
    ]);
    expect(await walletOf(t, u.id)).toBe(1000 - 150);
  });

  test('every regular bet type is accepted while the market is open (SP DP TP sends three requests)', async () => {
    const u = await createUser(t, { wallet: 100000 });
    const m = await marketByName(t, 'SRIDEVI');
    const cases: [BetTypeId, Session, BidRow[]][] = [
      ['jodi_digit', 'Close', [row('09', 10, 'Close')]],
      ['double_pana', 'Close', [row('112', 10, 'Close')]],
      ['triple_pana', 'Open', [row('777', 10)]],
      ['half_sangam', 'Open', [row('3', 10, 'Open', '120'), row('120', 10, 'Open', '3')]],
      ['full_sangam', 'Open', [row('123', 10, 'Open', '468')]],
      ['sp_motor', 'Open', [row('123', 10, 'Open', '', 'Single Pana'), row('124', 10, 'Open', '', 'Single Pana')]],
      ['dp_motor', 'Close', [row('112', 10, 'Close', '', 'Double Pana')]],
      [
        'sp_dp_tp',
        'Open',
        [
          row('128', 10, 'Open', '', 'Single Pana'),
          row('110', 10, 'Open', '', 'Double Pana'),
          row('000', 10, 'Open', '', 'Triple Pana'),
        ],
      ],
    ];
    let spent = 0;
    for (const [type, session, rows] of cases) {
      const reqs = body('regular', type, u.token, m, session, rows);
      if (type === 'sp_dp_tp')
        expect(reqs.map((x) => (x.new_result as any).pana)).toEqual(['Single Pana', 'Double Pana', 'Triple Pana']);
      for (const b of reqs) {
        const r = await submit('regular', b);
        expect([type, r.body.status, r.body.msg]).toEqual([type, true, 'Bid placed successfully!']);
      }
      spent += rows.reduce((s, x) => s + x.points, 0);
    }
    expect(await walletOf(t, u.id)).toBe(100000 - spent);
    const stored = await t.ctx.db
      .selectFrom('bids')
      .select(['bet_type', 'pana', 'digits', 'closedigits'])
      .where('user_id', '=', u.id)
      .orderBy('id')
      .execute();
    expect(stored).toContainEqual({ bet_type: 'half_sangam', pana: 'Half Sangam', digits: '3', closedigits: '120' });
    expect(stored).toContainEqual({ bet_type: 'half_sangam', pana: 'Half Sangam', digits: '120', closedigits: '3' });
    expect(stored).toContainEqual({ bet_type: 'full_sangam', pana: 'Full Sangam', digits: '123', closedigits: '468' });
    expect(stored).toContainEqual({ bet_type: 'sp_dp_tp', pana: 'Double Pana', digits: '110', closedigits: '' });
  });

  test('refusals: insufficient balance, invalid numbers and points, wrong market, wrong date, betting disabled; nothing changes', async () => {
    const u = await createUser(t, { wallet: 50 });
    const m = await marketByName(t, 'MORNING STAR');
    const star = await marketByName(t, 'STARLINE 10:00 AM');
    const [big] = body('regular', 'single_digit', u.token, m, 'Open', [row('1', 30), row('2', 30)]);
    expect((await submit('regular', big)).body).toEqual({
      status: false,
      msg: 'Insufficient balance please refill your account',
      code: expect.any(String),
    });
    const [motor] = body('regular', 'sp_motor', u.token, m, 'Open', [
      row('123', 30, 'Open', '', 'Single Pana'),
      row('124', 30, 'Open', '', 'Single Pana'),
    ]);
    expect((await submit('regular', motor)).body).toEqual({
      status: false,
      msg: 'Not enough balance!',
      code: expect.any(String),
    });
    const [badPana] = body('regular', 'single_pana', u.token, m, 'Open', [row('112', 10)]);
    const r1 = await submit('regular', badPana);
    expect(r1.statusCode).toBe(400);
    expect(r1.body).toEqual({ status: false, msg: 'Number 112 is not valid', code: expect.any(String) });
    const [low] = body('regular', 'single_digit', u.token, m, 'Open', [row('1', 5)]);
    expect((await submit('regular', low)).body).toEqual({
      status: false,
      msg: 'Required minimum bid amount is 10',
      code: expect.any(String),
    });
    const [wrongFamily] = body('regular', 'single_digit', u.token, star, 'Open', [row('1', 10)]);
    expect((await submit('regular', wrongFamily)).body).toEqual({
      status: false,
      msg: 'Invalid game',
      code: expect.any(String),
    });
    const [oldDate] = body('regular', 'single_digit', u.token, m, 'Open', [row('1', 10)], '9-March-2026');
    expect((await submit('regular', oldDate)).body).toEqual({
      status: false,
      msg: 'Invalid bid date',
      code: expect.any(String),
    });
    const off = await createUser(t, { wallet: 500, betting: '0' });
    const [offBid] = body('regular', 'single_digit', off.token, m, 'Open', [row('1', 10)]);
    expect((await submit('regular', offBid)).body).toEqual({
      status: false,
      msg: 'Betting is disabled for your account',
      code: expect.any(String),
    });
    expect((await submit('regular', { ...offBid, unique_token: undefined })).statusCode).toBe(401);
    expect(await walletOf(t, u.id)).toBe(50);
    expect(await ledgerSum(t, u.id)).toBe(50);
    expect(
      await t.ctx.db.selectFrom('bids').select('id').where('user_id', 'in', [u.id, off.id]).execute(),
    ).toHaveLength(0);
  });

  test('idempotency: the same Idempotency-Key or request_id places the bid once', async () => {
    const u = await createUser(t, { wallet: 100 });
    const m = await marketByName(t, 'MORNING STAR');
    const [b] = body('regular', 'single_digit', u.token, m, 'Open', [row('3', 10)]);
    const first = await submit('regular', b, { 'Idempotency-Key': 'abc-1' });
    const again = await submit('regular', b, { 'Idempotency-Key': 'abc-1' });
    expect(first.body).toMatchObject({ status: true, wallet_amt: '90' });
    expect(again.body).toMatchObject({ status: true, bid_id: first.body.bid_id, duplicate: true });
    const racing = await Promise.all([1, 2, 3, 4].map(() => submit('regular', { ...b, request_id: 'req-2' })));
    expect(racing.every((r) => r.body.status === true)).toBe(true);
    expect(new Set(racing.map((r) => r.body.bid_id)).size).toBe(1);
    expect(await walletOf(t, u.id)).toBe(80);
    expect(await ledgerSum(t, u.id)).toBe(80);
    // a retry that comes after the session closed still gets the first answer, not a refusal
    const before = t.clock.now();
    t.clock.set(kolkata('23:00'));
    try {
      const late = await submit('regular', b, { 'Idempotency-Key': 'abc-1' });
      expect(late.body).toMatchObject({ status: true, bid_id: first.body.bid_id, duplicate: true });
      const [fresh] = body('regular', 'single_digit', u.token, m, 'Open', [row('5', 10)]);
      expect((await submit('regular', fresh, { 'Idempotency-Key': 'abc-9' })).body.status).toBe(false);
    } finally {
      t.clock.set(before);
    }
    expect(await walletOf(t, u.id)).toBe(80);
  });
});

describe('starline and Gali bids', () => {
  test('starline: open slot accepted (Bid Successfully Placed), passed slot refused, history needs the token', async () => {
    const u = await createUser(t, { wallet: 100 });
    t.clock.set(kolkata('10:15'));
    const s10 = await marketByName(t, 'STARLINE 10:00 AM');
    const s11 = await marketByName(t, 'STARLINE 11:00 AM');
    const [late] = body('starline', 'starline_single_digit', u.token, s10, 'Open', [row('4', 10)]);
    expect((await submit('starline', late)).body).toEqual({
      status: false,
      msg: 'Bidding is closed for Single Digit',
      code: expect.any(String),
    });
    const [ok] = body('starline', 'starline_double_pana', u.token, s11, 'Open', [row('112', 20)]);
    expect((await submit('starline', ok)).body).toMatchObject({
      status: true,
      msg: 'Bid Successfully Placed',
      message: 'Bid Successfully Placed',
    });
    const [poor] = body('starline', 'starline_single_pana', u.token, s11, 'Open', [row('128', 90)]);
    expect((await submit('starline', poor)).body).toEqual({
      status: false,
      msg: 'Insufficient balance, please refill your account',
      code: expect.any(String),
    });
    const h = await call(t.app, 'api-starline-bid-history-data', {
      unique_token: u.token,
      bid_from: '03/10/2026',
      bid_to: '03/10/2026',
    });
    expect(h.body.bid_data).toEqual([
      expect.objectContaining({ game_name: 'STARLINE 11:00 AM', pana: 'Double Pana', digits: '112', points: '20' }),
    ]);
    expect(
      (await call(t.app, 'api-starline-bid-history-data', { bid_from: '03/10/2026', bid_to: '03/10/2026' })).statusCode,
    ).toBe(401);
  });

  test('Gali: left/right/jodi accepted before the open time (request session Close, rows Open), refused after', async () => {
    const u = await createUser(t, { wallet: 100 });
    const g = await marketByName(t, 'FARIDABAD'); // open 05:40 PM
    t.clock.set(kolkata('17:00'));
    for (const [type, digits] of [
      ['gali_left_digit', '4'],
      ['gali_right_digit', '7'],
      ['gali_jodi_digit', '47'],
    ] as const) {
      const [b] = body('gali', type, u.token, g, 'Open', [row(digits, 10)]);
      expect((b.new_result as any).session).toBe('Close');
      expect((await submit('gali', b)).body).toMatchObject({ status: true, msg: 'Bid placed successfully!' });
    }
    t.clock.set(kolkata('17:40'));
    const [late] = body('gali', 'gali_jodi_digit', u.token, g, 'Open', [row('47', 10)]);
    expect((await submit('gali', late)).body).toEqual({
      status: false,
      msg: 'Bidding is closed for Jodi Digit',
      code: expect.any(String),
    });
    const h = await call(t.app, 'api-galidisawar-bid-history-data', {
      unique_token: u.token,
      bid_from: '03/10/2026',
      bid_to: '03/10/2026',
    });
    expect(h.body.bid_data.map((x: any) => [x.pana, x.digits])).toEqual([
      ['Jodi Digit', '47'],
      ['Right Digit', '7'],
      ['Left Digit', '4'],
    ]);
    expect(await walletOf(t, u.id)).toBe(70);
  });
});

describe('histories', () => {
  test('date range (month/day/year, inclusive), win records, Gali wins under bid_data, only the token’s account', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const other = await createUser(t, { wallet: 1000 });
    const m = await marketByName(t, 'MORNING STAR');
    const g = await marketByName(t, 'GALI');
    for (const [day, who] of [
      ['2026-03-09', u],
      ['2026-03-10', u],
      ['2026-03-11', u],
      ['2026-03-10', other],
    ] as const) {
      t.clock.set(kolkata('08:00', day));
      const [d, mo, y] = [Number(day.slice(8)), 'March', 2026];
      const [b] = body('regular', 'single_digit', who.token, m, 'Open', [row('2', 10)], `${d}-${mo}-${y}`);
      expect((await submit('regular', b)).body.status).toBe(true);
      const [gb] = body('gali', 'gali_left_digit', who.token, g, 'Open', [row('2', 10)], `${d}-${mo}-${y}`);
      expect((await submit('gali', gb)).body.status).toBe(true);
    }
    // settlement comes in part 2: write win records by hand
    const mine = await t.ctx.db
      .selectFrom('bids')
      .select(['id', 'family', 'market_id', 'bid_date'])
      .where('user_id', '=', u.id)
      .execute();
    for (const b of mine) {
      await t.ctx.db
        .insertInto('wins')
        .values({
          bid_id: b.id,
          user_id: u.id,
          family: b.family,
          market_id: b.market_id,
          amount: 95,
          win_date: b.bid_date,
        })
        .execute();
    }
    const bids = await call(t.app, 'api-bid-history-data', {
      unique_token: u.token,
      bid_from: '3/10/2026',
      bid_to: '03/11/2026',
    });
    expect(bids.body.bid_data.map((x: any) => x.bid_date)).toEqual(['11-March-2026', '10-March-2026']);
    const wins = await call(t.app, 'api-wining-history-data', {
      unique_token: u.token,
      date_from: '03/09/2026',
      date_to: '03/09/2026',
    });
    expect(wins.body.win_data).toEqual([
      expect.objectContaining({
        game_name: 'MORNING STAR',
        pana: 'Single Digit',
        digits: '2',
        closedigits: '',
        session: 'Open',
        wining_date: '9-March-2026',
        amount: '95',
      }),
    ]);
    const galiWins = await call(t.app, 'api-galidisawar-wining-history-data', {
      unique_token: u.token,
      date_from: '03/09/2026',
      date_to: '03/11/2026',
    });
    expect(galiWins.body.bid_data).toHaveLength(3);
    expect(galiWins.body.bid_data[0]).toMatchObject({
      game_name: 'GALI',
      pana: 'Left Digit',
      digits: '2',
      amount: '95',
      wining_date: '11-March-2026',
    });
    const otherWins = await call(t.app, 'api-wining-history-data', {
      unique_token: other.token,
      date_from: '03/01/2026',
      date_to: '03/31/2026',
    });
    expect(otherWins.body).toMatchObject({ status: true, win_data: [], msg: 'NO DATA FOUND' });
    const starWins = await call(t.app, 'api-starline-wining-history-data', {
      unique_token: u.token,
      date_from: '03/01/2026',
      date_to: '03/31/2026',
    });
    expect(starWins.body.win_data).toEqual([]);
    const bad = await call(t.app, 'api-bid-history-data', {
      unique_token: u.token,
      bid_from: '13/45/2026',
      bid_to: '03/11/2026',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toEqual({ status: false, msg: 'Invalid from date', code: expect.any(String) });
  });
});

describe('concurrency', () => {
  test('200 concurrent submissions, balance covers 50: exactly 50 succeed, balance 0, ledger matches', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const m = await marketByName(t, 'MILAN DAY');
    const [b] = body('regular', 'single_digit', u.token, m, 'Open', [row('1', 10), row('2', 10)]); // 20 points, 2 rows
    const results = await Promise.all(Array.from({ length: 200 }, () => submit('regular', b)));
    const ok = results.filter((r) => r.body.status === true);
    expect(ok).toHaveLength(50);
    expect(
      results
        .filter((r) => r.body.status === false)
        .every((r) => r.body.msg === 'Insufficient balance please refill your account'),
    ).toBe(true);
    expect(await walletOf(t, u.id)).toBe(0);
    expect(await ledgerSum(t, u.id)).toBe(0);
    const rows = await t.ctx.db.selectFrom('bids').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(100);
    const debits = await t.ctx.db
      .selectFrom('wallet_transactions')
      .select('id')
      .where('user_id', '=', u.id)
      .where('type', '=', 'debit')
      .execute();
    expect(debits).toHaveLength(50);
  });

  test('the same with half of the requests failing inside the write (a row refused by the database): each rolls back whole', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const m = await marketByName(t, 'SRIDEVI');
    // A temporary trigger refuses any bid row with digits '9': a request carrying one fails inside its
    // write statement, after the debit and the submission record of the same statement.
    await sql`
      CREATE FUNCTION test_refuse_nine() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.digits = '9' THEN RAISE EXCEPTION 'test: row refused inside the transaction'; END IF;
        RETURN NEW;
      END $$`.execute(t.ctx.db);
    await sql`CREATE TRIGGER test_refuse_nine BEFORE INSERT ON bids FOR EACH ROW EXECUTE FUNCTION test_refuse_nine()`.execute(
      t.ctx.db,
    );
    try {
      const [good] = body('regular', 'single_digit', u.token, m, 'Open', [row('1', 10), row('2', 10)]);
      const [bad] = body('regular', 'single_digit', u.token, m, 'Open', [row('3', 10), row('9', 10)]);
      // half of each kind carry an idempotency key (the transaction path), half not (one statement)
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          submit('regular', i % 2 ? good : bad, i % 4 < 2 ? { 'Idempotency-Key': `half-fail-${i}` } : {}),
        ),
      );
      // a bad request fails inside its write (500, nothing kept) or, once the wallet is spent, finds
      // nothing to debit (the guarded debit comes first) and is refused for the balance
      const badRes = results.filter((_, i) => i % 2 === 0);
      for (const r of badRes)
        if (r.statusCode !== 500)
          expect([r.statusCode, r.body.msg]).toEqual([200, 'Insufficient balance please refill your account']);
      expect(badRes.filter((r) => r.statusCode === 500 && r.body.status === false).length).toBeGreaterThan(10);
      const goodRes = results.filter((_, i) => i % 2 === 1);
      expect(goodRes.filter((r) => r.body.status === true)).toHaveLength(50);
      for (const r of goodRes)
        if (r.body.status !== true) expect(r.body.msg).toBe('Insufficient balance please refill your account');
    } finally {
      await sql`DROP TRIGGER test_refuse_nine ON bids`.execute(t.ctx.db);
      await sql`DROP FUNCTION test_refuse_nine()`.execute(t.ctx.db);
    }
    // nothing of the failed requests stayed: no bid row, no submission, no ledger row, no debit
    expect(await walletOf(t, u.id)).toBe(0);
    expect(await ledgerSum(t, u.id)).toBe(0);
    const rows = await t.ctx.db.selectFrom('bids').select('digits').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(100);
    expect(rows.every((r) => r.digits === '1' || r.digits === '2')).toBe(true);
    expect(
      await t.ctx.db.selectFrom('bid_submissions').select('id').where('user_id', '=', u.id).execute(),
    ).toHaveLength(50);
    const debits = await t.ctx.db
      .selectFrom('wallet_transactions')
      .select('amount')
      .where('user_id', '=', u.id)
      .where('type', '=', 'debit')
      .execute();
    expect(debits.map((d) => d.amount)).toEqual(Array(50).fill('20'));
  });

  test('the same with half of the requests failing validation (session closed by the server clock) while racing the valid ones', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const m = await marketByName(t, 'MORNING STAR');
    t.clock.set(kolkata('09:45')); // Open closed, Close still open
    const [good] = body('regular', 'single_digit', u.token, m, 'Close', [row('1', 10, 'Close'), row('2', 10, 'Close')]);
    const [late] = body('regular', 'single_digit', u.token, m, 'Open', [row('1', 10), row('2', 10)]);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => submit('regular', i % 2 ? good : late)));
    const lateRes = results.filter((_, i) => i % 2 === 0);
    expect(
      lateRes.every(
        (r) =>
          r.body.status === false &&
          r.body.msg === 'Open bids are closed for Single Digit; Close bids are still taken.',
      ),
    ).toBe(true);
    expect(results.filter((r) => r.body.status === true)).toHaveLength(50);
    expect(await walletOf(t, u.id)).toBe(0);
    expect(await ledgerSum(t, u.id)).toBe(0);
    expect(await t.ctx.db.selectFrom('bids').select('id').where('user_id', '=', u.id).execute()).toHaveLength(100);
    expect(
      await t.ctx.db.selectFrom('bid_submissions').select('id').where('user_id', '=', u.id).execute(),
    ).toHaveLength(50);
  });
});
