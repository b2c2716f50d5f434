/**
 * A self-excluded player (or one on a break) cannot get around it with a second account, the whole path as
 * it was tried: excluded, register a second number, transfer the points to it, bid with them. The
 * transfer out is refused; a registration from the paused player's device is refused, and one from their
 * address is held (no betting until an operator approves); once the pause is over, the device registers
 * as any other.
 */
import {
  APP_KEY,
  call,
  createUser,
  kolkata,
  makeTestApp,
  newMobile,
  TEST_PASSWORD,
  walletOf,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('09:00', '2026-03-10') });
});
afterAll(() => t.close());

/** A call of the API from an address. */
async function from(ip: string, name: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${name}`,
    payload: { env_type: 'Prod', app_key: APP_KEY, ...payload },
    remoteAddress: ip,
  });
  return res.json() as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the test reads what it expects
}

async function register(ip: string, device: string | null) {
  const mobile = newMobile();
  const check = await from(ip, 'api-check-mobile', { mobile });
  expect(check.status).toBe(true);
  const reg = await from(ip, 'api-user-registration', {
    name: 'Second Account',
    password: 'pass1234',
    mobile,
    device_id: device,
    otp: check.otp,
  });
  const row = await t.ctx.db
    .selectFrom('users')
    .select(['id', 'betting_status'])
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  return { reg, row, mobile };
}

test('excluded: no transfer out, no second account from the device, a held one from the address', async () => {
  const home = '203.0.113.10';
  const a = await createUser(t, { wallet: 1000 });
  const login = await from(home, 'api-user-login', { mobile: a.mobile, password: TEST_PASSWORD, device_id: 'phone-A' });
  expect(login.status).toBe(true);
  const excluded = await call(t.app, 'api-self-exclude', { unique_token: login.unique_token, period: '6m' });
  expect(excluded.body.status).toBe(true);

  // a friend's account to send the points to: refused, the points stay
  const friend = await createUser(t, { wallet: 0 });
  const sent = await call(t.app, 'api-user-transfer-wallet-balance', {
    unique_token: login.unique_token,
    amount: 500,
    mobile_no: friend.mobile,
  });
  expect(sent.body).toEqual({ status: false, msg: expect.stringMatching(/excluded/i), code: expect.any(String) });
  expect([await walletOf(t, a.id), await walletOf(t, friend.id)]).toEqual([1000, 0]);

  // a second number from the same phone: refused, nothing created
  const sameDevice = await register('198.51.100.20', 'phone-A');
  expect(sameDevice.reg).toEqual({
    status: false,
    msg: 'A new account cannot be opened from this phone or network now. Please contact support.',
    code: expect.any(String),
  });
  expect(sameDevice.row).toBeUndefined();

  // from the same address, another phone (a household, or the same player): held, no betting
  const sameAddress = await register(home, 'phone-new');
  expect(sameAddress.reg).toMatchObject({
    status: true,
    msg: 'Registration successful. Betting starts once your account is approved.',
  });
  expect(sameAddress.row?.betting_status).toBe('0');
  const held = await t.ctx.db
    .selectFrom('users')
    .select('wallet')
    .where('id', '=', sameAddress.row!.id)
    .executeTakeFirstOrThrow();
  expect(Number(held.wallet)).toBe(0);
  // its transfers and bids are refused while it waits (betting off)
  const heldBid = await call(t.app, 'api-user-transfer-wallet-balance', {
    unique_token: sameAddress.reg.unique_token,
    amount: 10,
    mobile_no: friend.mobile,
  });
  expect(heldBid.body).toEqual({
    status: false,
    msg: 'Betting is disabled for your account',
    code: expect.any(String),
  });

  // elsewhere, another phone: registers as anyone does
  const elsewhere = await register('192.0.2.44', 'phone-other');
  expect(elsewhere.reg).toMatchObject({ status: true, msg: 'Registration successful' });
  expect(elsewhere.row?.betting_status).toBe('1');
});

test('on a break the same; once it is over the device registers as any other', async () => {
  const home = '203.0.113.77';
  const b = await createUser(t, { wallet: 100 });
  const login = await from(home, 'api-user-login', { mobile: b.mobile, password: TEST_PASSWORD, device_id: 'phone-B' });
  const brk = await call(t.app, 'api-take-break', { unique_token: login.unique_token, period: '24h' });
  expect(brk.body.status).toBe(true);
  expect((await register('198.51.100.21', 'phone-B')).reg.status).toBe(false);
  t.clock.set(kolkata('10:00', '2026-03-11'));
  const after = await register('198.51.100.21', 'phone-B');
  expect(after.reg).toMatchObject({ status: true, msg: 'Registration successful' });
  expect(after.row?.betting_status).toBe('1');
});
