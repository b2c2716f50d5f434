/**
 * The server serves exactly the calls of @matka/shared/contract, each with the contract's token rule:
 * a call it serves that the contract does not declare, or a declared call it does not serve, fails here.
 */
import { REFERENCE_BUILD_ROUTES, REFERENCE_PLAYER_ROUTES } from '@matka/shared/contract/reference';
import { CALLS, CALL_NAMES, OPERATOR_CALLS, OPERATOR_CALL_NAMES, callSpec } from '@matka/shared/contract';
import { MSG_BAD_TOKEN, answerCheck, writtenBySchema } from '../src/http/api';
import { operatorAnswerCheck } from '../src/operator';
import { APP_KEY, makeTestApp, type TestApp } from './helpers';
import { refusalText, refusalsOf } from '@matka/shared/contract/schemas';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The router's routes as 'METHOD /path' (GET and POST), from printRoutes' tree put back together. */
function routes(): string[] {
  // printRoutes draws the router's tree ('/api/api-game' with a child '-rates')
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push((stack[depth - 1] ?? '') + m[2]);
    for (const method of (m[3] ?? '').split(', '))
      if (method === 'GET' || method === 'POST') out.push(`${method} ${stack[depth]}`);
  }
  return out;
}

test('every /api/ route is a call of the contract, and every call of the contract is served', () => {
  const served = new Set(routes().flatMap((r) => /^POST \/api\/(api-[a-z0-9-]+)$/.exec(r)?.[1] ?? []));
  expect(served.size).toBeGreaterThan(40);
  // besides: the original backend's routes refused on purpose, each with its declared answer, and its
  // multipart upload
  const refused = new Set(
    [...REFERENCE_PLAYER_ROUTES, ...REFERENCE_BUILD_ROUTES]
      .filter((r) => (r.status === 'refused' && r.reply) || r.form)
      .map((r) => r.route),
  );
  expect([...served].filter((n) => !Object.hasOwn(CALLS, n) && !refused.has(n))).toEqual([]);
  expect(CALL_NAMES.filter((n) => !served.has(n))).toEqual([]);
});

test("each call asks for the player's token exactly when the contract says so", async () => {
  for (const name of CALL_NAMES) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${name}`,
      payload: { app_key: APP_KEY },
    });
    const refusedToken = res.statusCode === 401 && res.json().msg === MSG_BAD_TOKEN;
    expect({ name, refusedToken }).toEqual({ name, refusedToken: callSpec(name).auth });
  }
});

test('every /operator/ route is a call of the operator contract, and every one of its calls is served', () => {
  const served = new Set(routes().flatMap((r) => /^(GET|POST) \/operator(\/.*)$/.exec(r)?.slice(1).join(' ') ?? []));
  expect(served.size).toBeGreaterThan(50);
  const declared = OPERATOR_CALL_NAMES.map((c) => `${OPERATOR_CALLS[c].method} ${OPERATOR_CALLS[c].path}`);
  expect([...served].filter((c) => !declared.includes(c))).toEqual([]);
  expect(declared.filter((c) => !served.has(c))).toEqual([]);
});

describe('answers are checked against the contract (CHECK_ANSWERS, on in every test suite)', () => {
  const reply = (statusCode: number) => {
    const r = { statusCode, code: (c: number) => ((r.statusCode = c), r) };
    return r;
  };
  const req = { log: { error: jest.fn() } };
  const check = (name: Parameters<typeof answerCheck>[0], status: number, body: unknown) => {
    const r = reply(status);
    const hook = answerCheck(name) as unknown as (q: unknown, r: unknown, p: string) => Promise<string>;
    return hook(req, r, JSON.stringify(body)).then((out) => ({ status: r.statusCode, body: JSON.parse(out) }));
  };

  const profile = { user_name: 'Ravi', mobile: '9876543210', email: '', wallet_balance: '100' };
  const ok = {
    status: true,
    msg: 'Success',
    user_name: 'Ravi',
    mobile: '9876543210',
    email: '',
    betting_status: '1',
    profile: [profile],
  };

  test('an answer of the declared shape goes out as it is', async () => {
    expect(await check('api-get-profile', 200, ok)).toEqual({ status: 200, body: ok });
    const refused = { status: false, msg: 'Enter Valid OTP', code: 'msg.otpInvalid' };
    expect(await check('api-user-registration', 400, refused)).toEqual({ status: 400, body: refused });
  });

  test('a field of another type, a list that is not one, or a refusal without its message is a 500', async () => {
    const drift = await check('api-get-profile', 200, { status: true, user_name: 5 });
    expect(drift.status).toBe(500);
    expect(drift.body.msg).toMatch(/^api-get-profile answer drifted from the contract: (.+; )?user_name: /);
    const list = await check('api-bid-history-data', 200, { status: true, bid_data: { bid_id: 1 } });
    expect(list).toMatchObject({ status: 500, body: { msg: expect.stringContaining('bid_data') } });
    const refusal = await check('api-user-login', 401, { status: false });
    expect(refusal).toMatchObject({ status: 500, body: { msg: expect.stringContaining('msg') } });
  });

  test('a refusal the call does not declare is a 500 naming it; each declared code has its English text', async () => {
    // an OTP refusal is the registration's, never the profile's
    const otp = { status: false, msg: 'Enter Valid OTP', code: 'msg.otpInvalid' };
    expect(await check('api-user-registration', 200, otp)).toEqual({ status: 200, body: otp });
    expect(await check('api-get-profile', 200, otp)).toMatchObject({
      status: 500,
      body: { msg: expect.stringContaining('refused with msg.otpInvalid, not declared for the call') },
    });
    const loose = await check('api-get-profile', 200, { status: false, msg: 'Something new', code: 'refused' });
    expect(loose.body.msg).toContain("a text no catalogue has ('Something new')");
    for (const name of CALL_NAMES)
      for (const code of refusalsOf(name))
        expect([name, code, refusalText(code)?.length > 0]).toEqual([name, code, true]);
    expect(refusalsOf('api-submit-bid')).toEqual(expect.arrayContaining(['msg.sessionExpired', 'tpl.sessionClosed']));
    expect(refusalsOf('api-game-rates')).not.toContain('msg.sessionExpired');
  });

  test('an answer is written through its schema: a field it does not name never leaves, and fails the suites', async () => {
    const leaky = { ...ok, password_hash: 'scrypt$x', profile: [{ ...profile, otp_secret: 'K' }] };
    type Hook = (q: unknown, r: unknown, p: unknown) => Promise<unknown>;
    const written = writtenBySchema('api-get-profile', false) as unknown as Hook;
    expect(await written(req, reply(200), leaky)).toEqual(ok);
    // a refusal is written as a refusal: its text and code, and what a refusal may name besides
    const refusal = { status: false, msg: 'Bid closed', code: 'refused', closed_numbers: ['5'], sql: 'SELECT' };
    expect(await written(req, reply(200), refusal)).toEqual({ ...refusal, sql: undefined });
    const r = reply(200);
    const checked = (await (writtenBySchema('api-get-profile', true) as unknown as Hook)(req, r, leaky)) as {
      msg: string;
    };
    expect(r.statusCode).toBe(500);
    expect(checked.msg).toBe(
      'api-get-profile answer drifted from the contract: profile[0].otp_secret, password_hash: not declared',
    );
  });

  test('the suites run with the check on', () => {
    expect(t.config.checkAnswers).toBe(true);
  });
});

describe("operator answers are checked against the contract's OPERATOR_ANSWERS", () => {
  const check = async (method: string, url: string, status: number, body: unknown) => {
    const r = {
      statusCode: status,
      code: (c: number) => ((r.statusCode = c), r),
      getHeader: () => 'application/json; charset=utf-8',
    };
    const req = { method, routeOptions: { url }, log: { error: jest.fn() } };
    const out = await operatorAnswerCheck(req as never, r as never, JSON.stringify(body));
    return { status: r.statusCode, body: JSON.parse(out as string) };
  };

  test('a declared answer and a refusal go out as they are', async () => {
    const ok = { status: true, msg: 'Signed out' };
    expect(await check('POST', '/operator/session/logout', 200, ok)).toEqual({ status: 200, body: ok });
    const refused = { status: false, msg: 'No user with mobile 9876543210', code: 'not_found' };
    expect(await check('GET', '/operator/users/detail', 404, refused)).toEqual({ status: 404, body: refused });
  });

  test('an answer without a declared field, or of another type, is a 500 that names it', async () => {
    const rates = await check('GET', '/operator/rates', 200, {
      status: true,
      rates: [{ family: 'regular', rate_key: 'single_digit', val_1: '10', val_2: 95 }],
    });
    expect(rates).toMatchObject({ status: 500, body: { msg: expect.stringMatching(/^rates answer drifted.*val_1/) } });
    const added = await check('POST', '/operator/market/add', 200, { status: true, msg: 'Added' });
    expect(added).toMatchObject({ status: 500, body: { msg: expect.stringContaining('market') } });
  });
});
