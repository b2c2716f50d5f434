/**
 * Dead rows of the embedded database. PostgreSQL's autovacuum reclaims the space of updated and deleted
 * rows; PGlite runs no autovacuum, so a table that is updated often (a wallet's balance, a deposit's
 * screenshot replaced, the rate-limit counters) would only ever grow, and a full disk stops every bid.
 * This process vacuums those tables on a timer and checkpoints, so that their space is used again.
 * PostgreSQL needs none of it (its autovacuum does this).
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/types';

/** The tables whose rows are updated or deleted as the day goes (each VACUUM is short: small tables, or mostly visible pages). */
export const CHURNING_TABLES = [
  'users',
  'auth_tokens',
  'otp_codes',
  'fund_requests',
  'withdraw_requests',
  'rate_events',
  'rate_gates',
  'live_streams',
  'live_events',
  'push_subscriptions',
  'settlement_jobs',
  'number_liability',
  'settings',
] as const;

export class EmbeddedVacuum {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** passes done (for tests and /metrics' readers) */
  passes = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs: number,
  ) {}

  start(): void {
    if (this.everyMs <= 0) return;
    this.timer = setInterval(() => void this.run(), this.everyMs);
    this.timer.unref();
  }

  /** One pass: each churning table vacuumed (its TOAST too), then a checkpoint (old WAL recycled). */
  run(): Promise<void> {
    this.running ??= (async () => {
      try {
        for (const table of CHURNING_TABLES) await sql`VACUUM ${sql.table(table)}`.execute(this.db);
        await sql`CHECKPOINT`.execute(this.db);
        this.passes++;
      } catch (err) {
        this.log.warn({ err: String(err) }, 'vacuum: a pass failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
