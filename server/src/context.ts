import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Database, DB } from './db';
import type { Clock } from './services/clock';
import type { SlidingWindowLimiter } from './services/ratelimit';
import type { MarketCache } from './services/markets';

export interface OtpOutboxEntry {
  mobile: string;
  otp: string;
  purpose: string;
  created_at: string;
}

/** Everything a route handler needs, built once per app. */
export interface AppContext {
  database: Database;
  db: Kysely<DB>;
  config: AppConfig;
  clock: Clock;
  log: FastifyBaseLogger;
  limiter: SlidingWindowLimiter;
  /** last OTP per mobile (demo mode only) */
  outbox: Map<string, OtpOutboxEntry>;
  markets: MarketCache;
  /** operator bearer token in effect */
  operatorToken: string;
}
