/**
 * Backups of the embedded database: what a restored copy must hold. The copy itself is
 * `Database.backup` (PGlite's data dir as a gzipped tar, taken between two transactions); PostgreSQL is
 * backed up with its own tools (docs/operating.md).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

/** What a database holds, and whether its money adds up: read after a restore, before a server uses it. */
export interface DatabaseFacts {
  migrations: number;
  users: number;
  bids: number;
  ledgerRows: number;
  /** the points in every wallet together */
  points: number;
  /** the newest ledger row's time (ISO), or null when there is none */
  newestLedgerAt: string | null;
  /** accounts whose wallet is not the sum of their ledger rows (must be 0) */
  walletsOffLedger: number;
  /** accounts whose newest ledger row's balance after is not their wallet (must be 0) */
  balancesOffWallet: number;
  /** settlement jobs left running (a server started on this copy finishes them) */
  jobsRunning: number;
}

export async function databaseFacts(db: Kysely<DB>): Promise<DatabaseFacts> {
  const { rows } = await sql<Record<keyof DatabaseFacts, string | null>>`
    SELECT
      (SELECT count(*) FROM schema_migrations) AS "migrations",
      (SELECT count(*) FROM users) AS "users",
      (SELECT count(*) FROM bids) AS "bids",
      (SELECT count(*) FROM wallet_transactions) AS "ledgerRows",
      (SELECT coalesce(sum(wallet), 0) FROM users) AS "points",
      (SELECT to_char(max(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
         FROM wallet_transactions) AS "newestLedgerAt",
      (SELECT count(*) FROM users u
        WHERE u.wallet <> coalesce((SELECT sum(CASE WHEN t.type = 'credit' THEN t.amount ELSE -t.amount END)
                                     FROM wallet_transactions t WHERE t.user_id = u.id), 0)) AS "walletsOffLedger",
      (SELECT count(*) FROM users u
         JOIN LATERAL (SELECT t.balance_after FROM wallet_transactions t WHERE t.user_id = u.id
                        ORDER BY t.id DESC LIMIT 1) last ON true
        WHERE last.balance_after <> u.wallet) AS "balancesOffWallet",
      (SELECT count(*) FROM settlement_jobs WHERE status = 'running') AS "jobsRunning"`.execute(db);
  const r = rows[0];
  const n = (k: keyof DatabaseFacts) => Number(r[k]);
  return {
    migrations: n('migrations'),
    users: n('users'),
    bids: n('bids'),
    ledgerRows: n('ledgerRows'),
    points: n('points'),
    newestLedgerAt: r.newestLedgerAt,
    walletsOffLedger: n('walletsOffLedger'),
    balancesOffWallet: n('balancesOffWallet'),
    jobsRunning: n('jobsRunning'),
  };
}

/** The file name a backup taken at `at` is offered under. */
export const backupFileName = (at: Date) =>
  `matka-backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;
