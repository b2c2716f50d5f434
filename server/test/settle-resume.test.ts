/**
 * A settlement survives its process: a server killed with SIGKILL in the middle of a
 * declaration's settlement leaves a running job; another server process on the same PostgreSQL resumes
 * it by itself, and every bid is paid exactly once (one live win record and one ledger credit per won
 * bid, every wallet equal to its ledger). Meanwhile the market's bids of the other session are placed
 * at once. PostgreSQL only (the compiled server, two processes).
 */
import { sql } from 'kysely';
import { usingPostgres } from './helpers';
import { childrenOf, multiProcessSetup, operator, startServer, stop, type Proc } from './procs';

const describePg = usingPostgres ? describe : describe.skip;
const DATE = '2026-03-10';
const BIDS = 30_000;
const PLAYERS = 300;

describePg('a settlement killed mid-way is resumed by another process and pays each bid once', () => {
  let setup: Awaited<ReturnType<typeof multiProcessSetup>>;
  const procs: Proc[] = [];

  beforeAll(async () => {
    setup = await multiProcessSetup();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(procs.map(stop));
    await setup?.close();
  });

  test('kill -9 during the chunks, then a second process finishes the job', async () => {
    const db = setup.database.db;
    const market = await db.selectFrom('markets').select('id').where('name', '=', 'KALYAN').executeTakeFirstOrThrow();
    await sql`
      INSERT INTO users (mobile, name, password_hash, betting_status, wallet)
      SELECT '8' || lpad(g::text, 9, '0'), 'Resume ' || g, 'x', '1', 0 FROM generate_series(1, ${PLAYERS}::int) g`.execute(
      db,
    );
    await sql`
      INSERT INTO bid_submissions (user_id, family, market_id, bet_type, session, bid_date, total_points, row_count)
      SELECT id, 'regular', ${market.id}::int, 'single_digit', 'Open', ${DATE}::date, 10, 1
      FROM users WHERE mobile LIKE '8%'`.execute(db);
    await sql`
      INSERT INTO bids (submission_id, user_id, family, market_id, bet_type, pana, session, digits, points, bid_date, rate_1, rate_2)
      SELECT s.id, s.user_id, 'regular', ${market.id}::int, 'single_digit', 'Single Digit', 'Open', ((g * 7) % 10)::text,
             10 + (g % 5) * 10, ${DATE}::date, 10, 95
      FROM generate_series(1, ${BIDS}::int) g
      JOIN LATERAL (SELECT id, user_id FROM bid_submissions ORDER BY id OFFSET g % ${PLAYERS}::int LIMIT 1) s ON true`.execute(
      db,
    );

    // small chunks, so the settlement takes a while; the answer does not wait for it
    const a = await startServer(setup.main, setup.dbUrl, {
      SETTLE_CHUNK_BIDS: '150',
      SETTLE_IDLE_CHUNKS: '1',
      SETTLE_WAIT_MS: '0',
    });
    procs.push(a);
    const declared = await operator(a, 'result/declare', {
      market: 'KALYAN',
      session: 'open',
      pana: '137',
      date: DATE,
    });
    // answered at once: its bids are counted by the job's first step
    expect(declared.body).toMatchObject({ status: true, job: { status: 'running' } });
    expect([null, BIDS]).toContain(declared.body.job.bids_total);
    const jobId = String(declared.body.job.id);
    const progress = async () =>
      db
        .selectFrom('settlement_jobs')
        .select(['status', 'bids_done', 'bids_total', 'phase'])
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
    // kill it once some chunks have committed
    for (let i = 0; (await progress()).bids_done < 1500; i++) {
      if (i > 600) throw new Error('the settlement never started');
      await new Promise((r) => setTimeout(r, 10));
    }
    for (const pid of childrenOf(a.child.pid!)) process.kill(Number(pid), 'SIGKILL');
    a.child.kill('SIGKILL');
    await new Promise((r) => a.child.once('exit', r));
    const halfway = await progress();
    expect(halfway.status).toBe('running');
    expect(halfway.bids_done).toBeLessThan(BIDS);

    // another process picks the job up by itself
    const b = await startServer(setup.main, setup.dbUrl, { SETTLE_CHUNK_BIDS: '2000' });
    procs.push(b);
    for (let i = 0; (await progress()).status === 'running'; i++) {
      if (i > 1200) throw new Error('the job was not resumed');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await progress()).toMatchObject({ status: 'done', bids_done: BIDS, bids_total: BIDS });

    // every won bid paid once: one live win, one ledger credit, the amount at its rate
    const won = await sql<{ n: string; points: string; paid: string }>`
      SELECT count(*) AS n, SUM(points) AS points, SUM(win_amount) AS paid FROM bids
      WHERE market_id = ${market.id} AND bid_date = ${DATE}::date AND status = 'won'`.execute(db);
    const expected = await sql<{ n: string }>`
      SELECT count(*) AS n FROM bids WHERE market_id = ${market.id} AND bid_date = ${DATE}::date AND digits = '1'`.execute(
      db,
    );
    expect(won.rows[0].n).toBe(expected.rows[0].n);
    expect(Number(won.rows[0].paid)).toBe((Number(won.rows[0].points) * 95) / 10);
    const doubles = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (
        SELECT reference FROM wallet_transactions WHERE reference LIKE 'win:bid:%' GROUP BY reference HAVING count(*) > 1
      ) d`.execute(db);
    expect(doubles.rows[0].n).toBe('0');
    const credits = await sql<{ n: string; total: string }>`
      SELECT count(*) AS n, SUM(amount) AS total FROM wallet_transactions WHERE reference LIKE 'win:bid:%'`.execute(db);
    expect(credits.rows[0]).toEqual({ n: won.rows[0].n, total: won.rows[0].paid });
    const wins = await sql<{ n: string }>`SELECT count(*) AS n FROM wins WHERE reversed_at IS NULL`.execute(db);
    expect(wins.rows[0].n).toBe(won.rows[0].n);
    const off = await sql<{ n: string }>`
      SELECT count(*) AS n FROM users u
      WHERE u.wallet <> COALESCE((SELECT SUM(CASE WHEN type = 'credit' THEN amount ELSE -amount END)
                                  FROM wallet_transactions t WHERE t.user_id = u.id), 0)`.execute(db);
    expect(off.rows[0].n).toBe('0');
    expect(await sql`SELECT 1 FROM settlement_plays WHERE job_id = ${jobId}::bigint`.execute(db)).toMatchObject({
      rows: [],
    });
  }, 120_000);
});
