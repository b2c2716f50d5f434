/**
 * The dialects of the contract that installed apps speak. The server reads a request's
 * dialect from its app key (APP_KEY_DIALECTS: the operator names the dialect of each key) and its one
 * adapter (server/src/http/dialects.ts) turns what that dialect sends into the calls' own fields, and the
 * answers back; the services never see a dialect.
 *
 * - 'spec': the product spec's contract, which our client and the Lotus family of web apps speak.
 * - 'matka04': the React Native 'MATKA 04' Android apps. What differs from the spec where both use the
 *   same field with another meaning (hence the dialect per key): a closed market's msg_status is 2 (not 0),
 *   and the withdraw call's payment_method numbers the apps 2 Paytm, 3 Google Pay, 4 PhonePe (the spec:
 *   2 Google Pay, 3 Paytm, 4 PhonePe), and every refusal is answered with HTTP 200 (status false). What it only adds (the token inside a bid's new_result, dates as
 *   D-M-YYYY, its own calls) is read for every key.
 */
export const DIALECTS = ['spec', 'matka04'] as const;
export type Dialect = (typeof DIALECTS)[number];

export interface DialectFacts {
  /** msg_status of a market that takes no bids (1 is open in every dialect) */
  readonly closedMsgStatus: 0 | 2;
  /** the dialect's withdraw payment_method code -> the spec's code (2 Google Pay, 3 Paytm, 4 PhonePe) */
  readonly withdrawMethodToSpec: Readonly<Record<string, '2' | '3' | '4'>>;
  /**
   * a refusal's HTTP status: 'as declared' (400, 401, 409, 429 …, for our clients) or 200, as the
   * original backend answers every refusal (Retrofit-based apps read no body from any other status)
   */
  readonly refusalStatus: 'as declared' | 200;
}

export const DIALECT_FACTS: Readonly<Record<Dialect, DialectFacts>> = {
  spec: { closedMsgStatus: 0, withdrawMethodToSpec: { '2': '2', '3': '3', '4': '4' }, refusalStatus: 'as declared' },
  matka04: { closedMsgStatus: 2, withdrawMethodToSpec: { '2': '3', '3': '2', '4': '4' }, refusalStatus: 200 },
};

export const isDialect = (s: string): s is Dialect => (DIALECTS as readonly string[]).includes(s);

/** The dialect's code of a withdrawal method given in the spec's code (the inverse of withdrawMethodToSpec). */
export function withdrawMethodOfDialect(dialect: Dialect, specCode: string): string {
  const map = DIALECT_FACTS[dialect].withdrawMethodToSpec;
  return Object.keys(map).find((k) => map[k] === specCode) ?? specCode;
}
