/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { run } from '../src/cli/operator';
import {
  call,
  createUser,
  kolkata,
  ledgerSum,
  makeTestApp,
  marketByName,
  newMobile,
  OPERATOR_TOKEN,
  walletOf,
  type TestApp,
} from './helpers';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await makeTestApp({ at: kolkata('08:00') });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

const op = (method: 'GET' | 'POST', url: string, payload?: unknown, token = OPERATOR_TOKEN) =>
  t.app.inject({ method, url, payload: payload as any, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(
    argv,
    { SERVER_URL: base, OPERATOR_TOKEN },
    { out: (s) => out.push(s), err: (s) => err.push(s) },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const auditRows = (action: string) =>
  t.ctx.db.selectFrom('operator_audit').selectAll().where('action', '=', action).orderBy('id').execute();

describe('operator HTTP API', () => {
  test('needs the bearer token', async () => {
    expect((await op('GET', '/operator/markets', undefined, '')).statusCode).toBe(401);
    expect((await op('GET', '/operator/markets', undefined, 'wrong')).statusCode).toBe(401);
    expect((await op('GET', '/operator/markets')).statusCode).toBe(200);
  });

  test('credit: wallet + ledger row + audit (before/after); refusals', async () => {
    const u = await createUser(t, { wallet: 100 });
    const r = await op('POST', '/operator/credit', { mobile: u.mobile, points: 250, note: 'cash deposit' });
    expect(r.json()).toMatchObject({ status: true, wallet_amt: '350' });
    expect(await walletOf(t, u.id)).toBe(350);
    expect(await ledgerSum(t, u.id)).toBe(350);
    const [a] = await auditRows('credit');
    expect(a).toMatchObject({ target: u.mobile, before: { wallet: '100' }, after: { wallet: '350' } });
    expect((await op('POST', '/operator/credit', { mobile: newMobile(), points: 5 })).statusCode).toBe(404);
    expect((await op('POST', '/operator/credit', { mobile: u.mobile, points: -5 })).statusCode).toBe(400);
    expect((await op('POST', '/operator/credit', { mobile: u.mobile, points: 'abc' })).statusCode).toBe(400);
    expect((await call(t.app, 'api-user-wallet-balance', { unique_token: u.token })).body.wallet_amt).toBe('350');
  });

  test('set-betting changes what home-info reports', async () => {
    const u = await createUser(t);
    expect((await op('POST', '/operator/set-betting', { mobile: u.mobile, status: '0' })).json()).toMatchObject({
      status: true,
      betting_status: '0',
    });
    expect((await call(t.app, 'api-home-info', { unique_token: u.token })).body.betting_status).toBe('0');
    expect((await op('POST', '/operator/set-betting', { mobile: u.mobile, status: '2' })).statusCode).toBe(400);
    expect((await auditRows('set-betting')).at(-1)).toMatchObject({
      before: { betting_status: '1' },
      after: { betting_status: '0' },
    });
  });

  test('market set-times updates the cached lists at once', async () => {
    const u = await createUser(t);
    t.clock.set(kolkata('11:00'));
    const before = (await call(t.app, 'api-home-info', { unique_token: u.token })).body.result.find(
      (m: any) => m.game_name === 'MORNING STAR',
    );
    expect(before.msg_status).toBe(0);
    const r = await op('POST', '/operator/market/set-times', { name: 'morning star', open: '12:00', close: '13:15' });
    expect(r.json()).toMatchObject({ status: true, market: { name: 'MORNING STAR', open: '12:00', close: '13:15' } });
    const after = (await call(t.app, 'api-home-info', { unique_token: u.token })).body.result.find(
      (m: any) => m.game_name === 'MORNING STAR',
    );
    expect(after).toMatchObject({ open_time: '12:00 PM', close_time: '01:15 PM', msg_status: 1 });
    expect(
      (await op('POST', '/operator/market/set-times', { name: 'NOPE', open: '12:00', close: '13:00' })).statusCode,
    ).toBe(404);
    expect(
      (await op('POST', '/operator/market/set-times', { name: 'KALYAN', open: '25:00', close: '13:00' })).statusCode,
    ).toBe(400);
    expect(
      (await op('POST', '/operator/market/set-times', { name: 'KALYAN', open: '14:00', close: '13:00' })).statusCode,
    ).toBe(400);
    expect((await auditRows('market set-times')).at(-1)).toMatchObject({
      before: { open: '09:30', close: '10:30' },
      after: { open: '12:00', close: '13:15' },
    });
    t.clock.set(kolkata('08:00'));
  });
});

describe('operator CLI (npm run operator -- ...)', () => {
  test('credit, set-betting, market list / set-times, otp last against the running server', async () => {
    const u = await createUser(t, { wallet: 0 });
    let r = await cli('credit', u.mobile, '500', 'welcome', 'bonus');
    expect(r).toMatchObject({ code: 0 });
    expect(r.out).toContain('500');
    expect(await walletOf(t, u.id)).toBe(500);
    const note = await t.ctx.db
      .selectFrom('wallet_transactions')
      .select('note')
      .where('user_id', '=', u.id)
      .where('kind', '=', 'operator_credit')
      .executeTakeFirstOrThrow();
    expect(note.note).toBe('welcome bonus');

    expect((await cli('set-betting', u.mobile, '0')).code).toBe(0);
    r = await cli('market', 'list');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toMatch(/^id\s+family\s+name\s+open\s+close\s+now$/);
    expect(r.out).toContain('MAIN BAZAR');
    expect(r.out.split('\n')).toHaveLength(1 + 24);

    r = await cli('market', 'set-times', 'MAIN', 'BAZAR', '20:00', '22:30');
    expect(r.code).toBe(0);
    expect(r.out).toBe('MAIN BAZAR: open 08:00 PM, close 10:30 PM');
    expect((await marketByName(t, 'MAIN BAZAR')).open_minute).toBe(20 * 60);

    // the liability cap per number, from the CLI too
    r = await cli('market', 'cap', '50000', '--family', 'gali');
    expect(r).toMatchObject({ code: 0, out: 'gali: one number may cost at most 50,000 points a session' });
    expect(
      Number(
        (
          await t.ctx.db
            .selectFrom('liability_caps')
            .select('cap')
            .where('family', '=', 'gali')
            .executeTakeFirstOrThrow()
        ).cap,
      ),
    ).toBe(50000);
    expect((await cli('market', 'cap', 'lots')).code).toBe(2);
    r = await cli('market', 'cap', 'off', '--family', 'gali');
    expect(r).toMatchObject({ code: 0, out: 'gali: no liability cap' });
    expect(
      await t.ctx.db.selectFrom('liability_caps').select('cap').where('family', '=', 'gali').executeTakeFirst(),
    ).toBeUndefined();

    const mobile = newMobile();
    const sent = await call(t.app, 'api-check-mobile', { mobile });
    r = await cli('otp', 'last', mobile);
    expect(r.code).toBe(0);
    expect(r.out.startsWith(sent.body.otp)).toBe(true);
    expect((await cli('otp', 'last', newMobile())).code).toBe(1);
  });

  test('options (node:util parseArgs): each command takes its own; a clear message otherwise', async () => {
    const err = async (...argv: string[]) => {
      const r = await cli(...argv);
      expect(r.code).toBe(2);
      return r.err.split('\n')[0];
    };
    expect(await err('credit', '9876543210', '10', '--date', '2026-01-01')).toBe(
      "Error: unknown option '--date' for this command",
    );
    expect(await err('result', 'preview', 'KALYAN', 'open', '128', '--date')).toBe('Error: --date needs a value');
    expect(await err('deposits', 'list', '--bogus')).toBe("Error: unknown option '--bogus'");
    expect(await err('deposits', 'list', '--all=yes')).toBe('Error: --all takes no value');
    expect(await err('credit', '9876543210', '-5')).toBe("Error: '-5' is not a positive whole number of points");
    expect(await err('market', 'add', 'NIGHT', '21:00', '--family=moon')).toBe(
      'Error: --family must be regular, starline or gali',
    );
    expect((await cli('--help')).code).toBe(0);
    expect((await cli('deposits', 'list', '--status=all')).code).toBe(0);
  });

  test('bad arguments: clear message, exit 2; server refusals exit 1; unreachable server exit 1', async () => {
    for (const argv of [
      ['credit'],
      ['credit', '123', '10'],
      ['credit', '9876543210', '-5'],
      ['credit', '9876543210', 'ten'],
      ['set-betting', '9876543210', 'yes'],
      ['market'],
      ['market', 'set-times', 'KALYAN', '9am', '10:00'],
      ['market', 'set-times', 'KALYAN', '10:00', '10:00', '--family', 'moon'],
      ['otp', 'first', '9876543210'],
      ['launch-rockets'],
    ]) {
      const r = await cli(...argv);
      expect([argv.join(' '), r.code]).toEqual([argv.join(' '), 2]);
      expect(r.err).toMatch(/^Error: .+/);
    }
    expect((await cli('help')).code).toBe(0);
    const missing = await cli('credit', newMobile(), '10');
    expect(missing).toMatchObject({ code: 1, err: expect.stringMatching(/^Error: No user with mobile/) });
    const down = await run(
      ['market', 'list'],
      { SERVER_URL: 'http://127.0.0.1:9', OPERATOR_TOKEN },
      { out: () => {}, err: () => {} },
    );
    expect(down).toBe(1);
    const wrongToken = await run(
      ['market', 'list'],
      { SERVER_URL: base, OPERATOR_TOKEN: 'nope' },
      { out: () => {}, err: () => {} },
    );
    expect(wrongToken).toBe(1);
  });

  test('reads an answer only as its call declares it: another shape is an error, nothing printed', async () => {
    // a server that says yes to the market list but sends no list
    const odd = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: true, msg: 'ok', markets: 'none' }));
    });
    await new Promise<void>((r) => odd.listen(0, '127.0.0.1', r));
    const out: string[] = [];
    const err: string[] = [];
    try {
      const code = await run(
        ['market', 'list'],
        { SERVER_URL: `http://127.0.0.1:${(odd.address() as AddressInfo).port}`, OPERATOR_TOKEN },
        { out: (l) => out.push(l), err: (l) => err.push(l) },
      );
      expect(code).toBe(1);
      expect(out).toEqual([]);
      expect(err).toEqual(["Error: the server's answer to markets is not the one the contract declares (HTTP 200)"]);
    } finally {
      await new Promise((r) => odd.close(r));
    }
  });

  test('the real script (tsx src/cli/operator.ts) talks to the server and sets its exit code', async () => {
    const tsx = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
    const { stdout } = await promisify(execFile)(tsx, ['src/cli/operator.ts', 'market', 'list'], {
      cwd: path.join(__dirname, '..'),
      env: { ...process.env, SERVER_URL: base, OPERATOR_TOKEN },
    });
    expect(stdout).toContain('KALYAN');
    await expect(
      promisify(execFile)(tsx, ['src/cli/operator.ts', 'credit', 'x'], {
        cwd: path.join(__dirname, '..'),
        env: { ...process.env, SERVER_URL: base, OPERATOR_TOKEN },
      }),
    ).rejects.toMatchObject({ code: 2 });
  });
});
