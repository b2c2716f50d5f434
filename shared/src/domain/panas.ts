/**
 * Number tables of the game. A pana is written with its digits in ascending order where 0 counts
 * as 10 (so '120', '130', '890' are panas and '012' is not); every list is in ascending string order.
 */

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

export const SINGLE_DIGITS: readonly string[] = Object.freeze(range(10).map(String));
export const JODIS: readonly string[] = Object.freeze(range(100).map((n) => String(n).padStart(2, '0')));

/** Sort weight of a digit in a pana: 0 counts as 10. */
const weight = (d: string): number => (d === '0' ? 10 : Number(d));

/** True when the string is three digits in pana order (non-decreasing weights). */
export function isPanaOrdered(s: string): boolean {
  return /^\d{3}$/.test(s) && weight(s[0]) <= weight(s[1]) && weight(s[1]) <= weight(s[2]);
}

/** Digits (any order, '0'..'9' each) rearranged into pana order: ['0','2','1'] -> '120'. */
export function toPana(digits: readonly string[]): string {
  return [...digits].sort((a, b) => weight(a) - weight(b)).join('');
}

const distinctCount = (p: string): number => new Set(p).size;

export const ALL_PANAS: readonly string[] = Object.freeze(
  range(1000)
    .map((n) => String(n).padStart(3, '0'))
    .filter(isPanaOrdered),
);
export const SINGLE_PANAS: readonly string[] = Object.freeze(ALL_PANAS.filter((p) => distinctCount(p) === 3));
export const DOUBLE_PANAS: readonly string[] = Object.freeze(ALL_PANAS.filter((p) => distinctCount(p) === 2));
export const TRIPLE_PANAS: readonly string[] = Object.freeze(ALL_PANAS.filter((p) => distinctCount(p) === 1));

/**
 * The short list one starline Single Pana screen of the original app offers (spec section 5).
 * Deliberately NOT used: every screen and the server accept the full SINGLE_PANAS list, because the
 * short list is a subset of it and a bid valid on one screen must be valid on every screen and on the
 * server. Kept only so a screen can reproduce that suggestion list if product asks for it.
 */
export const STARLINE_SHORT_SINGLE_PANAS: readonly string[] = Object.freeze([
  '120',
  '123',
  '124',
  '125',
  '126',
  '127',
  '128',
  '129',
  '130',
  '134',
  '135',
]);

export type PanaKind = 'SP' | 'DP' | 'TP';

const KIND_BY_PANA: ReadonlyMap<string, PanaKind> = new Map([
  ...SINGLE_PANAS.map((p) => [p, 'SP'] as const),
  ...DOUBLE_PANAS.map((p) => [p, 'DP'] as const),
  ...TRIPLE_PANAS.map((p) => [p, 'TP'] as const),
]);

/** 'SP' | 'DP' | 'TP' for a valid pana, null for anything else (including unordered '012'). */
export function panaKind(pana: string): PanaKind | null {
  return KIND_BY_PANA.get(pana) ?? null;
}

/** The pana's digit (ank): sum of its digits mod 10. For any string of digits; '' for non-digits. */
export function panaDigit(pana: string): string {
  if (!/^\d+$/.test(pana)) return '';
  return String([...pana].reduce((sum, d) => sum + Number(d), 0) % 10);
}

/** Bet-kind label of a pana kind, as sent in `pana` and shown on the confirm dialog. */
export const PANA_KIND_LABEL: Readonly<Record<PanaKind, string>> = Object.freeze({
  SP: 'Single Pana',
  DP: 'Double Pana',
  TP: 'Triple Pana',
});

type KindLists = { SP: readonly string[]; DP: readonly string[]; TP: readonly string[] };

/** Per ank digit '0'..'9': its 12 single, 9 double and 1 triple panas (the SP DP TP combinations). */
export const SPDPTP_TABLE: Readonly<Record<string, KindLists>> = Object.freeze(
  Object.fromEntries(
    SINGLE_DIGITS.map((d) => {
      const ofAnk = (list: readonly string[]) => Object.freeze(list.filter((p) => panaDigit(p) === d));
      return [d, Object.freeze({ SP: ofAnk(SINGLE_PANAS), DP: ofAnk(DOUBLE_PANAS), TP: ofAnk(TRIPLE_PANAS) })];
    }),
  ),
);
