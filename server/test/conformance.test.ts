/* eslint-disable @typescript-eslint/no-explicit-any -- the answers are checked against the reference's shapes */
/**
 * Conformance with the original backend (@matka/shared/contract reference.ts): every route it serves
 * that this server serves, as the original or the secure way, answers with every field of the
 * original's answer, never missing or null, with the original's JSON type (a list's items each), under
 * the spec's app key and under the 'matka04' family's key alike. Every refused route answers what the
 * declaration says. The player's day is real: bids in each family, results declared, a deposit, a
 * withdrawal, a transfer, a notice.
 */
import { buildNewResult } from '@matka/shared/domain';
import {
  REFERENCE_BUILD_ROUTES,
  REFERENCE_PLAYER_ROUTES,
  type RefShape,
  type RefType,
} from '@matka/shared/contract/reference';
import {
  APP_KEY,
  createUser,
  kolkata,
  makeTestApp,
  marketByName,
  operatorCall,
  placeOpenBid,
  starlineAppBid,
  type TestApp,
} from './helpers';

const FAMILY_KEY = 'family-app-key-04';
const KEYS = { spec: APP_KEY, matka04: FAMILY_KEY } as const;

let t: TestApp;
let player: { id: string; mobile: string; token: string };
let other: { id: string; mobile: string; token: string };
const ids: Record<string, string> = {};

/** A bid submission's body: one row of 10 points on a market of a family, on the test apps' day. */
async function bidBody(
  family: 'regular' | 'starline' | 'gali',
  market: string,
  digits: string,
): Promise<Record<string, unknown>> {
  const m = await marketByName(t, market);
  const [new_result] = buildNewResult({
    family,
    betType: family === 'gali' ? 'gali_jodi_digit' : 'single_digit',
    token: player.token,
    gameId: m.id,
    gameName: m.name,
    bidDate: '10-March-2026',
    rows: [{ digits, closedigits: '', points: 10, session: family === 'gali' ? 'Close' : 'Open', pana: '' }],
  });
  return { unique_token: player.token, game_id: String(m.id), new_result };
}

/** What is wrong with an answer against the original's shape: '' when it conforms. */
function problems(value: unknown, shape: RefShape, at = ''): string[] {
  const out: string[] = [];
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return [`${at || 'the answer'}: not an object`];
  const v = value as Record<string, unknown>;
  for (const [field, want] of Object.entries(shape)) {
    const path = at ? `${at}.${field}` : field;
    const got = v[field];
    if (got === undefined || got === null) {
      out.push(`${path}: ${got === null ? 'null' : 'missing'}`);
      continue;
    }
    if (typeof want === 'string') {
      const ok = (want as RefType).split('|').includes(typeof got);
      if (!ok) out.push(`${path}: ${typeof got} ${JSON.stringify(got)}, the original sends a ${want}`);
    } else if (Array.isArray(want)) {
      if (!Array.isArray(got)) out.push(`${path}: not a list`);
      else if (!got.length && Object.keys(want[0]).length) out.push(`${path}: empty (the scenario should fill it)`);
      else got.slice(0, 3).forEach((item, i) => out.push(...problems(item, want[0] as RefShape, `${path}[${i}]`)));
    } else out.push(...problems(got, want as RefShape, path));
  }
  return out;
}

async function send(route: string, key: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/${route}`,
    payload: { env_type: 'Prod', app_key: key, ...body },
  });
  let json: any;
  try {
    json = res.json();
  } catch {
    json = { raw: res.body };
  }
  return { statusCode: res.statusCode, body: json };
}

beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00'), config: { appKeyDialects: { [FAMILY_KEY]: 'matka04' } } });
  await operatorCall(t, 'settings/withdraw-window', { open: '00:00', close: '23:59' });
  await operatorCall(t, 'settings/set', { key: 'slider_images', value: 'https://cdn.example.com/1.jpg' });
  player = await createUser(t, { wallet: 5_000, name: 'Ref Player' });
  other = await createUser(t, { wallet: 500, name: 'Other Player' });
  await t.ctx.db
    .updateTable('users')
    .set({ paytm_no: '9876500001', google_pay_no: '9876500002', phon_pay_no: '9876500003', email: 'ref@example.com' })
    .where('id', '=', player.id)
    .execute();
  // a bid in each family, and their results
  expect((await placeOpenBid(t, player, 'MORNING STAR', [{ digits: '1', points: 10 }])).body.status).toBe(true);
  const slot = await marketByName(t, 'STARLINE 10:00 AM');
  expect((await starlineAppBid(t, player.token, slot, '1')).status).toBe(true);
  expect(
    (await send('api-galidisawar-submit-bid', APP_KEY, await bidBody('gali', 'FARIDABAD', '47'))).body.status,
  ).toBe(true);
  ids.market = String((await marketByName(t, 'KALYAN')).id);
  ids.slot = String((await marketByName(t, 'STARLINE 11:00 AM')).id);
  ids.gali = String((await marketByName(t, 'GALI')).id);
  // money: a deposit approved, one pending, a withdrawal, a transfer; a notice
  const dep = await send('api-fund-request-add', APP_KEY, { unique_token: player.token, request_amount: '500' });
  expect(dep.body.status).toBe(true);
  const pending = await operatorCall(t, 'deposits');
  await operatorCall(t, 'deposits/approve', { id: pending.body.deposits[0].id });
  expect(
    (await send('api-fund-request-add', APP_KEY, { unique_token: player.token, request_amount: '600' })).body.status,
  ).toBe(true);
  const wd = await send('api-user-withdraw-fund-request', APP_KEY, {
    unique_token: player.token,
    request_amount: '1000',
    payment_method: '2',
  });
  expect(wd.body).toMatchObject({ status: true });
  const tr = await send('api-user-transfer-wallet-balance', APP_KEY, {
    unique_token: player.token,
    mobile_no: other.mobile,
    amount: '100',
    transfer_note: 'for tea',
  });
  expect(tr.body.status).toBe(true);
  await operatorCall(t, 'notices', { title: 'Holiday', body: 'KALYAN is closed on Sunday' });
  t.clock.set(kolkata('18:05'));
  await operatorCall(t, 'result/declare', { market: 'MORNING STAR', session: 'open', pana: '128' });
  await operatorCall(t, 'starline/declare', { slot: slot.name, pana: '128' });
  await operatorCall(t, 'gali/declare', { market: 'FARIDABAD', jodi: '47' });
  const ledger = await t.ctx.db
    .selectFrom('wallet_transactions')
    .select('id')
    .where('user_id', '=', player.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  ids.transaction = String(ledger.id);
  // the original's clock: evening, the markets of the morning closed, GALI still open
  t.clock.set(kolkata('20:00'));
  // the app logs in with its device: the account's devices list it
  const login = await send('api-user-login', FAMILY_KEY, {
    mobile: player.mobile,
    password: 'secret123',
    device_id: 'device-1',
  });
  player = { ...player, token: login.body.unique_token };
});
afterAll(() => t.close());

const today = '2026-03-10';
/** The body each served route is called with (besides env_type, app_key and the player's token). */
const BODIES: Record<string, () => Record<string, unknown>> = {
  'api-get-app-key': () => ({ env_type: '1' }),
  'api-user-login': () => ({ mobile: player.mobile, password: 'secret123', device_id: 'device-1' }),
  'api-change-password': () => ({ old_pass: 'secret123', new_pass: 'secret123' }),
  'api-profile-update': () => ({ user_name: 'Ref Player', email: 'ref@example.com' }),
  'api-fund-request-add': () => ({ request_amount: '700' }),
  'api-check-user-for-transfer-amt': () => ({ mobile_no: other.mobile }),
  'api-user-withdraw-fund-request': () => ({ request_amount: '500', payment_method: '3' }),
  'api-view-wallet-transaction-history': () => ({ transaction_id: ids.transaction }),
  'api-get-current-date': () => ({ game_id: ids.market }),
  'api-check-games-active-inactive': () => ({ game_id: ids.market }),
  'api-bid-history-data': () => ({ bid_from: today, bid_to: today }),
  'api-wining-history-data': () => ({ date_from: today, date_to: today }),
  'api-check-game-status': () => ({ game_id: ids.market }),
  'api-notification-setting': () => ({ notification_status: '1' }),
  'api-get-statement': () => ({ date_from: today, date_to: today }),
  'api-check-starline-game-status': () => ({ game_id: ids.slot }),
  'api-check-starline-games-active-inactive': () => ({ game_id: ids.slot }),
  'api-starline-bid-history-data': () => ({ bid_from: today, bid_to: today }),
  'api-starline-wining-history-data': () => ({ date_from: today, date_to: today }),
  'api-check-galidisswar-game-status': () => ({ game_id: ids.gali }),
  'api-check-galidisswar-games-active-inactive': () => ({ game_id: ids.gali }),
  'api-galidisswar-bid-history-data': () => ({ bid_from: today, bid_to: today }),
  'api-galidisswar-wining-history-data': () => ({ date_from: today, date_to: today }),
  'api-get-sp-motor-combination': () => ({ type: '8', number: '123', points: '10' }),
  'api-get-sp-dp-tp-combination': () => ({ number: '1', sp_flag: '1', dp_flag: '1', tp_flag: '1', points: '10' }),
};

const ROUTES = [...REFERENCE_PLAYER_ROUTES, ...REFERENCE_BUILD_ROUTES];
const SERVED = ROUTES.filter((r) => r.status === 'served');

describe.each(Object.entries(KEYS))("the original's served routes under the %s key", (_dialect, key) => {
  test.each(SERVED.map((r) => [r.route, r] as const))('%s', async (route, ref) => {
    const body = { unique_token: player.token, ...(BODIES[route]?.() ?? {}) };
    const res = await send(route, key, body);
    expect({ route, http: res.statusCode, status: res.body.status, msg: res.body.msg }).toMatchObject({
      http: 200,
      status: expect.anything(),
    });
    expect(
      res.body.status === true || res.body.status === 'true' ? [] : [`status ${res.body.status}: ${res.body.msg}`],
    ).toEqual([]);
    expect(problems(res.body, ref.answer!)).toEqual([]);
  });
});

/** The code the server sent a number last (demo mode: the operator's outbox). */
const lastCode = async (mobile: string) => (await operatorCall(t, `otp/last?mobile=${mobile}`)).body.otp as string;

describe.each(Object.entries(KEYS))("the original's routes served the secure way under the %s key", (dialect, key) => {
  const fresh = dialect === 'spec' ? '9000000101' : '9000000102';
  const upi = dialect === 'spec' ? '9000000201' : '9000000202';
  /** Each secure route's request, made as a flow needs it (a code asked first where one is checked). */
  const FLOWS: Record<string, () => Promise<Record<string, unknown>>> = {
    'api-check-mobile': async () => ({ mobile: fresh }),
    'api-otp-sent': async () => ({ mobile: fresh }),
    'api-resend-otp': async () => ({ mobile: fresh }),
    'api-user-registration': async () => {
      await send('api-resend-otp', key, { mobile: fresh });
      return {
        name: 'New Player',
        email: 'n@example.com',
        mobile: fresh,
        password: 'secret123',
        security_pin: '1234',
        otp: await lastCode(fresh),
      };
    },
    'api-forget-check-mobile': async () => ({ mobile: other.mobile }),
    'api-forgot-password': async () => {
      await send('api-forget-check-mobile', key, { mobile: other.mobile });
      return { mobile: other.mobile, new_pass: 'secret123', otp: await lastCode(other.mobile) };
    },
    'api-check-security-pin': async () => {
      await t.ctx.db.updateTable('users').set({ security_pin: '2468' }).where('id', '=', player.id).execute();
      return { unique_token: player.token, security_pin: '2468' };
    },
    'api-validate-bank': async () => ({ unique_token: player.token, mobile: upi, upi_type: 1 }),
    'api-add-user-upi-details': async () => {
      await send('api-validate-bank', key, { unique_token: player.token, mobile: upi, upi_type: 1 });
      return { unique_token: player.token, upi_type: 1, paytm_no: upi, otp: await lastCode(upi) };
    },
    'api-user-transfer-wallet-balance': async () => ({
      unique_token: player.token,
      mobile_no: other.mobile,
      amount: '100',
      transfer_note: 'tea',
    }),
    'api-submit-bid': () => bidBody('regular', 'MILAN NIGHT', '4'),
    'api-starline-submit-bid': () => bidBody('starline', 'STARLINE 09:00 PM', '4'),
    'api-galidisswar-submit-bid': () => bidBody('gali', 'GALI', '12'),
    'api-add-money-via-upi': async () => ({ unique_token: player.token, amount: '500', txn_id: 'T1', txn_ref: 'R1' }),
  };
  const SECURE = ROUTES.filter((r) => r.status === 'secure' && !r.form);

  test('every route served the secure way has its flow here', () => {
    expect(SECURE.map((r) => r.route).filter((r) => !FLOWS[r])).toEqual([]);
  });

  test.each(SECURE.map((r) => [r.route, r] as const))('%s', async (route, ref) => {
    const res = await send(route, key, await FLOWS[route]());
    expect({ http: res.statusCode, msg: res.body.msg }).toMatchObject({ http: 200 });
    expect(problems(res.body, ref.answer!)).toEqual([]);
  });
});

describe("the original's refused routes", () => {
  test.each(ROUTES.filter((r) => r.status === 'refused').map((r) => [r.route, r] as const))(
    '%s',
    async (route, ref) => {
      for (const key of Object.values(KEYS)) {
        const res = await send(route, key, { unique_token: player.token });
        if (!ref.reply) {
          expect(res.statusCode).toBe(404);
          continue;
        }
        expect(res.statusCode).toBe(200);
        expect(res.body).toMatchObject({ status: false, msg: ref.reply.msg, code: expect.any(String) });
        for (const list of ref.reply.empty ?? []) expect(res.body[list]).toEqual([]);
      }
    },
  );
});

describe("the original's payment slip upload (a multipart form), the secure way", () => {
  /** A 1 × 1 PNG. */
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = (fields: Record<string, string>, file?: Buffer) => {
    const b = 'matka-form-boundary';
    const parts = Object.entries(fields).map(
      ([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    const head = Buffer.from(parts.join(''));
    const fileHead = Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="payment_slip"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const payload = file
      ? Buffer.concat([head, fileHead, file, Buffer.from(`\r\n--${b}--\r\n`)])
      : Buffer.concat([head, Buffer.from(`--${b}--\r\n`)]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
  };
  const upload = async (fields: Record<string, string>, file?: Buffer) => {
    const res = await t.app.inject({ method: 'POST', url: '/api-fund-payment-slip-upload', ...form(fields, file) });
    return { statusCode: res.statusCode, body: res.json() };
  };

  test("the player's own pending request takes the screenshot; nobody else's, and no other file", async () => {
    const pending = await t.ctx.db
      .selectFrom('fund_requests')
      .select('id')
      .where('user_id', '=', player.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const fields = { app_key: FAMILY_KEY, unique_token: player.token, fund_request_id: String(pending.id) };
    // without the player's token: refused (the original takes any request id)
    expect((await upload({ app_key: FAMILY_KEY, fund_request_id: String(pending.id) }, PNG)).statusCode).toBe(401);
    // another player's token: not their request
    const wrong = await upload({ ...fields, unique_token: other.token }, PNG);
    expect(wrong.body.status).toBe(false);
    // not an image
    expect((await upload(fields, Buffer.from('not an image at all'))).body.status).toBe(false);
    const ok = await upload(fields, PNG);
    expect(ok).toEqual({
      statusCode: 200,
      body: { status: true, msg: 'Payment Slip Uploded Successfully.', request_status: '0' },
    });
    const row = await t.ctx.db
      .selectFrom('fund_requests')
      .select(['proof_type'])
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(row.proof_type).toBe('image/png');
    expect(
      problems(ok.body, REFERENCE_PLAYER_ROUTES.find((r) => r.route === 'api-fund-payment-slip-upload')!.answer!),
    ).toEqual([]);
  });
});

test("the app key handshake of env_type 'Prod': the key encoded as the original encodes it, decoded by the apps", async () => {
  /** What the original's apps do with the answer: shift every character back by three. */
  const decode = (s: string) =>
    [...s]
      .map((ch) => {
        const c = ch.charCodeAt(0);
        if (c >= 97 && c <= 122) return String.fromCharCode(c - 3 < 97 ? 122 - (96 - (c - 3)) : c - 3);
        return String.fromCharCode(c - 3 < 65 && c > 64 ? 90 - (64 - (c - 3)) : c - 3);
      })
      .join('');
  const res = await t.app.inject({ method: 'POST', url: '/api-get-app-key', payload: { env_type: 'Prod' } });
  const key = res.json().app_key as string;
  expect(key).not.toBe(FAMILY_KEY);
  expect(decode(key)).toBe(FAMILY_KEY);
  // with env_type '1' the key as it is
  const plain = await t.app.inject({ method: 'POST', url: '/api-get-app-key', payload: { env_type: '1' } });
  expect(plain.json().app_key).toBe(FAMILY_KEY);
});

test("a build's online-deposit screen (a GET, no key) gets the steps, and no UPI id or QR code to pay before a request", async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api-payment-data' });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(problems(body, REFERENCE_BUILD_ROUTES.find((r) => r.route === 'api-payment-data')!.answer!)).toEqual([]);
  expect(body.payment_data).toMatchObject({ upi: '', qr: '' });
  expect(body.payment_data.step1).toContain('deposit request');
});
