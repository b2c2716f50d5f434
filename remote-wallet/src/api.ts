/**
 * The wallet family's calls (spec section 7), injected into the one shared RTK Query api.
 * Tags: anything that moves points invalidates 'Wallet' (the top bar balance and wallet info refetch)
 * and the histories it shows up in.
 */
import { isOk, type ApiResponse, type CallArgs } from '@matka/shared';
import { api, callMutation, callQuery } from '@matka/shared/api';
import {
  CALL,
  invalidatedBy,
  providedBy,
  type AnswerOf,
  type BidRange,
  type CallName,
  type DateRange,
  type PaymentDetails,
} from '@matka/shared/contract';
import { UPI_APPS_BY_TYPE, type UpiType } from '@matka/shared/domain';

// the answers as the contract declares them (the server's handlers are checked against the same types)
export type BankDetailsResponse = AnswerOf<typeof CALL.adminBankDetails>;
export type QrPayResponse = AnswerOf<typeof CALL.getQrPay>;
export type RulesResponse = AnswerOf<typeof CALL.moneyDepositWithdrawalRule>;
export type PaymentDetailsResponse = AnswerOf<typeof CALL.getUserPaymentDetails>;
export type { PaymentDetails };
/** Wallet info (spec section 3): the answer of the shared walletBalance endpoint (api-user-wallet-balance). */
export type WalletInfoResponse = AnswerOf<typeof CALL.userWalletBalance>;

/** A UPI-details code (the domain's UpiType: 1 Paytm, 2 Google Pay, 3 PhonePe). */
export type UpiOption = UpiType;

/** A history's call and its body: the days under the keys its contract entry names (`dates`), a mobile where asked. */
export interface HistoryArgs {
  call: CallName;
  body: (DateRange | BidRange) & { mobile_no?: string };
}

export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    walletFundDetail: callQuery(build, CALL.lastFundRequestDetail),
    walletBankDetails: callQuery(build, CALL.adminBankDetails),
    walletQrPay: callQuery(build, CALL.getQrPay),
    // one cache entry per language (the operator's rules come in the player's language; none: English)
    walletRules: build.query<RulesResponse, string | void>({
      query: () => ({ call: CALL.moneyDepositWithdrawalRule }),
    }),
    walletPaymentDetails: callQuery(build, CALL.getUserPaymentDetails),
    /** Sends the code that confirms a new UPI number (checked by the server on api-add-user-upi-details). */
    walletSendUpiOtp: callMutation(build, CALL.upiSendOtp),
    walletAddUpiDetails: build.mutation<
      AnswerOf<typeof CALL.addUserUpiDetails>,
      { upi_type: UpiOption; number: string; otp: string }
    >({
      query: ({ upi_type, number, otp }) => ({
        call: CALL.addUserUpiDetails,
        body: {
          upi_type,
          // the chosen app's number, the others empty (they are left as they are)
          ...Object.fromEntries(UPI_APPS_BY_TYPE.map((a) => [a.numberField, a.upiType === upi_type ? number : ''])),
          otp,
        },
      }),
      invalidatesTags: (r) => (isOk(r) ? invalidatedBy(CALL.addUserUpiDetails) : []),
    }),
    walletFundRequestAdd: callMutation(build, CALL.fundRequestAdd),
    /** The proof of a UPI payment on a pending deposit request: the UTR and / or a screenshot (data URL). */
    walletFundRequestProof: callMutation(build, CALL.fundRequestProof),
    walletWithdrawRequest: callMutation(build, CALL.userWithdrawFundRequest),
    /** A lookup, but always fresh: a mutation so a repeated check asks the server again. */
    walletCheckTransferUser: callMutation(build, CALL.checkUserForTransferAmt),
    walletTransfer: callMutation(build, CALL.userTransferWalletBalance),
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
