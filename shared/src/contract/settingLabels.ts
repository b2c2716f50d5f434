/**
 * Each operator setting's name for a person: the console's labels, and the server's messages about a
 * value ('Minimum withdrawal (points) must be a whole number of points'). Pure data.
 */
const SETTING_LABELS: Readonly<Record<string, string>> = {
  min_amt: 'Minimum deposit (points)',
  max_amt: 'Maximum deposit (points)',
  min_withdrawal: 'Minimum withdrawal (points)',
  withdraw_open_time: 'Withdrawals open at',
  withdraw_close_time: 'Withdrawals close at',
  result_certification: 'Result certification',
  manual_move_threshold: 'Manual credits and debits above (points) need a second operator',
  certify_wait_hours: 'Hours before a new or changed account may certify',
  require_age_declaration: 'Age declaration before the first bid',
  canary_auto_rollback: 'Automatic rollback of a failing canary release',
  upi_id: 'UPI id',
  google_upi_payment_id: 'Google Pay UPI id',
  phonepay_upi_payment_id: 'PhonePe UPI id',
  payee_name: 'Payee name',
  user_current_version: 'Current app version',
  user_minimum_version: 'Minimum app version',
  mobile_no: 'Mobile number',
  mobile_1: 'Second mobile number',
  telegram_no: 'Telegram number',
  how_to_play_content: 'How to play (HTML)',
  video_link: 'Tutorial video link',
  deposit_rule: 'Deposit rules',
  withdrawal_rule: 'Withdrawal rules',
  privacy_policy: 'Privacy policy (HTML)',
  slider_images: 'Slider images',
};
/** The texts kept per language, each label with the language's name in it. */
const LANGUAGE_TEXTS: Readonly<Record<string, (language: string) => string>> = {
  how_to_play_content: (l) => `How to play in ${l} (HTML)`,
  deposit_rule: (l) => `Deposit rules in ${l}`,
  withdrawal_rule: (l) => `Withdrawal rules in ${l}`,
  privacy_policy: (l) => `Privacy policy in ${l} (HTML)`,
};
const LANGUAGE_NAMES: Readonly<Record<string, string>> = { hi: 'Hindi', mr: 'Marathi' };

/** A setting's label ('Minimum withdrawal (points)'); its key for one that has none. */
export function settingLabel(key: string): string {
  if (Object.hasOwn(SETTING_LABELS, key)) return SETTING_LABELS[key];
  const m = /^([a-z_]+)_(hi|mr)$/.exec(key);
  if (m && Object.hasOwn(LANGUAGE_TEXTS, m[1])) return LANGUAGE_TEXTS[m[1]](LANGUAGE_NAMES[m[2]]);
  return key;
}
