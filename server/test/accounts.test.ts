import { call, createUser, makeTestApp, newMobile, OPERATOR_TOKEN, TEST_PASSWORD, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const outbox = async (mobile: string) =>
  (
    await t.app.inject({
      url: `/operator/otp/last?mobile=${mobile}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    })
  ).json();

async function register(mobile: string, name = 'Ravi Kumar', password = 'pass1234') {
  const check = await call(t.app, 'api-check-mobile', { mobile });
  expect(check.body).toMatchObject({ status: true, otp: expect.stringMatching(/^\d{4}$/) });
  return call(t.app, 'api-user-registration', {
    name,
    email: 'player@example.com',
    password,
    mobile,
    security_pin: '1234',
    device_id: null,
    otp: check.body.otp,
  });
}

describe('registration with OTP', () => {
  test('check-mobile sends a 4-digit code (returned in demo mode, in the outbox); registration creates the account', async () => {
    const mobile = newMobile();
    const check = await call(t.app, 'api-check-mobile', { mobile });
    expect(check.statusCode).toBe(200);
    expect(check.body.otp).toMatch(/^\d{4}$/);
    expect(await outbox(mobile)).toMatchObject({ mobile, otp: check.body.otp, purpose: 'register' });
    const reg = await call(t.app, 'api-user-registration', {
      name: 'Asha',
      email: 'x@y.z',
      password: 'pw12345678',
      mobile,
      security_pin: '1234',
      device_id: null,
      otp: check.body.otp,
    });
    expect(reg.body).toEqual({
      status: true,
      msg: 'Registration successful',
      user_name: 'Asha',
      unique_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      mobile,
      email: 'x@y.z',
    });
    const user = await t.ctx.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^scrypt\$/);
    expect(user.password_hash).not.toContain('pw12345');
    expect(user.betting_status).toBe('1');
    expect(user.wallet).toBe('0');
    // the token is stored hashed only
    const tokens = await t.ctx.db
      .selectFrom('auth_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(tokens.map((r) => r.token_hash)).not.toContain(reg.body.unique_token);
    // and it works
    const profile = await call(t.app, 'api-get-profile', { unique_token: reg.body.unique_token });
    expect(profile.body).toMatchObject({ status: true, user_name: 'Asha', mobile });
  });

  test("a taken number gets 'User Alredy Registered' (check-mobile and registration)", async () => {
    const mobile = newMobile();
    expect((await register(mobile)).body.status).toBe(true);
    expect((await call(t.app, 'api-check-mobile', { mobile })).body).toEqual({
      status: false,
      msg: 'User Alredy Registered',
      code: expect.any(String),
    });
    const reg = await call(t.app, 'api-user-registration', { name: 'B', password: 'x-password', mobile, otp: '0000' });
    expect(reg.body).toEqual({ status: false, msg: 'User Alredy Registered', code: expect.any(String) });
  });

  test("a wrong or missing code creates nothing: 'Enter Valid OTP'; 5 wrong tries kill the code", async () => {
    const mobile = newMobile();
    const { body } = await call(t.app, 'api-check-mobile', { mobile });
    const wrong = body.otp === '0000' ? '0001' : '0000';
    const base = { name: 'C', email: '', password: 'pw-password', mobile, security_pin: '1', device_id: null };
    const noOtp = await call(t.app, 'api-user-registration', base);
    expect(noOtp.statusCode).toBe(400);
    expect(noOtp.body).toEqual({ status: false, msg: 'Enter Valid OTP', code: expect.any(String) });
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, 'api-user-registration', { ...base, otp: wrong })).body).toEqual({
        status: false,
        msg: 'Enter Valid OTP',
        code: expect.any(String),
      });
    }
    // the right code no longer works after 5 wrong tries
    expect((await call(t.app, 'api-user-registration', { ...base, otp: body.otp })).body).toEqual({
      status: false,
      msg: 'Enter Valid OTP',
      code: expect.any(String),
    });
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst(),
    ).toBeUndefined();
  });

  test('resend: refused within 30 s, then a new code; the one sent before stays good (either works, once); codes expire after 5 minutes', async () => {
    const mobile = newMobile();
    await call(t.app, 'api-check-mobile', { mobile });
    const early = await call(t.app, 'api-resend-otp', { mobile });
    expect(early.body.status).toBe(false);
    expect(early.body.msg).toMatch(/^Please wait \d+ seconds before requesting a new OTP\.$/);
    t.clock.advance(31_000);
    const resent = await call(t.app, 'api-resend-otp', { mobile });
    expect(resent.body).toMatchObject({ status: true, otp: expect.stringMatching(/^\d{4}$/) });
    const base = { name: 'D', password: 'pw-password', mobile };
    t.clock.advance(5 * 60_000 + 1000);
    expect((await call(t.app, 'api-user-registration', { ...base, otp: resent.body.otp })).body).toEqual({
      status: false,
      msg: 'Enter Valid OTP',
      code: expect.any(String),
    });
    t.clock.advance(31_000);
    const again = await call(t.app, 'api-resend-otp', { mobile });
    expect((await call(t.app, 'api-user-registration', { ...base, otp: again.body.otp })).body.status).toBe(true);
  });

  test('after a resend, the first code still registers (the spec accepts the stored or the resent code), and only once', async () => {
    const mobile = newMobile();
    const first = await call(t.app, 'api-check-mobile', { mobile });
    t.clock.advance(31_000);
    const resent = await call(t.app, 'api-resend-otp', { mobile });
    expect(resent.body.status).toBe(true);
    const base = { name: 'E', password: 'pw-password', mobile };
    expect((await call(t.app, 'api-user-registration', { ...base, otp: first.body.otp })).body).toMatchObject({
      status: true,
    });
    // a third code replaces the first: only the last two are good
    const other = newMobile();
    const a = await call(t.app, 'api-check-mobile', { mobile: other });
    t.clock.advance(31_000);
    const b = await call(t.app, 'api-resend-otp', { mobile: other });
    t.clock.advance(31_000);
    const c = await call(t.app, 'api-resend-otp', { mobile: other });
    const codes = new Set([b.body.otp, c.body.otp]);
    if (!codes.has(a.body.otp)) {
      expect((await call(t.app, 'api-user-registration', { ...base, mobile: other, otp: a.body.otp })).body).toEqual({
        status: false,
        msg: 'Enter Valid OTP',
        code: expect.any(String),
      });
    }
    expect((await call(t.app, 'api-user-registration', { ...base, mobile: other, otp: b.body.otp })).body.status).toBe(
      true,
    );
  });

  test('resend for a registered number is refused; phone validation uses the spec texts', async () => {
    const u = await createUser(t);
    expect((await call(t.app, 'api-resend-otp', { mobile: u.mobile })).body).toEqual({
      status: false,
      msg: 'User Alredy Registered',
      code: expect.any(String),
    });
    expect((await call(t.app, 'api-check-mobile', {})).body).toEqual({
      status: false,
      msg: 'Phone No is required!',
      code: expect.any(String),
    });
    const bad = await call(t.app, 'api-check-mobile', { mobile: '5123456789' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toEqual({ status: false, msg: 'Phone No is not valid!', code: expect.any(String) });
    const noName = await call(t.app, 'api-user-registration', {
      name: ' ',
      password: 'x',
      mobile: newMobile(),
      otp: '1234',
    });
    expect(noName.body).toEqual({ status: false, msg: 'Username is required', code: expect.any(String) });
  });
});

describe('login, logout, tokens', () => {
  test('login returns user_name, unique_token, mobile; wrong password or unknown number: User Not Registered', async () => {
    const mobile = newMobile();
    await register(mobile, 'Meena', 'correct-horse');
    const ok = await call(t.app, 'api-user-login', { mobile, password: 'correct-horse', device_id: 'dev-1' });
    expect(ok.body).toEqual({
      status: true,
      msg: 'Login successful',
      user_name: 'Meena',
      unique_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      mobile,
      // what the original backend's apps read besides
      email: expect.any(String),
      betting_status: '1',
      mobile_no: expect.any(String),
      notification_status: '1',
    });
    expect((await call(t.app, 'api-user-login', { mobile, password: 'nope' })).body).toEqual({
      status: false,
      msg: 'User Not Registered',
      code: expect.any(String),
    });
    expect((await call(t.app, 'api-user-login', { mobile: newMobile(), password: 'x' })).body).toEqual({
      status: false,
      msg: 'User Not Registered',
      code: expect.any(String),
    });
    expect((await call(t.app, 'api-user-login', { mobile, password: '' })).body).toEqual({
      status: false,
      msg: 'Password is required!',
      code: expect.any(String),
    });
  });

  test('logout revokes the token; other tokens of the user keep working', async () => {
    const u = await createUser(t);
    const a = (await call(t.app, 'api-user-login', { mobile: u.mobile, password: TEST_PASSWORD })).body.unique_token;
    expect((await call(t.app, 'api-user-logout', { unique_token: a })).body).toEqual({
      status: true,
      msg: 'Logged out',
    });
    const after = await call(t.app, 'api-user-wallet-balance', { unique_token: a });
    expect(after.statusCode).toBe(401);
    expect(after.body).toEqual({
      status: false,
      msg: 'Session expired. Please login again.',
      code: expect.any(String),
    });
    expect((await call(t.app, 'api-user-wallet-balance', { unique_token: u.token })).body).toMatchObject({
      status: true,
      wallet_amt: '0',
    });
  });

  test('tokens expire after 30 days; missing / malformed tokens get 401', async () => {
    const u = await createUser(t);
    t.clock.advance(29 * 86_400_000);
    expect((await call(t.app, 'api-get-profile', { unique_token: u.token })).statusCode).toBe(200);
    t.clock.advance(2 * 86_400_000);
    expect((await call(t.app, 'api-get-profile', { unique_token: u.token })).statusCode).toBe(401);
    expect((await call(t.app, 'api-get-profile', {})).statusCode).toBe(401);
    expect((await call(t.app, 'api-get-profile', { unique_token: 'x'.repeat(64) })).statusCode).toBe(401);
    expect((await call(t.app, 'api-get-profile', { unique_token: 12345 })).statusCode).toBe(401);
  });

  test('login is rate-limited per mobile (failures only)', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 10; i++) await call(t.app, 'api-user-login', { mobile: u.mobile, password: 'wrong' });
    const limited = await call(t.app, 'api-user-login', { mobile: u.mobile, password: TEST_PASSWORD });
    expect(limited.body).toEqual({
      status: false,
      msg: 'Too many attempts. Please try again later.',
      code: expect.any(String),
    });
    t.clock.advance(16 * 60_000);
    expect((await call(t.app, 'api-user-login', { mobile: u.mobile, password: TEST_PASSWORD })).body.status).toBe(true);
  });
});

describe('forgot, change password, profile', () => {
  test('forgot: unknown number refused; code required; new password works, old one and old tokens do not', async () => {
    expect((await call(t.app, 'api-forget-check-mobile', { mobile: newMobile() })).body).toEqual({
      status: false,
      msg: 'User Not Registered',
      code: expect.any(String),
    });
    expect((await call(t.app, 'api-forget-check-mobile', { mobile: '12' })).body).toEqual({
      status: false,
      msg: 'Phone number is not valid!',
      code: expect.any(String),
    });
    const u = await createUser(t);
    const start = await call(t.app, 'api-forget-check-mobile', { mobile: u.mobile });
    expect(start.body).toMatchObject({ status: true, otp: expect.stringMatching(/^\d{4}$/), msg: expect.any(String) });
    const wrong = start.body.otp === '9999' ? '9998' : '9999';
    expect(
      (await call(t.app, 'api-forgot-password', { mobile: u.mobile, new_pass: 'newpass1', otp: wrong })).body,
    ).toEqual({
      status: false,
      msg: 'Invalid OTP. Please try again.',
      code: expect.any(String),
    });
    expect((await call(t.app, 'api-forgot-password', { mobile: u.mobile, new_pass: 'newpass1' })).statusCode).toBe(400);
    expect(
      (await call(t.app, 'api-forgot-password', { mobile: u.mobile, new_pass: 'newpass1', otp: start.body.otp })).body,
    ).toEqual({
      status: true,
      msg: 'Successfully updated password',
    });
    // the code is single use
    expect(
      (await call(t.app, 'api-forgot-password', { mobile: u.mobile, new_pass: 'other-pass', otp: start.body.otp })).body
        .status,
    ).toBe(false);
    expect((await call(t.app, 'api-user-login', { mobile: u.mobile, password: TEST_PASSWORD })).body.status).toBe(
      false,
    );
    expect((await call(t.app, 'api-user-login', { mobile: u.mobile, password: 'newpass1' })).body.status).toBe(true);
    expect((await call(t.app, 'api-get-profile', { unique_token: u.token })).statusCode).toBe(401);
  });

  test("change password: 'Old password is incorrect', then success; the current token stays valid", async () => {
    const u = await createUser(t);
    expect(
      (await call(t.app, 'api-change-password', { unique_token: u.token, old_pass: 'bad', new_pass: 'n1-new-pass' }))
        .body,
    ).toEqual({
      status: false,
      msg: 'Old password is incorrect',
      code: expect.any(String),
    });
    expect(
      (await call(t.app, 'api-change-password', { unique_token: u.token, old_pass: TEST_PASSWORD, new_pass: '' })).body,
    ).toEqual({
      status: false,
      msg: 'New Password is required!',
      code: expect.any(String),
    });
    expect(
      (
        await call(t.app, 'api-change-password', {
          unique_token: u.token,
          old_pass: TEST_PASSWORD,
          new_pass: 'n1-new-pass',
        })
      ).body,
    ).toEqual({
      status: true,
      msg: 'Successfully changed password',
    });
    expect((await call(t.app, 'api-user-login', { mobile: u.mobile, password: 'n1-new-pass' })).body.status).toBe(true);
    expect((await call(t.app, 'api-get-profile', { unique_token: u.token })).statusCode).toBe(200);
    expect(
      (await call(t.app, 'api-change-password', { old_pass: 'n1-new-pass', new_pass: 'n2-new-pass' })).statusCode,
    ).toBe(401);
  });

  test("profile update and get-profile; empty name: 'Name is required!'", async () => {
    const u = await createUser(t);
    expect((await call(t.app, 'api-profile-update', { unique_token: u.token, user_name: '  ' })).body).toEqual({
      status: false,
      msg: 'Name is required!',
      code: expect.any(String),
    });
    const up = await call(t.app, 'api-profile-update', { unique_token: u.token, user_name: 'New Name' });
    expect(up.body).toMatchObject({ status: true, user_name: 'New Name' });
    expect((await call(t.app, 'api-get-profile', { unique_token: u.token })).body).toMatchObject({
      status: true,
      user_name: 'New Name',
      mobile: u.mobile,
    });
  });
});

describe('production mode', () => {
  test('codes are not returned and the outbox is off', async () => {
    const sent: string[] = [];
    const p = await makeTestApp({
      env: { DEMO: '0', NODE_ENV: 'production' },
      sms: { name: 'fake', send: async (m) => void sent.push(`${m.mobile}:${m.otp}`) },
    });
    try {
      const mobile = newMobile();
      const r = await call(p.app, 'api-check-mobile', { mobile });
      expect(r.body).toEqual({ status: true, msg: 'OTP sent successfully' });
      expect(sent).toEqual([expect.stringMatching(new RegExp(`^${mobile}:\\d{4}$`))]);
      const last = await p.app.inject({
        url: `/operator/otp/last?mobile=${mobile}`,
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      });
      expect(last.statusCode).toBe(404);
      expect((await p.app.inject(`/dev/otp-outbox?mobile=${mobile}`)).statusCode).toBe(404);
    } finally {
      await p.close();
    }
  });

  test('OTP requests are rate-limited per IP', async () => {
    const p = await makeTestApp({
      config: {
        rateLimits: {
          loginPerMobile: 10,
          loginPerIp: 100,
          otpPerMobile: 6,
          otpPerIp: 3,
          verifyPerIp: 300,
          windowMs: 60_000,
        },
      },
    });
    try {
      for (let i = 0; i < 3; i++)
        expect((await call(p.app, 'api-check-mobile', { mobile: newMobile() })).body.status).toBe(true);
      expect((await call(p.app, 'api-check-mobile', { mobile: newMobile() })).body).toEqual({
        status: false,
        msg: 'Too many attempts. Please try again later.',
        code: expect.any(String),
      });
    } finally {
      await p.close();
    }
  });
});

describe('one-time code guessing is bounded per day', () => {
  test('10 wrong codes a day per number (4 digits: 0.1 % of 10 000), across codes; then no new code until tomorrow', async () => {
    const p = await makeTestApp();
    try {
      const mobile = newMobile();
      const later = (ms: number) => p.clock.set(new Date(p.clock.now().getTime() + ms));
      const reg = (otp: string) =>
        call(p.app, 'api-user-registration', { name: 'Guess', password: 'pass1234', mobile, otp });
      const first = (await call(p.app, 'api-check-mobile', { mobile })).body.otp as string;
      const wrong = (c: string) => String((Number(c) + 1) % 10000).padStart(4, '0');
      for (let i = 0; i < 5; i++) expect((await reg(wrong(first))).body.msg).toBe('Enter Valid OTP');
      later(31_000);
      const second = (await call(p.app, 'api-resend-otp', { mobile })).body.otp as string;
      for (let i = 0; i < 5; i++) expect((await reg(wrong(second))).body.msg).toBe('Enter Valid OTP');
      later(31_000);
      expect((await call(p.app, 'api-resend-otp', { mobile })).body).toEqual({
        status: false,
        msg: 'Too many wrong codes for this number today. Please try again tomorrow.',
        code: expect.any(String),
      });
      later(24 * 60 * 60 * 1000);
      const fresh = (await call(p.app, 'api-resend-otp', { mobile })).body.otp as string;
      expect((await reg(fresh)).body.status).toBe(true);
    } finally {
      await p.close();
    }
  });

  test('a right code is not checked once the day is used up', async () => {
    const p = await makeTestApp();
    try {
      const mobile = newMobile();
      const code = (await call(p.app, 'api-check-mobile', { mobile })).body.otp as string;
      // ten wrong guesses recorded on this number's codes today (e.g. from other requests)
      await p.ctx.db.updateTable('otp_codes').set({ attempts: 4 }).where('mobile', '=', mobile).execute();
      await p.ctx.db
        .insertInto('otp_codes')
        .values({
          mobile,
          purpose: 'forgot',
          code_hash: 'x',
          attempts: 6,
          created_at: p.clock.now(),
          expires_at: p.clock.now(),
        })
        .execute();
      const r = await call(p.app, 'api-user-registration', { name: 'Late', password: 'pass1234', mobile, otp: code });
      expect(r.body).toEqual({ status: false, msg: 'Enter Valid OTP', code: expect.any(String) });
    } finally {
      await p.close();
    }
  });

  test('OTP_LENGTH=6: six-digit codes, and config.json tells the client', async () => {
    const p = await makeTestApp({ env: { OTP_LENGTH: '6' } });
    try {
      const mobile = newMobile();
      const r = await call(p.app, 'api-check-mobile', { mobile });
      expect(r.body.otp).toMatch(/^\d{6}$/);
      expect((await p.app.inject('/config.json')).json()).toMatchObject({ otpLength: 6 });
      expect(
        (await call(p.app, 'api-user-registration', { name: 'Six', password: 'pass1234', mobile, otp: r.body.otp }))
          .body.status,
      ).toBe(true);
    } finally {
      await p.close();
    }
  });
});
