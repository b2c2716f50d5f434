import type { Releases } from './services/releases';
import type { ReceiptSigner } from './services/receipts';
import type { ReceiptLeaves } from './services/book-keeper';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Database, DB } from './db';
import type { Clock } from './services/clock';
import type { GapGate, PasswordGuard, SlidingWindowLimiter } from './services/ratelimit';
import type { UserCache } from './services/usercache';
import type { MarketCache } from './services/markets';
import type { SmsSender } from './services/sms';
import type { CacheBus } from './services/bus';
import type { OperatorService } from './services/operators';
import type { SettlementRunner } from './services/settlement-jobs';
import type { LiveHub } from './services/live';
import type { EmbeddedVacuum } from './services/vacuum';
import type { PushSender } from './services/push';
import type { BidWriter } from './services/bid-batch';

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
  /** counters over 24 hours (wrong one-time codes per IP) */
  dailyLimiter: SlidingWindowLimiter;
  /** password guessing limits of login and change-password */
  passwords: PasswordGuard;
  /** the OTP resend gap per (purpose, subject), claimed synchronously */
  otpGate: GapGate;
  /** HMAC key of the stored OTP codes */
  otpSecret: string;
  /** token -> account lookups (invalidate after every change of a user's wallet / status / tokens) */
  users: UserCache;
  /** where one-time codes are sent (SMS_PROVIDER) */
  sms: SmsSender;
  /** last OTP per mobile (demo mode only) */
  outbox: Map<string, OtpOutboxEntry>;
  markets: MarketCache;
  /** cache invalidations between the processes sharing the database */
  bus: CacheBus;
  /** operator bearer token in effect (the CLI and scripts; acts as an owner) */
  operatorToken: string;
  /** operator accounts, roles and console sessions */
  operators: OperatorService;
  /** settlement jobs worked by this process (and resumed from killed ones) */
  settlement: SettlementRunner;
  /** the embedded database's vacuum (PGlite only: PostgreSQL has autovacuum) */
  vacuum?: EmbeddedVacuum;
  /** this process's live streams and what they hear */
  live: LiveHub;
  /** web push: this process sends the events it claims first */
  push: PushSender;
  /** writes bids, those that arrive together in one transaction (services/bid-batch.ts) */
  bidWriter: BidWriter;
  /** each family's releases: which build players load, a canary, the way back */
  releases: Releases;
  /** signs each accepted bid submission's receipt (services/receipts.ts) */
  receipts: ReceiptSigner;
  /** writes each given receipt's leaf for its session's sealed book (services/book-keeper.ts) */
  leaves: ReceiptLeaves;
}
