/**
 * Server refusals in the player's language: a request whose Accept-Language asks for Hindi or
 * Marathi gets the spec's messages in it; a request that asks for neither (every deployed app) keeps
 * the English texts exactly as they are.
 */
import { MSG, buildNewResult, formatBidDate } from '@matka/shared/domain';
import { liveText, type LiveEvent } from '@matka/shared/contract';
import {
  APP_KEY,
  OPERATOR_TOKEN,
  TEST_PASSWORD,
  createUser,
  kolkata,
  makeTestApp,
  marketByName,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00', '2026-03-10') });
});
afterAll(() => t.close());

async function submit(token: string, language?: string) {
  const m = await marketByName(t, 'MORNING STAR');
  const [new_result] = buildNewResult({
    family: 'regular',
    betType: 'single_digit',
    token,
    gameId: m.id,
    gameName: m.name,
    bidDate: formatBidDate(t.clock.now()),
    rows: [{ digits: '5', closedigits: '', points: 500, session: 'Open', pana: 'Single Digit' }],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-submit-bid',
    headers: language ? { 'accept-language': language } : {},
    payload: { env_type: 'Prod', app_key: APP_KEY, unique_token: token, game_id: String(m.id), new_result },
  });
  return res.json() as { status: boolean; msg: string };
}

test('a refused bid: Hindi or Marathi when asked for, the English text exactly otherwise', async () => {
  const p = await createUser(t, { wallet: 100 });
  expect(await submit(p.token)).toMatchObject({ status: false, msg: MSG.insufficient, code: expect.any(String) });
  expect(await submit(p.token, 'hi')).toMatchObject({
    status: false,
    msg: 'बैलेंस कम है, कृपया अपने खाते में पैसे जोड़ें',
    code: expect.any(String),
  });
  expect(await submit(p.token, 'mr-IN,mr;q=0.9,en;q=0.8')).toMatchObject({
    status: false,
    msg: 'बॅलन्स अपुरा आहे, कृपया आपल्या खात्यात पैसे जमा करा',
    code: expect.any(String),
  });
  // English first, or a language the app does not speak: English
  expect(await submit(p.token, 'en-IN,hi;q=0.5')).toMatchObject({ msg: MSG.insufficient });
  expect(await submit(p.token, 'ta')).toMatchObject({ msg: MSG.insufficient });
});

test('a message the catalogues do not hold stays as it is; a login refusal in Hindi', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-user-login',
    headers: { 'accept-language': 'hi' },
    payload: { env_type: 'Prod', app_key: APP_KEY, mobile: '9000000009', password: 'wrong password', device_id: null },
  });
  expect(res.json()).toMatchObject({ status: false, msg: 'यह यूज़र रजिस्टर्ड नहीं है', code: expect.any(String) });
  const bad = await t.app.inject({
    method: 'POST',
    url: '/api/api-user-login',
    headers: { 'accept-language': 'hi' },
    payload: { env_type: 'Prod', app_key: 'not the key', mobile: '9000000009', password: 'x' },
  });
  expect(bad.statusCode).toBe(401);
  expect(bad.json()).toEqual({ status: false, msg: 'Invalid app key', code: expect.any(String) });
});

async function call(name: string, payload: Record<string, unknown>, language?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${name}`,
    headers: language ? { 'accept-language': language } : {},
    payload: { env_type: 'Prod', app_key: APP_KEY, ...payload },
  });
  return { code: res.statusCode, body: res.json() as Record<string, unknown> };
}

test("the account's language: kept by api-set-language, refusals in it with or without Accept-Language, given back at login", async () => {
  const p = await createUser(t, { wallet: 100 });
  // a language the app does not speak is refused, and nothing is stored
  const bad = await call('api-set-language', { unique_token: p.token, language: 'ta' });
  expect(bad).toEqual({ code: 400, body: { status: false, msg: 'Choose English, Hindi or Marathi', code: 'request' } });
  expect(
    (await t.ctx.db.selectFrom('users').select('language').where('id', '=', p.id).executeTakeFirstOrThrow()).language,
  ).toBeNull();

  expect(await call('api-set-language', { unique_token: p.token, language: 'mr' })).toEqual({
    code: 200,
    body: { status: true, msg: '', language: 'mr' },
  });
  expect(
    (await t.ctx.db.selectFrom('users').select('language').where('id', '=', p.id).executeTakeFirstOrThrow()).language,
  ).toBe('mr');
  // no Accept-Language (a deployed app of the same player): the account's language
  expect(await submit(p.token)).toMatchObject({
    status: false,
    msg: 'बॅलन्स अपुरा आहे, कृपया आपल्या खात्यात पैसे जमा करा',
    code: expect.any(String),
  });
  // the account's choice wins over the request's
  expect(await submit(p.token, 'hi')).toMatchObject({ msg: 'बॅलन्स अपुरा आहे, कृपया आपल्या खात्यात पैसे जमा करा' });
  // English chosen on the account: English, even when the phone asks for Hindi
  await call('api-set-language', { unique_token: p.token, language: 'en' });
  expect(await submit(p.token, 'hi')).toMatchObject({ msg: MSG.insufficient });

  // a login answer carries the choice (our app takes it up on a new phone)
  await call('api-set-language', { unique_token: p.token, language: 'hi' });
  const login = await call('api-user-login', { mobile: p.mobile, password: TEST_PASSWORD, device_id: null });
  expect(login.body).toMatchObject({ status: true, language: 'hi' });
  // a player who never chose has no language in the answer (deployed apps see the answer as before)
  const q = await createUser(t, { wallet: 0 });
  const plain = await call('api-user-login', { mobile: q.mobile, password: TEST_PASSWORD, device_id: null });
  expect(plain.body.status).toBe(true);
  expect('language' in plain.body).toBe(false);
});

test("the operator's texts per language: the player's language when given, else English; a deployed app gets English", async () => {
  const set = (key: string, value: string) =>
    t.app.inject({
      method: 'POST',
      url: '/operator/settings/set',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { key, value },
    });
  expect((await set('deposit_rule', 'Deposit rules')).statusCode).toBe(200);
  expect((await set('deposit_rule_mr', 'जमा करण्याचे नियम')).statusCode).toBe(200);
  expect((await set('how_to_play_content_ta', 'x')).statusCode).toBe(400);

  const htp = async (lang?: string) =>
    ((await call('api-how-to-play', {}, lang)).body.content as { how_to_play_content: string }[])[0]
      .how_to_play_content;
  // the demo's texts come in the three languages
  expect(await htp('mr')).toMatch(/^<h3>कसे खेळायचे<\/h3>/);
  expect(await htp('hi')).toMatch(/^<h3>कैसे खेलें<\/h3>/);
  expect((await set('how_to_play_content', '<p>How to play</p>')).statusCode).toBe(200);
  expect((await set('how_to_play_content_hi', '<p>कैसे खेलें</p>')).statusCode).toBe(200);
  expect((await set('how_to_play_content_mr', '')).statusCode).toBe(200);
  expect(await htp()).toBe('<p>How to play</p>');
  expect(await htp('hi')).toBe('<p>कैसे खेलें</p>');
  // Marathi not given (emptied): the English text
  expect(await htp('mr')).toBe('<p>How to play</p>');
  const rules = async (lang?: string) =>
    ((await call('api-money-deposit-withdrawal-rule', {}, lang)).body.content as { deposit_rule: string }[])[0]
      .deposit_rule;
  expect(await rules('mr')).toBe('जमा करण्याचे नियम');
  expect(await rules('hi')).toBe('Deposit rules');
  expect(await rules()).toBe('Deposit rules');
});

test("a composed refusal (a limit with its figures and reset time) in the player's language; English as before", async () => {
  const p = await createUser(t, { wallet: 1000 });
  const limit = await call('api-set-limit', { unique_token: p.token, kind: 'stake', period: 'day', amount: '100' });
  expect(limit.body.status).toBe(true);
  const english = (await submit(p.token)).msg;
  expect(english).toMatch(
    /^This bid would pass your daily stake limit of 100 points \(100 left\)\. It resets on \d{2}-March-2026 12:00 AM\.$/,
  );
  const hindi = (await submit(p.token, 'hi')).msg;
  expect(hindi).toMatch(
    /^यह बोली आपकी दैनिक दाँव सीमा 100 पॉइंट से आगे चली जाएगी \(100 बाकी\)। सीमा \d{2}-मार्च-2026 12:00 AM को फिर से शुरू होगी।$/,
  );
  const marathi = (await submit(p.token, 'mr')).msg;
  expect(marathi).toMatch(/^ही बोली तुमची दैनिक डाव मर्यादा 100 पॉइंट ओलांडेल \(100 शिल्लक\)\./);
});

test('a refusal composed with a figure is said from its template: the minimum deposit in Hindi', async () => {
  const p = await createUser(t);
  const set = await t.app.inject({
    method: 'POST',
    url: '/operator/settings/set',
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    payload: { key: 'min_amt', value: '500' },
  });
  expect(set.statusCode).toBe(200);
  const ask = (language?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/api-fund-request-add',
      headers: language ? { 'accept-language': language } : {},
      payload: { env_type: 'Prod', app_key: APP_KEY, unique_token: p.token, request_amount: 100 },
    });
  expect((await ask()).json()).toEqual({
    status: false,
    msg: 'Minimum amount to add is 500',
    code: expect.any(String),
  });
  // the catalogue's template ('tpl.minAddAmount') with the refusal's own figure
  expect((await ask('hi')).json()).toEqual({ status: false, msg: 'कम से कम 500 जोड़ने होंगे', code: expect.any(String) });
  expect(await t.ctx.db.selectFrom('fund_requests').select('id').where('user_id', '=', p.id).execute()).toEqual([]);
});

test("an operator's notice in Hindi and Marathi where given: the inbox carries them, each player reads their language", async () => {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/operator/notices',
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    payload: { title: 'Diwali bonus', body: 'Deposit today and get 5% extra', title_hi: 'दिवाली बोनस', body_hi: '' },
  });
  expect(sent.statusCode).toBe(200);
  const p = await createUser(t);
  const inbox = await call('api-notifications', { unique_token: p.token });
  const notice = (inbox.body.notifications as { event: LiveEvent }[])
    .map((n) => n.event)
    .find((e) => e.kind === 'notice')!;
  expect(notice).toMatchObject({ title: 'Diwali bonus', translations: { hi: { title: 'दिवाली बोनस', body: '' } } });
  // Hindi: the operator's Hindi title, the English text where no Hindi was given; Marathi and English: the English
  expect(liveText(notice, undefined, 'hi')).toEqual({ title: 'दिवाली बोनस', body: 'Deposit today and get 5% extra' });
  expect(liveText(notice, undefined, 'mr')).toEqual({ title: 'Diwali bonus', body: 'Deposit today and get 5% extra' });
  expect(liveText(notice)).toEqual({ title: 'Diwali bonus', body: 'Deposit today and get 5% extra' });
  // too long a translation is refused, and nothing is sent
  const long = await t.app.inject({
    method: 'POST',
    url: '/operator/notices',
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    payload: { title: 'x', body: 'y', title_mr: 'म'.repeat(81) },
  });
  expect(long.statusCode).toBe(400);
  expect(long.json().msg).toBe('Title in Marathi is too long (at most 80 characters)');
});

test("the server's own texts (SERVER_TEXTS) in the player's language: a success message and a refusal; English otherwise", async () => {
  const p = await createUser(t, { wallet: 100 });
  const login = (language?: string) =>
    call('api-user-login', { mobile: p.mobile, password: TEST_PASSWORD, device_id: null }, language);
  expect((await login()).body.msg).toBe('Login successful');
  expect((await login('hi')).body.msg).toBe('लॉगिन सफल');
  expect((await login('mr')).body.msg).toBe('लॉगिन यशस्वी');
  const expired = await call('api-home-info', { unique_token: 'f'.repeat(64) }, 'hi');
  // the text in the player's language, the code the same in every language
  expect(expired).toEqual({
    code: 401,
    body: { status: false, msg: 'सेशन खत्म हो गया। कृपया फिर से लॉगिन करें।', code: 'msg.sessionExpired' },
  });
  expect((await call('api-home-info', { unique_token: 'f'.repeat(64) })).body.msg).toBe(
    'Session expired. Please login again.',
  );
});
