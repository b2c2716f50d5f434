/* eslint-disable @typescript-eslint/no-explicit-any -- the apps read loosely typed JSON */
/**
 * Builds of the family's apps other than the two the compatibility tests replay, replayed against this
 * server under the family's key: a native Kotlin app (Retrofit and Gson: its ApiConnection's calls, in
 * the order its screens make them) and a Flutter app's home model (HomeData.fromJson: every field with
 * its Dart type, where a missing field or a null of a non-nullable one throws). Every flow a secure
 * server can serve passes; what this server refuses on purpose answers status false with its message.
 */
import { buildNewResult } from '@matka/shared/domain';
import { APP_KEY, kolkata, makeTestApp, marketByName, newMobile, operatorCall, type TestApp } from './helpers';
import { loadConfig } from '../src/config';
import { startupProblems } from '../src/main';

const KEY = 'kotlin-build-key';
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00'), config: { appKeyDialects: { [KEY]: 'matka04' } } });
  await operatorCall(t, 'settings/withdraw-window', { open: '00:00', close: '23:59' });
});
afterAll(() => t.close());

const app = async (route: string, body: Record<string, unknown> = {}, remoteAddress = '127.0.0.1') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/${route}`,
    payload: { env_type: 'Prod', app_key: KEY, ...body },
    remoteAddress,
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
    code: expect.any(String),
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

test('the key the family’s apps get is at least 15 characters, or the server does not start', () => {
  // those apps read characters 0 to 14 of it
  expect(startupProblems(loadConfig({})).join()).toBe('');
  expect(loadConfig({}).appKey.length).toBeGreaterThanOrEqual(15);
  expect(startupProblems(loadConfig({ APP_KEY: 'short-key' })).join()).toMatch(/APP_KEY is 9 characters/);
  expect(startupProblems(loadConfig({ APP_KEY: 'short-key', APP_KEY_DIALECTS: 'family-apps-key=matka04' }))).toEqual(
    [],
  );
  expect(() => loadConfig({ APP_KEY_DIALECTS: 'family-key=matka04' })).toThrow(/shorter than 15 characters/);
});

/** A registered player of the Kotlin build: registered with a PIN, signed in with the password on `device`. */
async function kotlinPlayer(device: string) {
  const mobile = newMobile();
  expect((await app('api-check-mobile', { mobile })).body.status).toBeTruthy();
  const otp = (await operatorCall(t, `otp/last?mobile=${mobile}`)).body.otp;
  const reg = await app('api-user-registration', {
    name: 'Pin Player',
    email: 'p@example.com',
    mobile,
    password: 'secret123',
    security_pin: '4321',
    otp,
  });
  expect(reg.body.status).toBe(true);
  const login = await app('api-user-login', { mobile, password: 'secret123', device_id: device });
  return { mobile, token: login.body.unique_token as string };
}

/** The Kotlin build's home: it logs out when its device is not listed, or is listed with a '1'. */
function logsOut(home: Record<string, any>, device: string): boolean {
  const mine = (home.device_result as any[]).find((d) => d.device_id === device);
  return !mine || mine.logout_status === '1' || mine.security_pin_status === '1';
}

test('a PIN holder stays signed in at home; refusals answer 200 with the message the app shows', async () => {
  const { mobile, token } = await kotlinPlayer('kotlin-2');
  const home = (await app('api-get-dashboard-data', { unique_token: token })).body;
  expect(logsOut(home, 'kotlin-2')).toBe(false);
  // every market row has its pana chart
  for (const r of home.result) expect(r.web_chart_url_pana).toMatch(/^http.*\/charts\/market\/\d+#panel$/);

  // Retrofit reads no body from a 400: each refusal is a 200 with status false and the message
  const refusals = [
    await app('api-forgot-password', { mobile, new_pass: 'another1' }),
    await app('api-validate-bank', { unique_token: token, mobile: '12' }),
    await app('api-user-registration', { name: 'X', mobile, password: 'secret123', otp: '000000' }),
    await app('api-get-dashboard-data', { unique_token: 'f'.repeat(64) }),
  ];
  for (const r of refusals) expect([r.http, r.body.status, typeof r.body.msg]).toEqual([200, false, 'string']);
  expect(refusals[1].body.msg).toBe('Phone No is not Valid!');
  // our own clients keep the declared statuses
  const ours = await t.app.inject({
    method: 'POST',
    url: '/api/api-forgot-password',
    payload: { app_key: APP_KEY, mobile, new_pass: 'another1' },
  });
  expect(ours.statusCode).toBe(400);
});

test('a UPI code asked with the token alone goes to the account’s own number, which it then saves', async () => {
  const { mobile, token } = await kotlinPlayer('kotlin-3');
  for (const body of [{ unique_token: token }, { unique_token: token, upi_type: 2 }]) {
    const asked = await app('api-validate-bank', body);
    expect(asked.body).toMatchObject({ status: true, msg: 'OTP sent successfully' });
    t.clock.advance(31_000); // past the resend gap
  }
  const code = (await operatorCall(t, `otp/last?mobile=${mobile}`)).body.otp;
  const saved = await app('api-add-user-upi-details', {
    unique_token: token,
    upi_type: 2,
    google_pay_no: mobile,
    otp: code,
  });
  expect(saved.body.status).toBe(true);
  const methods = (await app('api-user-payment-method-list', { unique_token: token })).body;
  expect(methods.result).toEqual([expect.objectContaining({ value: mobile })]);
});

test('a Jodi sent with session "Open" comes back "Open"; the key handed out is long enough to read', async () => {
  expect((await app('api-get-app-key', { env_type: '1' })).body.app_key.length).toBeGreaterThanOrEqual(15);
  const { mobile, token } = await kotlinPlayer('kotlin-4');
  await operatorCall(t, 'credit', { mobile, points: 500, note: 'deposit' });
  const market = await marketByName(t, 'MAIN BAZAR');
  const sent = await app('api-submit-bid', {
    unique_token: token,
    game_id: String(market.id),
    new_result: {
      unique_token: token,
      gameid: String(market.id),
      Gamename: market.name,
      pana: 'Jodi Digit',
      bid_date: '10-March-2026',
      totalbit: 10,
      session: 'Open',
      result: [{ session: 'Open', digits: '42', closedigits: '', points: 10 }],
    },
  });
  expect(sent.body.status).toBe(true);
  const bids = (
    await app('api-bid-history-data', { unique_token: token, bid_from: '2026-03-10', bid_to: '2026-03-10' })
  ).body;
  expect(bids.bid_data.map((b: any) => [b.digits, b.session])).toEqual([['42', 'Open']]);
  // settled as a Jodi is: in the close session
  const stored = await t.ctx.db
    .selectFrom('bids')
    .innerJoin('users', 'users.id', 'bids.user_id')
    .select(['bids.session', 'bids.session_sent'])
    .where('users.mobile', '=', mobile)
    .execute();
  expect(stored).toEqual([{ session: 'Close', session_sent: 'Open' }]);
});

test('signing in by PIN: only from a device that signed in with the password, and only through the PIN', async () => {
  const { mobile } = await kotlinPlayer('kotlin-5');
  // another device, or none: the number is registered, nothing more
  for (const device of [undefined, 'stranger-phone'])
    expect((await app('api-check-mobile', { mobile, device_id: device })).body).toEqual({
      status: false,
      msg: 'User Alredy Registered',
      code: expect.any(String),
    });
  const asked = (await app('api-check-mobile', { mobile, device_id: 'kotlin-5' })).body;
  expect(asked).toMatchObject({ status: true, unique_token: expect.stringMatching(/^[0-9a-f]{64}$/) });
  const pending = { unique_token: asked.unique_token as string };
  // the token opens nothing before its PIN
  expect((await app('api-get-dashboard-data', pending)).body).toEqual({
    status: false,
    msg: 'Session expired. Please login again.',
    code: expect.any(String),
  });
  expect((await app('api-check-security-pin', { ...pending, security_pin: '0000' })).body).toMatchObject({
    status: false,
  });
  expect((await app('api-check-security-pin', { ...pending, security_pin: '4321' })).body).toEqual({
    status: true,
    msg: 'Success',
  });
  const home = (await app('api-get-dashboard-data', pending)).body;
  expect(home).toMatchObject({ status: true, mobile });
  expect(logsOut(home, 'kotlin-5')).toBe(false);
  // used once: a second right PIN signs nothing in again, and a PIN session makes no device known
  const again = (await app('api-check-mobile', { mobile, device_id: 'kotlin-5' })).body.unique_token as string;
  // (from five addresses: one address is slowed down after three wrong PINs)
  for (let i = 0; i < 5; i++)
    expect(
      (await app('api-check-security-pin', { unique_token: again, security_pin: '1111' }, `10.0.0.${i + 1}`)).body.msg,
    ).toBe('Invalid security PIN');
  // five wrong PINs end that sign-in, even for the right one
  expect((await app('api-check-security-pin', { unique_token: again, security_pin: '4321' }, '10.0.0.9')).body).toEqual(
    {
      status: false,
      msg: 'Session expired. Please login again.',
      code: 'msg.sessionExpired',
    },
  );
  const rows = await t.ctx.db
    .selectFrom('pin_signins')
    .innerJoin('users', 'users.id', 'pin_signins.user_id')
    .select(['pin_signins.tries', 'pin_signins.ended_at'])
    .where('users.mobile', '=', mobile)
    .orderBy('pin_signins.id')
    .execute();
  expect(rows.map((r) => [r.tries, r.ended_at !== null])).toEqual([
    [1, true],
    [5, true],
  ]);
});
