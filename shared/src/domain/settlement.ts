/**
 * Declaring a result: what the operator declares, how it composes the market's result of the day, and
 * what declaring does, as the operator API reports it (the server settles in
 * server/src/services/settlement.ts and settle-sql.ts; the operator console shows it).
 */
import { panaDigit, panaKind } from './panas';

/** A market's result of one day, as stored: the panas and digits declared so far, and the jodi. */
export interface ResultState {
  open_pana: string | null;
  open_digit: string | null;
  close_pana: string | null;
  close_digit: string | null;
  jodi: string | null;
}

export const EMPTY_RESULT: ResultState = {
  open_pana: null,
  open_digit: null,
  close_pana: null,
  close_digit: null,
  jodi: null,
};

/** What the operator declares: a regular session's pana, a starline slot's pana, or a Gali jodi. */
export type Declaration =
  | { family: 'regular'; session: 'open' | 'close'; pana: string }
  | { family: 'starline'; pana: string }
  | { family: 'gali'; jodi: string };

export const isPana = (p: string) => typeof p === 'string' && panaKind(p) !== null;
export const isJodi = (j: string) => typeof j === 'string' && /^\d{2}$/.test(j);

/** Why a declaration cannot be made: 'invalid' (a wrong value or family) or 'order' (close before open). */
export type ComposeFailure = { ok: false; reason: 'invalid' | 'order'; message: string };

/**
 * The market's result after a declaration: a regular open pana keeps a declared close (and makes the
 * jodi), a close pana needs the open one; a Starline slot's pana and a Gali jodi stand alone.
 */
export function composeResult(
  market: { family: 'regular' | 'starline' | 'gali'; name: string },
  current: ResultState | null,
  d: Declaration,
): { ok: true; result: ResultState } | ComposeFailure {
  const cur = current ?? EMPTY_RESULT;
  const invalid = (message: string): ComposeFailure => ({ ok: false, reason: 'invalid', message });
  if (d.family !== market.family) return invalid(`${market.name} is a ${market.family} market, not ${d.family}`);
  if (d.family === 'gali') {
    if (!isJodi(d.jodi)) return invalid(`'${d.jodi}' is not a jodi (two digits 00-99)`);
    return { ok: true, result: { ...EMPTY_RESULT, jodi: d.jodi } };
  }
  if (!isPana(d.pana)) return invalid(`'${d.pana}' is not a pana (one of the 220 panas, e.g. 128, 330, 777)`);
  const digit = panaDigit(d.pana);
  if (d.family === 'starline') return { ok: true, result: { ...EMPTY_RESULT, open_pana: d.pana, open_digit: digit } };
  if (d.session === 'open') {
    const jodi = cur.close_digit !== null ? digit + cur.close_digit : null;
    return {
      ok: true,
      result: { open_pana: d.pana, open_digit: digit, close_pana: cur.close_pana, close_digit: cur.close_digit, jodi },
    };
  }
  if (!cur.open_pana || cur.open_digit === null) {
    return { ok: false, reason: 'order', message: `Declare the open result of ${market.name} first` };
  }
  return { ok: true, result: { ...cur, close_pana: d.pana, close_digit: digit, jodi: cur.open_digit + digit } };
}
