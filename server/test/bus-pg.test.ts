/**
 * The cache bus on PostgreSQL: when the listening connection drops, a process serves nothing from
 * memory (it may have missed other processes' changes), reconnects by itself and starts from empty
 * caches. PostgreSQL only.
 */
import { sql } from 'kysely';
import type { PgBus } from '../src/services/bus';
import { call, createUser, makeTestApp, usingPostgres, type TestApp } from './helpers';

const describePg = usingPostgres ? describe : describe.skip;

describePg('cache bus on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t?.close());

  const listenerPid = async () =>
    (
      await sql<{ pid: number }>`
        SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND starts_with(application_name, 'matka-bus:')`.execute(
        t.ctx.db,
      )
    ).rows.map((r) => r.pid);

  test('a dropped listening connection is replaced, and what changed meanwhile is read afresh', async () => {
    const bus = t.ctx.bus as PgBus;
    expect(bus.live).toBe(true);
    const u = await createUser(t, { wallet: 100 });
    expect((await call(t.app, 'api-home-info', { unique_token: u.token })).body.wallet_amt).toBe('100');
    const hitsBefore = t.ctx.users.hits;
    expect((await call(t.app, 'api-home-info', { unique_token: u.token })).body.wallet_amt).toBe('100');
    expect(t.ctx.users.hits).toBe(hitsBefore + 1); // served from memory

    const [old] = await listenerPid();
    expect(old).toBeGreaterThan(0);
    // another process's change whose notice this process will never hear: the listener is cut first
    await sql`SELECT pg_terminate_backend(${old}::int)`.execute(t.ctx.db);
    await t.ctx.db.updateTable('users').set({ wallet: 250 }).where('id', '=', u.id).execute();

    let pids: number[] = [];
    for (let i = 0; i < 60 && !(bus.live && (pids = await listenerPid()).some((p) => p !== old)); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(pids.length).toBe(1);
    expect(pids[0]).not.toBe(old);
    expect(bus.live).toBe(true);
    // the reconnect emptied the caches: the change is read from the database
    expect((await call(t.app, 'api-home-info', { unique_token: u.token })).body.wallet_amt).toBe('250');
  });
});
