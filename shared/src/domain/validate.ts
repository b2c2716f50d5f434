/**
 * Bid validation: one function for every bet type, the same in the browser (validateBid, with the
 * displayed balance) and on the server (validateRow, per submitted row, no balance). Never throws.
 * Order (spec section 5): session, then digit errors (Full Sangam open pana: key 'Opendigit'), then
 * points ('Please enter point', then whole number 10..10,000,000), then balance.
 */
import {
  BET_TYPES,
  HALF_SANGAM_FIELDS,
  betTypeById,
  type BetTypeDef,
  type BetTypeId,
  type FieldDef,
  type HalfSangamForm,
  type Session,
} from './betTypes';
import { MSG } from './messages';
import { compose, type Composed } from './templates';
import { dpMotor, spdptp, spMotor, type Expansion } from './motors';
import { PANA_KIND_LABEL, panaKind } from './panas';

export interface BidRow {
  digits: string;
  closedigits: string;
  points: number;
  session: Session;
  /** Bet-kind label of the row, e.g. 'Single Pana' (motor and SP DP TP rows: the kind of their pana). */
  pana: string;
}
export type SpDpTpFlags = { SP: boolean; DP: boolean; TP: boolean };
export interface BidInput {
  digit: string;
  closeDigit?: string;
  points: string | number;
  session?: Session;
  /** Displayed balance (wallet minus pending rows). */
  balance: number;
  flags?: SpDpTpFlags;
  halfSangamForm?: HalfSangamForm;
}
export type ErrorKey = 'Opendigit' | 'digit' | 'point';
export type ValidationResult =
  | { ok: true; rows: BidRow[]; total: number }
  | { ok: false; key: ErrorKey; message: string; /** the message's template, when composed */ composed?: Composed };
type Failure = Extract<ValidationResult, { ok: false }>;

export const MIN_BID = 10;
/**
 * Smallest transfer: 100 points. The spec says "below 100 rejected" (its message reads 'Points Must be
 * More than 100'); 100 itself is accepted, as by the deployed clients.
 */
export const MIN_TRANSFER = 100;
export const transferPointsTooFew = (points: number): boolean => !(points >= MIN_TRANSFER);
/** Cap on the points of one row (not in spec; keeps totals far inside safe integers). */
export const MAX_BID = 10_000_000;

const fail = (key: ErrorKey, message: string): Failure => ({ ok: false, key, message });
/** 'Number {n} is not valid', with its template for the server's languages. */
const notValid = (key: ErrorKey, n: string): Failure => {
  const composed = compose('numberNotValid', { n });
  return { ok: false, key, message: composed.text, composed };
};

/** Points are whole: '10.5', '1,000' or '1e3' is refused with this, never read as another number. */
export const POINTS_WHOLE = 'Points must be a whole number';

/** True for points typed as plain digits (spaces at the ends allowed). */
export const isWholePointsText = (s: string): boolean => /^\d+$/.test(s.trim());

/** Points as typed: whole number from 10 to 10,000,000; strings are trimmed and must be plain digits. */
export function parsePoints(p: unknown): { ok: true; points: number } | Failure {
  const s = typeof p === 'string' ? p.trim() : p;
  if (s === undefined || s === null || s === '' || (typeof s === 'number' && Number.isNaN(s)))
    return fail('point', MSG.enterPoint);
  if (
    (typeof s === 'string' && !isWholePointsText(s) && !/^-\d+$/.test(s)) ||
    (typeof s === 'number' && Number.isFinite(s) && !Number.isInteger(s))
  )
    return fail('point', POINTS_WHOLE);
  const n = typeof s === 'number' || typeof s === 'string' ? Number(s) : NaN;
  if (n > MAX_BID) return fail('point', MSG.maxBid);
  if (!Number.isInteger(n) || n < MIN_BID) return fail('point', MSG.minBid);
  return { ok: true, points: n };
}

/** 'Open' / 'Close', also the 'open' / 'close' / 'closed' spellings of some screens; null otherwise. */
export function parseSession(s: unknown): Session | null {
  const v = typeof s === 'string' ? s.trim().toLowerCase() : '';
  return v === 'open' ? 'Open' : v === 'close' || v === 'closed' ? 'Close' : null;
}

const valueSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function isAllowed(values: readonly string[], v: string): boolean {
  let set = valueSets.get(values);
  if (!set) valueSets.set(values, (set = new Set(values)));
  return set.has(v);
}

/** One field: required, then one of its allowed values. */
function checkField(field: FieldDef, value: unknown, key: ErrorKey): Failure | null {
  if (value === undefined || value === null || value === '') return fail(key, MSG.enterNumber);
  if (typeof value !== 'string') return notValid(key, String(value));
  return field.values && !isAllowed(field.values, value) ? notValid(key, value) : null;
}

type Entry = Omit<BidRow, 'points' | 'session'>;
type Source = { digit: unknown; close?: unknown; flags?: SpDpTpFlags; form?: HalfSangamForm };

const rowLabel = (def: BetTypeDef, digits: string): string => def.rowLabel ?? PANA_KIND_LABEL[panaKind(digits) ?? 'SP'];

/** Bid mode: the expansion of motor / SP DP TP entries; null for the other types. */
function expand(def: BetTypeDef, { digit, flags }: Source): Expansion | null {
  const s = digit as string; // the expansions check the type themselves
  if (def.id === 'sp_motor') return spMotor(s);
  if (def.id === 'dp_motor') return dpMotor(s);
  if (def.id === 'sp_dp_tp') return spdptp(s, flags ?? { SP: false, DP: false, TP: false });
  return null;
}

/** The entries (digits, closedigits, label) of one bid, or its first digit error. */
function entries(def: BetTypeDef, src: Source, asRow: boolean): Entry[] | Failure {
  if (!asRow) {
    const e = expand(def, src);
    if (e)
      return e.ok
        ? e.panas.map((p) => ({ digits: p, closedigits: '', pana: rowLabel(def, p) }))
        : fail('digit', e.message);
  }
  const fields: readonly FieldDef[] =
    asRow && def.rowValues
      ? [{ label: 'Pana', values: def.rowValues, maxLength: 3 }]
      : def.id === 'half_sangam'
        ? HALF_SANGAM_FIELDS[src.form ?? 'openDigitClosePana']
        : def.fields;
  const values = [src.digit, src.close];
  for (let i = 0; i < fields.length; i++) {
    const error = checkField(fields[i], values[i], i === 0 && def.id === 'full_sangam' ? 'Opendigit' : 'digit');
    if (error) return error;
  }
  const digits = src.digit as string;
  return [{ digits, closedigits: fields.length > 1 ? (src.close as string) : '', pana: rowLabel(def, digits) }];
}

function validate(type: BetTypeId, src: Source, points: unknown, session: unknown, asRow: boolean): ValidationResult {
  const def = betTypeById(type);
  if (!def) return fail('digit', MSG.unknownBetType);
  const s = def.fixedSession ?? parseSession(session);
  if (!s) return fail('digit', MSG.selectSession);
  const list = entries(def, src, asRow);
  if (!Array.isArray(list)) return list;
  const p = parsePoints(points);
  if (!p.ok) return p;
  const rows = list.map((e) => ({ ...e, points: p.points, session: s }));
  return { ok: true, rows, total: p.points * rows.length };
}

/** Message shown when the total exceeds the displayed balance. */
export function balanceMessage(type: BetTypeId): string {
  if (type === 'sp_motor' || type === 'dp_motor') return MSG.notEnoughBalance;
  return BET_TYPES[type]?.family === 'starline' ? MSG.insufficientStarline : MSG.insufficient;
}

/**
 * Validates what a bid screen's Proceed button adds: the rows (motors expanded) and their total.
 * The balance is checked before the maximum: points above what the player has read 'Insufficient
 * balance ...' however large they are; MAX_BID only bounds a player whose balance is larger still.
 */
export function validateBid(type: BetTypeId, input: BidInput): ValidationResult {
  if (!input || typeof input !== 'object') return fail('digit', MSG.enterNumber);
  const src = { digit: input.digit, close: input.closeDigit, flags: input.flags, form: input.halfSangamForm };
  const r = validate(type, src, input.points, input.session, false);
  if (r.ok && !(r.total <= input.balance)) return fail('point', balanceMessage(type));
  if (!r.ok && r.message === MSG.maxBid && !(Number(input.points) <= input.balance))
    return fail('point', balanceMessage(type));
  return r;
}

/**
 * Server-side re-validation of one submitted row (no balance). Motor and SP DP TP rows hold one pana
 * of their kind; a Half Sangam row's form follows from its lengths (3-digit `digits` = open pana).
 */
export function validateRow(
  type: BetTypeId,
  row: { digits: string; closedigits?: string; points: number | string; session?: string },
): ValidationResult {
  if (!row || typeof row !== 'object') return fail('digit', MSG.enterNumber);
  const form: HalfSangamForm =
    typeof row.digits === 'string' && row.digits.length === 3 ? 'openPanaCloseDigit' : 'openDigitClosePana';
  return validate(type, { digit: row.digits, close: row.closedigits, form }, row.points, row.session, true);
}
