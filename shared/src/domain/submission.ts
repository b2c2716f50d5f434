/**
 * The `new_result` body of the submit-bid calls (spec section 7) and its server-side inverse.
 *
 * Open-session conversion of regular rows (spec: "On Open session each regular entry is converted
 * to digits/closedigits/pana/closepana"). Every slot that the bet uses is filled, the others are '':
 *   digits     the open digit   (Single Digit: the digit; pana bets: the pana's digit; sangams: open digit)
 *   pana       the open pana    (pana bets, Half Sangam open pana + close digit, Full Sangam)
 *   closedigits the close digit (Half Sangam: the close digit or the close pana's digit; Full Sangam: close pana's digit)
 *   closepana  the close pana   (Half Sangam open digit + close pana, Full Sangam)
 * Inverse: digits = pana || digits, closedigits = closepana || closedigits, and a filled digit must be
 * the digit of its filled pana. Close-session rows, starline and Gali rows are sent as given
 * ({ digits, closedigits, points, session }). Jodi Digit is always Close, so it is never converted.
 */
import { betTypeById, betTypeByName, type BetTypeDef, type BetTypeId, type Family, type Session } from './betTypes';
import { bidDateText, parseBidDate } from './format';
import { MSG } from './messages';
import { compose, type Message } from './templates';
import { PANA_KIND_LABEL, panaDigit, panaKind } from './panas';
import { parseSession, validateRow, type BidRow } from './validate';

export interface NewResultRow {
  digits: string;
  closedigits: string;
  points: number;
  session: string;
  /** Only on converted (regular, Open session) rows. */
  pana?: string;
  closepana?: string;
}
export interface NewResult {
  unique_token: string;
  Gamename: string;
  totalbit: number;
  gameid: string;
  pana: string;
  gametype?: string;
  bid_date: string;
  session: string;
  result: NewResultRow[];
}

/** Most rows accepted in one request (SP Motor of 10 digits = 120 rows; not in spec). */
export const MAX_ROWS_PER_REQUEST = 500;

const isPana = (s: string): boolean => panaKind(s) !== null;

function toWire(r: BidRow, converted: boolean): NewResultRow {
  const base = { digits: r.digits, closedigits: r.closedigits, points: r.points, session: r.session };
  if (!converted) return base;
  const [open, close] = [r.digits, r.closedigits];
  return {
    ...base,
    digits: isPana(open) ? panaDigit(open) : open,
    pana: isPana(open) ? open : '',
    closedigits: isPana(close) ? panaDigit(close) : close,
    closepana: isPana(close) ? close : '',
  };
}

/** One request of a Submit and the rows it carries (the same BidRow objects that were passed in). */
export interface SubmitRequest {
  body: NewResult;
  rows: BidRow[];
}

/**
 * Requests for one Submit. Every row keeps the session it was added with: a new_result has one
 * session, so rows are split by session (Open first), and SP DP TP further by pana kind (Single,
 * Double, Triple Pana). A bet type with a fixed session sends every row in it.
 */
export function splitSubmission(args: {
  family: Family;
  betType: BetTypeId;
  token: string;
  gameId: string | number;
  gameName: string;
  bidDate: string;
  rows: BidRow[];
}): SubmitRequest[] {
  const def = betTypeById(args.betType);
  if (!def || !args.rows?.length) return [];
  const sessionOf = (r: BidRow): Session => def.fixedSession ?? r.session;
  const request = (pana: string, session: Session, rows: BidRow[]): SubmitRequest => {
    const converted = def.family === 'regular' && session === 'Open';
    const body: NewResult = {
      unique_token: args.token,
      Gamename: args.gameName,
      totalbit: rows.reduce((sum, r) => sum + r.points, 0),
      gameid: String(args.gameId),
      pana,
      ...(def.family === 'regular' ? { gametype: def.gametype } : {}),
      bid_date: args.bidDate,
      session: def.requestSession ?? session,
      result: rows.map((r) => toWire({ ...r, session }, converted)),
    };
    return { body, rows };
  };
  const kinds = def.id === 'sp_dp_tp' ? Object.values(PANA_KIND_LABEL) : [def.gametype];
  const out: SubmitRequest[] = [];
  for (const session of ['Open', 'Close'] as const) {
    for (const kind of kinds) {
      const rows = args.rows.filter((r) => sessionOf(r) === session && (def.id !== 'sp_dp_tp' || r.pana === kind));
      if (rows.length) out.push(request(kind, session, rows));
    }
  }
  return out;
}

/** The new_result bodies of one Submit (see splitSubmission). */
export function buildNewResult(args: Parameters<typeof splitSubmission>[0]): NewResult[] {
  return splitSubmission(args).map((r) => r.body);
}

type Parsed = {
  ok: true;
  betType: BetTypeId;
  session: Session;
  gameId: string;
  bidDate: string;
  rows: BidRow[];
  /**
   * Each row's session word as its client spelled it ('OPEN', 'close'), where that names the row's
   * session in another spelling; null where the client sent the word as stored or none. The histories
   * echo it, as apps that compare what they sent expect.
   */
  sentSessions: (string | null)[];
};
type ParseResult = Parsed | { ok: false; message: Message };

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Undo the Open-session conversion of one wire row; null when digit and pana contradict each other.
 * A row `pana` that is a bet name (deployed clients send 'Single Digit' there) is not a pana: ignored.
 */
function fromWire(family: Family, w: Record<string, unknown>): { digits: string; closedigits: string } | null {
  const pana = (v: unknown) => (betTypeByName(family, str(v)) ? '' : str(v));
  const [d, p, cd, cp] = [str(w.digits), pana(w.pana), str(w.closedigits), pana(w.closepana)];
  const agrees = (digit: string, pana: string) => !digit || !pana || panaDigit(pana) === digit;
  return agrees(d, p) && agrees(cd, cp) ? { digits: p || d, closedigits: cp || cd } : null;
}

/** A field left empty ('' or only spaces, null, absent) says nothing. */
const said = (v: unknown): boolean => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

/**
 * The session of a request, read from wherever the client put it: `session`, `gametype` (deployed
 * clients send gametype 'Close' and session 'Single Digit') and each row's `session` ('open', 'close',
 * 'closed', any case; empty says nothing). Null when nothing names one, or when two say different
 * things, or a field holds something that is neither a session nor a bet name.
 */
function requestSession(def: BetTypeDef, nr: Record<string, unknown>, wire: unknown[]): Session | null {
  const votes = new Set<Session>();
  for (const v of [nr.session, nr.gametype, ...wire.map((w) => (isObject(w) ? w.session : undefined))]) {
    if (!said(v)) continue;
    const s = parseSession(v);
    if (s) votes.add(s);
    else if (!betTypeByName(def.family, str(v))) return null;
  }
  // A bet type without a choice has its session; Gali's one draw is spelled Open (rows) or Close (request).
  // A regular Jodi (always Close) or Full Sangam (always Open) has no session to choose: the 'MATKA 04'
  // apps send Jodi rows with session "Open", so any session word is taken as the one it has.
  if (def.fixedSession && def.family === 'regular') return def.fixedSession;
  if (def.fixedSession) {
    const allowed = [def.fixedSession, def.requestSession];
    return [...votes].every((v) => allowed.includes(v)) ? def.fixedSession : null;
  }
  return votes.size === 1 ? [...votes][0] : null;
}

/**
 * A row's session word as its client sent it, when the stored word differs: the same session spelled
 * otherwise, or, for a regular bet type of one session (Jodi Digit, Full Sangam, kept in theirs
 * whatever the row says), any session word sent ('Open' on a Jodi): the histories echo it.
 */
function sentSpelling(sent: unknown, stored: Session, fixed: boolean): string | null {
  if (typeof sent !== 'string') return null;
  const word = sent.trim();
  if (word === stored) return null;
  const named = parseSession(word);
  return named === stored || (fixed && named !== null) ? word : null;
}

/**
 * Server side: reads a submit-bid body ({ new_result } or new_result itself) as our client and the
 * deployed clients send it: the bet type from gametype / session / pana within the family (whichever
 * names one), the session from session / gametype / the rows (requestSession), points as numbers or
 * digit strings. Re-validates every row with validateRow and returns the normalised rows. totalbit is
 * ignored (the caller sums the rows). `session` is the rows' session (Gali: 'Open' although the request
 * says Close). Never throws.
 */
export function parseSubmission(family: Family, body: unknown): ParseResult {
  const nr = isObject(body) && isObject(body.new_result) ? body.new_result : body;
  if (!isObject(nr)) return { ok: false, message: MSG.invalidRequest };
  const names = family === 'regular' ? [nr.gametype, nr.session, nr.pana] : [nr.pana, nr.gametype, nr.session];
  const def = names.map((n) => betTypeByName(family, str(n))).find((d) => d !== undefined);
  if (!def) return { ok: false, message: MSG.unknownBetType };
  const gameId = str(nr.gameid ?? (isObject(body) ? body.game_id : undefined)).trim();
  const date = parseBidDate(str(nr.bid_date));
  const wire = nr.result;
  const session = requestSession(def, nr, Array.isArray(wire) ? wire : []);
  if (!session) return { ok: false, message: MSG.selectSession };
  // a market id is plain decimal digits ('0x10', '1e1', ' 7 ' inside: not an id)
  if (!/^\d{1,15}$/.test(gameId)) return { ok: false, message: MSG.invalidGame };
  if (!date) return { ok: false, message: MSG.invalidBidDate };
  if (!Array.isArray(wire) || wire.length === 0) return { ok: false, message: MSG.noBids };
  if (wire.length > MAX_ROWS_PER_REQUEST) return { ok: false, message: MSG.tooManyBids };

  const converted = def.family === 'regular' && session === 'Open';
  const rows: BidRow[] = [];
  const sentSessions: (string | null)[] = [];
  for (const w of wire) {
    if (!isObject(w)) return { ok: false, message: MSG.enterNumber };
    const values = converted ? fromWire(family, w) : { digits: str(w.digits), closedigits: str(w.closedigits) };
    if (!values) return { ok: false, message: compose('numberNotValid', { n: str(w.pana) || str(w.closepana) }) };
    const r = validateRow(def.id, { ...values, points: w.points as number | string, session });
    if (!r.ok) return { ok: false, message: r.composed ?? r.message };
    if (def.id === 'sp_dp_tp' && betTypeByName('regular', str(nr.pana))?.title !== r.rows[0].pana) {
      return { ok: false, message: compose('numberNotValid', { n: values.digits }) };
    }
    rows.push(...r.rows);
    const fixed = def.family === 'regular' && def.fixedSession !== undefined;
    for (const row of r.rows) sentSessions.push(sentSpelling(w.session, row.session, fixed));
  }
  return { ok: true, betType: def.id, session, gameId, bidDate: bidDateText(date), rows, sentSessions };
}
