/**
 * The wallet family's calls (spec section 7), injected into the one shared RTK Query api.
 * Tags: anything that moves points invalidates 'Wallet' (the top bar balance and wallet info refetch)
 * and the histories it shows up in.
 */
import { isOk, type ApiResponse, type CallArgs } from '@matka/shared';
import { api } from '@matka/shared/api';
import {
  invalidatedBy,
  providedBy,
  type AnswerOf,
  type BidRange,
  type CallName,
  type DateRange,
  type PaymentDetails,
  type RequestOf,
} from '@matka/shared/contract';
import { UPI_APPS_BY_TYPE, type UpiType } from '@matka/shared/domain';

// the answers as the contract declares them (the server's handlers are checked against the same types)
export type BankDetailsResponse = AnswerOf<'api-admin-bank-details'>;
export type QrPayResponse = AnswerOf<'api-get-qr-pay'>;
export type RulesResponse = AnswerOf<'api-money-deposit-withdrawal-rule'>;
export type PaymentDetailsResponse = AnswerOf<'api-get-user-payment-details'>;
export type { PaymentDetails };
/** Wallet info (spec section 3): the answer of the shared walletBalance endpoint (api-user-wallet-balance). */
export type WalletInfoResponse = AnswerOf<'api-user-wallet-balance'>;

/** A UPI-details code (the domain's UpiType: 1 Paytm, 2 Google Pay, 3 PhonePe). */
export type UpiOption = UpiType;

/** A history's call and its body: the days under the keys its contract entry names (`dates`), a mobile where asked. */
export interface HistoryArgs {
  call: CallName;
  body: (DateRange | BidRange) & { mobile_no?: string };
}

export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    walletFundDetail: build.query<AnswerOf<'api-last-fund-request-detail'>, void>({
      query: () => ({ call: 'api-last-fund-request-detail' }),
      providesTags: providedBy('api-last-fund-request-detail'),
    }),
    walletBankDetails: build.query<BankDetailsResponse, void>({
      query: () => ({ call: 'api-admin-bank-details' }),
    }),
    walletQrPay: build.query<QrPayResponse, void>({
      query: () => ({ call: 'api-get-qr-pay' }),
    }),
    // one cache entry per language (the operator's rules come in the player's language; none: English)
    walletRules: build.query<RulesResponse, string | void>({
      query: () => ({ call: 'api-money-deposit-withdrawal-rule' }),
    }),
    walletPaymentDetails: build.query<PaymentDetailsResponse, void>({
      query: () => ({ call: 'api-get-user-payment-details' }),
      providesTags: providedBy('api-get-user-payment-details'),
    }),
    /** Sends the code that confirms a new UPI number (checked by the server on api-add-user-upi-details). */
    walletSendUpiOtp: build.mutation<AnswerOf<'api-upi-send-otp'>, RequestOf<'api-upi-send-otp'>>({
      query: (body) => ({ call: 'api-upi-send-otp', body }),
    }),
    walletAddUpiDetails: build.mutation<
      AnswerOf<'api-add-user-upi-details'>,
      { upi_type: UpiOption; number: string; otp: string }
    >({
      query: ({ upi_type, number, otp }) => ({
        call: 'api-add-user-upi-details',
        body: {
          upi_type,
          // the chosen app's number, the others empty (they are left as they are)
          ...Object.fromEntries(UPI_APPS_BY_TYPE.map((a) => [a.numberField, a.upiType === upi_type ? number : ''])),
          otp,
        },
      }),
      invalidatesTags: (r) => (isOk(r) ? invalidatedBy('api-add-user-upi-details') : []),
    }),
    walletFundRequestAdd: build.mutation<AnswerOf<'api-fund-request-add'>, RequestOf<'api-fund-request-add'>>({
      query: (body) => ({ call: 'api-fund-request-add', body }),
      invalidatesTags: invalidatedBy('api-fund-request-add'),
    }),
    /** The proof of a UPI payment on a pending deposit request: the UTR and / or a screenshot (data URL). */
    walletFundRequestProof: build.mutation<AnswerOf<'api-fund-request-proof'>, RequestOf<'api-fund-request-proof'>>({
      query: (body) => ({ call: 'api-fund-request-proof', body }),
      invalidatesTags: invalidatedBy('api-fund-request-proof'),
    }),
    walletWithdrawRequest: build.mutation<
      AnswerOf<'api-user-withdraw-fund-request'>,
      RequestOf<'api-user-withdraw-fund-request'>
    >({
      query: (body) => ({ call: 'api-user-withdraw-fund-request', body }),
      invalidatesTags: invalidatedBy('api-user-withdraw-fund-request'),
    }),
    /** A lookup, but always fresh: a mutation so a repeated check asks the server again. */
    walletCheckTransferUser: build.mutation<
      AnswerOf<'api-check-user-for-transfer-amt'>,
      RequestOf<'api-check-user-for-transfer-amt'>
    >({
      query: (body) => ({ call: 'api-check-user-for-transfer-amt', body }),
    }),
    walletTransfer: build.mutation<
      AnswerOf<'api-user-transfer-wallet-balance'>,
      RequestOf<'api-user-transfer-wallet-balance'>
    >({
      query: (body) => ({ call: 'api-user-transfer-wallet-balance', body }),
      invalidatesTags: invalidatedBy('api-user-transfer-wallet-balance'),
    }),
    /** Every history screen: one endpoint, the call from the screen's config, its tags from the contract. */
    historyList: build.query<ApiResponse, HistoryArgs>({
      // the body's keys follow the call's contract entry (HistoryPage), so it is that call's request
      query: ({ call, body }) => ({ call, body }) as CallArgs,
      providesTags: (_r, _e, arg) => providedBy(arg.call),
    }),
  }),
});

export const {
  useWalletFundDetailQuery,
  useLazyWalletBankDetailsQuery,
  useWalletQrPayQuery,
  useWalletRulesQuery,
  useWalletPaymentDetailsQuery,
  useWalletSendUpiOtpMutation,
  useWalletAddUpiDetailsMutation,
  useWalletFundRequestAddMutation,
  useWalletFundRequestProofMutation,
  useWalletWithdrawRequestMutation,
  useWalletCheckTransferUserMutation,
  useWalletTransferMutation,
  useHistoryListQuery,
} = walletApi;

/** A call's result as the screens need it (the one helper of @matka/shared). */
export { outcomeOf, type CallOutcome as Outcome } from '@matka/shared';
