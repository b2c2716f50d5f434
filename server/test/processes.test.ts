/**
 * Two server processes on one PostgreSQL (the compiled server, `node dist/main.js`, as production runs
 * it): what one process changes takes effect on the other at its next request — logout, a password
 * change, betting status, a balance, a declared result — and rate limits are counted once for both.
 * PostgreSQL only (PGlite is one process's database).
 */
import { issueToken } from '../src/services/tokens';
import { systemClock } from '../src/services/clock';
import { TEST_PASSWORD, createUser, newMobile, usingPostgres } from './helpers';
import { openStream } from './live-client';
import { api, childrenOf, laggyProxy, multiProcessSetup, operator, startServer, stop, type Proc } from './procs';

const describePg = usingPostgres ? describe : describe.skip;

describePg('two server processes on one PostgreSQL', () => {
  let setup: Awaited<ReturnType<typeof multiProcessSetup>>;
  let a: Proc;
  let b: Proc;

  beforeAll(async () => {
    setup = await multiProcessSetup();
    // small limits so the shared counting shows in a few calls
    const env = { RATE_LIMIT_OTP_PER_IP: '4', USER_CACHE_TTL_MS: '600000' };
    [a, b] = await Promise.all([startServer(setup.main, setup.dbUrl, env), startServer(setup.main, setup.dbUrl, env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stop));
    await setup?.close();
  });

  /** A player with `wallet` points; token() logs in one more device. */
  async function player(wallet = 0) {
    const u = await createUser(setup, { wallet });
    return { ...u, token: () => issueToken(setup.database.db, systemClock, u.id) };
  }

  test("live streams: a deposit decided and a notice sent on A reach a stream on B; a logout on A closes B's stream", async () => {
    const p = await player();
    const token = await p.token();
    const s = await openStream(b.url, token);
    await s.next((e) => e.event === 'hello');
    const req = await api(b, 'api-fund-request-add', { unique_token: token, request_amount: 500 });
    expect((await operator(a, 'deposits/approve', { id: Number(req.body.request_id) })).body.status).toBe(true);
    expect((await s.next((e) => e.event === 'deposit')).data).toMatchObject({ status: 'approved', points: 500 });
    expect((await s.next((e) => e.event === 'wallet')).data).toEqual({ kind: 'wallet', wallet: 500 });
    expect((await operator(a, 'notices', { title: 'Hello', body: 'From A' })).body.status).toBe(true);
    expect((await s.next((e) => e.event === 'notice')).data).toMatchObject({ title: 'Hello', body: 'From A' });
    expect((await api(a, 'api-user-logout', { unique_token: token })).body.status).toBe(true);
    await s.next((e) => e.event === 'revoked');
    s.close();
  });

  test('a logout on one process ends the token on the other at once', async () => {
    const p = await player();
    const token = await p.token();
    // B has the token in its cache
    expect((await api(b, 'api-home-info', { unique_token: token })).status).toBe(200);
    expect((await api(b, 'api-home-info', { unique_token: token })).status).toBe(200);
    expect((await api(a, 'api-user-logout', { unique_token: token })).body.status).toBe(true);
    expect((await api(b, 'api-home-info', { unique_token: token })).status).toBe(401);
  });

  test("a password change on one process ends the other devices' tokens on the other", async () => {
    const p = await player();
    const [phone, tablet] = [await p.token(), await p.token()];
    expect((await api(b, 'api-home-info', { unique_token: tablet })).status).toBe(200);
    const changed = await api(a, 'api-change-password', {
      unique_token: phone,
      old_pass: TEST_PASSWORD,
      new_pass: 'n3w-pass',
    });
    expect(changed.body.status).toBe(true);
    expect((await api(b, 'api-home-info', { unique_token: tablet })).status).toBe(401);
    expect((await api(b, 'api-home-info', { unique_token: phone })).status).toBe(200);
  });

  test('racing: sessions ended on A (logout, password change, force logout, block) are refused by B from the moment A answers, even over a slow link', async () => {
    // B here is a third process whose database link is 30 ms slow each way: the notice of A's change
    // reaches it well after A's commit, and A's answer must wait for it
    const pg = new URL(setup.dbUrl);
    const proxy = await laggyProxy({ host: pg.hostname, port: Number(pg.port || 5432) }, 30);
    const viaProxy = new URL(setup.dbUrl);
    viaProxy.port = String(proxy.port);
    const b = await startServer(setup.main, viaProxy.toString(), { USER_CACHE_TTL_MS: '600000' });
    const late: string[] = [];
    let probes = 0;
    const round = async (how: string) => {
      const p = await player();
      const token = await p.token();
      const other = how === 'password' ? await p.token() : token;
      // B has the token in its cache
      expect((await api(b, 'api-home-info', { unique_token: other })).status).toBe(200);
      let answered = false;
      let after = 0;
      // B is asked without pause while A ends the session: every probe sent after A's answer must fail
      const probe = async () => {
        while (after < 12) {
          const sentAfter = answered;
          const r = await api(b, 'api-home-info', { unique_token: other });
          probes++;
          if (sentAfter) {
            after++;
            if (r.status !== 401) late.push(`${how}: ${r.status}`);
          }
        }
      };
      const ending = (async () => {
        const done =
          how === 'logout'
            ? await api(a, 'api-user-logout', { unique_token: token })
            : how === 'password'
              ? await api(a, 'api-change-password', {
                  unique_token: token,
                  old_pass: TEST_PASSWORD,
                  new_pass: 'n3w-pass-1',
                })
              : how === 'force logout'
                ? await operator(a, 'users/logout', { mobile: p.mobile })
                : await operator(a, 'users/block', { mobile: p.mobile, reason: 'test' });
        answered = true;
        expect(done.body.status).toBe(true);
      })();
      await Promise.all([ending, probe(), probe(), probe()]);
    };
    // the players' own: 60 at once
    await Promise.all(Array.from({ length: 60 }, (_, i) => round(i % 2 ? 'password' : 'logout')));
    // the operator's empty every process's cache of every account: one at a time, so that each is the
    // only change in flight
    for (let i = 0; i < 20; i++) await round(i % 2 ? 'block' : 'force logout');
    await stop(b);
    await proxy.close();
    expect(late).toEqual([]);
    expect(probes).toBeGreaterThanOrEqual(80 * 12);
  });

  test('betting status set by an operator on one process shows on the other at once', async () => {
    const p = await player();
    const token = await p.token();
    expect((await api(b, 'api-home-info', { unique_token: token })).body.betting_status).toBe('1');
    expect((await operator(a, 'set-betting', { mobile: p.mobile, status: '0' })).body.status).toBe(true);
    expect((await api(b, 'api-home-info', { unique_token: token })).body.betting_status).toBe('0');
  });

  test('a balance changed through one process is read through the other at once', async () => {
    const from = await player(1_000);
    const to = await player(0);
    const [tf, tt] = [await from.token(), await to.token()];
    expect((await api(b, 'api-user-wallet-balance', { unique_token: tf })).body.wallet_amt).toBe('1000');
    expect((await api(b, 'api-home-info', { unique_token: tt })).body.wallet_amt).toBe('0');
    const sent = await api(a, 'api-user-transfer-wallet-balance', {
      unique_token: tf,
      amount: 300,
      mobile_no: to.mobile,
      transfer_note: '',
    });
    expect(sent.body.status).toBe(true);
    expect((await api(b, 'api-user-wallet-balance', { unique_token: tf })).body.wallet_amt).toBe('700');
    expect((await api(b, 'api-home-info', { unique_token: tt })).body.wallet_amt).toBe('300');
    expect((await operator(b, 'credit', { mobile: to.mobile, points: 50 })).body.status).toBe(true);
    expect((await api(a, 'api-home-info', { unique_token: tt })).body.wallet_amt).toBe('350');
  });

  test('a market change on one process is in the lists of the other at once', async () => {
    const p = await player();
    const token = await p.token();
    const listed = async (proc: Proc) =>
      ((await api(proc, 'api-home-info', { unique_token: token })).body.result as { game_name: string }[]).map(
        (m) => m.game_name,
      );
    expect(await listed(b)).toContain('KALYAN');
    expect((await operator(a, 'market/disable', { name: 'KALYAN', family: 'regular' })).body.status).toBe(true);
    expect(await listed(b)).not.toContain('KALYAN');
    expect((await operator(a, 'market/enable', { name: 'KALYAN', family: 'regular' })).body.status).toBe(true);
    expect(await listed(b)).toContain('KALYAN');
  });

  test('rate limits are counted once across both processes', async () => {
    // account lookups per IP (RATE_LIMIT_OTP_PER_IP=4): 4 in all, whichever process answers
    const asked = [];
    for (let i = 0; i < 6; i++)
      asked.push((await api(i % 2 ? b : a, 'api-check-mobile', { mobile: newMobile() })).body);
    expect(asked.slice(0, 4).every((r) => r.msg !== 'Too many attempts. Please try again later.')).toBe(true);
    expect(asked.slice(4).map((r) => r.msg)).toEqual([
      'Too many attempts. Please try again later.',
      'Too many attempts. Please try again later.',
    ]);
  });

  test('WORKERS=2 runs two processes on one port, and a killed worker is replaced', async () => {
    // at 'info' each worker logs when it listens
    const c = await startServer(setup.main, setup.dbUrl, { WORKERS: '2', LOG_LEVEL: 'info' });
    try {
      const workers = () => childrenOf(c.child.pid!);
      // a worker is serving once it has said so ('… listening on … (worker N, pid P)'), not when it exists
      const serving = (pids: string[]) => pids.every((pid) => c.logs.join('').includes(`pid ${pid})`));
      let pids = workers();
      for (let i = 0; (pids.length < 2 || !serving(pids)) && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 100));
        pids = workers();
      }
      expect(pids).toHaveLength(2);
      expect(serving(pids)).toBe(true);
      expect(c.logs.join('')).toContain('2 workers on PostgreSQL');
      process.kill(Number(pids[0]), 'SIGKILL');
      let after = workers();
      for (let i = 0; (after.length < 2 || after.includes(pids[0]) || !serving(after)) && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 100));
        after = workers();
      }
      expect(after).toHaveLength(2);
      expect(after).not.toContain(pids[0]);
      expect(serving(after)).toBe(true);
      const ok = await Promise.all(Array.from({ length: 8 }, () => fetch(`${c.url}/healthz`).then((r) => r.status)));
      expect(ok).toEqual(Array(8).fill(200));
    } finally {
      await stop(c);
    }
    expect(c.child.exitCode).toBe(0);
  }, 30_000);
});
