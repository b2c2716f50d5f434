/**
 * The request bodies of the player calls (spec section 7), as clients send them: inferred from the
 * calls' zod schemas (`schemas.ts`), the one place a request's fields are declared. A type-only import:
 * a client that names a call's body carries no zod.
 */
import type { z } from 'zod';
import type { RequestSchemas } from './schemas';

/** A call that sends nothing of its own. */
export type NoFields = Record<never, never>;

/** The bodies clients send, by call (besides env_type, app_key and unique_token). */
export type Requests = { [N in keyof RequestSchemas]: z.input<RequestSchemas[N]> };

/** A money history's days ('YYYY-MM-DD' or month/day/year; both left out: the last days the server chooses). */
export type DateRange = Requests['api-wallet-transaction-history'];
/** A bid history's days. */
export type BidRange = Requests['api-bid-history-data'];
/** A bid submission of any family: the bids in `new_result`; the retry key, if not in a header. */
export type SubmitBidRequest = Requests['api-submit-bid'];
/** A browser's push subscription as PushSubscription.toJSON() gives it. */
export type PushSubscriptionJson = Requests['api-push-subscribe']['subscription'];
