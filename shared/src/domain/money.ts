/**
 * The money rules and payment facts (spec sections 3, 5 and 9), once for the wallet screens and the
 * server: the UPI apps a player keeps a number for and their codes in each call, the UPI payment link,
 * and the checks of a deposit, a withdrawal and a transfer.
 */
import { MSG } from './messages';
import { compose, messageText, type Message } from './templates';
import { POINTS_WHOLE, transferPointsTooFew } from './validate';

/**
 * The UPI apps (spec section 9), each with its codes: `upiType` in the UPI-details calls
 * (api-upi-send-otp, api-add-user-upi-details), `method` the withdraw call's payment_method, `numberField`
 * the field of the add call and the account's stored column (they are spelled alike), `detailsField`
 * where api-get-user-payment-details and the withdraw history answer the number.
 */
export const UPI_APPS = {
  paytm: {
    name: 'Paytm',
    label: 'Paytm',
    upiType: 1,
    method: '3',
    numberField: 'paytm_no',
    detailsField: 'paytm_number',
  },
  gpay: {
    name: 'Google Pay',
    label: 'GPay',
    upiType: 2,
    method: '2',
    numberField: 'google_pay_no',
    detailsField: 'google_pay_number',
  },
  phonepe: {
    name: 'PhonePe',
    label: 'PhonePe',
    upiType: 3,
    method: '4',
    numberField: 'phon_pay_no',
    detailsField: 'phone_pay_number',
  },
} as const;
export type UpiApp = keyof typeof UPI_APPS;
export type UpiAppFacts = (typeof UPI_APPS)[UpiApp];
/** The UPI-details code of an app: 1 Paytm, 2 Google Pay, 3 PhonePe. */
export type UpiType = UpiAppFacts['upiType'];
/** Where an app's number is stored and sent: paytm_no, google_pay_no, phon_pay_no. */
export type UpiNumberField = UpiAppFacts['numberField'];
/** Where the payment details and the withdraw history answer an app's number. */
export type UpiDetailsField = UpiAppFacts['detailsField'];

const APPS = Object.values(UPI_APPS) as UpiAppFacts[];

/** The apps in the order of their UPI-details codes (1, 2, 3). */
export const UPI_APPS_BY_TYPE: readonly UpiAppFacts[] = [...APPS].sort((a, b) => a.upiType - b.upiType);
export const UPI_TYPES = UPI_APPS_BY_TYPE.map((a) => a.upiType);
export const upiAppOfType = (type: UpiType): UpiAppFacts => APPS.find((a) => a.upiType === type)!;

/** Withdrawal payment methods (spec section 9): the payment_method code the withdraw call sends, and its name. */
export const WITHDRAW_METHODS = { '2': 'Google Pay', '3': 'Paytm', '4': 'PhonePe' } as const;
export type WithdrawMethod = keyof typeof WITHDRAW_METHODS;
export const WITHDRAW_METHOD_CODES = Object.keys(WITHDRAW_METHODS) as WithdrawMethod[];
export const upiAppOfMethod = (method: WithdrawMethod): UpiAppFacts => APPS.find((a) => a.method === method)!;

/** The name of a payment_method code, or the code itself when it is not one. */
export const withdrawMethodName = (code: string): string =>
  Object.hasOwn(WITHDRAW_METHODS, code) ? WITHDRAW_METHODS[code as WithdrawMethod] : code;

/** The detailsField -> number fields of a withdrawal paid to `method` (the other apps' fields empty). */
export function methodNumberFields(method: string, number: string): Record<UpiDetailsField, string> {
  const out = {} as Record<UpiDetailsField, string>;
  for (const a of APPS) out[a.detailsField] = a.method === method ? number : '';
  return out;
}

// ------------------------------------------------------------------ the UPI payment link

/** What a UPI payment link carries: payee address and name, and for a deposit the amount and a note. */
export interface UpiPayment {
  /** payee UPI id */
  pa: string;
  /** payee name */
  pn: string;
  /** amount in rupees */
  am?: number;
  /** the note the player's app shows */
  tn?: string;
}

/** The note of a deposit's payment. */
export const UPI_NOTE = 'Add Funds';

/**
 * The query of a UPI link (NPCI's upi://pay parameters), every value percent-encoded but the '@' of the
 * payee address, which some UPI apps do not decode from '%40'.
 */
export function upiQuery({ pa, pn, am, tn }: UpiPayment): string {
  const e = encodeURIComponent;
  const parts = [`pa=${e(pa).replace(/%40/g, '@')}`, `pn=${e(pn)}`];
  if (am !== undefined) parts.push(`am=${e(String(am))}`);
  if (tn !== undefined) parts.push(`tn=${e(tn)}`);
  parts.push('cu=INR');
  return parts.join('&');
}

/** The generic link every UPI app registers (the phone offers its chooser). */
export const upiPayUri = (p: UpiPayment): string => `upi://pay?${upiQuery(p)}`;

// ------------------------------------------------------------------ the checks of money requests

/** A deposit's points (a whole number above 0, parsed): '' when it may be asked, else the message. */
export function depositProblemText(amount: number, min: number): Message {
  if (amount < min) return compose('minAddAmount', { min });
  return '';
}
export const depositProblem = (amount: number, min: number): string => messageText(depositProblemText(amount, min));

/** A withdrawal's points (a whole number above 0, parsed) against the balance, then the minimum. */
export function withdrawProblemText(amount: number, balance: number, min: number): Message {
  if (amount > balance) return MSG.walletLimitExceeded;
  if (amount < min) return compose('minWithdraw', { min });
  return '';
}
export const withdrawProblem = (amount: number, balance: number, min: number): string =>
  messageText(withdrawProblemText(amount, balance, min));

/**
 * A transfer's points, as a number (any number: negative, 0, a fraction): below 100 the spec's
 * 'Points Must be More than 100', then whole points only, then the balance.
 */
export function transferProblem(points: number, balance: number): string {
  if (transferPointsTooFew(points)) return MSG.transferPointsMin;
  if (!Number.isInteger(points)) return POINTS_WHOLE;
  if (points > balance) return MSG.transferNotEnoughPoints;
  return '';
}
