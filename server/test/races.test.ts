/**
 * Promises that hold when requests race. Every test fires its requests at once over
 * real HTTP connections (the app listening on a loopback port, fetch opening as many connections as
 * there are requests in flight), on PGlite and, with DATABASE_URL, on PostgreSQL, and then checks what
 * the database holds.
 */
import { buildNewResult, MSG } from '@matka/shared/domain';
import * as OTPAuth from 'otpauth';
import { hashing } from '../src/services/passwords';
import { sql } from 'kysely';
import {
  APP_KEY,
  createUser,
  kolkata,
  makeTestApp,
  marketByName,
  OPERATOR_TOKEN,
  usingPostgres,
  walletOf,
  type TestApp,
} from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of the API
type Body = Record<string, any>;

let t: TestApp;
let base = '';
beforeAll(async () => {
  // one proxy hop: each request's address is the X-Forwarded-For a test sends (the guessers' 200 addresses)
  t = await makeTestApp({ at: kolkata('12:00'), env: { TRUST_PROXY: '1' } });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

/** Runs the jobs with `width` of them in flight at once (each on its own connection). */
async function inParallel<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, lane));
  return out;
}

async function post(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: Body;
  try {
    json = JSON.parse(text) as Body;
  } catch {
    json = { raw: text };
  }
  return { status: res.status, body: json };
}

const api = (name: string, body: Record<string, unknown>, ip?: string) =>
  post(`/api/${name}`, { env_type: 'Prod', app_key: APP_KEY, ...body }, ip ? { 'x-forwarded-for': ip } : {});
const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function otpRow(mobile: string, purpose: string) {
  return t.ctx.db
    .selectFrom('otp_codes')
    .select(['id', 'attempts', 'consumed_at'])
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
}

/** A four-digit code other than `real`. */
const wrongCode = (i: number, real: string) => {
  const c = String(i % 10_000).padStart(4, '0');
  return c === real ? String((i + 1) % 10_000).padStart(4, '0') : c;
};
const op = (route: string, body: Record<string, unknown>) =>
  post(`/operator/${route}`, body, { authorization: `Bearer ${OPERATOR_TOKEN}` });

/** Ledger rows whose balance_after is not the running sum of the user's ledger, and wallets off their ledger. */
async function ledgerFaults() {
  const rows = await sql<{ id: string }>`
    SELECT id FROM (
      SELECT id, balance_after,
             sum(CASE WHEN type = 'credit' THEN amount ELSE -amount END) OVER (PARTITION BY user_id ORDER BY id) AS running
        FROM wallet_transactions) x
     WHERE balance_after <> running`.execute(t.ctx.db);
  const wallets = await sql<{ id: string }>`
    SELECT u.id FROM users u
    LEFT JOIN (SELECT user_id, sum(CASE WHEN type = 'credit' THEN amount ELSE -amount END) AS s
                 FROM wallet_transactions GROUP BY user_id) l ON l.user_id = u.id
     WHERE u.wallet <> coalesce(l.s, 0) OR u.wallet < 0`.execute(t.ctx.db);
  return { badBalanceAfter: rows.rows.map((r) => r.id), badWallets: wallets.rows.map((r) => r.id) };
}

describe('confirmed bids are never lost, whatever else fails at the same time', () => {
  test('6 players x 150 bids and transfers race refused operator calls: every confirmed bid stored once, ledgers exact', async () => {
    const kalyan = await marketByName(t, 'KALYAN');
    const players = await Promise.all(Array.from({ length: 6 }, () => createUser(t, { wallet: 2_000 })));
    const bid = (u: { token: string }, i: number) => {
      const [new_result] = buildNewResult({
        family: 'regular',
        betType: 'single_digit',
        token: u.token,
        gameId: kalyan.id,
        gameName: kalyan.name,
        bidDate: '10-March-2026',
        rows: [{ digits: String(i % 10), closedigits: '', points: 10, session: 'Open', pana: '' }],
      });
      return api('api-submit-bid', { unique_token: u.token, game_id: String(kalyan.id), new_result });
    };
    const transfer = (from: { token: string }, to: { mobile: string }) =>
      api('api-user-transfer-wallet-balance', { unique_token: from.token, amount: 100, mobile_no: to.mobile });
    const jobs: Promise<{ kind: string; user: number; r: Awaited<ReturnType<typeof post>> }>[] = [];
    for (let i = 0; i < 150; i++) {
      players.forEach((u, k) => jobs.push(bid(u, i).then((r) => ({ kind: 'bid', user: k, r }))));
      if (i % 10 === 0) {
        const k = (i / 10) % 6;
        jobs.push(transfer(players[k], players[(k + 1) % 6]).then((r) => ({ kind: 'transfer', user: k, r })));
      }
      // calls the operator API refuses inside their transaction (each rolls back)
      const refused = [
        op('debit', { mobile: players[i % 6].mobile, points: 1_000_000, note: 'too much' }),
        op('users/unblock', { mobile: players[(i + 1) % 6].mobile }),
        op('result/declare', { market: 'KALYAN', session: 'close', pana: '128' }),
      ][i % 3];
      jobs.push(refused.then((r) => ({ kind: 'refused', user: -1, r })));
    }
    const done = await Promise.all(jobs);

    const refusals = done.filter((d) => d.kind === 'refused');
    expect(refusals.map((d) => d.r.status).filter((s) => s !== 409)).toEqual([]);
    const bids = done.filter((d) => d.kind === 'bid');
    expect(bids.filter((d) => d.r.status !== 200)).toEqual([]);
    const confirmed = bids.filter((d) => d.r.body.status === true);
    for (const d of confirmed) expect(d.r.body.msg).toBe(MSG.bidPlaced);
    // with 2,000 points each and at most 1,500 staked plus 300 moved in transfers, every bid is placed
    expect(confirmed).toHaveLength(900);
    const ids = confirmed.map((d) => String(d.r.body.bid_id));
    expect(new Set(ids).size).toBe(900);

    const stored = await t.ctx.db
      .selectFrom('bid_submissions')
      .select(['id', 'user_id'])
      .where(
        'user_id',
        'in',
        players.map((p) => p.id),
      )
      .execute();
    expect(stored.map((s) => String(s.id)).sort()).toEqual([...ids].sort());
    const bidRows = await t.ctx.db
      .selectFrom('bids')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(
        'user_id',
        'in',
        players.map((p) => p.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(bidRows.n)).toBe(900);
    // one ledger debit per confirmed bid
    const debits = await t.ctx.db
      .selectFrom('wallet_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(
        'user_id',
        'in',
        players.map((p) => p.id),
      )
      .where('kind', '=', 'bid')
      .executeTakeFirstOrThrow();
    expect(Number(debits.n)).toBe(900);

    const transfers = done.filter((d) => d.kind === 'transfer' && d.r.body.status === true).length;
    expect(transfers).toBe(15);
    const wallets = await t.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.sum<string>('wallet').as('s'))
      .where(
        'id',
        'in',
        players.map((p) => p.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(wallets.s)).toBe(6 * 2_000 - 900 * 10);
    expect(await ledgerFaults()).toEqual({ badBalanceAfter: [], badWallets: [] });
  });
});

describe('one-time-code guesses take their budget before they are compared', () => {
  test('2,000 wrong forgot-password guesses over 500 connections from 200 addresses: at most 5 checked', async () => {
    const u = await createUser(t);
    const sent = await api('api-forget-check-mobile', { mobile: u.mobile }, address(1));
    expect(sent.body.status).toBe(true);
    const real = String(sent.body.otp);
    const guesses = Array.from(
      { length: 2_000 },
      (_, i) => () =>
        api(
          'api-forgot-password',
          { mobile: u.mobile, new_pass: 'taken-over', otp: wrongCode(i, real) },
          address(i % 200),
        ),
    );
    const answers = await inParallel(guesses, 500);
    expect(answers.filter((a) => a.status !== 200 || a.body.status !== false)).toEqual([]);
    expect((await otpRow(u.mobile, 'forgot')).attempts).toBe(5);
    // the code is dead: even the right one no longer resets the password
    const late = await api('api-forgot-password', { mobile: u.mobile, new_pass: 'taken-over', otp: real }, address(7));
    expect(late.body).toMatchObject({ status: false, msg: MSG.otpInvalidForgot, code: expect.any(String) });
    const login = await api('api-user-login', { mobile: u.mobile, password: 'taken-over' }, address(8));
    expect(login.body.status).toBe(false);
  });

  test("a burst on a second and third code of the day: never more than the day's 10 wrong guesses of a number", async () => {
    const u = await createUser(t);
    const checked: number[] = [];
    for (let round = 0; round < 3; round++) {
      t.clock.advance(31_000); // past the resend gap
      const sent = await api('api-forget-check-mobile', { mobile: u.mobile }, address(300 + round));
      if (round < 2) expect(sent.body.status).toBe(true);
      else {
        // today's wrong guesses are used up: no third code
        expect(sent.body).toMatchObject({
          status: false,
          msg: 'Too many wrong codes for this number today. Please try again tomorrow.',
          code: expect.any(String),
        });
        break;
      }
      const real = String(sent.body.otp);
      await inParallel(
        Array.from(
          { length: 400 },
          (_, i) => () =>
            api(
              'api-forgot-password',
              { mobile: u.mobile, new_pass: 'x-taken-over', otp: wrongCode(i, real) },
              address(i),
            ),
        ),
        400,
      );
      checked.push((await otpRow(u.mobile, 'forgot')).attempts);
    }
    expect(checked).toEqual([5, 5]);
  });

  test('one address guessing at 60 numbers at once is checked no more than its 50 wrong guesses a day', async () => {
    const users = await Promise.all(Array.from({ length: 60 }, () => createUser(t)));
    const codes = await Promise.all(
      users.map(async (u, k) =>
        String((await api('api-forget-check-mobile', { mobile: u.mobile }, address(1_000 + k))).body.otp),
      ),
    );
    const attacker = '192.0.2.77';
    await inParallel(
      Array.from({ length: 600 }, (_, i) => () => {
        const k = i % 60;
        return api(
          'api-forgot-password',
          { mobile: users[k].mobile, new_pass: 'x-taken-over', otp: wrongCode(i, codes[k]) },
          attacker,
        );
      }),
      300,
    );
    const rows = await t.ctx.db
      .selectFrom('otp_codes')
      .select((eb) => eb.fn.sum<string>('attempts').as('n'))
      .where(
        'mobile',
        'in',
        users.map((u) => u.mobile),
      )
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(50);
  });

  test('registration codes too: 600 racing wrong guesses check the live code 5 times', async () => {
    const mobile = `8${String(Date.now()).slice(-9)}`;
    const sent = await api('api-check-mobile', { mobile }, address(3_000));
    expect(sent.body.status).toBe(true);
    const real = String(sent.body.otp);
    await inParallel(
      Array.from(
        { length: 600 },
        (_, i) => () =>
          api(
            'api-user-registration',
            { name: 'Guesser', mobile, password: 'secret123', otp: wrongCode(i, real) },
            address(3_001 + (i % 100)),
          ),
      ),
      300,
    );
    expect((await otpRow(mobile, 'register')).attempts).toBe(5);
    const users = await t.ctx.db.selectFrom('users').select('id').where('mobile', '=', mobile).execute();
    expect(users).toEqual([]);
  });

  test('a right code among racing guesses is accepted at most once, and a right code is not a wrong guess', async () => {
    const u = await createUser(t);
    const sent = await api('api-forget-check-mobile', { mobile: u.mobile }, address(2_000));
    const real = String(sent.body.otp);
    const answers = await inParallel(
      Array.from(
        { length: 50 },
        (_, i) => () =>
          api('api-forgot-password', { mobile: u.mobile, new_pass: `new-pass-${i}`, otp: real }, address(2_001 + i)),
      ),
      50,
    );
    expect(answers.filter((a) => a.body.status === true)).toHaveLength(1);
    const row = await otpRow(u.mobile, 'forgot');
    expect(row.consumed_at).not.toBeNull();
    expect(row.attempts).toBe(0);
  });
});

describe('a console TOTP code signs in once', () => {
  /** A console sign-in as the browser makes it, from `ip`: the session cookie and CSRF token come back. */
  async function signIn(username: string, password: string, ip: string, code?: string) {
    const res = await fetch(`${base}/operator/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ username, password, ...(code ? { code } : {}) }),
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    return { status: res.status, body: (await res.json()) as Body, cookie };
  }

  test('50 racing sign-ins with one code: exactly one session; the code and earlier ones are refused afterwards', async () => {
    const made = await op('operators', { name: 'totpracer', role: 'finance' });
    expect(made.status).toBe(200);
    const first = await signIn('totpracer', made.body.one_time_password, address(5_000));
    const session = { cookie: first.cookie, 'x-csrf-token': String(first.body.csrf_token) };
    const pw = 'a long new password';
    expect((await post('/operator/password', { new_password: pw, confirm_password: pw }, session)).body).toMatchObject({
      status: true,
    });
    const setup = await post('/operator/totp/setup', {}, session);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.body.secret) });
    const now = () => t.clock.now().getTime();
    const on = await post(
      '/operator/totp/enable',
      { secret: setup.body.secret, code: totp.generate({ timestamp: now() }) },
      session,
    );
    expect(on.body).toEqual({ status: true, msg: 'Two-step sign-in is on' });
    // the code that turned it on is used
    expect((await signIn('totpracer', pw, address(5_001), totp.generate({ timestamp: now() }))).body.msg).toBe(
      'That code has been used already: wait for the next one',
    );

    t.clock.advance(90_000);
    const code = totp.generate({ timestamp: now() });
    const tries = await inParallel(
      Array.from({ length: 50 }, (_, i) => () => signIn('totpracer', pw, address(5_100 + i), code)),
      50,
    );
    const ok = tries.filter((r) => r.status === 200 && r.body.status === true);
    expect(ok).toHaveLength(1);
    for (const r of tries.filter((x) => x !== ok[0]))
      expect(r.body.msg).toBe('That code has been used already: wait for the next one');
    const sessions = await t.ctx.db
      .selectFrom('operator_sessions as s')
      .innerJoin('operator_accounts as a', 'a.id', 's.operator_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('a.name', '=', 'totpracer')
      .where('s.created_at', '>=', new Date(now() - 1_000))
      .executeTakeFirstOrThrow();
    expect(Number(sessions.n)).toBe(1);
    // the code of the step before (still inside the drift window) is older than the one used: refused
    const previous = totp.generate({ timestamp: now() - 30_000 });
    expect((await signIn('totpracer', pw, address(5_200), previous)).body.msg).toBe(
      'That code has been used already: wait for the next one',
    );
    // the next step's code works once
    t.clock.advance(30_000);
    const next = await signIn('totpracer', pw, address(5_201), totp.generate({ timestamp: now() }));
    expect(next.body).toMatchObject({ status: true, operator: { name: 'totpracer', totp: true } });
  });
});

describe('which numbers are registered, and accounts without a code, are limited per address', () => {
  const TOO_MANY = 'Too many attempts. Please try again later.';

  test('700 lookups from one address over every call that tells registered numbers apart: 60 answered', async () => {
    const known = await createUser(t);
    // a player of their own, to ask who owns a number and to try transfers to it
    const prober = await createUser(t, { wallet: 1_000 });
    const ip = '198.51.100.3';
    const unknown = (i: number) => `7${String(100_000_000 + i).slice(-9)}`;
    const calls = [
      (i: number) =>
        api(
          'api-check-user-for-transfer-amt',
          { unique_token: prober.token, mobile_no: i % 2 ? known.mobile : unknown(i) },
          ip,
        ),
      (i: number) => api('api-forget-check-mobile', { mobile: i % 2 ? known.mobile : unknown(i) }, ip),
      (i: number) => api('api-check-mobile', { mobile: i % 2 ? known.mobile : unknown(i) }, ip),
      (i: number) => api('api-resend-otp', { mobile: i % 2 ? known.mobile : unknown(i), purpose: 'forgot' }, ip),
      (i: number) =>
        api(
          'api-user-registration',
          { name: 'Probe', mobile: i % 2 ? known.mobile : unknown(i), password: 'secret123', otp: '0000' },
          ip,
        ),
      (i: number) =>
        api(
          'api-forgot-password',
          { mobile: i % 2 ? known.mobile : unknown(i), new_pass: 'whatever1', otp: '0000' },
          ip,
        ),
    ];
    const answers = await inParallel(
      Array.from({ length: 700 }, (_, i) => () => calls[i % calls.length](i)),
      200,
    );
    const told = answers.filter((a) => a.body.msg !== TOO_MANY);
    expect(told).toHaveLength(60);
    // a transfer of more than the wallet holds says so whoever the number is: it tells nothing
    const transfers = await inParallel(
      Array.from(
        { length: 100 },
        (_, i) => () =>
          api(
            'api-user-transfer-wallet-balance',
            { unique_token: prober.token, mobile_no: i % 2 ? known.mobile : unknown(i), amount: 5_000 },
            ip,
          ),
      ),
      50,
    );
    expect(new Set(transfers.map((a) => a.body.msg))).toEqual(new Set([MSG.transferNotEnoughPoints]));
    // another address is not affected
    expect((await api('api-check-mobile', { mobile: known.mobile }, '198.51.100.4')).body.msg).toBe(
      MSG.userAlreadyRegistered,
    );
  });

  test('LEGACY_REGISTRATION=unverified: 300 registrations without a code from one address make 60 accounts', async () => {
    const legacy = await makeTestApp({ at: kolkata('12:00'), env: { LEGACY_REGISTRATION: 'unverified' } });
    // the address's limit is under test here, not the process's hashing queue
    const queue = hashing.queue;
    hashing.queue = 1_000;
    try {
      const url = await legacy.app.listen({ host: '127.0.0.1', port: 0 });
      const answers = await inParallel(
        Array.from({ length: 300 }, (_, i) => async () => {
          const res = await fetch(`${url}/api/api-user-registration`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              env_type: 'Prod',
              app_key: APP_KEY,
              name: 'Bulk',
              mobile: `6${String(200_000_000 + i).slice(-9)}`,
              password: 'secret123',
            }),
          });
          return (await res.json()) as Body;
        }),
        150,
      );
      expect(answers.filter((a) => a.status === true)).toHaveLength(60);
      for (const a of answers.filter((x) => x.status !== true)) expect(a.msg).toBe(TOO_MANY);
      const made = await legacy.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('name', '=', 'Bulk')
        .executeTakeFirstOrThrow();
      expect(Number(made.n)).toBe(60);
    } finally {
      hashing.queue = queue;
      await legacy.close();
    }
  });
});

// PGlite has one connection: a transaction left open there would hold every other query back, so the
// interleaving below exists on PostgreSQL only.
const onPostgres = usingPostgres ? test : test.skip;

describe('wallet locks never wait for a row that merely names a player', () => {
  onPostgres(
    'a transfer and a move of two wallets go through while another transaction holds a new row naming the receiver, which then locks the sender',
    async () => {
      const one = await createUser(t, { wallet: 1_000 });
      const two = await createUser(t, { wallet: 1_000 });
      const [low, high] = [one, two].sort((x, y) => Number(x.id) - Number(y.id));
      const market = await marketByName(t, 'MILAN DAY');
      const settled = { low: 0, high: 0 };
      const within = async <T>(p: Promise<T>, what: string) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${what} waited 5 s`)), 5_000);
        });
        try {
          return await Promise.race([p, late]);
        } finally {
          clearTimeout(timer);
        }
      };
      // As a settlement chunk does: a row naming the higher account (its foreign key takes KEY SHARE on
      // that users row), then the lower account's wallet. A transfer that locked low FOR UPDATE waited
      // for high here, the chunk waited for low, and PostgreSQL aborted one of them (deadlock, answer 500).
      await t.ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('market_follows').values({ user_id: high.id, market_id: market.id }).execute();
        const sent = await within(
          api('api-user-transfer-wallet-balance', { unique_token: low.token, amount: 100, mobile_no: high.mobile }),
          'the transfer',
        );
        expect(sent.status).toBe(200);
        expect(sent.body.status).toBe(true);
        // the set-based move (settlement's credits, migration 018) locks both wallets the same way
        await within(
          sql`SELECT * FROM move_points_set(ARRAY[${low.id}, ${high.id}]::bigint[], ARRAY['credit','credit'],
                ARRAY[7, 9]::bigint[], ARRAY['win','win'], ARRAY['test','test'], ARRAY['test:a','test:b'],
                NULL::text[], now())`.execute(t.ctx.db),
          'move_points_set',
        );
        settled.low = 1_000 - 100 + 7;
        settled.high = 1_000 + 100 + 9;
        await sql`SELECT id FROM users WHERE id = ${low.id} FOR NO KEY UPDATE`.execute(trx);
      });
      expect(await walletOf(t, low.id)).toBe(settled.low);
      expect(await walletOf(t, high.id)).toBe(settled.high);
      expect(await ledgerFaults()).toEqual({ badBalanceAfter: [], badWallets: [] });
    },
  );
});
