/**
 * The shell's own calls (spec section 7): registration and OTP, forgot / reset / change password,
 * profile, dashboard, social data, game rates and how to play. Injected into the one shared api.
 */
import type { ApiResponse } from '@matka/shared';
import { api } from '@matka/shared/api';
import {
  MARKET_LIST_CALL,
  invalidatedBy,
  providedBy,
  type AnswerOf,
  type DashboardGame,
  type RequestOf,
} from '@matka/shared/contract';
import type { Family } from '@matka/shared/domain';

/** The registration call's fixed values (spec section 7: a literal email placeholder and a fixed security pin). */
export const REGISTRATION_EMAIL = 'user@example.com';
export const REGISTRATION_SECURITY_PIN = '1234';

// the answers as the contract declares them
export type OtpResponse = AnswerOf<'api-check-mobile'>;
export type { DashboardGame };
export type HowToPlayResponse = AnswerOf<'api-how-to-play'>;
export type ProfileResponse = AnswerOf<'api-get-profile'>;

export const shellApi = api.injectEndpoints({
  endpoints: (build) => ({
    shellCheckMobile: build.mutation<OtpResponse, RequestOf<'api-check-mobile'>>({
      query: (body) => ({ call: 'api-check-mobile', body }),
    }),
    shellRegister: build.mutation<
      ApiResponse & { user_name?: string; unique_token?: string; mobile?: string },
      Omit<RequestOf<'api-user-registration'>, 'email' | 'security_pin' | 'device_id'>
    >({
      query: (b) => ({
        call: 'api-user-registration',
        body: { ...b, email: REGISTRATION_EMAIL, security_pin: REGISTRATION_SECURITY_PIN, device_id: null },
      }),
    }),
    shellResendOtp: build.mutation<OtpResponse, RequestOf<'api-resend-otp'>>({
      query: (body) => ({ call: 'api-resend-otp', body }),
    }),
    shellForgetCheckMobile: build.mutation<OtpResponse, RequestOf<'api-forget-check-mobile'>>({
      query: (body) => ({ call: 'api-forget-check-mobile', body }),
    }),
    shellForgotPassword: build.mutation<AnswerOf<'api-forgot-password'>, RequestOf<'api-forgot-password'>>({
      query: (body) => ({ call: 'api-forgot-password', body }),
    }),
    shellChangePassword: build.mutation<AnswerOf<'api-change-password'>, RequestOf<'api-change-password'>>({
      query: (body) => ({ call: 'api-change-password', body }),
    }),
    shellProfile: build.query<ProfileResponse, void>({
      query: () => ({ call: 'api-get-profile' }),
      providesTags: providedBy('api-get-profile'),
    }),
    shellProfileUpdate: build.mutation<AnswerOf<'api-profile-update'>, RequestOf<'api-profile-update'>>({
      query: (body) => ({ call: 'api-profile-update', body }),
      invalidatesTags: invalidatedBy('api-profile-update'),
    }),
    shellDashboard: build.query<AnswerOf<'api-dashboard-data'>, void>({
      query: () => ({ call: 'api-dashboard-data' }),
      // the live stream writes results into it (tag Markets)
      providesTags: providedBy('api-dashboard-data'),
    }),
    /** A family's market list (the settings page lists every family's markets to follow). */
    shellFamilyMarkets: build.query<
      { status?: boolean; result?: { game_id: number | string; game_name: string }[] },
      Family
    >({
      query: (family) => ({ call: MARKET_LIST_CALL[family] }),
      providesTags: ['Markets'],
    }),
    shellGameRates: build.query<AnswerOf<'api-game-rates'>, void>({
      query: () => ({ call: 'api-game-rates' }),
    }),
    // the operator's texts come in the player's language: the argument (the language, none for English)
    // keeps one cache entry per language
    shellHowToPlay: build.query<HowToPlayResponse, string | void>({
      query: () => ({ call: 'api-how-to-play' }),
    }),
    shellPrivacyPolicy: build.query<AnswerOf<'api-privacy-policy'>, string | void>({
      query: () => ({ call: 'api-privacy-policy' }),
    }),
    /** The notifications inbox, newest first (`before`: the page older than that id). */
    shellInbox: build.query<AnswerOf<'api-notifications'>, string | void>({
      query: (before) => ({ call: 'api-notifications', body: before ? { before } : {} }),
      providesTags: providedBy('api-notifications'),
    }),
    /** This device's web push state (`endpoint`: its subscription, if any) and the markets followed. */
    shellPushSettings: build.query<AnswerOf<'api-push-settings'>, string | undefined>({
      query: (endpoint) => ({ call: 'api-push-settings', body: endpoint ? { endpoint } : {} }),
      providesTags: providedBy('api-push-settings'),
    }),
    shellPushSubscribe: build.mutation<AnswerOf<'api-push-subscribe'>, RequestOf<'api-push-subscribe'>>({
      query: (body) => ({ call: 'api-push-subscribe', body }),
      invalidatesTags: invalidatedBy('api-push-subscribe'),
    }),
    shellPushUnsubscribe: build.mutation<AnswerOf<'api-push-unsubscribe'>, RequestOf<'api-push-unsubscribe'>>({
      query: (body) => ({ call: 'api-push-unsubscribe', body }),
      invalidatesTags: invalidatedBy('api-push-unsubscribe'),
    }),
    shellPushFollow: build.mutation<AnswerOf<'api-push-follow'>, RequestOf<'api-push-follow'>>({
      query: (body) => ({ call: 'api-push-follow', body }),
      invalidatesTags: invalidatedBy('api-push-follow'),
    }),
    /** Responsible play: the age declaration, a break or exclusion running, the history. */
    shellConfirmAge: build.mutation<AnswerOf<'api-confirm-age'>, void>({
      query: () => ({ call: 'api-confirm-age' }),
      invalidatesTags: invalidatedBy('api-confirm-age'),
    }),
    shellTakeBreak: build.mutation<AnswerOf<'api-take-break'>, RequestOf<'api-take-break'>>({
      query: (body) => ({ call: 'api-take-break', body }),
      invalidatesTags: invalidatedBy('api-take-break'),
    }),
    shellSelfExclude: build.mutation<AnswerOf<'api-self-exclude'>, RequestOf<'api-self-exclude'>>({
      query: (body) => ({ call: 'api-self-exclude', body }),
      invalidatesTags: invalidatedBy('api-self-exclude'),
    }),
    shellSetLimit: build.mutation<AnswerOf<'api-set-limit'>, RequestOf<'api-set-limit'>>({
      query: (body) => ({ call: 'api-set-limit', body }),
      invalidatesTags: invalidatedBy('api-set-limit'),
    }),
    shellSetRealityCheck: build.mutation<AnswerOf<'api-set-reality-check'>, RequestOf<'api-set-reality-check'>>({
      query: (body) => ({ call: 'api-set-reality-check', body }),
      invalidatesTags: invalidatedBy('api-set-reality-check'),
    }),
    /** The reality check's interval, this session's login time and what was staked and won since. */
    shellRealityCheck: build.query<AnswerOf<'api-reality-check'>, void>({
      query: () => ({ call: 'api-reality-check' }),
      providesTags: providedBy('api-reality-check'),
    }),
    shellInboxRead: build.mutation<AnswerOf<'api-notifications-read'>, string>({
      query: (upto) => ({ call: 'api-notifications-read', body: { upto } }),
      invalidatesTags: invalidatedBy('api-notifications-read'),
    }),
  }),
});

export const {
  useShellFamilyMarketsQuery,
  useShellCheckMobileMutation,
  useShellRegisterMutation,
  useShellResendOtpMutation,
  useShellForgetCheckMobileMutation,
  useShellForgotPasswordMutation,
  useShellChangePasswordMutation,
  useShellProfileQuery,
  useShellProfileUpdateMutation,
  useShellDashboardQuery,
  useShellGameRatesQuery,
  useShellHowToPlayQuery,
  useShellPrivacyPolicyQuery,
  useShellInboxQuery,
  useShellInboxReadMutation,
  useShellConfirmAgeMutation,
  useShellTakeBreakMutation,
  useShellSelfExcludeMutation,
  useShellSetLimitMutation,
  useShellSetRealityCheckMutation,
  useShellRealityCheckQuery,
  useShellPushSettingsQuery,
  useShellPushSubscribeMutation,
  useShellPushUnsubscribeMutation,
  useShellPushFollowMutation,
} = shellApi;

/** A call's result as the pages need it (the one helper of @matka/shared). */
export { outcomeOf as outcome } from '@matka/shared';
