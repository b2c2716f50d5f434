/**
 * What the mock API answers each call in a scenario's world, as the server would: the markets of every
 * family with times around now (Asia/Kolkata), the wallet, the account's betting, bids that take points
 * and are refused for balance, betting or a closed market with the server's texts. Every answer is parsed
 * by its call's schema in the contract (ANSWER_SCHEMAS) before it is sent: a mock that drifts from the
 * contract throws, and the test that used it fails.
 */
import { ANSWER_SCHEMAS, RefusalSchema } from '../contract/answerSchemas';
import { CALL, RULE_REFUSAL, SUBMIT_BID_CALL, type CallName } from '../contract';
import { refusalCode } from '../contract/schemas';
import {
  MSG,
  SERVER_TEXTS,
  bidDateText,
  biddingClosed,
  formatMinutes12,
  kolkataDateParts,
  minutesOfDay,
} from '../domain';
import type { MockWorld } from './scenarios';
import { originalAnswer } from './originalAnswers';
import { accountAnswer } from './accountAnswers';

/** The token the mock API gives at login and takes on every call. */
export const MOCK_TOKEN = 'a'.repeat(64);
export const MOCK_PLAYER = { name: 'QA Player', mobile: '9876543210' };

/** A world the calls change as they would on the server (the wallet after a bid). */
export interface MockState extends MockWorld {
  bids: { game_name: string; digits: string; points: number; session: string }[];
}

export const stateOf = (world: MockWorld): MockState => ({ ...world, bids: [] });

/** '10:30 AM', `minutes` from now in Asia/Kolkata. */
const at = (now: Date, minutes: number) => formatMinutes12((((minutesOfDay(now) + minutes) % 1440) + 1440) % 1440);

const RATES = {
  regular: {
    single_digit_val_1: '10',
    single_digit_val_2: '95',
    jodi_digit_val_1: '10',
    jodi_digit_val_2: '950',
    single_pana_val_1: '10',
    single_pana_val_2: '1400',
    double_pana_val_1: '10',
    double_pana_val_2: '2800',
    tripple_pana_val_1: '10',
    tripple_pana_val_2: '6000',
    half_sangam_val_1: '10',
    half_sangam_val_2: '10000',
    full_sangam_val_1: '10',
    full_sangam_val_2: '100000',
  },
  gali: {
    single_digit_val_1: '10',
    single_digit_val_2: '95',
    single_pana_val_1: '10',
    single_pana_val_2: '95',
    double_pana_val_1: '10',
    double_pana_val_2: '950',
  },
};

function regularMarkets(s: MockState, now: Date) {
  return ['MORNING STAR', 'KALYAN', 'MILAN DAY'].map((name, i) => ({
    game_id: i + 1,
    game_name: name,
    open_time: at(now, (s.open && !s.declared ? 60 : -240) + 30 * i),
    close_time: at(now, (s.open ? 180 : -120) + 30 * i),
    open_result: s.declared ? '128-1' : '',
    close_result: '',
    msg_status: s.open ? 1 : 2,
    web_chart_url: '',
  }));
}

function starlineSlots(s: MockState, now: Date) {
  return [60, 120, 180].map((m, i) => ({
    game_id: 100 + i,
    game_name: at(now, s.open && !(s.declared && i === 0) ? m : m - 240),
    open_time: at(now, s.open && !(s.declared && i === 0) ? m : m - 240),
    close_time: at(now, s.open && !(s.declared && i === 0) ? m : m - 240),
    open_result: s.declared && i === 0 ? '370-0' : '',
    msg_status: s.open && !(s.declared && i === 0) ? 1 : 2,
  }));
}

function galiMarkets(s: MockState, now: Date) {
  return ['DISAWAR', 'FARIDABAD', 'GHAZIABAD'].map((name, i) => ({
    game_id: 200 + i,
    game_name: name,
    open_time: at(now, (s.open && !(s.declared && i === 0) ? 90 : -180) + 30 * i),
    close_time: at(now, (s.open && !(s.declared && i === 0) ? 120 : -150) + 30 * i),
    result: s.declared && i === 0 ? '47' : '',
    open_result: s.declared && i === 0 ? '47' : '',
    msg_status: s.open && !(s.declared && i === 0) ? 1 : 2,
  }));
}

type Json = Record<string, unknown>;
const ok = (fields: Json = {}): Json => ({ status: true, msg: '', ...fields });
/** A refusal as the server words it: its text and its code (the catalogue's id of the text). */
export const refused = (msg: string): Json => ({ status: false, msg, code: refusalCode(msg) ?? RULE_REFUSAL });

const SUBMITS = new Set<string>(Object.values(SUBMIT_BID_CALL));

/** A bid's rows as the bid screens send them (new_result.result), their points added up. */
function rowsOf(body: Json): { digits: string; points: number; session: string }[] {
  const nr = body.new_result as { result?: unknown } | undefined;
  const rows = Array.isArray(nr?.result) ? (nr.result as Json[]) : [];
  return rows.map((r) => ({
    digits: String(r.digits ?? ''),
    points: Number(r.points) || 0,
    session: String(r.session ?? ''),
  }));
}

/** The answer to one call (before the contract's check); `signedIn` says whether the token is the mock's. */
function answerOf(call: CallName, body: Json, s: MockState, now: Date, signedIn: boolean): Json {
  if (call === CALL.userLogin || call === CALL.userRegistration) {
    s.signedIn = true;
    return ok({
      msg: 'Login Successfully',
      unique_token: MOCK_TOKEN,
      user_name: MOCK_PLAYER.name,
      mobile: typeof body.mobile === 'string' ? body.mobile : MOCK_PLAYER.mobile,
    });
  }
  if (!signedIn && ([CALL.homeInfo, CALL.userWalletBalance, CALL.getProfile] as CallName[]).includes(call))
    return refused(SERVER_TEXTS.sessionExpired);
  const wallet = String(s.wallet);
  if (SUBMITS.has(call)) {
    const rows = rowsOf(body);
    const total = rows.reduce((sum, r) => sum + r.points, 0);
    if (s.betting !== '1') return refused(MSG.bettingOff);
    if (!s.open) return refused(biddingClosed(String((body.new_result as Json | undefined)?.pana ?? 'this market')));
    if (total > s.wallet) return refused(call === CALL.starlineSubmitBid ? MSG.insufficientStarline : MSG.insufficient);
    s.wallet -= total;
    const game = String((body.new_result as Json | undefined)?.Gamename ?? '');
    s.bids.push(...rows.map((r) => ({ ...r, game_name: game })));
    return ok({
      msg: 'Bid Successfully Submitted',
      message: 'Bid Successfully Submitted',
      wallet_amt: String(s.wallet),
      total_points: total,
      bid_id: s.bids.length,
    });
  }
  switch (call) {
    case CALL.homeInfo:
      return ok({
        betting_status: s.betting,
        wallet_amt: wallet,
        telegram_no: '',
        mobile_1: '9999999999',
        mobile_no: '9999999999',
        awaiting_approval: false,
        result: regularMarkets(s, now),
      });
    case CALL.dashboardData:
      return ok({ result: regularMarkets(s, now) });
    case CALL.userWalletBalance:
      return ok({
        wallet_amt: wallet,
        min_withdrawal: 500,
        min_amt: 100,
        withdraw_open_time: '10:00 AM',
        withdraw_close_time: '11:00 PM',
      });
    case CALL.getProfile:
      return ok({ user_name: MOCK_PLAYER.name, mobile: MOCK_PLAYER.mobile });
    case CALL.gameRates:
      return ok({ game_rates: [RATES.regular], bet_limits: [] });
    case CALL.starlineGameRates:
      return ok({ game_rates: [RATES.regular], bet_limits: [] });
    case CALL.galidisawarGameRates:
      return ok({ game_rates: [RATES.gali], bet_limits: [] });
    case CALL.starlineGame:
      return ok({ result: starlineSlots(s, now), web_starline_chart_url: '' });
    case CALL.galidisawarGame:
      return ok({ result: galiMarkets(s, now), web_galidessar_chart_url: '' });
    case CALL.bidHistoryData:
    case CALL.starlineBidHistoryData:
    case CALL.galidisawarBidHistoryData:
      return ok({
        bid_data: s.bids.map((b, i) => ({
          bid_id: i + 1,
          game_name: b.game_name,
          pana: '',
          digits: b.digits,
          closedigits: '',
          session: b.session,
          bid_date: bidDateText(kolkataDateParts(now)),
          points: b.points,
          status: 'pending',
          win_amount: 0,
          result: '',
          rate: '',
          win_if_correct: '',
          receipt: '',
        })),
      });
    case CALL.winingHistoryData:
    case CALL.starlineWiningHistoryData:
      return ok({ win_data: [] });
    case CALL.galidisawarWiningHistoryData:
      return ok({ win_data: [], bid_data: [] });
    case CALL.getAppKey:
      return ok({ app_key: 'qa-mocks' });
    case CALL.checkGameStatus:
      return ok({ game_status: s.open ? 1 : 0 });
    case CALL.getCurrentDate:
      return ok({ new_date: bidDateText(kolkataDateParts(now)), min_bid_amount: 10, max_bid_amount: 10000 });
    case CALL.setLanguage:
      return ok({ language: typeof body.language === 'string' ? body.language : 'en' });
    default:
      return accountAnswer(call, body, s, now) ?? originalAnswer(call, body, s, now, Number(wallet)) ?? ok();
  }
}

/**
 * The answer to a call in a state, checked against the contract: `{ status, body }`; a mock answer the
 * contract's schema does not accept throws (naming the call and the field).
 */
export function mockAnswer(call: CallName, body: Json, s: MockState, now = new Date()): Json {
  // any session token is the mock player's (a component test's store has its own)
  const signedIn = s.signedIn && typeof body.unique_token === 'string' && body.unique_token !== '';
  const answer = answerOf(call, body, s, now, signedIn);
  // a refusal is checked as every call's refusal is; an answer by its call's schema
  const checked = (answer.status === false ? RefusalSchema : ANSWER_SCHEMAS[call]).safeParse(answer);
  if (!checked.success)
    throw new Error(
      `the mock answer of ${call} drifted from the contract: ${checked.error.issues[0]?.path.join('.')} ${checked.error.issues[0]?.message}`,
    );
  return answer;
}
