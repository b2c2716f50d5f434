/* eslint-disable @typescript-eslint/no-explicit-any -- the apps read loosely typed JSON */
/**
 * Builds of the family's apps other than the two the compatibility tests replay, replayed against this
 * server under the family's key: a native Kotlin app (Retrofit and Gson: its ApiConnection's calls, in
 * the order its screens make them) and a Flutter app's home model (HomeData.fromJson: every field with
 * its Dart type, where a missing field or a null of a non-nullable one throws). Every flow a secure
 * server can serve passes; what this server refuses on purpose answers status false with its message.
 */
import { buildNewResult } from '@matka/shared/domain';
import { kolkata, makeTestApp, marketByName, newMobile, operatorCall, type TestApp } from './helpers';

const KEY = 'kotlin-build-key';
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00'), config: { appKeyDialects: { [KEY]: 'matka04' } } });
  await operatorCall(t, 'settings/withdraw-window', { open: '00:00', close: '23:59' });
});
afterAll(() => t.close());

const app = async (route: string, body: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/${route}`,
    payload: { env_type: 'Prod', app_key: KEY, ...body },
  });
  return { http: res.statusCode, body: res.json() as Record<string, any> };
};

/** Dart's HomeData.fromJson and Result.fromJson: a value of the wrong type, or a null where the model has none, throws. */
function flutterHomeData(json: Record<string, any>) {
  const nullableStrings = [
    'app_link',
    'share_msg',
    'share_referral_content',
    'display_referral_content',
    'app_maintainence_msg',
    'maintainence_msg_status',
    'app_marquee_msg',
    'user_current_version',
    'user_minimum_version',
    'pop_status',
    'message',
    'link',
    'link_btn_text',
    'action_type',
    'action_btn_text',
    'app_date',
    'wallet_amt',
    'user_name',
    'mobile',
    'transfer_point_status',
    'betting_status',
    'account_block_status',
    'referral_code',
    'mobile_no',
    'telegram_no',
    'msg',
  ];
  for (const k of nullableStrings)
    if (json[k] !== undefined && json[k] !== null && typeof json[k] !== 'string')
      throw new TypeError(`${k}: not a String`);
  if (json.withdraw_status != null && !Number.isInteger(json.withdraw_status))
    throw new TypeError('withdraw_status: not an int');
  // List<DeviceResult>.from(json["device_result"].map(...)): required, every field a String
  for (const d of json.device_result as any[])
    for (const k of ['id', 'user_id', 'device_id', 'logout_status', 'security_pin_status'])
      if (typeof d[k] !== 'string') throw new TypeError(`device_result.${k}: not a String`);
  for (const r of json.result as any[]) {
    for (const k of [
      'game_id',
      'game_name',
      'game_name_hindi',
      'open_time',
      'open_time_sort',
      'close_time',
      'game_name_letter',
      'msg',
      'open_result',
      'close_result',
      'web_chart_url',
    ])
      if (typeof r[k] !== 'string') throw new TypeError(`result.${k}: not a String`);
    for (const k of ['msg_status', 'open_duration', 'close_duration', 'time_srt'])
      if (!Number.isInteger(r[k])) throw new TypeError(`result.${k}: not an int`);
  }
  return json;
}

test('a Kotlin build, screen by screen: registration, login, home, bids, histories, wallet, withdrawal', async () => {
  const mobile = newMobile();
  // its bootstrap
  expect((await app('api-get-app-key', { env_type: '1' })).body.app_key).toBe(KEY);
  // registration: the code goes by SMS (demo mode: the operator's outbox), checked by the server
  expect((await app('api-check-mobile', { mobile })).body.status).toBeTruthy();
  const otp = (await operatorCall(t, `otp/last?mobile=${mobile}`)).body.otp;
  const reg = await app('api-user-registration', {
    name: 'Kotlin Player',
    email: 'k@example.com',
    mobile,
    password: 'secret123',
    security_pin: '1234',
    otp,
  });
  expect(reg.body).toMatchObject({ status: true, unique_token: expect.any(String) });
  const login = await app('api-user-login', { mobile, password: 'secret123', device_id: 'kotlin-1' });
  expect(login.body).toMatchObject({ status: true, betting_status: expect.any(String), email: 'k@example.com' });
  const token = login.body.unique_token as string;
  const me = { unique_token: token };
  expect((await app('api-check-security-pin', { ...me, security_pin: '1234' })).body.status).toBe(true);
  // the home screen, read as the Flutter build's model reads it
  const home = (await app('api-get-dashboard-data', me)).body;
  expect(() => flutterHomeData(home)).not.toThrow();
  expect(home.device_result.map((d: any) => d.device_id)).toContain('kotlin-1');
  for (const route of [
    'api-game-rates',
    'api-get-profile',
    'api-get-notice',
    'api-get-slider-images',
    'api-get-banners',
    'api-get-contact-details',
    'api-how-to-play',
    'api-galidisswar-game',
    'api-starline-game',
  ])
    expect({ route, status: (await app(route, me)).body.status }).toEqual({ route, status: true });
  // its FCM token: no Firebase push here, said and nothing else
  expect((await app('api-fcm-update', { ...me, fcm: 'token' })).body).toEqual({
    status: false,
    msg: 'Notifications come in the app inbox.',
  });
  // money in: an operator credits the account (a deposit approved)
  await operatorCall(t, 'credit', { mobile, points: 1000, note: 'deposit' });
  // the bid screen: its checks, then a bid
  const kalyan = await marketByName(t, 'KALYAN');
  expect(
    (await app('api-check-games-active-inactive', { game_id: String(kalyan.id) })).body.result[0].game_status,
  ).toBe(1);
  expect((await app('api-check-game-status', { ...me, game_id: String(kalyan.id) })).body.game_status).toBe(1);
  const day = (await app('api-get-current-date', { ...me, game_id: String(kalyan.id) })).body;
  const [new_result] = buildNewResult({
    family: 'regular',
    betType: 'single_digit',
    token,
    gameId: kalyan.id,
    gameName: kalyan.name,
    bidDate: day.new_date,
    rows: [{ digits: '3', closedigits: '', points: 50, session: 'Open', pana: '' }],
  });
  expect((await app('api-submit-bid', { ...me, game_id: String(kalyan.id), new_result })).body.status).toBe(true);
  const bids = (await app('api-bid-history-data', { ...me, bid_from: '2026-03-10', bid_to: '2026-03-10' })).body;
  expect(bids.bid_data[0]).toMatchObject({ digits: '3', bid_tx_id: expect.any(String) });
  // a Gali slot's checks by its spelling
  const gali = await marketByName(t, 'FARIDABAD');
  expect((await app('api-check-galidisswar-game-status', { game_id: String(gali.id) })).body.game_status).toBe(1);
  // the wallet, a UPI number (its code checked), a withdrawal
  expect((await app('api-user-wallet-balance', me)).body).toMatchObject({ wallet_amt: '950', hold_amt: '0' });
  expect((await app('api-validate-bank', { ...me, mobile: '9123456789', upi_type: 2 })).body.status).toBeTruthy();
  const code = (await operatorCall(t, 'otp/last?mobile=9123456789')).body.otp;
  expect(
    (await app('api-add-user-upi-details', { ...me, upi_type: 2, google_pay_no: '9123456789', otp: code })).body.status,
  ).toBe(true);
  const methods = (await app('api-user-payment-method-list', me)).body;
  expect(methods.result).toEqual([expect.objectContaining({ type: 3, value: '9123456789' })]);
  const w = await app('api-user-withdraw-fund-request', { ...me, request_amount: '500', payment_method: '3' });
  expect(w.body).toMatchObject({ status: true, fund_request_id: expect.any(Number) });
  const history = (await app('api-user-withdraw-transaction-history', me)).body;
  expect(history).toMatchObject({ last_request_status: '0', wallet_amt: '450' });
  const ledger = (await app('api-wallet-transaction-history', me)).body;
  expect(ledger.out_history.length).toBeGreaterThan(0);
  expect(ledger.hold_amt).toBe('500');
  // what is refused on purpose
  expect((await app('api-update-pin', { mobile, security_pin: '0000' })).body).toMatchObject({ status: false });
});

test('a session word sent in capitals or lower case is echoed as sent, stored as the session it names', async () => {
  const mobile = newMobile();
  expect((await app('api-check-mobile', { mobile })).body.status).toBeTruthy();
  const code = (await operatorCall(t, `otp/last?mobile=${mobile}`)).body.otp;
  const reg = await app('api-user-registration', {
    name: 'Caps Player',
    email: 'c@example.com',
    mobile,
    password: 'secret123',
    security_pin: '1234',
    otp: code,
  });
  const me = { unique_token: reg.body.unique_token as string };
  await operatorCall(t, 'credit', { mobile, points: 500, note: 'deposit' });
  const market = await marketByName(t, 'MILAN NIGHT');
  // as such an app sends it: the rows' session word in its own spelling (Open rows of Single Digit are sent as they are)
  const send = (session: string, digits: string) =>
    app('api-submit-bid', {
      ...me,
      game_id: String(market.id),
      new_result: {
        ...me,
        gameid: String(market.id),
        Gamename: market.name,
        pana: 'Single Digit',
        bid_date: '10-March-2026',
        totalbit: 10,
        session,
        result: [{ session, digits, closedigits: '', points: 10 }],
      },
    });
  expect((await send('OPEN', '4')).body.status).toBe(true);
  expect((await send('close', '6')).body.status).toBe(true);
  expect((await send('Close', '7')).body.status).toBe(true);
  const bids = (await app('api-bid-history-data', { ...me, bid_from: '2026-03-10', bid_to: '2026-03-10' })).body;
  expect(bids.bid_data.map((b: any) => [b.digits, b.session])).toEqual([
    ['7', 'Close'],
    ['6', 'close'],
    ['4', 'OPEN'],
  ]);
  // the bids themselves: the session they are settled in, and the word as sent where it was spelled otherwise
  const user = await t.ctx.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow();
  const stored = await t.ctx.db
    .selectFrom('bids')
    .select(['digits', 'session', 'session_sent'])
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();
  expect(stored).toEqual([
    { digits: '4', session: 'Open', session_sent: 'OPEN' },
    { digits: '6', session: 'Close', session_sent: 'close' },
    { digits: '7', session: 'Close', session_sent: null },
  ]);
  // a win of the OPEN bid, declared once the open draw is due: the win history echoes the word too
  t.clock.set(kolkata('21:05'));
  const declared = await operatorCall(t, 'result/declare', { market: 'MILAN NIGHT', session: 'open', pana: '130' });
  t.clock.set(kolkata('08:00'));
  expect(declared.body.status).toBe(true);
  const wins = (await app('api-wining-history-data', { ...me, date_from: '2026-03-10', date_to: '2026-03-10' })).body;
  expect(wins.win_data).toEqual([expect.objectContaining({ digits: '4', session: 'OPEN' })]);
  // and nobody rewrites it
  await expect(
    t.ctx.db.updateTable('bids').set({ session_sent: 'Open' }).where('user_id', '=', user.id).execute(),
  ).rejects.toThrow();
});
