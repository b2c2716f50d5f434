/**
 * The one adapter of the contract's dialects (@matka/shared/contract dialects.ts), applied by defineCall
 * around every call: a request's dialect comes from its app key (APP_KEY, APP_KEY_DIALECTS); what the
 * dialect sends is turned into the call's own fields before the schema reads them, and the answer into
 * what the dialect reads. The services and handlers never see a dialect.
 */
import { CALL, DIALECT_FACTS, withdrawMethodOfDialect, type CallName, type Dialect } from '@matka/shared/contract';
import { MIN_TRANSFER } from '@matka/shared/domain';
import type { AppConfig } from '../config';

type Json = Record<string, unknown>;

/** The dialect of an app key, or null for a key this server does not know. */
export function dialectOfKey(config: Pick<AppConfig, 'appKey' | 'appKeyDialects'>, key: unknown): Dialect | null {
  if (typeof key !== 'string') return null;
  if (Object.hasOwn(config.appKeyDialects, key)) return config.appKeyDialects[key];
  return key === config.appKey ? 'spec' : null;
}

/** The key the 'MATKA 04' bootstrap (api-get-app-key) gives: the first key of that dialect, else APP_KEY. */
export function bootstrapKey(config: Pick<AppConfig, 'appKey' | 'appKeyDialects'>): string {
  return Object.entries(config.appKeyDialects).find(([, d]) => d === 'matka04')?.[0] ?? config.appKey;
}

/**
 * The key as the original backend hands it out for env_type 'Prod': the part compiled into its apps as
 * it is, the rest shifted by three (a to d, z to c; any other character three up, past 'Z' from 'A'),
 * which the apps shift back. `appPart` is ORIGINAL_APP_KEY_PART: the start of the key the apps know
 * ('' when they decode it all). It hides nothing: app keys tell apps apart, they are no secret.
 */
export function originalKeyEncoded(key: string, appPart: string): string {
  const own = appPart && key.startsWith(appPart) ? appPart : '';
  const shifted = [...key.slice(own.length)]
    .map((ch) => {
      const c = ch.charCodeAt(0);
      if (c >= 97 && c <= 122) return String.fromCharCode(c + 3 > 122 ? 96 + (c + 3 - 122) : c + 3);
      return String.fromCharCode(c + 3 > 90 ? 64 + (c + 3 - 90) : c + 3);
    })
    .join('');
  return own + shifted;
}

const UNPADDED_DATE = /^(\d{1,2})-(\d{1,2})-(\d{4})$/;
const DATE_FIELDS = ['bid_from', 'bid_to', 'date_from', 'date_to'] as const;

/**
 * The request as the call reads it. For every key: a history's days may come as unpadded D-M-YYYY
 * ('5-3-2026': 5 March), which no spec format reads otherwise. For a 'matka04' key: a bid's token may be
 * only inside new_result (its bid body; the spec's calls carry it at the top), and its withdraw method codes.
 */
export function adaptRequest(dialect: Dialect, name: CallName, body: Json): Json {
  let out = body;
  const inner = body.new_result;
  if (
    dialect === 'matka04' &&
    (body.unique_token === undefined || body.unique_token === null || body.unique_token === '') &&
    inner !== null &&
    typeof inner === 'object' &&
    !Array.isArray(inner) &&
    typeof (inner as Json).unique_token === 'string'
  )
    out = { ...out, unique_token: (inner as Json).unique_token };
  for (const f of DATE_FIELDS) {
    const v = out[f];
    const m = typeof v === 'string' ? UNPADDED_DATE.exec(v.trim()) : null;
    if (m) out = { ...out, [f]: `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` };
  }
  if (dialect !== 'spec' && name === CALL.userWithdrawFundRequest && out.payment_method != null) {
    const code = String(out.payment_method).trim();
    const spec = DIALECT_FACTS[dialect].withdrawMethodToSpec[code];
    // an unknown code stays as sent: the call refuses it with the spec's message
    if (spec) out = { ...out, payment_method: spec };
  }
  return out;
}

/** The calls whose answer lists markets with msg_status. */
const MARKET_LISTS = new Set<CallName>([CALL.homeInfo, CALL.dashboardData, CALL.starlineGame, CALL.galidisawarGame]);

/** True when the answer of this call must be rewritten for the dialect (a cached JSON text is parsed first). */
export const answerAdapted = (dialect: Dialect, name: CallName): boolean =>
  dialect !== 'spec' &&
  (MARKET_LISTS.has(name) || name === CALL.userPaymentMethodList || name === CALL.userWalletBalance);

/**
 * The answer as the dialect reads it: a 'matka04' market list says 2 for a closed market, and each market
 * carries its state in words (`msg`); its payment methods carry the dialect's code (as `type` too); its
 * wallet balance the transfer and withdrawal bounds.
 */
export function adaptAnswer(dialect: Dialect, name: CallName, answer: Json): Json {
  if (!answerAdapted(dialect, name)) return answer;
  // the transfer bounds and the largest withdrawal (what the wallet holds)
  if (name === CALL.userWalletBalance && answer.status === true)
    return {
      ...answer,
      min_transfer: String(MIN_TRANSFER),
      max_transfer: answer.wallet_amt,
      max_withdrawal: answer.wallet_amt,
    };
  if (!Array.isArray(answer.result)) return answer;
  if (name === CALL.userPaymentMethodList)
    return {
      ...answer,
      result: (answer.result as Json[]).map((r) => {
        const code = withdrawMethodOfDialect(dialect, String(r.payment_method));
        return { ...r, payment_method: code, type: Number(code) };
      }),
    };
  const closed = DIALECT_FACTS[dialect].closedMsgStatus;
  return {
    ...answer,
    result: (answer.result as unknown[]).map((m) => {
      if (m === null || typeof m !== 'object' || !('msg_status' in m)) return m;
      const open = String((m as Json).msg_status) === '1';
      return { ...(m as Json), msg_status: open ? 1 : closed, msg: open ? 'Market Open' : 'Market Closed' };
    }),
  };
}
