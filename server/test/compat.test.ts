/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers */
/**
 * The contract as deployed clients speak it: every call of spec section 7 and every alias, at the root
 * and under /api/, with the payload variants those apps send (numbers as strings, sessions in other
 * fields, missing optional fields). Each answer is checked for the fields the client reads, and what
 * the call stores is read back from the database.
 */
import { otpField } from '@matka/shared/contract/schemas';
import { codeText } from '../src/services/otp';
import { rewriteCallUrl } from '../src/http/compat';
import {
  APP_KEY,
  createUser,
  kolkata,
  makeTestApp,
  marketByName,
  newMobile,
  walletOf,
  type TestApp,
  operatorCall,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00') });
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(kolkata('08:00')));

type Where = 'root' | 'api';
/** A call as a deployed app sends it: at the root ('/api-user-login') or under '/api/'. */
async function send(where: Where, name: string, payload: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: where === 'root' ? `/${name}` : `/api/${name}`,
    payload: { env_type: 'Prod', app_key: APP_KEY, ...payload },
  });
  return { statusCode: res.statusCode, body: res.json() as Record<string, any> };
}
const both = (name: string, payload?: Record<string, unknown>) =>
  Promise.all([send('root', name, payload), send('api', name, payload)]);

describe('paths and names: one adapter', () => {
  test('only api-* call paths are mapped; aliases go to the call they mean', () => {
    expect(rewriteCallUrl('/api-user-login')).toBe('/api/api-user-login');
    expect(rewriteCallUrl('/api-user-login/?x=1')).toBe('/api/api-user-login?x=1');
    expect(rewriteCallUrl('/API-Get-Dashboard-Data')).toBe('/api/api-dashboard-data');
    expect(rewriteCallUrl('/api/api-galidisswar-game')).toBe('/api/api-galidisawar-game');
    expect(rewriteCallUrl('/api-get-social-data')).toBe('/api/api-social-data');
    for (const url of [
      '/imp',
      '/login',
      '/operator/credit',
      '/charts/starline',
      '/remotes/wallet/',
      '/healthz',
      '/api',
    ])
      expect(rewriteCallUrl(url)).toBe(url);
  });

  test('an unknown call answers 404 in the envelope; the operator API is not shadowed', async () => {
    for (const where of ['root', 'api'] as const) {
      const r = await send(where, 'api-no-such-call');
      expect(r.statusCode).toBe(404);
      expect(r.body.status).toBe(false);
    }
    const res = await t.app.inject({ method: 'GET', url: '/operator/settings' });
    expect(res.statusCode).toBe(401);
  });

  test('a wrong app key is refused the same at the root', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api-game-rates', payload: { app_key: 'nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: false, msg: 'Invalid app key', code: expect.any(String) });
  });
});

describe('logged-out calls, root and /api/ alike', () => {
  test.each([
    [
      'api-get-dashboard-data',
      { unique_token: null },
      (b: any) =>
        expect(b.result[0]).toMatchObject({
          game_name: expect.any(String),
          web_chart_url: expect.stringContaining('/charts/'),
        }),
    ],
    ['api-dashboard-data', {}, (b: any) => expect(b.result.length).toBeGreaterThan(2)],
    ['api-get-social-data', {}, (b: any) => expect(b).toHaveProperty('mobile_no')],
    ['api-social-data', {}, (b: any) => expect(b).toHaveProperty('mobile_no')],
    ['api-admin-bank-details', {}, (b: any) => expect(b.bank_details[0]).toHaveProperty('upi_payment_id')],
    ['api-starline-game-rates', {}, (b: any) => expect(b.game_rates[0]).toHaveProperty('single_digit_val_2')],
    [
      'api-starline-game',
      {},
      (b: any) => expect(b).toMatchObject({ result: expect.any(Array), web_starline_chart_url: expect.any(String) }),
    ],
    ['api-galidisawar-game', {}, (b: any) => expect(b.result[0]).toHaveProperty('game_name')],
    ['api-galidisswar-game', {}, (b: any) => expect(b.result[0]).toHaveProperty('game_name')],
    ['api-galidisawar-game-rates', {}, (b: any) => expect(b.game_rates[0]).toBeDefined()],
    ['api-galidisswar-game-rates', {}, (b: any) => expect(b.game_rates[0]).toBeDefined()],
    ['api-game-rates', {}, (b: any) => expect(b.game_rates[0]).toHaveProperty('single_digit_val_1')],
    ['api-how-to-play', {}, (b: any) => expect(b.content[0]).toHaveProperty('how_to_play_content')],
    ['api-money-deposit-withdrawal-rule', {}, (b: any) => expect(b.content[0]).toHaveProperty('withdrawal_rule')],
    ['api-get-qr-pay', {}, (b: any) => expect(b.qrdata[0].qr_image).toMatch(/^data:image\/png;base64,/)],
    ['api-get-slider-images', {}, (b: any) => expect(b.sliderdata).toEqual([])],
  ])('%s', async (name, payload, check) => {
    const [root, api] = await both(name, payload);
    expect(root.statusCode).toBe(200);
    expect(root.body.status).toBe(true);
    check(root.body);
    expect(api.body).toEqual(root.body);
  });

  test('slider images are what the operator sets', async () => {
    const set = (
      await operatorCall(t, 'settings/set', {
        key: 'slider_images',
        value: 'https://cdn.example.com/a.jpg, https://cdn.example.com/b.jpg',
      })
    ).body;
    expect(set.status).toBe(true);
    const r = await send('root', 'api-get-slider-images');
    expect(r.body.sliderdata).toEqual([
      { id: 1, image_id: '1', slider_image: 'https://cdn.example.com/a.jpg' },
      { id: 2, image_id: '2', slider_image: 'https://cdn.example.com/b.jpg' },
    ]);
    expect(
      (await operatorCall(t, 'settings/set', { key: 'slider_images', value: 'javascript:alert(1)' })).body.status,
    ).toBe(false);
  });
});

describe('accounts at the root, with the fields deployed apps send', () => {
  test('check-mobile, registration (email placeholder, security_pin, device_id null), login, resend', async () => {
    const mobile = newMobile();
    const check = await send('root', 'api-check-mobile', { mobile });
    expect(check.body).toMatchObject({ status: true, otp: expect.stringMatching(/^\d{4}$/) });
    t.clock.set(new Date(t.clock.now().getTime() + 31_000)); // the resend gap
    const resend = await send('root', 'api-resend-otp', { mobile });
    expect(resend.body).toMatchObject({ status: true, otp: expect.stringMatching(/^\d{4}$/) });
    const reg = await send('root', 'api-user-registration', {
      name: 'Deployed App',
      email: 'user@example.com',
      password: 'pass1234',
      mobile,
      security_pin: 1234,
      device_id: null,
      otp: Number(resend.body.otp),
    });
    expect(reg.body).toMatchObject({
      status: true,
      user_name: 'Deployed App',
      unique_token: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['betting_status', 'verified'])
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ betting_status: '1', verified: true });
    const login = await send('root', 'api-user-login', { mobile, password: 'pass1234', device_id: 'abc' });
    expect(login.body).toMatchObject({
      status: true,
      user_name: 'Deployed App',
      unique_token: expect.any(String),
      mobile,
    });
    const forget = await send('root', 'api-forget-check-mobile', { mobile });
    expect(forget.body).toMatchObject({ status: true, otp: expect.any(String) });
  });

  test("a code sent as a number keeps its leading zeros (237 is '0237')", () => {
    const otp = (v: unknown, length: 4 | 6) => codeText(otpField('Enter Valid OTP').parse(v), length);
    expect(otp(237, 4)).toBe('0237');
    expect(otp(1234, 6)).toBe('001234');
    expect(otp(' 0237 ', 4)).toBe('0237');
    expect(otp(2.5, 4)).toBe('2.5'); // not a code: refused by the check
    expect(otp(undefined, 4)).toBe(''); // none sent
  });

  test('a registration without a code is refused by default, and nothing is stored', async () => {
    const mobile = newMobile();
    await send('root', 'api-check-mobile', { mobile });
    const reg = await send('root', 'api-user-registration', {
      name: 'No Code',
      email: 'user@example.com',
      password: 'pass1234',
      mobile,
      security_pin: '1234',
      device_id: null,
    });
    expect(reg).toEqual({ statusCode: 400, body: { status: false, msg: 'Enter Valid OTP', code: expect.any(String) } });
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('LEGACY_REGISTRATION=unverified', () => {
  let legacy: TestApp;
  beforeAll(async () => {
    legacy = await makeTestApp({ at: kolkata('08:00'), config: { legacyRegistration: 'unverified' } });
  });
  afterAll(() => legacy.close());

  test('no code: an unapproved account with betting off until the operator approves it', async () => {
    const mobile = newMobile();
    const inject = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      legacy.app.inject({ method: 'POST', url, payload: { env_type: 'Prod', app_key: APP_KEY, ...payload }, headers });
    const reg = (
      await inject('/api-user-registration', {
        name: 'Legacy App',
        email: 'user@example.com',
        password: 'pass1234',
        mobile,
        security_pin: '1234',
        device_id: null,
      })
    ).json();
    expect(reg).toMatchObject({ status: true, user_name: 'Legacy App', unique_token: expect.any(String) });
    // a code that is sent is still checked
    const wrong = (
      await inject('/api-user-registration', { name: 'X', password: 'pass1234', mobile: newMobile(), otp: '0000' })
    ).json();
    expect(wrong).toEqual({ status: false, msg: 'Enter Valid OTP', code: expect.any(String) });

    const home = (await inject('/api-get-dashboard-data', { unique_token: reg.unique_token })).json();
    expect(home).toMatchObject({ betting_status: '0', wallet_amt: '0' });
    // no money movement and no bids while unapproved: the operator cannot turn betting on around the approval
    expect((await operatorCall(legacy, 'set-betting', { mobile, status: '1' })).body.msg).toMatch(/not approved yet/);
    const list = (await operatorCall(legacy, 'users/unapproved')).body;
    expect(list.users.map((u: any) => u.mobile)).toContain(mobile);
    const approved = (await operatorCall(legacy, 'users/approve', { mobile })).body;
    expect(approved).toMatchObject({ status: true, betting_status: '1' });
    expect((await operatorCall(legacy, 'users/unapproved')).body.users.map((u: any) => u.mobile)).not.toContain(mobile);
    expect((await operatorCall(legacy, 'users/approve', { mobile })).body.status).toBe(false);
    const after = (await inject('/api-get-dashboard-data', { unique_token: reg.unique_token })).json();
    expect(after.betting_status).toBe('1');
    const audit = await legacy.ctx.db
      .selectFrom('operator_audit')
      .select(['action', 'target'])
      .where('target', '=', mobile)
      .execute();
    expect(audit.map((a) => a.action)).toContain('users approve');
  });
});

describe('a logged-in player, as the deployed apps call', () => {
  let u: { id: string; mobile: string; token: string };
  let other: { id: string; mobile: string; token: string };
  beforeAll(async () => {
    u = await createUser(t, { wallet: 5000, name: 'Deployed Player' });
    other = await createUser(t, { wallet: 0, name: 'Receiver' });
  });

  test('dashboard data with a token: the list with the home info', async () => {
    const [root, api] = await both('api-get-dashboard-data', { unique_token: u.token });
    expect(root.body).toMatchObject({
      status: true,
      betting_status: '1',
      wallet_amt: '5000',
      mobile_1: expect.any(String),
      telegram_no: expect.any(String),
      result: expect.arrayContaining([expect.objectContaining({ game_name: 'KALYAN' })]),
    });
    expect(api.body).toEqual(root.body);
    expect((await send('root', 'api-get-dashboard-data', { unique_token: 'f'.repeat(64) })).statusCode).toBe(401);
  });

  test('wallet, payment details, payment-method list, histories', async () => {
    const tok = { unique_token: u.token };
    expect((await send('root', 'api-user-wallet-balance', tok)).body).toMatchObject({
      status: true,
      wallet_amt: '5000',
    });
    expect((await send('root', 'api-last-fund-request-detail', { ...tok, mobile_no: u.mobile })).body).toHaveProperty(
      'min_amt',
    );
    expect((await send('root', 'api-get-user-payment-details', tok)).body.payment_details[0]).toHaveProperty(
      'google_pay_number',
    );
    expect((await send('root', 'api-user-payment-method-list', tok)).body).toEqual({
      status: true,
      msg: 'No payment method added',
      result: [],
      min_amt: expect.stringMatching(/^\d+$/),
    });
    // the original's 'auto deposit' history: the player's own deposit requests
    expect((await send('root', 'api-get-auto-deposit-list', tok)).body).toMatchObject({ status: true, result: [] });
    await t.ctx.db
      .updateTable('users')
      .set({ google_pay_no: '9123456780', phon_pay_no: '9123456781' })
      .where('id', '=', u.id)
      .execute();
    expect((await send('root', 'api-user-payment-method-list', tok)).body.result).toEqual([
      { payment_method: '2', type: 2, name: 'Google Pay', value: '9123456780' },
      { payment_method: '4', type: 4, name: 'PhonePe', value: '9123456781' },
    ]);
    expect((await send('root', 'api-wallet-transaction-history', tok)).body.transaction_history).toEqual(
      expect.any(Array),
    );
    expect(
      (await send('root', 'api-user-withdraw-transaction-history', { ...tok, mobile_no: u.mobile })).body.withdrawdata,
    ).toEqual(expect.any(Array));
    const range = { bid_from: '03/10/2026', bid_to: '03/10/2026' };
    const wins = { date_from: '03/10/2026', date_to: '03/10/2026' };
    expect((await send('root', 'api-bid-history-data', { ...tok, ...range })).body).toMatchObject({
      status: true,
      bid_data: expect.any(Array),
    });
    expect((await send('root', 'api-wining-history-data', { ...tok, ...wins })).body).toMatchObject({
      status: true,
      win_data: expect.any(Array),
    });
    expect((await send('root', 'api-starline-bid-history-data', { ...tok, ...range })).body.bid_data).toEqual(
      expect.any(Array),
    );
    expect((await send('root', 'api-starline-wining-history-data', { ...tok, ...wins })).body.win_data).toEqual(
      expect.any(Array),
    );
    expect((await send('root', 'api-galidisswar-bid-history-data', { ...tok, ...range })).body.bid_data).toEqual(
      expect.any(Array),
    );
    expect((await send('root', 'api-galidisswar-wining-history-data', { ...tok, ...wins })).body.bid_data).toEqual(
      expect.any(Array),
    );
  });

  test('deposit request with the amount as a string: one pending row', async () => {
    const r = await send('root', 'api-fund-request-add', { unique_token: u.token, request_amount: '500' });
    expect(r.body.status).toBe(true);
    const rows = await t.ctx.db
      .selectFrom('fund_requests')
      .select(['amount', 'status'])
      .where('user_id', '=', u.id)
      .execute();
    expect(rows).toEqual([{ amount: '500', status: 'pending' }]);
  });

  test('transfers: exactly 100 points go (amount as a string); 99 is refused with the spec text', async () => {
    const look = await send('root', 'api-check-user-for-transfer-amt', {
      unique_token: u.token,
      mobile_no: other.mobile,
    });
    expect(look.body).toMatchObject({ status: true, user_name: 'Receiver' });
    const low = await send('root', 'api-user-transfer-wallet-balance', {
      unique_token: u.token,
      amount: '99',
      mobile_no: other.mobile,
      transfer_note: '',
    });
    expect(low.body).toEqual({ status: false, msg: 'Points Must be More than 100', code: expect.any(String) });
    const ok = await send('root', 'api-user-transfer-wallet-balance', {
      unique_token: u.token,
      amount: '100',
      mobile_no: other.mobile,
      transfer_note: 'rent',
    });
    expect(ok.body.status).toBe(true);
    expect(await walletOf(t, other.id)).toBe(100);
    expect(await walletOf(t, u.id)).toBe(4900);
  });

  test('UPI details: the deployed fields with our code step; without a code refused, nothing stored', async () => {
    const p = await createUser(t, { wallet: 2000 });
    const number = newMobile();
    const noCode = await send('root', 'api-add-user-upi-details', {
      unique_token: p.token,
      upi_type: '1',
      paytm_no: number,
      google_pay_no: '',
      phon_pay_no: '',
    });
    expect(noCode.body).toEqual({ status: false, msg: 'Enter Valid OTP', code: expect.any(String) });
    const sent = await send('root', 'api-upi-send-otp', { unique_token: p.token, mobile: number, upi_type: 1 });
    const ok = await send('root', 'api-add-user-upi-details', {
      unique_token: p.token,
      upi_type: '1',
      paytm_no: number,
      google_pay_no: '',
      phon_pay_no: '',
      otp: sent.body.otp,
    });
    expect(ok.body.status).toBe(true);
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['paytm_no'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row.paytm_no).toBe(number);
    // withdraw with the deployed fields: mobile, amount as a string, payment_method as a string (3 = Paytm)
    await operatorCall(t, 'settings/withdraw-window', { open: '00:00', close: '23:59' });
    const w = await send('root', 'api-user-withdraw-fund-request', {
      unique_token: p.token,
      mobile: p.mobile,
      request_amount: '1000',
      payment_method: '3',
    });
    expect(w.body).toMatchObject({ status: true });
    const req = await t.ctx.db
      .selectFrom('withdraw_requests')
      .select(['amount', 'payment_method', 'payment_number'])
      .where('user_id', '=', p.id)
      .execute();
    expect(req).toEqual([{ amount: '1000', payment_method: '3', payment_number: number }]);
    expect(await walletOf(t, p.id)).toBe(1000);
  });

  test('profile and password calls at the root', async () => {
    expect((await send('root', 'api-get-profile', { unique_token: u.token })).body).toMatchObject({ status: true });
    expect(
      (await send('root', 'api-profile-update', { unique_token: u.token, user_name: 'Deployed Player Two' })).body
        .status,
    ).toBe(true);
    const bad = await send('root', 'api-change-password', {
      unique_token: other.token,
      old_pass: 'wrong-one',
      new_pass: 'newpass1',
    });
    expect(bad.body.status).toBe(false);
  });
});

describe('bids as the deployed apps send them', () => {
  const bidsOf = (userId: string) =>
    t.ctx.db
      .selectFrom('bids')
      .select(['bet_type', 'session', 'digits', 'closedigits', 'points'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  test('regular Close: gametype "Close", session "Single Digit", points as strings, rows "close"', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const m = await marketByName(t, 'KALYAN');
    const r = await send('root', 'api-submit-bid', {
      unique_token: u.token,
      game_id: m.id,
      new_result: {
        unique_token: u.token,
        Gamename: 'KALYAN',
        totalbit: '30',
        gameid: String(m.id),
        pana: 'Single Digit',
        gametype: 'Close',
        bid_date: '10-March-2026',
        session: 'Single Digit',
        result: [
          { digits: '4', closedigits: '', points: '10', session: 'close' },
          { digits: '9', closedigits: '', points: '20', session: 'close' },
        ],
      },
    });
    expect(r.body).toMatchObject({ status: true });
    expect(await bidsOf(u.id)).toEqual([
      { bet_type: 'single_digit', session: 'Close', digits: '4', closedigits: '', points: '10' },
      { bet_type: 'single_digit', session: 'Close', digits: '9', closedigits: '', points: '20' },
    ]);
    expect(await walletOf(t, u.id)).toBe(970);
  });

  test('regular Open: gametype "Open" and a bet name in each row\'s pana', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const m = await marketByName(t, 'KALYAN');
    const r = await send('api', 'api-submit-bid', {
      unique_token: u.token,
      game_id: String(m.id),
      new_result: {
        Gamename: 'KALYAN',
        totalbit: 10,
        gameid: String(m.id),
        pana: 'Single Digit',
        gametype: 'Open',
        bid_date: '10-March-2026',
        session: 'Single Digit',
        result: [{ digits: '7', closedigits: '', pana: 'Single Digit', closepana: '', points: '10', session: 'open' }],
      },
    });
    expect(r.body).toMatchObject({ status: true });
    expect(await bidsOf(u.id)).toEqual([
      { bet_type: 'single_digit', session: 'Open', digits: '7', closedigits: '', points: '10' },
    ]);
  });

  test('ambiguous: Open in gametype, Close in the rows — refused, nothing stored or debited', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const m = await marketByName(t, 'KALYAN');
    const r = await send('root', 'api-submit-bid', {
      unique_token: u.token,
      game_id: m.id,
      new_result: {
        gameid: String(m.id),
        pana: 'Single Digit',
        gametype: 'Open',
        bid_date: '10-March-2026',
        session: 'Single Digit',
        result: [{ digits: '7', closedigits: '', points: '10', session: 'close' }],
      },
    });
    expect(r.body).toEqual({ status: false, msg: 'Please select a session', code: expect.any(String) });
    expect(await bidsOf(u.id)).toEqual([]);
    expect(await walletOf(t, u.id)).toBe(1000);
  });

  test('Gali through api-galidisswar-submit-bid with rows of session "": stored, debited', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const m = await marketByName(t, 'GALI');
    const r = await send('root', 'api-galidisswar-submit-bid', {
      unique_token: u.token,
      game_id: m.id,
      new_result: {
        Gamename: 'GALI',
        totalbit: '20',
        gameid: String(m.id),
        pana: 'Jodi Digit',
        bid_date: '10-March-2026',
        session: 'Close',
        result: [{ digits: '47', closedigits: '', points: '20', session: '' }],
      },
    });
    expect(r.body).toMatchObject({ status: true });
    expect(await bidsOf(u.id)).toEqual([
      { bet_type: 'gali_jodi_digit', session: 'Open', digits: '47', closedigits: '', points: '20' },
    ]);
    expect(await walletOf(t, u.id)).toBe(980);
  });

  test('Starline with its session "Open" and string points', async () => {
    const u = await createUser(t, { wallet: 1000 });
    const m = await marketByName(t, 'STARLINE 06:00 PM');
    const r = await send('root', 'api-starline-submit-bid', {
      unique_token: u.token,
      game_id: m.id,
      new_result: {
        Gamename: m.name,
        totalbit: '10',
        gameid: String(m.id),
        pana: 'Single Digit',
        bid_date: '10-March-2026',
        session: 'Open',
        result: [{ digits: '3', closedigits: '', points: '10', session: 'Open' }],
      },
    });
    expect(r.body).toMatchObject({ status: true, message: expect.any(String) });
    expect(await bidsOf(u.id)).toEqual([
      { bet_type: 'starline_single_digit', session: 'Open', digits: '3', closedigits: '', points: '10' },
    ]);
  });
});

describe("the 'MATKA 04' dialect (React Native apps), call by call with its bodies", () => {
  const KEY = 'matka04-app-key';
  let m4: TestApp;
  beforeAll(async () => {
    m4 = await makeTestApp({
      at: kolkata('08:00'),
      config: { legacyRegistration: 'unverified', appKeyDialects: { [KEY]: 'matka04' } },
    });
  });
  afterAll(() => m4.close());
  beforeEach(() => m4.clock.set(kolkata('08:00')));

  /** A call as these apps send it: at the root, env_type "1", the key the bootstrap gave. */
  const m = async (name: string, payload: Record<string, unknown> = {}) => {
    const res = await m4.app.inject({
      method: 'POST',
      url: `/${name}`,
      payload: { env_type: '1', app_key: KEY, ...payload },
    });
    return { statusCode: res.statusCode, body: res.json() as Record<string, any> };
  };

  test('a whole session: key, registration, login and PIN, dashboard, profile, game and bid screens, histories, wallet, deposit, withdrawal', async () => {
    // bootstrap: no key yet
    const boot = await m4.app.inject({ method: 'POST', url: '/api-get-app-key', payload: { env_type: '1' } });
    expect(boot.json()).toEqual({ status: true, msg: 'Success', app_key: KEY });

    // registration: the code is compared on the phone and never sent (only under LEGACY_REGISTRATION)
    const mobile = newMobile();
    expect((await m('api-check-mobile', { mobile })).body.status).toBe(true);
    const reg = await m('api-user-registration', {
      name: 'Matka Four',
      email: 'four@example.com',
      mobile,
      password: 'pass1234',
      security_pin: '4321',
      device_id: 'phone-A',
    });
    expect(reg.body).toMatchObject({ status: true, unique_token: expect.any(String) });
    const stored = await m4.ctx.db
      .selectFrom('users')
      .select(['id', 'security_pin', 'verified'])
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(stored.security_pin).toMatch(/^scrypt\$/); // the PIN is kept hashed
    expect(stored.verified).toBe(false);
    expect((await operatorCall(m4, 'users/approve', { mobile })).body.status).toBe(true);
    expect((await operatorCall(m4, 'credit', { mobile, points: 5000 })).body.status).toBe(true);

    // login with its device, then the PIN screen
    const login = await m('api-user-login', { device_id: 'phone-A', mobile, password: 'pass1234' });
    expect(login.body).toMatchObject({ status: true, unique_token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const token = login.body.unique_token as string;
    expect((await m('api-check-security-pin', { unique_token: token, security_pin: '9999' })).body).toEqual({
      status: false,
      msg: 'Invalid security PIN',
      code: expect.any(String),
    });
    expect((await m('api-check-security-pin', { unique_token: token, security_pin: 4321 })).body).toEqual({
      status: true,
      msg: 'Success',
    });

    // the dashboard: numbers for msg_status (1 open, 2 closed), the switches and this login's device
    const dash = (await m('api-get-dashboard-data', { unique_token: token })).body;
    expect(dash).toMatchObject({
      status: true,
      betting_status: '1',
      // the original's types: '1' an active account, switches as text
      account_block_status: '1',
      transfer_point_status: '1',
      maintainence_msg_status: '0',
      user_current_version: expect.any(String),
      user_minimum_version: expect.any(String),
    });
    expect(dash.device_result).toEqual([
      { id: '1', user_id: expect.any(String), device_id: 'phone-A', logout_status: '0', security_pin_status: '0' },
    ]);
    const markets = dash.result.filter((r: any) => Number(r.game_id));
    expect(markets.length).toBeGreaterThan(3);
    for (const r of markets) {
      expect([1, 2]).toContain(r.msg_status);
      expect(r.msg).toBe(r.msg_status === 1 ? 'Market Open' : 'Market Closed');
    }
    const starline = (await m('api-starline-game', { unique_token: token })).body;
    expect(starline.web_starline_chart_url).toEqual(expect.any(String));
    for (const r of starline.result) expect([1, 2]).toContain(r.msg_status);

    // profile
    expect((await m('api-get-profile', { unique_token: token })).body.profile).toEqual([
      { user_name: 'Matka Four', email: 'four@example.com', wallet_balance: '5000', mobile },
    ]);
    expect(
      (await m('api-profile-update', { unique_token: token, user_name: 'Matka 4', email: 'new@example.com' })).body
        .status,
    ).toBe(true);
    expect((await m('api-get-profile', { unique_token: token })).body.profile[0]).toMatchObject({
      user_name: 'Matka 4',
      email: 'new@example.com',
    });

    // the game and bid screens
    const kalyan = await marketByName(m4, 'KALYAN');
    expect((await m('api-check-game-status', { unique_token: token, game_id: kalyan.id })).body).toMatchObject({
      status: true,
      msg: 'Betting Is Open',
      game_status: 1,
      device_result: [expect.objectContaining({ device_id: 'phone-A' })],
    });
    const day = (await m('api-get-current-date', { unique_token: token, game_id: String(kalyan.id) })).body;
    expect(day).toMatchObject({
      status: true,
      msg: 'Success',
      new_date: expect.any(String),
      min_bid_amount: '10',
      max_bid_amount: '10000000',
      date: expect.stringMatching(/^[A-Z][a-z]{2} \d{2}-[A-Z][a-z]{2}-\d{4}$/),
    });

    // bids: the token only inside new_result, no gametype, no top-level game_id, points as strings
    const bid = (pana: string, session: string, rows: { digits: string; closedigits?: string; session: string }[]) =>
      m('api-submit-bid', {
        new_result: {
          unique_token: token,
          Gamename: 'KALYAN',
          totalbit: rows.length * 10,
          gameid: String(kalyan.id),
          pana,
          bid_date: day.new_date,
          session,
          result: rows.map((r) => ({
            digits: r.digits,
            closedigits: r.closedigits ?? '',
            points: '10',
            session: r.session,
          })),
        },
      });
    const single = await bid('Single Digit', 'Open', [{ digits: '5', session: 'Open' }]);
    expect(single.body).toMatchObject({ status: true });
    // Jodi rows may say "Open" (a Jodi is always a Close bid)
    const jodi = await bid('Jodi Digit', 'Open', [{ digits: '42', session: 'Open' }]);
    expect(jodi.body).toMatchObject({ status: true });
    const half = await bid('Half Sangam', 'Open', [{ digits: '5', closedigits: '123', session: 'Open' }]);
    expect(half.body).toMatchObject({ status: true });
    const placed = await m4.ctx.db
      .selectFrom('bids')
      .select(['bet_type', 'session', 'digits', 'points'])
      .where('user_id', '=', stored.id)
      .orderBy('id')
      .execute();
    expect(placed.map((b) => [b.bet_type, b.session, b.digits, b.points])).toEqual([
      ['single_digit', 'Open', '5', '10'],
      ['jodi_digit', 'Close', '42', '10'],
      ['half_sangam', 'Open', '5', '10'],
    ]);

    // histories with unpadded D-M-YYYY dates ('10-3-2026': 10 March)
    const hist = (await m('api-bid-history-data', { unique_token: token, bid_from: '10-3-2026', bid_to: '10-3-2026' }))
      .body;
    expect(hist.bid_data).toHaveLength(3);
    expect(
      (await m('api-bid-history-data', { unique_token: token, bid_from: '9-3-2026', bid_to: '9-3-2026' })).body
        .bid_data ?? [],
    ).toHaveLength(0);

    // wallet: the balance with the history, the transfer and withdrawal bounds with the balance
    const ledger = (
      await m('api-wallet-transaction-history', { unique_token: token, date_from: '10-3-2026', date_to: '10-3-2026' })
    ).body;
    expect(ledger.wallet_amt).toBe('4970');
    expect(ledger.transaction_history.length).toBe(4);
    expect((await m('api-user-wallet-balance', { unique_token: token })).body).toMatchObject({
      wallet_amt: '4970',
      min_transfer: '100',
      max_transfer: '4970',
      min_withdrawal: expect.any(String),
      max_withdrawal: '4970',
      withdraw_open_time: expect.any(String),
      withdraw_close_time: expect.any(String),
    });

    // add funds: where to pay (with the name), the bounds and the UPI apps on, then the request
    const bank = (await m('api-admin-bank-details', {})).body.bank_details[0];
    expect(bank).toMatchObject({
      ac_holder_name: 'Matka Demo',
      upi_payment_id: 'matka@upi',
      google_upi_payment_id: 'matka@okaxis',
      phonepay_upi_payment_id: 'matka@ybl',
    });
    expect((await m('api-last-fund-request-detail', { unique_token: token })).body).toMatchObject({
      min_amt: '100',
      max_amt: '10000000',
      // numbers, as the original sends them
      google_upi_option: 1,
      phone_upi_option: 1,
      other_upi_option: 1,
    });
    expect((await operatorCall(m4, 'settings/set', { key: 'max_amt', value: '20000' })).body.status).toBe(true);
    expect((await m('api-last-fund-request-detail', { unique_token: token })).body.max_amt).toBe('20000');
    expect((await m('api-add-money-via-upi', { unique_token: token, amount: '20001' })).body).toEqual({
      status: false,
      msg: 'Maximum amount to add is 20000',
      code: expect.any(String),
    });
    // add funds through a UPI app: a pending deposit request in the operator's queue
    const add = await m('api-add-money-via-upi', {
      unique_token: token,
      amount: '500',
      txn_id: 'T123',
      txn_ref: '412345678901',
      upigpay: '1',
      upiphonepe: '0',
      otherupi: '0',
    });
    expect(add.body).toMatchObject({ status: true, request_number: expect.stringMatching(/^D\d+$/) });
    expect(
      await m4.ctx.db
        .selectFrom('fund_requests')
        .select(['amount', 'status'])
        .where('user_id', '=', stored.id)
        .execute(),
    ).toEqual([{ amount: '500', status: 'pending' }]);

    // withdrawal: this family's codes (2 Paytm, 3 Google Pay) under its key
    await m4.ctx.db.updateTable('users').set({ google_pay_no: '9123456780' }).where('id', '=', stored.id).execute();
    await m4.ctx.users.invalidate(stored.id);
    expect((await m('api-user-payment-method-list', { unique_token: token })).body.result).toEqual([
      { name: 'Google Pay', value: '9123456780', type: 3, payment_method: '3' },
    ]);
    await operatorCall(m4, 'settings/withdraw-window', { open: '00:00', close: '23:59' });
    const w = await m('api-user-withdraw-fund-request', {
      unique_token: token,
      request_amount: '1000',
      payment_method: '3',
    });
    expect(w.body).toMatchObject({ status: true });
    expect(
      await m4.ctx.db
        .selectFrom('withdraw_requests')
        .select(['payment_method', 'payment_number'])
        .where('user_id', '=', stored.id)
        .execute(),
    ).toEqual([{ payment_method: '2', payment_number: '9123456780' }]);

    // an operator's force logout: the device is no longer listed (and the session is over)
    expect((await operatorCall(m4, 'users/logout', { mobile })).body.status).toBe(true);
    // answered as the original answers a refusal: 200, status false, the message
    const ended = await m('api-get-dashboard-data', { unique_token: token });
    expect([ended.statusCode, ended.body]).toEqual([
      200,
      { status: false, msg: 'Session expired. Please login again.', code: expect.any(String) },
    ]);
    const again = (await m('api-user-login', { device_id: 'phone-B', mobile, password: 'pass1234' })).body;
    expect((await m('api-get-dashboard-data', { unique_token: again.unique_token })).body.device_result).toEqual([
      { id: '1', user_id: expect.any(String), device_id: 'phone-B', logout_status: '0', security_pin_status: '0' },
    ]);
  });

  test('the spec key keeps the spec: a closed market says 0 (the same market says 2 to the MATKA 04 key)', async () => {
    m4.clock.set(kolkata('23:30'));
    const spec = (
      await m4.app.inject({
        method: 'POST',
        url: '/api-get-dashboard-data',
        payload: { env_type: 'Prod', app_key: APP_KEY },
      })
    ).json();
    const m04 = (await m('api-get-dashboard-data')).body;
    const status = (list: any) =>
      Object.fromEntries(list.result.filter((r: any) => Number(r.game_id)).map((r: any) => [r.game_id, r.msg_status]));
    const [a, b] = [status(spec), status(m04)];
    expect(Object.keys(b)).toEqual(Object.keys(a));
    expect(Object.values(a)).toContain(0);
    for (const id of Object.keys(a)) expect(b[id]).toBe(a[id] === 1 ? 1 : 2);
    // every row says its state in words too (the original's field), the same under both keys
    for (const r of spec.result.filter((x: any) => Number(x.game_id)))
      expect(r.msg).toBe(r.msg_status === 1 ? 'Market Open' : 'Market Closed');
  });

  test('a withdrawal under the spec key: payment_method 3 is Paytm', async () => {
    const u = await createUser(m4, { wallet: 2000 });
    await m4.ctx.db.updateTable('users').set({ paytm_no: '9123456782' }).where('id', '=', u.id).execute();
    await operatorCall(m4, 'settings/withdraw-window', { open: '00:00', close: '23:59' });
    const w = await m4.app.inject({
      method: 'POST',
      url: '/api-user-withdraw-fund-request',
      payload: {
        env_type: 'Prod',
        app_key: APP_KEY,
        unique_token: u.token,
        request_amount: '1000',
        payment_method: '3',
      },
    });
    expect(w.json()).toMatchObject({ status: true });
    expect(
      await m4.ctx.db
        .selectFrom('withdraw_requests')
        .select(['payment_method', 'payment_number'])
        .where('user_id', '=', u.id)
        .execute(),
    ).toEqual([{ payment_method: '3', payment_number: '9123456782' }]);
  });

  test('codes checked on the phone: given back under LEGACY_REGISTRATION, they prove nothing', async () => {
    // registration: the code comes back; sent back with the registration, the account stays unapproved
    const mobile = newMobile();
    const check = (await m('api-check-mobile', { mobile })).body;
    expect(check.otp).toMatch(/^\d{4}$/);
    const reg = (await m('api-user-registration', { name: 'Code Back', mobile, password: 'pass1234', otp: check.otp }))
      .body;
    expect(reg.status).toBe(true);
    expect(
      await m4.ctx.db
        .selectFrom('users')
        .select(['verified', 'betting_status'])
        .where('mobile', '=', mobile)
        .executeTakeFirstOrThrow(),
    ).toEqual({ verified: false, betting_status: '0' });

    // a UPI number saved without a code (after api-validate-bank) is held until the operator approves it
    const u = await createUser(m4, { wallet: 3000 });
    const number = newMobile();
    const code = (await m('api-validate-bank', { unique_token: u.token, mobile: number, upi_type: '1' })).body;
    expect(code).toMatchObject({ status: true, otp: expect.stringMatching(/^\d{4}$/) });
    const saved = (
      await m('api-add-user-upi-details', {
        unique_token: u.token,
        upi_type: '1',
        paytm_no: number,
        google_pay_no: '',
        phon_pay_no: '',
      })
    ).body;
    expect(saved).toEqual({
      status: true,
      msg: "UPI Number Added Successfully! Withdrawals to it wait for the operator's approval.",
    });
    await operatorCall(m4, 'settings/withdraw-window', { open: '00:00', close: '23:59' });
    // this family's 2 is Paytm
    const held = (
      await m('api-user-withdraw-fund-request', { unique_token: u.token, request_amount: '1000', payment_method: 2 })
    ).body;
    expect(held).toEqual({
      status: false,
      msg: 'This UPI number is waiting for approval. Please contact support.',
      code: expect.any(String),
    });
    expect(await walletOf(m4, u.id)).toBe(3000);
    expect(await m4.ctx.db.selectFrom('withdraw_requests').select('id').where('user_id', '=', u.id).execute()).toEqual(
      [],
    );
    const row = await m4.ctx.db
      .selectFrom('users')
      .select(['mobile', 'upi_held'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.upi_held).toEqual(['paytm_no']);
    const approved = (await operatorCall(m4, 'users/approve-upi', { mobile: row.mobile })).body;
    expect(approved).toMatchObject({ status: true, approved: ['paytm_no'] });
    const ok = (
      await m('api-user-withdraw-fund-request', { unique_token: u.token, request_amount: '1000', payment_method: 2 })
    ).body;
    expect(ok.status).toBe(true);
    expect(
      await m4.ctx.db
        .selectFrom('withdraw_requests')
        .select(['payment_method', 'payment_number'])
        .where('user_id', '=', u.id)
        .execute(),
    ).toEqual([{ payment_method: '3', payment_number: number }]);
    const audit = await m4.ctx.db
      .selectFrom('operator_audit')
      .select('action')
      .where('target', '=', row.mobile)
      .execute();
    expect(audit.map((a) => a.action)).toContain('users approve-upi');

    // a password reset without a code is never accepted, and changes nothing
    const before = await m4.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    const reset = await m('api-forgot-password', { mobile: row.mobile, new_pass: 'another1' });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toEqual({
      status: false,
      msg: 'This app cannot reset your password. Please reset it on our website or ask support.',
      code: expect.any(String),
    });
    const after = await m4.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  test('guesses of a PIN are limited like passwords', async () => {
    const u = await createUser(m4, { wallet: 0 });
    await m4.ctx.db.updateTable('users').set({ security_pin: '1111' }).where('id', '=', u.id).execute();
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push((await m('api-check-security-pin', { unique_token: u.token, security_pin: '2222' })).body.msg);
    expect(answers).toContain('Too many attempts. Please try again later.');
    // a PIN kept as plain digits before migration 023 is hashed at its first right check
    const fresh = await createUser(m4, { wallet: 0 });
    await m4.ctx.db.updateTable('users').set({ security_pin: '7777' }).where('id', '=', fresh.id).execute();
    expect((await m('api-check-security-pin', { unique_token: fresh.token, security_pin: '7777' })).body.status).toBe(
      true,
    );
    const row = await m4.ctx.db
      .selectFrom('users')
      .select('security_pin')
      .where('id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    expect(row.security_pin).toMatch(/^scrypt\$/);
  });
});
