/**
 * The answers of the player calls, as a client may read them (spec section 7), declared once: the
 * server's handler for a call must return something assignable to its answer (defineCall checks it at
 * compile time) and the clients' endpoints take their answer types from here. Fields are optional where
 * a deployed server of the contract may leave them out. Calls not listed in `Answers` yet answer the
 * general `Answer`.
 */
import type { UpiDetailsField } from '../domain/money';

/** What every answer carries: status and a message; the other fields depend on the call. */
export interface Answer {
  status?: boolean | string;
  msg?: string;
  message?: string;
  [key: string]: unknown;
}

/** Wallet info (spec section 3): the balance and the money settings the wallet screens show. */
export interface WalletInfoAnswer extends Answer {
  wallet_amt?: string | number;
  withdraw_open_time?: string;
  withdraw_close_time?: string;
  min_withdrawal?: string | number;
  min_amt?: string | number;
}

/** The UPI ids players pay deposits to. */
export interface BankDetailsAnswer extends Answer {
  bank_details?: { google_upi_payment_id?: string; phonepay_upi_payment_id?: string; payee_name?: string }[];
}

/** The QR code players scan to pay (an image data URL) and its UPI id. */
export interface QrPayAnswer extends Answer {
  qrdata?: { qr_image?: string; upi_id?: string }[];
}

/** The operator's deposit and withdrawal rules (texts). */
export interface RulesAnswer extends Answer {
  content?: { withdrawal_rule?: string; deposit_rule?: string }[];
}

/** The account's UPI numbers, each under its app's detailsField (the domain's UPI_APPS). */
export type PaymentDetails = Partial<Record<UpiDetailsField, string | null>>;

export interface PaymentDetailsAnswer extends Answer {
  payment_details?: PaymentDetails[];
}

/** The minimum deposit (and the last request's details, which the app does not show). */
export interface FundDetailAnswer extends Answer {
  min_amt?: string | number;
}

/** A code sent (the code itself only in demo mode, for testing by hand). */
export interface CodeSentAnswer extends Answer {
  otp?: string;
}

/** A deposit or withdrawal request made: its id and number ('D12', 'W7'). */
export interface RequestMadeAnswer extends Answer {
  request_id?: string;
  request_number?: string;
}

/** A withdrawal requested: the request and the wallet after the points are held. */
export interface WithdrawalMadeAnswer extends RequestMadeAnswer {
  wallet_amt?: string;
}

/** A payment's proof added to a deposit request. */
export interface ProofAddedAnswer extends Answer {
  utr?: string;
  has_screenshot?: boolean;
}

/** Who owns the number points would be transferred to. */
export interface TransferUserAnswer extends Answer {
  user_name?: string;
}

/** A transfer made: the sender's wallet after it. */
export interface TransferMadeAnswer extends Answer {
  wallet_amt?: string;
  transfer_id?: string;
}

/** The answer each call declares. */
export interface Answers {
  'api-upi-send-otp': CodeSentAnswer;
  'api-add-user-upi-details': Answer;
  'api-fund-request-add': RequestMadeAnswer;
  'api-fund-request-proof': ProofAddedAnswer;
  'api-user-withdraw-fund-request': WithdrawalMadeAnswer;
  'api-check-user-for-transfer-amt': TransferUserAnswer;
  'api-user-transfer-wallet-balance': TransferMadeAnswer;
  'api-user-wallet-balance': WalletInfoAnswer;
  'api-admin-bank-details': BankDetailsAnswer;
  'api-get-qr-pay': QrPayAnswer;
  'api-money-deposit-withdrawal-rule': RulesAnswer;
  'api-get-user-payment-details': PaymentDetailsAnswer;
  'api-last-fund-request-detail': FundDetailAnswer;
}
