/**
 * The codes of refusals that are not a player call's own rule: what the framework, the operator API, the
 * files and the streams refuse with, by the answer's HTTP status. A client decides by the code a refusal
 * carries (`{status: false, msg, code}`), never by its text: the text is for a person and may be in
 * Hindi or Marathi. A player call's own refusals carry their catalogue id instead (refusals.ts).
 */
export const STATUS_REFUSALS = {
  /** a field of the request missing or not valid: the text names it */
  400: 'request',
  /** no session, an expired one, or a bad key: sign in again */
  401: 'unauthorized',
  /** signed in, without the right for this call */
  403: 'forbidden',
  /** no such thing (a request, a file, a route) */
  404: 'not_found',
  /** the thing has moved on (decided, taken, changed by someone else) */
  409: 'conflict',
  /** the body is larger than the call takes */
  413: 'too_large',
  /** the body is not JSON (or the multipart the call takes) */
  415: 'request',
  /** too many tries: wait, then try again */
  429: 'too_many',
  /** the server failed: try again later */
  500: 'server',
  /** a part the call needs is down: try again later */
  503: 'unavailable',
} as const;

/** A refusal answered with 200 that no catalogue code names: the server's own word (an operator's rule). */
export const RULE_REFUSAL = 'refused';

export type StatusRefusalCode = (typeof STATUS_REFUSALS)[keyof typeof STATUS_REFUSALS] | typeof RULE_REFUSAL;

/** The code of a refusal answered with `status` that carries no code of its own. */
export function refusalCodeOfStatus(status: number): StatusRefusalCode {
  if (status in STATUS_REFUSALS) return STATUS_REFUSALS[status as keyof typeof STATUS_REFUSALS];
  if (status >= 500) return 'server';
  return status >= 400 ? 'request' : RULE_REFUSAL;
}
