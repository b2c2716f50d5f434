/**
 * The answers of the player calls, as a client reads them (spec section 7): the types inferred from the
 * calls' answer schemas (`answerSchemas.ts`, the one place an answer's fields are declared). A type-only
 * import: a client that reads an answer carries no zod. The server's handler for a call must return its
 * answer (defineCall checks it at compile time).
 */
import type { z } from 'zod';
import type { UpiDetailsField } from '../domain/money';
import type * as S from './answerSchemas';

export type Answer = z.output<typeof S.AnswerSchema>;
export type Refusal = z.output<typeof S.RefusalSchema>;
export type LoginAnswer = z.output<typeof S.LoginAnswerSchema>;
export type ListedMarket = z.output<typeof S.ListedMarketSchema>;
export type RatesAnswer = z.output<typeof S.RatesAnswerSchema>;
export type HomeInfoAnswer = z.output<typeof S.HomeInfoAnswerSchema>;
export type OtpSentAnswer = z.output<typeof S.OtpSentAnswerSchema>;
export type ProfileAnswer = z.output<typeof S.ProfileAnswerSchema>;
export type DashboardGame = z.output<typeof S.DashboardGameSchema>;
export type DashboardAnswer = z.output<typeof S.DashboardAnswerSchema>;
export type HowToPlayAnswer = z.output<typeof S.HowToPlayAnswerSchema>;
export type PrivacyPolicyAnswer = z.output<typeof S.PrivacyPolicyAnswerSchema>;
export type StarlineGame = z.output<typeof S.StarlineGameSchema>;
export type StarlineGamesAnswer = z.output<typeof S.StarlineGamesAnswerSchema>;
export type GaliMarket = z.output<typeof S.GaliMarketSchema>;
export type GaliGamesAnswer = z.output<typeof S.GaliGamesAnswerSchema>;
export type SliderAnswer = z.output<typeof S.SliderAnswerSchema>;
export type AutoDepositAnswer = z.output<typeof S.AutoDepositAnswerSchema>;
export type SocialAnswer = z.output<typeof S.SocialAnswerSchema>;
export type BidPlacedAnswer = z.output<typeof S.BidPlacedAnswerSchema>;
export type PaymentMethodsAnswer = z.output<typeof S.PaymentMethodsAnswerSchema>;
export type WalletInfoAnswer = z.output<typeof S.WalletInfoAnswerSchema>;
export type BankDetailsAnswer = z.output<typeof S.BankDetailsAnswerSchema>;
export type QrPayAnswer = z.output<typeof S.QrPayAnswerSchema>;
export type RulesAnswer = z.output<typeof S.RulesAnswerSchema>;
export type PaymentDetailsAnswer = z.output<typeof S.PaymentDetailsAnswerSchema>;
export type FundDetailAnswer = z.output<typeof S.FundDetailAnswerSchema>;
export type CodeSentAnswer = z.output<typeof S.CodeSentAnswerSchema>;
export type RequestMadeAnswer = z.output<typeof S.RequestMadeAnswerSchema>;
export type WithdrawalMadeAnswer = z.output<typeof S.WithdrawalMadeAnswerSchema>;
export type ProofAddedAnswer = z.output<typeof S.ProofAddedAnswerSchema>;
export type TransferUserAnswer = z.output<typeof S.TransferUserAnswerSchema>;
export type TransferMadeAnswer = z.output<typeof S.TransferMadeAnswerSchema>;
export type BidRow = z.output<typeof S.BidRowSchema>;
export type WinRow = z.output<typeof S.WinRowSchema>;
export type BidHistoryAnswer = z.output<typeof S.BidHistoryAnswerSchema>;
export type WinHistoryAnswer = z.output<typeof S.WinHistoryAnswerSchema>;
export type GaliWinHistoryAnswer = z.output<typeof S.GaliWinHistoryAnswerSchema>;
export type DepositHistoryAnswer = z.output<typeof S.DepositHistoryAnswerSchema>;
export type WithdrawHistoryAnswer = z.output<typeof S.WithdrawHistoryAnswerSchema>;
export type LedgerHistoryAnswer = z.output<typeof S.LedgerHistoryAnswerSchema>;
export type AppKeyAnswer = z.output<typeof S.AppKeyAnswerSchema>;
export type GameStatusAnswer = z.output<typeof S.GameStatusAnswerSchema>;
export type CurrentDateAnswer = z.output<typeof S.CurrentDateAnswerSchema>;
export type PlayLimit = z.output<typeof S.PlayLimitSchema>;
export type PlayLimitChange = z.output<typeof S.PlayLimitChangeSchema>;
export type ProtectionAnswer = z.output<typeof S.ProtectionAnswerSchema>;
export type RealityCheckAnswer = z.output<typeof S.RealityCheckAnswerSchema>;
export type PushSettingsAnswer = z.output<typeof S.PushSettingsAnswerSchema>;
export type InboxItem = z.output<typeof S.InboxItemSchema>;
export type InboxAnswer = z.output<typeof S.InboxAnswerSchema>;
export type InboxReadAnswer = z.output<typeof S.InboxReadAnswerSchema>;

/** The account's UPI numbers, each under its app's detailsField (the domain's UPI_APPS). */
export type PaymentDetails = Partial<Record<UpiDetailsField, string | null>>;

/** The answer each call declares. */
export type Answers = { [N in keyof S.AnswerSchemas]: z.output<S.AnswerSchemas[N]> };
