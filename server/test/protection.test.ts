/**
 * Responsible play, enforced by the server for every client: the age declaration
 * at registration (and asked later), a break and self-exclusion: no bid, no deposit request, no transfer
 * received, while login, histories and withdrawals stay; never shortened by the player.
 */
import { buildNewResult, formatBidDate } from '@matka/shared/domain';
import {
  OPERATOR_TOKEN,
  call,
  createUser,
  kolkata,
  makeTestApp,
  marketByName,
  newMobile,
  walletOf,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00', '2026-03-10') });
});
afterAll(() => t.close());

async function bid(token: string) {
  const m = await marketByName(t, 'MORNING STAR');
  const [new_result] = buildNewResult({
    family: 'regular',
    betType: 'single_digit',
    token,
    gameId: m.id,
    gameName: m.name,
    bidDate: formatBidDate(t.clock.now()),
    rows: [{ digits: '5', closedigits: '', points: 10, session: 'Open', pana: 'Single Digit' }],
  });
  return call(t.app, 'api-submit-bid', { unique_token: token, game_id: String(m.id), new_result });
}

const BREAK_MSG =
  /^You are taking a break until \d+-\w+-\d{4} \d{1,2}:\d{2} [AP]M\. Bids, deposits and transfers to and from you are closed until then\.$/;

test('registration from our client records the age declaration; without the box it is refused; deployed clients are asked later', async () => {
  const register = async (extra: Record<string, unknown>) => {
    const mobile = newMobile();
    const chk = await call(t.app, 'api-check-mobile', { mobile });
    return call(t.app, 'api-user-registration', {
      name: 'Asha',
      password: 'secret123',
      mobile,
      otp: chk.body.otp,
      ...extra,
    });
  };
  const refused = await register({ adult: false });
  expect(refused.body).toEqual({
    status: false,
    msg: 'Please confirm that you are 18 years of age or older',
    code: expect.any(String),
  });
  const ours = await register({ adult: true });
  expect(ours.body.status).toBe(true);
  const declared = await call(t.app, 'api-responsible', { unique_token: ours.body.unique_token });
  expect(declared.body).toMatchObject({ status: true, age_declared: true, break_until: '', excluded_until: '' });
  expect(declared.body.history).toEqual([expect.objectContaining({ kind: 'age' })]);

  const deployed = await register({});
  const before = await call(t.app, 'api-responsible', { unique_token: deployed.body.unique_token });
  expect(before.body.age_declared).toBe(false);
  // bids work without it until the operator requires it
  await t.ctx.db.updateTable('users').set({ wallet: 100 }).where('mobile', '=', deployed.body.mobile).execute();
  const set = async (value: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/operator/settings/set',
        payload: { key: 'require_age_declaration', value },
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      })
    ).json();
  expect((await set('yes')).status).toBe(false);
  expect((await set('1')).status).toBe(true);
  try {
    expect((await bid(deployed.body.unique_token)).body).toEqual({
      status: false,
      msg: 'Please confirm that you are 18 years of age or older before you play.',
      code: expect.any(String),
    });
    expect((await call(t.app, 'api-confirm-age', { unique_token: deployed.body.unique_token })).body.age_declared).toBe(
      true,
    );
    expect((await bid(deployed.body.unique_token)).body.status).toBe(true);
  } finally {
    await set('0');
  }
});

test('a break closes bids, deposits and transfers to the player; login, histories and withdrawals stay; it cannot be shortened', async () => {
  const p = await createUser(t, { wallet: 1000 });
  const friend = await createUser(t, { wallet: 500 });
  const taken = await call(t.app, 'api-take-break', { unique_token: p.token, period: '7d' });
  expect(taken.body.msg).toMatch(/^You are taking a break until \d+-\w+-2026 .* \(7 days\)$/);
  const end = taken.body.break_until;
  expect(new Date(end).getTime() - t.clock.now().getTime()).toBe(7 * 24 * 3600_000);

  expect((await bid(p.token)).body).toEqual({
    status: false,
    msg: expect.stringMatching(BREAK_MSG),
    code: expect.any(String),
  });
  expect((await call(t.app, 'api-fund-request-add', { unique_token: p.token, request_amount: 500 })).body).toEqual({
    status: false,
    msg: expect.stringMatching(BREAK_MSG),
    code: expect.any(String),
  });
  const sent = await call(t.app, 'api-user-transfer-wallet-balance', {
    unique_token: friend.token,
    mobile_no: p.mobile,
    amount: 100,
  });
  expect(sent.body).toMatchObject({
    status: false,
    msg: 'This player cannot receive points now',
    code: expect.any(String),
  });
  expect(await walletOf(t, p.id)).toBe(1000);
  expect(await walletOf(t, friend.id)).toBe(500);
  expect(await t.ctx.db.selectFrom('fund_requests').select('id').where('user_id', '=', p.id).execute()).toEqual([]);

  // still: login, the histories, a withdrawal request
  const login = await call(t.app, 'api-user-login', { mobile: p.mobile, password: 'secret123', device_id: null });
  expect(login.body.status).toBe(true);
  const history = await call(t.app, 'api-wallet-transaction-history', { unique_token: p.token });
  expect(history.statusCode).toBe(200);
  expect(history.body.msg ?? '').not.toMatch(BREAK_MSG);
  // a withdrawal, in the withdrawal hours (10 AM to 11 PM by default)
  await t.ctx.db.updateTable('users').set({ google_pay_no: '9876543210' }).where('id', '=', p.id).execute();
  t.clock.set(kolkata('12:00', '2026-03-10'));
  const withdrawal = await call(t.app, 'api-user-withdraw-fund-request', {
    unique_token: p.token,
    request_amount: 500,
    payment_method: 2,
  });
  t.clock.set(kolkata('08:00', '2026-03-10'));
  expect(withdrawal.body).toMatchObject({ status: true, wallet_amt: '500' });

  // a shorter one keeps the longer end
  const shorter = await call(t.app, 'api-take-break', { unique_token: p.token, period: '24h' });
  expect(shorter.body.break_until).toBe(end);
  const bad = await call(t.app, 'api-take-break', { unique_token: p.token, period: '1h' });
  expect(bad.body).toEqual({ status: false, msg: 'Choose 24 hours, 7 days or 30 days', code: expect.any(String) });

  // after it ends, the player plays again
  t.clock.advance(7 * 24 * 3600_000 + 60_000);
  try {
    expect((await call(t.app, 'api-responsible', { unique_token: p.token })).body.break_until).toBe('');
    expect(
      (await call(t.app, 'api-fund-request-add', { unique_token: p.token, request_amount: 500 })).body.status,
    ).toBe(true);
  } finally {
    t.clock.set(kolkata('08:00', '2026-03-10'));
  }
});

test('self-exclusion: permanent, told as such; the history lists it', async () => {
  const p = await createUser(t, { wallet: 1000 });
  const out = await call(t.app, 'api-self-exclude', { unique_token: p.token, period: 'permanent' });
  expect(out.body).toMatchObject({
    status: true,
    msg: 'You have excluded yourself from play permanently',
    permanent: true,
  });
  expect((await bid(p.token)).body.msg).toBe(
    'You have excluded yourself from play permanently. Bids, deposits and transfers to and from you are closed.',
  );
  expect(out.body.history[0]).toMatchObject({ kind: 'exclusion', until: 'permanent', note: 'permanent' });
  // nothing the player sends lifts it
  expect((await call(t.app, 'api-self-exclude', { unique_token: p.token, period: '6m' })).body.permanent).toBe(true);
  expect(await walletOf(t, p.id)).toBe(1000);

  // only an owner lifts it early, with a reason; audited; the player is told
  const lift = (body: Record<string, unknown>, token = OPERATOR_TOKEN) =>
    t.app.inject({
      method: 'POST',
      url: '/operator/users/lift-exclusion',
      payload: body,
      headers: { authorization: `Bearer ${token}` },
    });
  expect((await lift({ mobile: p.mobile })).statusCode).toBe(400);
  const lifted = await lift({ mobile: p.mobile, reason: 'Signed request from the player, checked by phone' });
  expect(lifted.json()).toEqual({ status: true, msg: `${p.mobile}'s self-exclusion is lifted: they may play again` });
  expect((await bid(p.token)).body.status).toBe(true);
  const inbox = await call(t.app, 'api-notifications', { unique_token: p.token });
  expect(inbox.body.notifications[0].event).toMatchObject({
    kind: 'notice',
    title: 'Your self-exclusion was lifted',
    body: 'The operator ended it early: Signed request from the player, checked by phone',
  });
  const page = await call(t.app, 'api-responsible', { unique_token: p.token });
  expect(page.body.history[0]).toMatchObject({
    kind: 'exclusion_lifted',
    note: 'Signed request from the player, checked by phone',
  });
  const audit = await t.ctx.db
    .selectFrom('operator_audit')
    .selectAll()
    .where('action', '=', 'users lift-exclusion')
    .execute();
  expect(audit.map((a) => a.target)).toEqual([p.mobile]);
  expect((await lift({ mobile: p.mobile, reason: 'again' })).json()).toEqual({
    status: false,
    msg: `${p.mobile} is not excluded`,
    code: expect.any(String),
  });
});

test('a held or excluded account is told what it is: waiting for approval, or its exclusion', async () => {
  // registered without a proved code: betting off, waiting for the operator's approval
  const held = await createUser(t, { wallet: 1000, betting: '0' });
  await t.ctx.db.updateTable('users').set({ verified: false }).where('id', '=', held.id).execute();
  const home = await call(t.app, 'api-home-info', { unique_token: held.token });
  expect(home.body).toMatchObject({ betting_status: '0', awaiting_approval: true });
  // betting turned off by an operator: not waiting for anything
  const off = await createUser(t, { wallet: 1000, betting: '0' });
  expect((await call(t.app, 'api-home-info', { unique_token: off.token })).body.awaiting_approval).toBe(false);
  // a self-exclusion is told by its own text, whatever else keeps betting off
  expect((await call(t.app, 'api-self-exclude', { unique_token: held.token, period: '6m' })).body.status).toBe(true);
  const sent = await call(t.app, 'api-user-transfer-wallet-balance', {
    unique_token: held.token,
    mobile_no: off.mobile,
    amount: 100,
  });
  expect(sent.body).toEqual({
    status: false,
    msg: expect.stringMatching(/^You have excluded yourself from play until \d+-\w+-\d{4} \d{1,2}:\d{2} [AP]M\./),
    code: expect.any(String),
  });
  expect(await walletOf(t, held.id)).toBe(1000);
});
