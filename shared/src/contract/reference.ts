/**
 * The original backend's contract, route by route: the PHP (CodeIgniter) server that the installed apps
 * of this family were written for (its routes.php, Apicontroller and MY_ApiController). For each route
 * what this server does with it: `served` as the original does, `secure` served the secure way (the
 * app sees the same fields; what differs is said in `how`), or `refused` on purpose (`how` says why, and
 * what the app is answered). A served route declares the answer the original gives on success, field
 * by field with its JSON type: PHP sends a database column as a string and a computed number as a
 * number. Our answer must carry every one of those fields, never null, with that type, under every
 * dialect's key (server/test/conformance.test.ts), and docs/clients.md lists every route from here.
 *
 * Pure data, like the rest of the contract's index.
 */

/** A field's JSON type in the original's answer ('string|boolean': either, as the original varies). */
export type RefType = 'string' | 'number' | 'boolean' | 'string|boolean';
/** An answer's shape: each field's type, a list as one item's shape in an array, or an object. */
export interface RefShape {
  readonly [field: string]: RefType | readonly [RefShape] | RefShape;
}

export type RefStatus = 'served' | 'secure' | 'refused';

export interface RefRoute {
  /** the route as routes.php names it */
  readonly route: string;
  readonly status: RefStatus;
  /** secure: how the app experiences it; refused: why */
  readonly how?: string;
  /** the original's answer on success (served and secure routes) */
  readonly answer?: RefShape;
  /**
   * refused: what the app is answered (HTTP 200, status false, this message and these empty lists, so
   * that an app that reads them does not crash); absent: 404 like any call this server does not know
   */
  readonly reply?: { readonly msg: string; readonly empty?: readonly string[] };
  /** served beside the contract's JSON calls: a multipart form (a file upload), or a plain GET */
  readonly form?: true;
}

const S = 'string';
const N = 'number';
const B = 'boolean';
const ok = { status: B, msg: S } as const;

/** What a regular market row and a Starline slot or Gali market row both carry. */
export const GAME_ROW = {
  game_id: S,
  game_name: S,
  game_name_hindi: S,
  open_time: S,
  open_time_sort: S,
  close_time: S,
  msg: S,
  msg_status: N,
  open_result: S,
  close_result: S,
} as const;
/** A market row of the regular lists, as the original's dashboard answers it. */
export const MARKET = {
  ...GAME_ROW,
  game_name_letter: S,
  open_duration: N,
  close_duration: N,
  time_srt: N,
  close_time_srt: N,
  web_chart_url: S,
  web_chart_url_pana: S,
} as const;
/** A Starline slot or a Gali market row (its list has no status field in the original). */
const SLOT = GAME_ROW;
const DEVICE = { id: S, user_id: S, device_id: S, logout_status: S, security_pin_status: S } as const;
const BID = {
  game_name: S,
  pana: S,
  session: S,
  digits: S,
  closedigits: S,
  points: S,
  bid_tx_id: S,
  bid_date: S,
} as const;
const WIN = {
  amount: S,
  transaction_type: S,
  transaction_note: S,
  amount_status: S,
  tx_request_number: S,
  wining_date: S,
  game_name: S,
  pana: S,
  session: S,
  digits: S,
  closedigits: S,
} as const;
const TX = {
  transaction_id: S,
  amount: S,
  transaction_type: S,
  transaction_note: S,
  transfer_note: S,
  amount_status: S,
  insert_date: S,
  tx_request_number: S,
} as const;
const FUND_REQUEST = {
  fund_request_id: S,
  request_amount: S,
  request_number: S,
  request_status: S,
  fund_payment_receipt: S,
  insert_date: S,
} as const;
const CHECK = { msg: S, game_status: N, status: B } as const;
const ACTIVE = { result: [{ open_time: S, close_time: S, msg: S, game_status: N, status: B }] } as const;
const RATES = { ...ok, game_rates: [{}] } as const;

const served = (route: string, answer: RefShape): RefRoute => ({ route, status: 'served', answer });
const secure = (route: string, how: string, answer: RefShape): RefRoute => ({ route, status: 'secure', how, answer });
const refused = (route: string, how: string, reply?: RefRoute['reply']): RefRoute => ({
  route,
  status: 'refused',
  how,
  ...(reply ? { reply } : {}),
});

/** A Starline or Gali family's routes, named alike but for the family's word and its chart link's field. */
const slotFamily = (f: 'starline' | 'galidisswar', chart: string): RefRoute[] => [
  served(`api-${f}-game-rates`, RATES),
  served(`api-${f}-game`, { result: [SLOT], [chart]: S }),
  served(`api-check-${f}-game-status`, CHECK),
  served(`api-check-${f}-games-active-inactive`, ACTIVE),
  secure(`api-${f}-submit-bid`, 'checked and placed as api-submit-bid is', ok),
  served(`api-${f}-bid-history-data`, { bid_data: [BID], ...ok }),
  served(`api-${f}-wining-history-data`, { win_data: [WIN], ...ok }),
];

const CODE_BY_SMS =
  'the code goes by SMS only and is checked by the server; it is in the answer only with LEGACY_REGISTRATION=unverified, marked so that it proves nothing (an account made with it waits for approval)';
const NO_ROULETTE = 'no Roulette game on this platform (the original draws the number with the least points staked)';
const NO_ADDRESS = 'no postal address is asked of players or kept';
const NO_TIPS = 'no betting tips are published';
const NO_CHAT = 'no in-app chat: support is reached through the contact numbers (api-get-contact-details)';
const NO_REFERRAL = 'no referral programme (the original pays bonuses on deposits and transfers)';

/** The player API of the original (Apicontroller): every route it maps to a method. */
export const REFERENCE_PLAYER_ROUTES: readonly RefRoute[] = [
  served('api-get-app-key', { app_key: S, ...ok }),
  secure(
    'api-check-mobile',
    `${CODE_BY_SMS}; a registered number gets a token only on a device that signed in to it with the password, and that token takes nothing but the PIN (api-check-security-pin) before it is a session's (the original hands out a session for the number alone)`,
    { msg: S, status: 'string|boolean' },
  ),
  secure('api-otp-sent', CODE_BY_SMS, { status: B }),
  secure('api-resend-otp', CODE_BY_SMS, { ...ok }),
  secure(
    'api-user-registration',
    'needs the code sent by SMS (the original takes any number); the PIN is stored as a scrypt hash; no welcome bonus is paid',
    { unique_token: S, user_name: S, mobile: S, email: S, ...ok },
  ),
  served('api-user-login', {
    unique_token: S,
    user_name: S,
    mobile: S,
    notification_status: S,
    email: S,
    mobile_no: S,
    betting_status: S,
    ...ok,
  }),
  served('api-change-password', ok),
  refused('api-update-pin', "changes an account's PIN from its mobile number alone, with no code", {
    msg: 'This app cannot change your PIN. Please ask support.',
  }),
  secure(
    'api-forgot-password',
    'a new password needs the code sent by SMS; without one it is never changed (status false, "This app cannot reset your password. Please reset it on our website or ask support.")',
    ok,
  ),
  secure('api-forget-check-mobile', CODE_BY_SMS, ok),
  refused('api-get-state', NO_ADDRESS, { msg: 'Data Not Found.', empty: ['states'] }),
  refused('api-get-district', NO_ADDRESS, { msg: 'Data Not Found.', empty: ['district'] }),
  refused('api-add-user-address', NO_ADDRESS, { msg: 'No address is needed to play.' }),
  refused('api-get-user-address', NO_ADDRESS, { msg: 'Address Not Added Yet', empty: ['user_address'] }),
  served('api-get-profile', { profile: [{ mobile: S, wallet_balance: S, email: S, user_name: S }], ...ok }),
  served('api-profile-update', ok),
  secure('api-check-security-pin', 'the PIN is stored as a scrypt hash and its guesses are limited like passwords', ok),
  served('api-admin-bank-details', {
    bank_details: [
      {
        ac_holder_name: S,
        account_number: S,
        ifsc_code: S,
        upi_payment_id: S,
        google_upi_payment_id: S,
        phonepay_upi_payment_id: S,
      },
    ],
    ...ok,
  }),
  served('api-fund-request-add', { fund_request_id: N, ...ok }),
  served('api-last-fund-request-detail', {
    last_req_detail: [{ fund_request_id: S, request_amount: S, request_number: S, request_status: S, insert_date: S }],
    min_amt: S,
    max_amt: S,
    status: B,
    google_upi_option: N,
    phone_upi_option: N,
    other_upi_option: N,
  }),
  {
    ...secure(
      'api-fund-payment-slip-upload',
      "the form must carry the player's unique_token as well, the request must be the player's own and pending, and the screenshot (payment_slip) must be a PNG, JPEG or WebP image of at most 180 KB; it is kept with the request for the operator (the original attaches any file to any request id)",
      { request_status: S, ...ok },
    ),
    form: true,
  },
  refused(
    'api-add-user-bank-details',
    'withdrawals are paid to a UPI number only (bank withdrawals are switched off in the original too)',
    { msg: 'Withdrawals go to a UPI number: add one under Payment Methods.' },
  ),
  secure('api-add-user-upi-details', 'a UPI number is saved after its code (api-validate-bank) is checked', ok),
  served('api-get-user-payment-details', {
    payment_details: [
      { ac_holder_name: S, paytm_number: S, google_pay_number: S, phone_pay_number: S, insert_date: S },
    ],
    ...ok,
  }),
  served('api-game-rates', RATES),
  served('api-fund-request-history', { fund_req_history: [FUND_REQUEST], transaction_history: [FUND_REQUEST], ...ok }),
  served('api-user-wallet-balance', {
    wallet_amt: S,
    hold_amt: S,
    transfer_point_status: S,
    min_withdrawal: S,
    max_withdrawal: S,
    min_transfer: S,
    max_transfer: S,
    withdraw_open_time: S,
    withdraw_close_time: S,
    ...ok,
  }),
  served('api-check-user-for-transfer-amt', { user_name: S, ...ok }),
  secure(
    'api-user-transfer-wallet-balance',
    'the transfer is one transaction with a ledger row on each side, refused during a break or self-exclusion; no referral bonus is paid',
    ok,
  ),
  served('api-user-payment-method-list', { result: [{ type: N, value: S, name: S }], min_amt: S, ...ok }),
  served('api-user-withdraw-fund-request', { fund_request_id: N, ...ok }),
  served('api-get-notice', {
    notices: [{ notice_title: S, notice_msg: S, notice_date: S, insert_date: S }],
    mobile_no: S,
    ...ok,
  }),
  served('api-how-to-play', { content: [{ how_to_play_content: S, video_link: S }], ...ok }),
  served('api-wallet-transaction-history', {
    wallet_amt: S,
    hold_amt: S,
    transaction_history: [TX],
    in_history: [TX],
    out_history: [TX],
    withdraw_open_time: S,
    withdraw_close_time: S,
    device_result: [DEVICE],
    ...ok,
  }),
  served('api-view-wallet-transaction-history', {
    transaction_Data: [
      {
        amount: S,
        transaction_type: S,
        transaction_note: S,
        transfer_note: S,
        tx_request_number: S,
        amount_status: S,
        insert_date: S,
      },
    ],
    ...ok,
  }),
  served('api-user-withdraw-transaction-history', {
    withdrawdata: [
      {
        withdraw_request_id: S,
        request_amount: S,
        request_number: S,
        request_status: S,
        payment_method: S,
        bank_name: S,
        branch_address: S,
        ac_holder_name: S,
        ac_number: S,
        ifsc_code: S,
        paytm_number: S,
        google_pay_number: S,
        phone_pay_number: S,
        remark: S,
        payment_receipt: S,
        insert_date: S,
      },
    ],
    last_request_status: S,
    withdraw_open_time: S,
    withdraw_close_time: S,
    wallet_amt: S,
    ...ok,
  }),
  served('api-get-dashboard-data', {
    app_link: S,
    share_msg: S,
    share_referral_content: S,
    display_referral_content: S,
    withdraw_status: N,
    app_maintainence_msg: S,
    maintainence_msg_status: S,
    app_marquee_msg: S,
    user_current_version: S,
    user_minimum_version: S,
    pop_status: S,
    message: S,
    link: S,
    link_btn_text: S,
    action_type: S,
    action_btn_text: S,
    app_date: S,
    wallet_amt: S,
    user_name: S,
    mobile: S,
    transfer_point_status: S,
    betting_status: S,
    account_block_status: S,
    referral_code: S,
    device_result: [DEVICE],
    result: [MARKET],
    mobile_no: S,
    telegram_no: S,
    mobile_1: S,
    notice_count: N,
    notification_count: N,
    ...ok,
  }),
  served('api-get-slider-images', { sliderdata: [{ image_id: S, slider_image: S }], ...ok }),
  served('api-get-current-date', {
    wallet_amt: S,
    min_bid_amount: S,
    max_bid_amount: S,
    min_deposite: S,
    max_deposite: S,
    min_withdrawal: S,
    max_withdrawal: S,
    min_transfer: S,
    max_transfer: S,
    date: S,
    new_date: S,
    open_duration: N,
    close_duration: N,
    status: B,
  }),
  served('api-check-games-active-inactive', ACTIVE),
  secure(
    'api-submit-bid',
    'the bid is checked by the server (session, market clock, limits, liability caps, responsible play) and placed in one transaction with its ledger row and a signed receipt',
    ok,
  ),
  served('api-bid-history-data', { bid_data: [BID], ...ok }),
  served('api-get-contact-details', {
    mobile_1: S,
    mobile_2: S,
    whatsapp_no: S,
    email_1: S,
    email_2: S,
    facebook: S,
    twitter: S,
    youtube: S,
    google_plus: S,
    instagram: S,
    ...ok,
  }),
  refused('api-submit-contact-us', 'no enquiry form is kept: players reach support through the contact numbers', {
    msg: 'Please contact support on WhatsApp or by phone: the numbers are on the Contact screen.',
  }),
  served('api-get-notification', { notification: [{ msg: S, insert_date: S }], ...ok }),
  refused('api-wining-result', 'routed by the original to a method it does not have: 404 like any unknown call'),
  served('api-wining-history-data', { win_data: [WIN], ...ok }),
  refused('api-get-tips-list', NO_TIPS, { msg: 'Data Not Found.', empty: ['tips'] }),
  refused('api-view-tips-details', NO_TIPS, { msg: 'Data Not Found.', empty: ['tipsDetails'] }),
  served('api-check-game-status', { ...CHECK, device_result: [DEVICE] }),
  served('api-notification-setting', ok),
  served('api-get-statement', { transaction_history: [TX], ...ok }),
  secure(
    'api-add-money-via-upi',
    "the app's word is never credited: the payment becomes a deposit request in the operator's queue (the original credits the wallet at once for Google Pay and PhonePe)",
    ok,
  ),
  refused('checkNotifiation', 'a test hook that pushes a demo notification to a fixed device: 404'),
  served('api-get-app-version-details', {
    versionDetails: [{ user_current_version: S, user_minimum_version: S }],
    ...ok,
  }),
  ...slotFamily('starline', 'web_starline_chart_url'),
  ...slotFamily('galidisswar', 'web_galidessar_chart_url'),
  ...[
    'api-roulette-game',
    'api-get-roulette-game-time',
    'api-check-roulette-game-status',
    'api-get-roulette-game-info',
    'api-roulette-submit-bid',
    'api-get-roulette-game-winning-number',
    'api-roulette-bid-history-data',
    'api-roulette-wining-history-data',
  ].map((r) => refused(r, NO_ROULETTE, { msg: 'Roulette is not offered here.' })),
  served('api-get-sp-motor-combination', {
    posssible_array: [{ number: S, points: N }],
    total_bid_amount: N,
    wallet_amt_after_bid: N,
    status: B,
  }),
  served('api-get-sp-dp-tp-combination', {
    posssible_array: [{ number: S, points: N, pana: S }],
    total_bid_amount: N,
    wallet_amt_after_bid: N,
    status: B,
  }),
  refused(
    'roulette-result-declare',
    'a cron hook that declares Roulette results by the number with the least points staked: 404',
  ),
  refused('api-chat-app', NO_CHAT, { msg: 'Chat is not offered here: please contact support by phone or WhatsApp.' }),
  refused('api-get-chat-app', NO_CHAT, { msg: 'msg not found', empty: ['user_data'] }),
  refused('api-get-user-network', NO_REFERRAL, { msg: 'Data Not Found.', empty: ['result'] }),
  refused('api-check-refer-valid', NO_REFERRAL, { msg: 'Not Valid' }),
  refused('checkMoneyToReferral', 'routed by the original to a method it does not have (referral payouts): 404'),
  served('api-get-auto-deposit-list', {
    result: [
      {
        id: S,
        amount: S,
        tx_request_number: S,
        txn_id: S,
        txn_ref: S,
        fund_status: S,
        reject_remark: S,
        insert_date: S,
      },
    ],
    ...ok,
  }),
  secure('api-validate-bank', `${CODE_BY_SMS}; with no number, to the account's own`, ok),
  served('api-get-social-data', { mobile_no: S, telegram_no: S, mobile_1: S, ...ok }),
];

/** A group of the original's routes that are not the player API, each refused or served as a whole. */
export interface RefGroup {
  readonly area: string;
  readonly status: RefStatus;
  readonly how: string;
  readonly routes: readonly string[];
}

/**
 * Calls that some builds of the family's apps make though the original does not route them (a Kotlin
 * app's banners and FCM token, a Java app's online-deposit screen).
 */
export const REFERENCE_BUILD_ROUTES: readonly RefRoute[] = [
  served('api-get-banners', { sliderdata: [{ image_id: S, slider_image: S }], ...ok }),
  refused(
    'api-fcm-update',
    'no Firebase push is sent: players are told through the inbox, the live stream and web push',
    {
      msg: 'Notifications come in the app inbox.',
    },
  ),
  {
    ...secure(
      'api-payment-data',
      'a GET with no key, which shows a UPI id and a QR code to pay before any request exists: answered with the steps (a deposit request first, then pay the accepted request from Add Funds) and no UPI id or QR code',
      { status: B, payment_data: { step1: S, step2: S, step3: S, step4: S, upi: S, qr: S } },
    ),
    form: true,
  },
];
