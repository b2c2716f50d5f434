/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers */
import QRCode from 'qrcode';
import { call, createUser, kolkata, makeTestApp, marketByName, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00') });
  token = (await createUser(t, { wallet: 1234 })).token;
});
afterAll(() => t.close());

describe('home and markets', () => {
  test('api-home-info: betting_status, wallet_amt, contact numbers, markets with 12-hour times', async () => {
    t.clock.set(kolkata('08:00'));
    const r = await call(t.app, 'api-home-info', { unique_token: token });
    expect(r.body).toMatchObject({
      status: true,
      betting_status: '1',
      wallet_amt: '1234',
      telegram_no: '9876500001',
      mobile_1: '9876500002',
      mobile_no: '9876500003',
    });
    expect(r.body.result).toHaveLength(8);
    expect(r.body.result[0]).toEqual({
      game_id: expect.stringMatching(/^\d+$/),
      game_name: 'MORNING STAR',
      // the original backend's fields (its JSON types): the test's clock is 08:00 IST
      game_name_hindi: 'MORNING STAR',
      game_name_letter: 'M',
      msg: 'Market Open',
      open_time_sort: '09:30:00',
      open_duration: 90 * 60_000,
      close_duration: 150 * 60_000,
      time_srt: Date.parse('2026-03-10T09:30:00+05:30') / 1000,
      close_time_srt: Date.parse('2026-03-10T10:30:00+05:30') / 1000,
      open_time: '09:30 AM',
      close_time: '10:30 AM',
      open_result: '',
      close_result: '',
      result_text: '***-**-***',
      msg_status: 1,
      // absolute: the shell may be served from another origin than the API (inject's Host: localhost:80)
      web_chart_url: expect.stringMatching(/^http:\/\/localhost:80\/charts\/market\/\d+$/),
      web_chart_url_pana: expect.stringMatching(/^http:\/\/localhost:80\/charts\/market\/\d+#panel$/),
    });
    expect(r.body.result.find((m: any) => m.game_name === 'TIME BAZAR')).toMatchObject({
      open_time: '01:00 PM',
      close_time: '02:00 PM',
    });
    expect((await call(t.app, 'api-home-info', {})).statusCode).toBe(401);
  });

  test('msg_status follows the server clock (Asia/Kolkata): open until the close time', async () => {
    t.clock.set(kolkata('10:29'));
    let m = (await call(t.app, 'api-home-info', { unique_token: token })).body.result[0];
    expect(m.msg_status).toBe(1);
    t.clock.set(kolkata('10:30'));
    m = (await call(t.app, 'api-home-info', { unique_token: token })).body.result[0];
    expect(m.msg_status).toBe(0);
    t.clock.set(kolkata('23:59'));
    const all = (await call(t.app, 'api-home-info', { unique_token: token })).body.result;
    expect(all.every((x: any) => x.msg_status === 0)).toBe(true);
    t.clock.set(kolkata('08:00'));
  });

  test('polled lists come from the cache (no query per request); a result change shows after invalidate()', async () => {
    await call(t.app, 'api-home-info', { unique_token: token });
    const loads = t.ctx.markets.loads;
    for (let i = 0; i < 20; i++) {
      await call(t.app, 'api-dashboard-data', {});
      await call(t.app, 'api-starline-game', {});
      await call(t.app, 'api-galidisawar-game', {});
    }
    expect(t.ctx.markets.loads).toBe(loads);
    const m = await marketByName(t, 'KALYAN');
    await t.ctx.db
      .insertInto('results')
      .values({
        market_id: m.id,
        result_date: '2026-03-10',
        open_pana: '123',
        open_digit: '6',
        close_pana: '468',
        close_digit: '8',
      })
      .execute();
    await t.ctx.markets.invalidate();
    const k = (await call(t.app, 'api-home-info', { unique_token: token })).body.result.find(
      (x: any) => x.game_name === 'KALYAN',
    );
    expect(k).toMatchObject({ open_result: '123', close_result: '468', result_text: '123-68-468' });
    // the next day has no result yet (the cache reloads on a new Kolkata date)
    t.clock.set(kolkata('08:00', '2026-03-11'));
    const k2 = (await call(t.app, 'api-home-info', { unique_token: token })).body.result.find(
      (x: any) => x.game_name === 'KALYAN',
    );
    expect(k2.open_result).toBe('');
    t.clock.set(kolkata('08:00'));
  });

  test('api-dashboard-data: game_name and web_chart_url for every game', async () => {
    const r = await call(t.app, 'api-dashboard-data', {});
    expect(r.body.status).toBe(true);
    expect(r.body.result.length).toBe(10);
    for (const g of r.body.result)
      expect(g).toMatchObject({
        game_name: expect.any(String),
        web_chart_url: expect.stringMatching(/^http:\/\/localhost:80\/charts\//),
      });
  });

  test('starline games: 12 slots, running while the slot time is ahead; rates', async () => {
    t.clock.set(kolkata('12:30'));
    const r = await call(t.app, 'api-starline-game', {});
    expect(r.body.web_starline_chart_url).toBe('http://localhost:80/charts/starline');
    expect(r.body.result).toHaveLength(12);
    expect(r.body.result[0]).toMatchObject({
      game_name: 'STARLINE 10:00 AM',
      open_time: '10:00 AM',
      open_result: '',
      msg_status: 0,
    });
    expect(r.body.result[3]).toMatchObject({ open_time: '01:00 PM', msg_status: 1 });
    const rates = await call(t.app, 'api-starline-game-rates', {});
    expect(rates.body.game_rates[0]).toEqual({
      single_digit_val_1: '10',
      single_digit_val_2: '95',
      single_pana_val_1: '10',
      single_pana_val_2: '1500',
      double_pana_val_1: '10',
      double_pana_val_2: '3000',
      tripple_pana_val_1: '10',
      tripple_pana_val_2: '7000',
    });
    t.clock.set(kolkata('08:00'));
  });

  test('Gali markets: 4, open until the open time, chart url; rates in the spec’s pairs', async () => {
    t.clock.set(kolkata('18:00'));
    const r = await call(t.app, 'api-galidisawar-game', {});
    expect(r.body.web_galidessar_chart_url).toBe('http://localhost:80/charts/gali');
    expect(r.body.result.map((g: any) => [g.game_name, g.msg_status])).toEqual([
      ['DISAWAR', 0],
      ['FARIDABAD', 0],
      ['GHAZIABAD', 1],
      ['GALI', 1],
    ]);
    expect(r.body.result[2]).toMatchObject({ open_time: '08:40 PM', close_time: '09:00 PM', open_result: '' });
    const rates = (await call(t.app, 'api-galidisawar-game-rates', {})).body.game_rates[0];
    expect(rates).toMatchObject({
      single_digit_val_1: '10',
      single_digit_val_2: '95',
      single_pana_val_2: '95',
      double_pana_val_2: '950',
    });
    t.clock.set(kolkata('08:00'));
  });
});

describe('content', () => {
  test('api-game-rates: the regular rates record', async () => {
    const r = await call(t.app, 'api-game-rates', {});
    expect(r.body.game_rates[0]).toEqual({
      single_digit_val_1: '10',
      single_digit_val_2: '95',
      jodi_digit_val_1: '10',
      jodi_digit_val_2: '950',
      single_pana_val_1: '10',
      single_pana_val_2: '1500',
      double_pana_val_1: '10',
      double_pana_val_2: '3000',
      tripple_pana_val_1: '10',
      tripple_pana_val_2: '7000',
      half_sangam_val_1: '10',
      half_sangam_val_2: '10000',
      full_sangam_val_1: '10',
      full_sangam_val_2: '100000',
    });
  });

  test('social data, how to play, rules, bank details', async () => {
    expect((await call(t.app, 'api-social-data', {})).body).toMatchObject({ status: true, mobile_no: '9876500003' });
    const htp = (await call(t.app, 'api-how-to-play', {})).body;
    expect(htp.content[0].how_to_play_content).toContain('<h3>How to play</h3>');
    expect(htp.content[0].video_link).toMatch(/^https:\/\//);
    const rules = (await call(t.app, 'api-money-deposit-withdrawal-rule', {})).body;
    expect(rules.content[0]).toEqual({
      withdrawal_rule: expect.stringContaining('Minimum withdrawal'),
      deposit_rule: expect.stringContaining('Minimum deposit'),
    });
    const bank = (await call(t.app, 'api-admin-bank-details', {})).body;
    expect(bank).toMatchObject({ status: true, msg: expect.any(String) });
    expect(bank.bank_details[0]).toMatchObject({
      google_upi_payment_id: 'matka@okaxis',
      phonepay_upi_payment_id: 'matka@ybl',
    });
  });

  test('api-get-qr-pay: a PNG QR of upi://pay with the payee id and name', async () => {
    const r = await call(t.app, 'api-get-qr-pay', {});
    const q = r.body.qrdata[0];
    expect(q.upi_id).toBe('matka@upi');
    expect(q.upi_uri).toBe('upi://pay?pa=matka@upi&pn=Matka%20Demo&cu=INR');
    expect(q.qr_image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(q.qr_image.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // the same payload encoded independently gives the same image
    expect(q.qr_image).toBe(await QRCode.toDataURL(q.upi_uri, { errorCorrectionLevel: 'M', margin: 2, width: 320 }));
    // and the QR matrix holds that text (byte mode segment)
    const qr = QRCode.create(q.upi_uri, { errorCorrectionLevel: 'M' });
    expect(qr.segments.map((s: any) => Buffer.from(s.data).toString()).join('')).toBe(q.upi_uri);
  });

  test('api-user-wallet-balance: wallet and withdraw info (settings), needs the token', async () => {
    expect((await call(t.app, 'api-user-wallet-balance', { unique_token: token })).body).toEqual({
      status: true,
      wallet_amt: '1234',
      withdraw_open_time: '10:00 AM',
      withdraw_close_time: '11:00 PM',
      min_withdrawal: '500',
      min_amt: '100',
      msg: 'User Wallet Balance',
      hold_amt: '0',
      transfer_point_status: '1',
      max_withdrawal: '1234',
      min_transfer: '100',
      max_transfer: '1234',
    });
    expect((await call(t.app, 'api-user-wallet-balance', {})).statusCode).toBe(401);
  });
});

test('home info answers 304 to a poll whose ETag still holds, and 200 with a new ETag once something changed', async () => {
  const u = await createUser(t, { wallet: 500 });
  const first = await call(t.app, 'api-home-info', { unique_token: u.token });
  const etag = String(first.res.headers.etag);
  expect(etag).toMatch(/^W\/".+"$/);
  expect(first.body.wallet_amt).toBe('500');
  const same = await call(t.app, 'api-home-info', { unique_token: u.token }, { 'if-none-match': etag });
  expect(same.statusCode).toBe(304);
  expect(same.res.body).toBe('');
  // a stale tag (the wallet changed) gets the full answer
  await t.ctx.db.updateTable('users').set({ wallet: 400 }).where('id', '=', u.id).execute();
  await t.ctx.users.invalidate(u.id);
  const changed = await call(t.app, 'api-home-info', { unique_token: u.token }, { 'if-none-match': etag });
  expect(changed.statusCode).toBe(200);
  expect(changed.body.wallet_amt).toBe('400');
  expect(changed.res.headers.etag).not.toBe(etag);
});
