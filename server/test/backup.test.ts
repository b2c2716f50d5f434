/**
 * Backups of the embedded database: `npm run operator -- backup` takes a copy from a running
 * PGlite server while players bid, `restore` puts it in a fresh data dir and checks it, and a server
 * started on the copy holds every bid answered before the backup, once, with every wallet equal to its
 * ledger. On PostgreSQL the call says to use pg_dump.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { run } from '../src/cli/operator';
import { openDatabase } from '../src/db';
import { OPERATOR_TOKEN, createUser, makeTestApp, usingPostgres } from './helpers';
import { bidDebits, bidLoop, buildServer, openAllDay, registerPlayers, startServer, stop, type BidTry } from './procs';

/** Runs the operator CLI in process; its output lines and exit code. */
async function cli(argv: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, { OPERATOR_TOKEN, ...env }, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('backup and restore of the embedded database (the compiled server)', () => {
  let built: ReturnType<typeof buildServer>;
  let work: string;
  beforeAll(() => {
    built = buildServer();
    work = mkdtempSync(path.join(tmpdir(), 'matka-backup-'));
  });
  afterAll(() => {
    built?.remove();
    rmSync(work, { recursive: true, force: true });
  });

  test('a copy taken while 6 players bid restores into a fresh data dir with every answered bid once and wallets equal to their ledgers', async () => {
    const env = { DEMO: '1', SMS_PROVIDER: 'console', RATE_LIMIT_OTP_PER_IP: '100' };
    const live = await startServer(built.main, '', { ...env, DATA_DIR: path.join(work, 'live') });
    const file = path.join(work, 'copy.tar.gz');
    const players: { token: string; mobile: string }[] = [];
    const tries = new Map<string, BidTry[]>();
    let backupSent = 0;
    let backupAnswered = 0;
    try {
      const market = await openAllDay(live);
      players.push(...(await registerPlayers(live, 6, 100000, 'Saver')));
      let running = true;
      const loops = players.map((pl) => {
        tries.set(pl.token, []);
        return bidLoop(
          () => live,
          market,
          pl.token,
          () => running,
          tries.get(pl.token)!,
        );
      });
      await new Promise((r) => setTimeout(r, 1_000));
      backupSent = performance.now();
      const saved = await cli(['backup', file], { SERVER_URL: live.url });
      backupAnswered = performance.now();
      expect(saved.err).toBe('');
      expect(saved.code).toBe(0);
      expect(saved.out).toMatch(
        /^Backup written to .*copy\.tar\.gz \(\d+\.\d (KB|MB)\): everything committed before \d{4}-/,
      );
      // the bids go on after the copy, so the copy is not simply the end state
      await new Promise((r) => setTimeout(r, 700));
      running = false;
      await Promise.all(loops);
      // a second backup never overwrites the first
      const again = await cli(['backup', file], { SERVER_URL: live.url });
      expect(again.code).toBe(1);
      expect(again.err).toMatch(/already exists: choose a new file name/);
    } finally {
      await stop(live);
    }
    const all = [...tries.values()].flat();
    expect(all.filter((t) => t.outcome !== 'placed')).toEqual([]);
    expect(all.filter((t) => t.answered < backupSent).length).toBeGreaterThan(10);
    expect(all.filter((t) => t.sent > backupAnswered).length).toBeGreaterThan(10);

    // restore refuses a data dir that holds a database, and a file that is not a backup, changing nothing
    const busy = await cli(['restore', file, '--data-dir', path.join(work, 'live')], {});
    expect(busy.code).toBe(1);
    expect(busy.err).toMatch(/already holds a database\. Stop the server, move that folder aside/);
    const junk = path.join(work, 'junk.tar.gz');
    writeFileSync(junk, 'not a backup');
    const bad = await cli(['restore', junk, '--data-dir', path.join(work, 'junk')], {});
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/is not a backup made by 'npm run operator -- backup'/);
    expect(existsSync(path.join(work, 'junk', 'pglite')) ? readdirSync(path.join(work, 'junk', 'pglite')) : []).toEqual(
      [],
    );

    const restored = await cli(['restore', file], { DATA_DIR: path.join(work, 'restored') });
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(/accounts \d+, bids \d+, ledger rows \d+/);
    expect(restored.out).toMatch(/wallets equal to their ledger: all/);
    const verified = await cli(['verify', '--data-dir', path.join(work, 'restored')], {});
    expect(verified).toMatchObject({ code: 0, err: '' });
    expect(verified.out).toMatch(/wallets equal to their ledger: all/);

    // a server on the copy: every bid answered before the backup was asked for is there, none answered
    // only after it was sent again, each once, and every wallet equals its ledger
    const back = await startServer(built.main, '', { ...env, DATA_DIR: path.join(work, 'restored') });
    try {
      for (const pl of players) {
        const mine = tries.get(pl.token)!;
        const { debits, wallet } = await bidDebits(back, pl.token);
        expect(debits).toBeGreaterThanOrEqual(mine.filter((t) => t.answered < backupSent).length);
        expect(debits).toBeLessThanOrEqual(mine.filter((t) => t.sent < backupAnswered).length);
        expect(wallet).toBe(100000 - 10 * debits);
      }
    } finally {
      await stop(back);
    }
    // and in the copy's tables: one bid per bid debit of each player's ledger
    const copy = await openDatabase({ dataDir: path.join(work, 'restored', 'pglite') });
    try {
      const perPlayer = await sql<{ mobile: string; bids: string; debits: string }>`
        SELECT u.mobile,
               (SELECT count(*) FROM bids b WHERE b.user_id = u.id) AS bids,
               (SELECT count(*) FROM wallet_transactions t WHERE t.user_id = u.id AND t.kind = 'bid') AS debits
          FROM users u WHERE u.mobile IN (${sql.join(players.map((pl) => pl.mobile))})`.execute(copy.db);
      expect(perPlayer.rows).toHaveLength(players.length);
      for (const r of perPlayer.rows) expect(r.bids).toBe(r.debits);
    } finally {
      await copy.close();
    }
  }, 120_000);
});

describe('GET /operator/backup, in process', () => {
  test(
    usingPostgres
      ? 'on PostgreSQL it says to use pg_dump and WAL archiving, changing nothing; verify checks a restored one'
      : 'on PGlite it answers the data dir as a gzipped tar, audited',
    async () => {
      const t = await makeTestApp();
      try {
        const res = await t.app.inject({
          method: 'GET',
          url: '/operator/backup',
          headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
        });
        if (usingPostgres) {
          expect(res.statusCode).toBe(400);
          expect(res.json().msg).toMatch(/PostgreSQL: back it up with pg_dump .* and WAL archiving/);
          expect(
            await t.ctx.db.selectFrom('operator_audit').select('id').where('action', '=', 'backup').execute(),
          ).toEqual([]);
          // a restored PostgreSQL is checked with `verify`: every wallet equal to its ledger, or it says which not
          const u = await createUser(t, { wallet: 500 });
          const good = await cli(['verify'], { DATABASE_URL: t.database.url });
          expect(good).toMatchObject({ code: 0, err: '' });
          expect(good.out).toMatch(/wallets equal to their ledger: all/);
          await sql`UPDATE users SET wallet = wallet + 1 WHERE id = ${u.id}`.execute(t.ctx.db);
          const off = await cli(['verify'], { DATABASE_URL: t.database.url });
          expect(off.code).toBe(1);
          expect(off.err).toMatch(
            /does not add up:[\s\S]*wallets equal to their ledger: NO \(1 differ from the sum, 1 from the last balance\)/,
          );
        } else {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe('application/gzip');
          expect(res.headers['content-disposition']).toMatch(
            /^attachment; filename="matka-backup-\d{8}T\d{6}Z\.tar\.gz"$/,
          );
          expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
          const trail = await t.ctx.db
            .selectFrom('operator_audit')
            .select(['action', 'after'])
            .where('action', '=', 'backup')
            .execute();
          expect(trail).toEqual([
            { action: 'backup', after: expect.objectContaining({ bytes: res.rawPayload.length }) },
          ]);
        }
      } finally {
        await t.close();
      }
    },
    60_000,
  );

  (usingPostgres ? test.skip : test)(
    'six backups asked at once: one is taken, the others are refused at once',
    async () => {
      const t = await makeTestApp();
      try {
        const ask = () =>
          t.app.inject({
            method: 'GET',
            url: '/operator/backup',
            headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
          });
        const answers = await Promise.all(Array.from({ length: 6 }, ask));
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
        expect(answers.find((a) => a.statusCode === 429)!.json()).toEqual({
          status: false,
          msg: 'A backup is being taken now. Please try again when it is done.',
          code: expect.any(String),
        });
        const trail = await t.ctx.db.selectFrom('operator_audit').select('id').where('action', '=', 'backup').execute();
        expect(trail).toHaveLength(1);
        // once it is done, the next one is taken
        expect((await ask()).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    },
    60_000,
  );
});
