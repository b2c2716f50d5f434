/**
 * The days bench:settle works on, written straight into the tables: a realistic day of a regular
 * market (players in the tens of thousands, every bet type, both sessions, each receipt's leaf), and a
 * session of as many bids each its own receipt, whose seal is timed.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Database } from '../src/db';
import { sealBooks } from '../src/services/books';
import type { ReceiptSigner } from '../src/services/receipts';

/** The market day the bench declares (a past day: nothing of today's clock applies). */
export const DATE = '2026-03-10';

/** A day of `n` bids on KALYAN by n/20 players (at least 10,000). */
export async function seedDay(database: Database, n: number, date = DATE): Promise<number> {
  const db = database.db;
  const market = await db.selectFrom('markets').select('id').where('name', '=', 'KALYAN').executeTakeFirstOrThrow();
  const players = Math.max(10_000, Math.floor(n / 20));
  await sql`
    INSERT INTO users (mobile, name, password_hash, betting_status, wallet)
    SELECT '9' || lpad(g::text, 9, '0'), 'Bench ' || g, 'x', '1', 0 FROM generate_series(1, ${players}::int) g`.execute(
    db,
  );
  await sql`
    INSERT INTO bid_submissions (user_id, family, market_id, bet_type, session, bid_date, total_points, row_count)
    SELECT id, 'regular', ${market.id}::int, 'single_digit', 'Open', ${date}::date, 10, 1 FROM users`.execute(db);
  // the kinds of panas, for realistic pana bids
  await sql`CREATE TEMP TABLE bench_panas (pana text, kind text)`.execute(db);
  const { ALL_PANAS, panaKind } = await import('@matka/shared/domain');
  await sql`INSERT INTO bench_panas SELECT * FROM unnest(${ALL_PANAS.slice()}::text[], ${ALL_PANAS.map((p) => panaKind(p) ?? '')}::text[])`.execute(
    db,
  );
  // bet type by g % 20: 6 single digit, 4 jodi, 3 single pana, 2 double pana, 1 triple pana, 2 half sangam, 2 full sangam
  await sql`
    INSERT INTO bids (submission_id, user_id, family, market_id, bet_type, pana, session, digits, closedigits, points,
                      bid_date, rate_1, rate_2)
    SELECT s.id, s.user_id, 'regular', ${market.id}::int, t.bet_type, t.label,
           CASE WHEN t.bet_type IN ('jodi_digit', 'half_sangam', 'full_sangam') THEN CASE WHEN t.bet_type = 'jodi_digit' THEN 'Close' ELSE 'Open' END
                WHEN (g / 200) % 2 = 0 THEN 'Open' ELSE 'Close' END,
           t.digits, t.closedigits, 10 + (g % 10) * 10, ${date}::date, 10, t.rate
    FROM generate_series(1, ${n}::int) g
    JOIN bid_submissions s ON s.user_id = 1 + (g::bigint * 7919) % ${players}::int
    CROSS JOIN LATERAL (
      SELECT * FROM (VALUES
        (CASE WHEN g % 20 < 6 THEN 'single_digit' WHEN g % 20 < 10 THEN 'jodi_digit' WHEN g % 20 < 13 THEN 'single_pana'
              WHEN g % 20 < 15 THEN 'double_pana' WHEN g % 20 < 16 THEN 'triple_pana' WHEN g % 20 < 18 THEN 'half_sangam'
              ELSE 'full_sangam' END)) v(bet_type)
    ) b
    CROSS JOIN LATERAL (
      SELECT b.bet_type,
             initcap(replace(b.bet_type, '_', ' ')) AS label,
             CASE b.bet_type
               WHEN 'single_digit' THEN ((g / 20) % 10)::text
               WHEN 'jodi_digit' THEN lpad(((g / 20) % 100)::text, 2, '0')
               WHEN 'single_pana' THEN (SELECT pana FROM bench_panas WHERE kind = 'SP' ORDER BY pana OFFSET (g / 20) % 120 LIMIT 1)
               WHEN 'double_pana' THEN (SELECT pana FROM bench_panas WHERE kind = 'DP' ORDER BY pana OFFSET (g / 20) % 90 LIMIT 1)
               WHEN 'triple_pana' THEN (SELECT pana FROM bench_panas WHERE kind = 'TP' ORDER BY pana OFFSET (g / 20) % 10 LIMIT 1)
               WHEN 'half_sangam' THEN ((g / 20) % 10)::text
               ELSE (SELECT pana FROM bench_panas ORDER BY pana OFFSET (g / 20) % 220 LIMIT 1) END AS digits,
             CASE b.bet_type
               WHEN 'half_sangam' THEN (SELECT pana FROM bench_panas ORDER BY pana OFFSET (g / 200) % 220 LIMIT 1)
               WHEN 'full_sangam' THEN (SELECT pana FROM bench_panas ORDER BY pana OFFSET (g / 4400) % 220 LIMIT 1)
               ELSE '' END AS closedigits,
             CASE b.bet_type WHEN 'single_digit' THEN 95 WHEN 'jodi_digit' THEN 950 WHEN 'single_pana' THEN 1500
               WHEN 'double_pana' THEN 3000 WHEN 'triple_pana' THEN 7000 WHEN 'half_sangam' THEN 10000 ELSE 100000 END AS rate
    ) t`.execute(db);
  // each receipt's leaf, as the server writes it when it answers (here any 32 bytes: the seal reads them)
  await sql`INSERT INTO receipt_leaves SELECT id, sha256(id::text::bytea) FROM bid_submissions`.execute(db);
  await sql`ANALYZE`.execute(db);
  return market.id;
}

/**
 * A session of `n` bids on another market, each its own submission (the most receipts `n` bids can
 * make: the largest tree), with their leaves; then its book sealed as when its bidding closes. Seconds.
 */
export async function sealSession(database: Database, signer: ReceiptSigner, n: number): Promise<number> {
  const db = database.db;
  const market = await db
    .selectFrom('markets')
    .select('id')
    .where('name', '=', 'MILAN NIGHT')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO bid_submissions (user_id, family, market_id, bet_type, session, bid_date, total_points, row_count, book)
    SELECT 1 + g % 10000, 'regular', ${market.id}::int, 'single_digit', 'Open', ${DATE}::date, 10, 1, 'open'
    FROM generate_series(1, ${n}::int) g`.execute(db);
  await sql`
    INSERT INTO bids (submission_id, user_id, family, market_id, bet_type, pana, session, digits, points, bid_date, rate_1, rate_2)
    SELECT id, user_id, 'regular', market_id, 'single_digit', 'Single Digit', 'Open', (id % 10)::text, 10, bid_date, 10, 95
    FROM bid_submissions WHERE market_id = ${market.id}::int`.execute(db);
  await sql`
    INSERT INTO receipt_leaves SELECT id, sha256(id::text::bytea) FROM bid_submissions WHERE market_id = ${market.id}::int`.execute(
    db,
  );
  await sql`ANALYZE`.execute(db);
  const t0 = performance.now();
  const [book] = await sealBooks(db, signer, market.id, DATE, ['open'], new Date());
  if (book.size !== n) throw new Error(`sealed ${book.size} receipts of ${n}`);
  return (performance.now() - t0) / 1000;
}
