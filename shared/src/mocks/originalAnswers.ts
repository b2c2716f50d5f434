/**
 * What the mock API answers the calls only the original backend's apps make (reference.ts), as the
 * server would in a scenario's world: the markets' state, the player's wallet and bids, no notices.
 */
import { CALL, RULE_REFUSAL, type CallName } from '../contract';
import { refusalCode } from '../contract/schemas';
import { formatMinutes12, minutesOfDay, motorAnswer, spMotor, dpMotor, spdptp, type Expansion } from '../domain';
import type { MockState } from './answers';

type Json = Record<string, unknown>;

/** A market check as the original says it: 1 while bids are taken, else 2. */
const check = (open: boolean) =>
  open ? { msg: 'Betting Is Open', game_status: 1 } : { msg: 'Sorry Betting Is closed.', game_status: 2 };

/** A motor screen's answer (the server's), or its refusal. */
function combinations(x: Expansion, points: number, wallet: number): Json {
  const a = motorAnswer(x, points, wallet);
  return a.ok
    ? { status: true, msg: 'Success', ...a.fields }
    : { status: false, msg: a.message, code: refusalCode(a.message) ?? RULE_REFUSAL };
}

/** The answer, or undefined for a call this module does not answer. */
export function originalAnswer(call: CallName, body: Json, s: MockState, now: Date, wallet: number): Json | undefined {
  const ok = (fields: Json) => ({ status: true, msg: 'Success', ...fields });
  const hours = { open_time: formatMinutes12(minutesOfDay(now)), close_time: formatMinutes12(minutesOfDay(now)) };
  const points = Number(body.points ?? 10) || 10;
  switch (call) {
    case CALL.getAutoDepositList:
      return ok({ result: [] });
    case CALL.getNotice:
      return ok({ notices: [], mobile_no: '' });
    case CALL.getNotification:
      return ok({ notification: [] });
    case CALL.getContactDetails:
      return ok(
        Object.fromEntries(
          [
            'mobile_1',
            'mobile_2',
            'whatsapp_no',
            'email_1',
            'email_2',
            'facebook',
            'twitter',
            'youtube',
            'google_plus',
            'instagram',
          ].map((k) => [k, '']),
        ),
      );
    case CALL.getAppVersionDetails:
      return ok({ versionDetails: [{ user_current_version: '1', user_minimum_version: '1' }] });
    case CALL.getStatement:
      return ok({ transaction_history: [] });
    case CALL.viewWalletTransactionHistory:
      return {
        status: false,
        msg: 'NO DATA FOUND',
        code: refusalCode('NO DATA FOUND') ?? RULE_REFUSAL,
        transaction_Data: [],
      };
    case CALL.checkStarlineGameStatus:
    case CALL.checkGalidisawarGameStatus:
      return { status: true, ...check(s.open) };
    case CALL.checkGamesActiveInactive:
    case CALL.checkStarlineGamesActiveInactive:
    case CALL.checkGalidisawarGamesActiveInactive:
      return ok({ result: [{ ...hours, ...check(s.open), status: s.open }] });
    case CALL.getSpMotorCombination:
      return combinations(
        String(body.type ?? '8') === '8' ? spMotor(String(body.number ?? '')) : dpMotor(String(body.number ?? '')),
        points,
        wallet,
      );
    case CALL.getSpDpTpCombination:
      return combinations(
        spdptp(String(body.number ?? ''), {
          SP: String(body.sp_flag) === '1',
          DP: String(body.dp_flag) === '1',
          TP: String(body.tp_flag) === '1',
        }),
        points,
        wallet,
      );
    default:
      return undefined;
  }
}
