/* eslint-disable @typescript-eslint/no-explicit-any -- the client runs untyped here: its types are checked by tsc in the first test */
/**
 * A new player's first hour through a client generated from /openapi.json, as an outside app developer
 * would build it: openapi-typescript writes the types from the served document, a small program on
 * openapi-fetch type-checks against them, and the same client (openapi-fetch) drives the real server:
 * register with the code, log in, read each family's markets, place a bid in each family, read the
 * histories, ask to add funds, add a UPI number and ask to withdraw, transfer, and meet three refusals by
 * their codes. Every answer is checked against the document's schema for it: none may fall outside.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import createClient from 'openapi-fetch';
import { APP_KEY, kolkata, makeTestApp, newMobile, operatorCall, type TestApp } from './helpers';

type Schema = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema: Schema }> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const ROOT = path.join(__dirname, '../..');
let t: TestApp;
let base: string;
let doc: Doc;
let dir: string;

beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('10:00') });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  doc = (await (await fetch(`${base}/openapi.json`)).json()) as Doc;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-hour-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('openapi-typescript generates the types from the served document, and a client on them type-checks', () => {
  fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
  // the developer's project: its own folder, with the packages installed
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const cli = path.join(ROOT, 'node_modules/openapi-typescript/bin/cli.js');
  const gen = spawnSync(process.execPath, [cli, path.join(dir, 'openapi.json'), '-o', path.join(dir, 'api.d.ts')], {
    encoding: 'utf8',
  });
  expect([gen.status, gen.stderr.includes('Error')]).toEqual([0, false]);
  const types = fs.readFileSync(path.join(dir, 'api.d.ts'), 'utf8');
  expect(types).toContain('"/api/api-user-login"');
  // a client of its own: the request's fields and the answer's are the document's
  fs.writeFileSync(
    path.join(dir, 'client.ts'),
    [
      "import createClient from 'openapi-fetch';",
      "import type { paths } from './api';",
      "const api = createClient<paths>({ baseUrl: 'http://127.0.0.1:8080' });",
      'export async function login(mobile: string, password: string): Promise<string | undefined> {',
      "  const { data } = await api.POST('/api/api-user-login', { body: { app_key: 'k', mobile, password } });",
      '  // a refusal carries its code (and may come with 200): decide by it, show its msg',
      "  if (!data || 'code' in data) return undefined;",
      '  return data.unique_token;',
      '}',
      'export async function balance(unique_token: string): Promise<string | undefined> {',
      "  const { data } = await api.POST('/api/api-user-wallet-balance', { body: { app_key: 'k', unique_token } });",
      '  // the balance is declared as text or a number: the client reads either',
      "  return !data || 'code' in data || data.wallet_amt === undefined ? undefined : String(data.wallet_amt);",
      '}',
      '// the bids are described field by field',
      'export async function bid(unique_token: string): Promise<boolean> {',
      "  const new_result = { pana: 'Single Digit', bid_date: '10-March-2026', result: [{ digits: '5', points: 10 }] };",
      "  const { data } = await api.POST('/api/api-submit-bid', { body: { app_key: 'k', unique_token, game_id: '5', new_result } });",
      '  return data?.status === true;',
      '}',
      '// @ts-expect-error: the rows are a list',
      "void api.POST('/api/api-submit-bid', { body: { app_key: 'k', unique_token: 't', game_id: '5', new_result: { result: 'x' } } });",
      '// a field the call does not take is an error',
      "// @ts-expect-error: 'pasword' is not a field of the login",
      "void api.POST('/api/api-user-login', { body: { app_key: 'k', mobile: '9876543210', pasword: 'x' } });",
      '',
    ].join('\n'),
  );
  const tsc = spawnSync(
    process.execPath,
    [
      require.resolve('typescript/bin/tsc'),
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      path.join(dir, 'client.ts'),
    ],
    { encoding: 'utf8', cwd: dir },
  );
  expect([tsc.status, tsc.stdout.trim()]).toEqual([0, '']);
});

test("a new player's first hour through the generated client: every answer in its schema", async () => {
  // openapi-fetch, untyped here (jest does not type-check; the test above does)
  const api = createClient<never>({ baseUrl: base });
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema({ $id: 'doc', components: doc.components });
  const outside: string[] = [];
  const seen: string[] = [];

  /** POSTs a player call through the client, checks the answer against the document, returns its body. */
  async function post(route: string, body: Record<string, unknown>): Promise<Record<string, any>> {
    const r = await (api as any).POST(route, { body: { env_type: 'Prod', app_key: APP_KEY, ...body } });
    const status = String(r.response.status);
    const answer = (r.data ?? r.error) as Record<string, any>;
    const declared = doc.paths[route]?.post?.responses[status]?.content?.['application/json']?.schema;
    if (!declared) outside.push(`${route} ${status}: no schema in the document`);
    else {
      const schema = JSON.parse(JSON.stringify(declared).replaceAll('"#/components', '"doc#/components'));
      if (!ajv.validate(schema, answer)) outside.push(`${route} ${status}: ${ajv.errorsText()}`);
    }
    seen.push(route);
    return answer;
  }

  // register: the number, then the code (the demo server shows it), then the account
  const mobile = newMobile();
  const asked = await post('/api/api-check-mobile', { mobile });
  expect(asked).toMatchObject({ status: true });
  const registered = await post('/api/api-user-registration', {
    name: 'First Hour',
    mobile,
    password: 'first-hour1',
    otp: asked.otp,
    adult: true,
  });
  expect(registered).toMatchObject({ status: true });
  // refusal 1: the number is taken now
  expect(await post('/api/api-check-mobile', { mobile })).toMatchObject({ code: 'msg.userAlreadyRegistered' });
  // refusal 2: a wrong password
  expect(await post('/api/api-user-login', { mobile, password: 'wrong-pass1' })).toMatchObject({
    status: false,
    code: 'msg.userNotRegistered',
  });
  const login = await post('/api/api-user-login', { mobile, password: 'first-hour1' });
  const token = login.unique_token as string;
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  const me = { unique_token: token };

  // add funds: asked by the player, accepted by the operator
  const deposit = await post('/api/api-fund-request-add', { ...me, request_amount: 1000 });
  expect(deposit).toMatchObject({ status: true });
  const pending = await operatorCall(t, '/operator/deposits?status=pending');
  const request = (pending.body.deposits as { id: string; mobile: string }[]).find((d) => d.mobile === mobile)!;
  expect((await operatorCall(t, '/operator/deposits/approve', { id: request.id })).body).toMatchObject({
    status: true,
  });
  expect(await post('/api/api-user-wallet-balance', me)).toMatchObject({ wallet_amt: '1000' });

  // each family's markets, and a bid in each
  const regular = (await post('/api/api-dashboard-data', me)).result as Record<string, any>[];
  const starline = (await post('/api/api-starline-game', me)).result as Record<string, any>[];
  const gali = (await post('/api/api-galidisawar-game', me)).result as Record<string, any>[];
  const open = (rows: Record<string, any>[]) => rows.find((r) => String(r.msg_status) === '1')!;
  const bid = (m: Record<string, any>, pana: string, session: string, digits: string, rowSession = 'Open') => ({
    ...me,
    game_id: String(m.game_id),
    new_result: {
      Gamename: m.game_name,
      gameid: String(m.game_id),
      pana,
      bid_date: '10-March-2026',
      session,
      totalbit: '10',
      result: [{ digits, closedigits: '', points: '10', session: rowSession }],
    },
  });
  for (const [route, market, body] of [
    ['/api/api-submit-bid', open(regular), bid(open(regular), 'Single Digit', 'Close', '5', 'Close')],
    ['/api/api-starline-submit-bid', open(starline), bid(open(starline), 'Single Digit', 'Open', '7')],
    ['/api/api-galidisawar-submit-bid', open(gali), bid(open(gali), 'Jodi Digit', 'Close', '47')],
  ] as const)
    expect([route, market.game_name, await post(route, body)]).toEqual([
      route,
      market.game_name,
      expect.objectContaining({ status: true, bid_id: expect.any(String) }),
    ]);
  // refusal 3: a bid below the fewest points
  const small = bid(open(regular), 'Single Digit', 'Close', '3', 'Close');
  small.new_result.result[0].points = '1';
  expect((await post('/api/api-submit-bid', small)).code).toMatch(/^(msg|tpl)\.minBid$/);

  // the histories
  for (const route of [
    '/api/api-bid-history-data',
    '/api/api-starline-bid-history-data',
    '/api/api-galidisawar-bid-history-data',
    '/api/api-wallet-transaction-history',
    '/api/api-fund-request-history',
  ])
    expect([route, (await post(route, { ...me, bid_from: '03/10/2026', bid_to: '03/10/2026' })).status]).toEqual([
      route,
      true,
    ]);

  // a UPI number through its code, then a withdrawal to it
  const upi = '9' + mobile.slice(1, 9) + '1';
  const sent = await post('/api/api-upi-send-otp', { ...me, mobile: upi, upi_type: 2 });
  expect(
    await post('/api/api-add-user-upi-details', { ...me, upi_type: 2, google_pay_no: upi, otp: sent.otp }),
  ).toMatchObject({ status: true });
  const withdrawn = await post('/api/api-user-withdraw-fund-request', {
    ...me,
    request_amount: 500,
    payment_method: 2,
  });
  expect(withdrawn).toMatchObject({ status: true });

  // a transfer to another player
  const other = newMobile();
  const otherAsked = await post('/api/api-check-mobile', { mobile: other });
  await post('/api/api-user-registration', {
    name: 'Friend',
    mobile: other,
    password: 'friend-pass1',
    otp: otherAsked.otp,
    adult: true,
  });
  expect(await post('/api/api-check-user-for-transfer-amt', { ...me, mobile_no: other })).toMatchObject({
    status: true,
  });
  expect(await post('/api/api-user-transfer-wallet-balance', { ...me, mobile_no: other, amount: 100 })).toMatchObject({
    status: true,
  });

  expect(new Set(seen).size).toBeGreaterThanOrEqual(18);
  expect(outside).toEqual([]);
});
