/**
 * Fields of the original backend's answers that several calls share (@matka/shared/contract
 * reference.ts declares them): the account's devices as its apps read them (device_result), the app's
 * switches and texts the dashboard carries, the wallet's bounds. Its JSON types: what it kept in a
 * column is text, what it computed is a number.
 */
import { inWithdrawWindow } from '@matka/shared/domain';
import type { AppContext } from '../context';
import type { AuthUser } from '../http/api';
import { kolkataDateParts } from '@matka/shared/domain';
import { noticeCount } from '../services/notices';
import { inboxUnread } from '../services/inbox';
import { liveDevices } from '../services/tokens';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '10 Mar 2026' (the original's date_format '%d %b %Y'), Asia/Kolkata. */
export function shortDate(d: Date): string {
  const p = kolkataDateParts(d);
  return `${String(p.day).padStart(2, '0')} ${MONTHS[p.month - 1]} ${p.year}`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** 'Tue 10-Mar-2026' (the original's date('D d-M-Y')), Asia/Kolkata. */
export function weekdayDate(d: Date): string {
  const p = kolkataDateParts(d);
  return `${DAYS[p.weekday]} ${String(p.day).padStart(2, '0')}-${MONTHS[p.month - 1]}-${p.year}`;
}

/**
 * The devices of the account's live sessions: the original's apps log out when the device they
 * logged in with is not listed (a force logout, which ends the sessions, reaches them that way), or when
 * its `logout_status` or `security_pin_status` is '1' (for the original, that device must sign in
 * again): a live session's device is '0' in both, whether the account has a PIN or not.
 */
export async function deviceResult(db: AppContext['db'], user: { id: string }, now: Date) {
  const devices = await liveDevices(db, user.id, now);
  return devices.map((device_id, i) => ({
    id: String(i + 1),
    user_id: String(user.id),
    device_id,
    logout_status: '0',
    security_pin_status: '0',
  }));
}

/** Whether the player may withdraw now ('1' betting on and inside the operator's withdrawal hours). */
export const withdrawOpen = (user: AuthUser, s: Record<string, string>, now: Date) =>
  user.betting_status === '1' && inWithdrawWindow(s.withdraw_open_time ?? '', s.withdraw_close_time ?? '', now);

/**
 * What the original's dashboard says of the app and the account besides the market list: the
 * operator's app versions and texts (settings of those names, '' when unset), the account's switches
 * ('1' for an active account), its devices, and how many notices and unread notifications it has.
 */
export async function dashboardFields(db: AppContext['db'], user: AuthUser, s: Record<string, string>, now: Date) {
  const on = user.betting_status === '1' ? '1' : '0';
  const [device_result, unread, notices] = await Promise.all([
    deviceResult(db, user, now),
    inboxUnread(db, user.id),
    noticeCount(db),
  ]);
  return {
    app_link: s.app_link ?? '',
    share_msg: s.share_msg ?? '',
    share_referral_content: '',
    display_referral_content: '',
    withdraw_status: withdrawOpen(user, s, now) ? 1 : 0,
    app_maintainence_msg: s.app_maintainence_msg ?? '',
    maintainence_msg_status: s.app_maintainence_msg ? '1' : '0',
    app_marquee_msg: s.app_marquee_msg ?? '',
    user_current_version: s.user_current_version ?? '1',
    user_minimum_version: s.user_minimum_version ?? '1',
    pop_status: '0',
    message: '',
    link: '',
    link_btn_text: '',
    action_type: '',
    action_btn_text: '',
    app_date: shortDate(now),
    transfer_point_status: on,
    account_block_status: '1',
    referral_code: '',
    device_result,
    notice_count: notices,
    notification_count: unread,
  };
}
