/**
 * Game rates: which rate pairs each family shows and under which label (spec section 2). A rates record
 * (game_rates[0] of the rates calls) holds `${key}_val_1` / `${key}_val_2`; a pair 'a-b' pays b for a bid
 * of a. Gali keeps its three pairs in the single_digit / single_pana / double_pana keys.
 */
import type { Family } from './betTypes';
import { formatRate } from './text';

export type RatesRecord = Record<string, string | number | null | undefined>;

export interface RateRow {
  label: string;
  /** Key of the pair in the rates record: `${key}_val_1`, `${key}_val_2`. */
  key: string;
}

export const RATE_ROWS: Record<Family, readonly RateRow[]> = {
  regular: [
    { label: 'Single Digit', key: 'single_digit' },
    { label: 'Jodi Digit', key: 'jodi_digit' },
    { label: 'Single Pana', key: 'single_pana' },
    { label: 'Double Pana', key: 'double_pana' },
    { label: 'Triple Pana', key: 'tripple_pana' },
    { label: 'Half Sangam', key: 'half_sangam' },
    { label: 'Full Sangam', key: 'full_sangam' },
  ],
  starline: [
    { label: 'Single Digit', key: 'single_digit' },
    { label: 'Single Pana', key: 'single_pana' },
    { label: 'Double Panna', key: 'double_pana' },
    { label: 'Tripple Panna', key: 'tripple_pana' },
  ],
  gali: [
    { label: 'Left Digit', key: 'single_digit' },
    { label: 'Right Digit', key: 'single_pana' },
    { label: 'Jodi Digit', key: 'double_pana' },
  ],
};

const has = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The family's rates as shown: the pairs the record holds, in order, each 'a-b'. */
export function rateRows(family: Family, record: RatesRecord | undefined): (RateRow & { value: string })[] {
  if (!record) return [];
  return RATE_ROWS[family]
    .filter((r) => has(record[`${r.key}_val_1`]) && has(record[`${r.key}_val_2`]))
    .map((r) => ({ ...r, value: formatRate(String(record[`${r.key}_val_1`]), String(record[`${r.key}_val_2`])) }));
}

/** The label players see for a family's rate key (the key itself when the family does not show it). */
export const rateLabel = (family: Family, key: string): string =>
  RATE_ROWS[family].find((r) => r.key === key)?.label ?? key;
