/**
 * The values some columns may hold, as TypeScript unions: the generated table types (types.ts, made by
 * kysely-codegen from the migrated database) name them for these columns (.kysely-codegenrc.json), because
 * the database keeps them as text with a CHECK rather than as enums.
 */
import type { OperatorRole } from '@matka/shared/domain';

export type { OperatorRole };
export type MarketFamily = 'regular' | 'starline' | 'gali';
export type RequestStatus = 'pending' | 'approved' | 'rejected';
export type BidSession = 'Open' | 'Close';
export type LedgerType = 'credit' | 'debit';
export type SettlementPhase = 'gain' | 'loss';
export type JobStatus = 'running' | 'done' | 'superseded';
export type PlayStatus = 'pending' | 'won' | 'lost';
/** A withdrawal's method as the original backend numbers them: 2 PhonePe, 3 Google Pay, 4 Paytm. */
export type WithdrawMethodCode = '2' | '3' | '4';
