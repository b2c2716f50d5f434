/**
 * What the mock API answers the account's calls besides the markets and bids (answers.ts): the profile,
 * the contents, the money requests and histories, the inbox, web push and responsible play, with every
 * field the server always sends, for a new player of the scenario's world (no requests, no notices yet).
 */
import { CALL, type CallName } from '../contract';
import { kolkataDateParts } from '../domain';
import type { MockState } from './answers';

type Json = Record<string, unknown>;

const ok = (fields: Json): Json => ({ status: true, msg: 'Success', ...fields });

const UPI = { google_upi_payment_id: 'qa@okaxis', phonepay_upi_payment_id: 'qa@ybl', payee_name: 'QA Matka' };

/** Responsible play with nothing set: no age declared yet, no break, no limit, no reality check. */
const PROTECTION = {
  age_declared: false,
  age_required: false,
  break_until: '',
  excluded_until: '',
  permanent: false,
  history: [],
  limits: [],
  limit_history: [],
  reality_check_minutes: 0,
};

/** Web push with this device not subscribed and no market followed. */
const PUSH = {
  public_key: 'BQA-mock-vapid-public-key',
  subscribed: false,
  categories: [],
  follows: [],
};

/** A request made: its id and number ('D1', 'W1'). */
const made = (prefix: 'D' | 'W') => ({ request_id: '1', request_number: `${prefix}1` });

/** The answer, or undefined for a call this module does not answer. */
export function accountAnswer(call: CallName, body: Json, s: MockState, now: Date): Json | undefined {
  const wallet = String(s.wallet);
  switch (call) {
    case CALL.profileUpdate:
      return ok({ msg: 'Profile Updated Successfully', user_name: String(body.user_name ?? 'QA Player') });
    case CALL.getSliderImages:
      return ok({ sliderdata: [], result: [] });
    case CALL.socialData:
      return ok({ mobile_no: '9999999999', mobile_1: '9999999999', telegram_no: '' });
    case CALL.howToPlay:
      return ok({
        content: [{ how_to_play_content: 'Pick a market, a game and your numbers.', video_link: '' }],
        video_link: '',
      });
    case CALL.privacyPolicy:
      return ok({ privacy_policy: 'QA privacy policy.' });
    case CALL.moneyDepositWithdrawalRule:
      return { status: true, content: [{ withdrawal_rule: 'Withdraw 10 AM to 11 PM.', deposit_rule: 'Pay by UPI.' }] };
    case CALL.adminBankDetails:
      return ok({ bank_details: [UPI] });
    case CALL.getQrPay:
      return {
        status: true,
        qrdata: [{ qr_image: '', upi_id: UPI.google_upi_payment_id, payee_name: UPI.payee_name }],
      };
    case CALL.lastFundRequestDetail:
      return ok({ min_amt: 100 });
    case CALL.fundRequestAdd:
    case CALL.addMoneyViaUpi:
      return ok({ msg: 'Request submitted', ...made('D') });
    case CALL.fundRequestProof:
      return ok({ utr: String(body.utr ?? ''), has_screenshot: false });
    case CALL.fundRequestHistory:
      return ok({ fund_requests: [] });
    case CALL.getUserPaymentDetails:
      return ok({ payment_details: [] });
    case CALL.userPaymentMethodList:
      return ok({ result: [] });
    case CALL.userWithdrawFundRequest:
      return ok({ msg: 'Request submitted', ...made('W'), wallet_amt: wallet });
    case CALL.userWithdrawTransactionHistory:
      return ok({ withdrawdata: [] });
    case CALL.checkUserForTransferAmt:
      return ok({ user_name: 'QA Friend' });
    case CALL.userTransferWalletBalance:
      return ok({ msg: 'Points transferred', wallet_amt: wallet, transfer_id: '1' });
    case CALL.walletTransactionHistory:
      return ok({ transaction_history: [] });
    case CALL.notifications:
      return ok({ notifications: [], unread: 0 });
    case CALL.notificationsRead:
      return ok({ unread: 0 });
    case CALL.pushSettings:
    case CALL.pushSubscribe:
    case CALL.pushUnsubscribe:
    case CALL.pushFollow:
      return ok(PUSH);
    case CALL.responsible:
    case CALL.confirmAge:
    case CALL.takeBreak:
    case CALL.selfExclude:
    case CALL.setLimit:
    case CALL.setRealityCheck:
      return ok(PROTECTION);
    case CALL.realityCheck: {
      const { year, month, day } = kolkataDateParts(now);
      const login = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00+05:30`;
      return ok({ minutes: 0, login_at: login, staked: 0, won: 0 });
    }
    default:
      return undefined;
  }
}
