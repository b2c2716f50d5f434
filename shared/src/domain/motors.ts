/** Expansions of one typed entry into many panas: SP Motor, DP Motor, SP DP TP (spec section 5). */
import { MSG, numberNotValid } from './messages';
import { DOUBLE_PANAS, PANA_KIND_LABEL, SINGLE_PANAS, SPDPTP_TABLE, panaKind, type PanaKind } from './panas';

export type Expansion = { ok: true; panas: string[] } | { ok: false; message: string };

/** Longest motor input accepted: one of each digit. Longer strings are rejected as not valid. */
export const MOTOR_MAX_LENGTH = 10;

const fail = (message: string): Expansion => ({ ok: false, message });

/** Common input checks of both motors; returns the set of distinct digits or an error. */
function motorDigits(input: string, minLength: number, tooShort: (s: string) => string): Set<string> | Expansion {
  if (typeof input !== 'string' || input === '') return fail(MSG.enterNumber);
  if (!/^\d+$/.test(input) || input.length > MOTOR_MAX_LENGTH) return fail(numberNotValid(input));
  if (input.length < minLength) return fail(tooShort(input));
  return new Set(input);
}

const madeOf = (pana: string, digits: Set<string>): boolean => [...pana].every((d) => digits.has(d));

/**
 * SP Motor: every single pana whose three (distinct) digits all occur in the input. Repeated input
 * digits count once. Pana ordering (0 counts as 10) means no zero in the first two positions.
 * Errors: '' -> 'Please enter the number'; non-digits or more than 10 characters -> 'Number {x} is
 * not valid'; fewer than 3 characters, or fewer than 3 distinct digits -> 'Digit not valid'.
 */
export function spMotor(input: string): Expansion {
  const digits = motorDigits(input, 3, () => MSG.digitNotValid);
  if (!(digits instanceof Set)) return digits;
  const panas = SINGLE_PANAS.filter((p) => madeOf(p, digits));
  return panas.length ? { ok: true, panas } : fail(MSG.digitNotValid);
}

/**
 * DP Motor: for every pair of distinct input digits a, b the pana a-a-b (put in pana order), i.e.
 * every double pana whose digits all occur in the input. Both 112 and 122 come from input '12'
 * (the matka convention; a raw 'aab' string filtered against the list would drop half of them).
 * Errors: '' -> 'Please enter the number'; non-digits, more than 10 or fewer than 2 characters ->
 * 'Number {x} is not valid'; no pair of distinct digits ('11') -> 'Please enter a valid Pana (at least 2 digits)'.
 */
export function dpMotor(input: string): Expansion {
  const digits = motorDigits(input, 2, numberNotValid);
  if (!(digits instanceof Set)) return digits;
  const panas = DOUBLE_PANAS.filter((p) => madeOf(p, digits));
  return panas.length ? { ok: true, panas } : fail(MSG.dpMotorPana);
}

/**
 * SP DP TP: the fixed lists of one ank digit, single panas first, then double, then triple.
 * Errors: '' -> 'Please enter the number'; anything but one digit -> 'Number {x} is not valid';
 * no flag set -> 'Please select SP, DP or TP' (not in spec).
 */
export function spdptp(digit: string, flags: { SP: boolean; DP: boolean; TP: boolean }): Expansion {
  if (typeof digit !== 'string' || digit === '') return fail(MSG.enterNumber);
  if (!/^\d$/.test(digit)) return fail(numberNotValid(digit));
  const lists = SPDPTP_TABLE[digit];
  const panas = (['SP', 'DP', 'TP'] as PanaKind[]).flatMap((k) => (flags?.[k] === true ? lists[k] : []));
  return panas.length ? { ok: true, panas } : fail(MSG.selectSpDpTp);
}

/**
 * What a motor screen's panas place (the original backend's combination calls answer it): each pana with
 * its points and its kind's name, and their total; refused when there is none or the wallet is short.
 */
export function motorPlan(
  panas: readonly string[],
  points: number,
  wallet: number,
):
  | { ok: true; rows: { number: string; points: number; pana: string }[]; total: number }
  | { ok: false; message: string } {
  if (!panas.length) return { ok: false, message: 'No Possible combination found' };
  const total = panas.length * points;
  if (total > wallet) return { ok: false, message: MSG.notEnoughBalance };
  return {
    ok: true,
    total,
    rows: panas.map((p) => {
      const kind = panaKind(p);
      return { number: p, points, pana: kind ? PANA_KIND_LABEL[kind] : '' };
    }),
  };
}

/**
 * The original backend's answer to a motor screen's combination call, built from `motorPlan`: the
 * panas with their points, their total and the wallet after; or the refusal's message.
 */
export function motorAnswer(
  x: Expansion,
  points: number,
  wallet: number,
):
  | {
      ok: true;
      fields: {
        posssible_array: { number: string; points: number; pana: string }[];
        total_bid_amount: number;
        wallet_amt_after_bid: number;
      };
    }
  | { ok: false; message: string } {
  const plan = x.ok ? motorPlan(x.panas, points, wallet) : x;
  if (!plan.ok) return plan;
  return {
    ok: true,
    fields: { posssible_array: plan.rows, total_bid_amount: plan.total, wallet_amt_after_bid: wallet - plan.total },
  };
}
