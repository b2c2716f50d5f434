/** The 17 bet types of the three market families and what their screens and the server need to know. */
import { ALL_PANAS, DOUBLE_PANAS, JODIS, SINGLE_DIGITS, SINGLE_PANAS, TRIPLE_PANAS } from './panas';

export type Family = 'regular' | 'starline' | 'gali';
/** The three market families, in the order the app lists them. */
export const FAMILIES: readonly Family[] = ['regular', 'starline', 'gali'];
export type Session = 'Open' | 'Close';
export type BetTypeId =
  | 'single_digit'
  | 'jodi_digit'
  | 'single_pana'
  | 'double_pana'
  | 'triple_pana'
  | 'half_sangam'
  | 'full_sangam'
  | 'sp_dp_tp'
  | 'sp_motor'
  | 'dp_motor'
  | 'starline_single_digit'
  | 'starline_single_pana'
  | 'starline_double_pana'
  | 'starline_triple_pana'
  | 'gali_left_digit'
  | 'gali_right_digit'
  | 'gali_jodi_digit';
/** Key of a rate pair in the rates record (`${rateKey}_val_1`, `${rateKey}_val_2`). */
export type RateKey =
  'single_digit' | 'jodi_digit' | 'single_pana' | 'double_pana' | 'tripple_pana' | 'half_sangam' | 'full_sangam';
export type HalfSangamForm = 'openDigitClosePana' | 'openPanaCloseDigit';

/** One input field of a bid screen. `values` is the allowed list (suggestions); absent = free digit string. */
export interface FieldDef {
  label: string;
  values?: readonly string[];
  maxLength: number;
}

export interface BetTypeDef {
  id: BetTypeId;
  family: Family;
  /** Screen / tile title as the spec names it. */
  title: string;
  /** Sent as `gametype` (regular) and as `pana` of new_result (except SP DP TP: the pana kind). */
  gametype: string;
  /** The screen shows an Open / Close session choice. */
  hasSession: boolean;
  /** Session of every row when there is no choice. */
  fixedSession?: Session;
  /** Session of the whole new_result when it differs from the rows' (Gali: rows Open, request Close). */
  requestSession?: Session;
  /** Closed once the open time is not later than now (Jodi Digit, Half Sangam, Full Sangam). */
  timed: boolean;
  /** Rate pair used to settle a winning row (SP DP TP rows settle by their own pana kind). */
  rateKey: RateKey;
  /** Route of the bid screen (spec section 2). */
  route: string;
  /** The `pana` label of every row; absent for SP DP TP, whose rows carry their pana kind. */
  rowLabel?: string;
  /** Input fields of the screen: 1, or 2 for the sangams (open, close). Motors: one free digit string. */
  fields: readonly FieldDef[];
  /** What a single submitted row may hold (motors: the panas they expand to). */
  rowValues?: readonly string[];
  /** Other spellings accepted by betTypeByName (e.g. the rates panel's 'Tripple Panna'). */
  aliases?: readonly string[];
}

const DIGIT: FieldDef = { label: 'Digit', values: SINGLE_DIGITS, maxLength: 1 };
const JODI: FieldDef = { label: 'Jodi', values: JODIS, maxLength: 2 };
const pana = (values: readonly string[], label = 'Pana'): FieldDef => ({ label, values, maxLength: 3 });

/** Fields of the two Half Sangam forms: open digit + close pana, or open pana + close digit. */
export const HALF_SANGAM_FIELDS: Readonly<Record<HalfSangamForm, readonly [FieldDef, FieldDef]>> = {
  openDigitClosePana: [{ ...DIGIT, label: 'Open Digit' }, pana(ALL_PANAS, 'Close Pana')],
  openPanaCloseDigit: [pana(ALL_PANAS, 'Open Pana'), { ...DIGIT, label: 'Close Digit' }],
};

type Spec = Omit<BetTypeDef, 'id' | 'family' | 'gametype' | 'timed' | 'hasSession'> &
  Partial<Pick<BetTypeDef, 'gametype' | 'timed' | 'hasSession'>>;

const def = (id: BetTypeId, family: Family, s: Spec): BetTypeDef => ({
  id,
  family,
  gametype: s.title,
  timed: false,
  hasSession: !s.fixedSession,
  rowLabel: s.title,
  ...s,
});

const STARLINE = { fixedSession: 'Open', requestSession: 'Open' } as const;
const GALI = { fixedSession: 'Open', requestSession: 'Close' } as const;

export const BET_TYPES: Readonly<Record<BetTypeId, BetTypeDef>> = {
  single_digit: def('single_digit', 'regular', {
    title: 'Single Digit',
    rateKey: 'single_digit',
    route: '/single',
    fields: [DIGIT],
  }),
  jodi_digit: def('jodi_digit', 'regular', {
    title: 'Jodi Digit',
    rateKey: 'jodi_digit',
    route: '/jodi',
    fields: [JODI],
    fixedSession: 'Close',
    timed: true,
    aliases: ['Jodi'],
  }),
  single_pana: def('single_pana', 'regular', {
    title: 'Single Pana',
    rateKey: 'single_pana',
    route: '/singlepana',
    fields: [pana(SINGLE_PANAS)],
  }),
  double_pana: def('double_pana', 'regular', {
    title: 'Double Pana',
    rateKey: 'double_pana',
    route: '/doublepana',
    fields: [pana(DOUBLE_PANAS)],
  }),
  triple_pana: def('triple_pana', 'regular', {
    title: 'Triple Pana',
    rateKey: 'tripple_pana',
    route: '/tripplepana',
    fields: [pana(TRIPLE_PANAS)],
    aliases: ['Tripple Pana'],
  }),
  half_sangam: def('half_sangam', 'regular', {
    title: 'Half Sangam',
    rateKey: 'half_sangam',
    route: '/halfsangam',
    fields: HALF_SANGAM_FIELDS.openDigitClosePana,
    timed: true,
    // no session choice: the Sangam form (open digit + close pana, or open pana + close digit) says it
    hasSession: false,
  }),
  full_sangam: def('full_sangam', 'regular', {
    title: 'Full Sangam',
    rateKey: 'full_sangam',
    route: '/fullsangam',
    fixedSession: 'Open',
    timed: true,
    fields: [pana(ALL_PANAS, 'Open Pana'), pana(ALL_PANAS, 'Close Pana')],
  }),
  sp_dp_tp: def('sp_dp_tp', 'regular', {
    title: 'SP DP TP',
    rateKey: 'single_pana',
    route: '/spdptp',
    fields: [DIGIT],
    rowValues: ALL_PANAS,
    rowLabel: undefined,
    aliases: ['SPDPTP'],
  }),
  sp_motor: def('sp_motor', 'regular', {
    title: 'SP Motor',
    rateKey: 'single_pana',
    route: '/spmotor',
    rowLabel: 'Single Pana',
    rowValues: SINGLE_PANAS,
    fields: [{ label: 'Digit', maxLength: 10 }],
  }),
  dp_motor: def('dp_motor', 'regular', {
    title: 'DP Motor',
    rateKey: 'double_pana',
    route: '/dpmotor',
    rowLabel: 'Double Pana',
    rowValues: DOUBLE_PANAS,
    fields: [{ label: 'Digit', maxLength: 10 }],
  }),
  starline_single_digit: def('starline_single_digit', 'starline', {
    title: 'Single Digit',
    rateKey: 'single_digit',
    route: '/starsingle',
    fields: [DIGIT],
    ...STARLINE,
  }),
  starline_single_pana: def('starline_single_pana', 'starline', {
    title: 'Single Pana',
    rateKey: 'single_pana',
    route: '/ssinglepana',
    fields: [pana(SINGLE_PANAS)],
    aliases: ['Single Panna'],
    ...STARLINE,
  }),
  starline_double_pana: def('starline_double_pana', 'starline', {
    title: 'Double Pana',
    rateKey: 'double_pana',
    route: '/sdoublepana',
    fields: [pana(DOUBLE_PANAS)],
    aliases: ['Double Panna'],
    ...STARLINE,
  }),
  starline_triple_pana: def('starline_triple_pana', 'starline', {
    title: 'Triple Pana',
    rateKey: 'tripple_pana',
    route: '/stripplepana',
    fields: [pana(TRIPLE_PANAS)],
    aliases: ['Tripple Panna', 'Tripple Pana', 'Triple Panna'],
    ...STARLINE,
  }),
  // Gali rates live in the single_digit / single_pana / double_pana pairs of the Gali rates record (spec section 2).
  gali_left_digit: def('gali_left_digit', 'gali', {
    title: 'Left Digit',
    rateKey: 'single_digit',
    route: '/leftdigit',
    fields: [DIGIT],
    ...GALI,
  }),
  gali_right_digit: def('gali_right_digit', 'gali', {
    title: 'Right Digit',
    rateKey: 'single_pana',
    route: '/rightdigit',
    fields: [DIGIT],
    ...GALI,
  }),
  gali_jodi_digit: def('gali_jodi_digit', 'gali', {
    title: 'Jodi Digit',
    rateKey: 'double_pana',
    route: '/jodidigit',
    fields: [JODI],
    aliases: ['Jodi'],
    ...GALI,
  }),
};

export const BET_TYPE_IDS = Object.keys(BET_TYPES) as BetTypeId[];

/** The definition of an id, or undefined for anything that is not one (safe on untrusted input). */
export function betTypeById(id: unknown): BetTypeDef | undefined {
  return typeof id === 'string' && Object.hasOwn(BET_TYPES, id) ? BET_TYPES[id as BetTypeId] : undefined;
}

const norm = (s: string): string => s.toLowerCase().replace(/[\s_-]+/g, '');

/** Case- and space-insensitive lookup within a family by title, gametype, alias or id. */
export function betTypeByName(family: Family, name: string): BetTypeDef | undefined {
  if (typeof name !== 'string') return undefined;
  const key = norm(name);
  if (!key) return undefined;
  return BET_TYPE_IDS.map((id) => BET_TYPES[id]).find(
    (d) => d.family === family && [d.title, d.gametype, d.id, ...(d.aliases ?? [])].some((n) => norm(n) === key),
  );
}

/** The family's bet types in spec order (tiles of the game-selection screens). */
export function betTypesOf(family: Family): BetTypeDef[] {
  return BET_TYPE_IDS.map((id) => BET_TYPES[id]).filter((d) => d.family === family);
}

/**
 * Bet types whose session means nothing to the player (every Starline and Gali bet, Full Sangam): no
 * screen of theirs offers one, so no player-facing text names one (the confirm dialog's Game Type shows
 * the bet type instead, the ledger note none), whatever the wire carries.
 */
export const sessionMeaningless = (def: Pick<BetTypeDef, 'family' | 'id'>): boolean =>
  def.family !== 'regular' || def.id === 'full_sangam';

/** A bid's session as a person reads it: '' where it means nothing to the player (Gali, Starline, Full Sangam). */
export function sessionWord(betType: string, session: string): string {
  const def = betTypeById(betType);
  return def && sessionMeaningless(def) ? '' : session;
}
