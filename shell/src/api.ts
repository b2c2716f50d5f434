/**
 * The shell's own calls (spec section 7): registration and OTP, forgot / reset / change password,
 * profile, dashboard, social data, game rates and how to play. Injected into the one shared api.
 */
import { api, callMutation, callQuery } from '@matka/shared/api';
import {
  CALL,
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
export type OtpResponse = AnswerOf<typeof CALL.checkMobile>;
export type { DashboardGame };
export type HowToPlayResponse = AnswerOf<typeof CALL.howToPlay>;
export type ProfileResponse = AnswerOf<typeof CALL.getProfile>;

export const shellApi = api.injectEndpoints({
  endpoints: (build) => ({
    shellCheckMobile: callMutation(build, CALL.checkMobile),
    shellRegister: build.mutation<
      AnswerOf<typeof CALL.userRegistration>,
      Omit<RequestOf<typeof CALL.userRegistration>, 'email' | 'security_pin' | 'device_id'>
    >({
      query: (b) => ({
        call: CALL.userRegistration,
        body: { ...b, email: REGISTRATION_EMAIL, security_pin: REGISTRATION_SECURITY_PIN, device_id: null },
      }),
    }),
    shellResendOtp: callMutation(build, CALL.resendOtp),
    shellForgetCheckMobile: callMutation(build, CALL.forgetCheckMobile),
    shellForgotPassword: callMutation(build, CALL.forgotPassword),
    shellChangePassword: callMutation(build, CALL.changePassword),
    shellProfile: callQuery(build, CALL.getProfile),
    shellProfileUpdate: callMutation(build, CALL.profileUpdate),
    // the live stream writes results into it (tag Markets)
    shellDashboard: callQuery(build, CALL.dashboardData),
    /** A family's market list (the settings page lists every family's markets to follow). */
    shellFamilyMarkets: build.query<
      { status?: boolean; result?: { game_id: number | string; game_name: string }[] },
      Family
    >({
      query: (family) => ({ call: MARKET_LIST_CALL[family] }),
      providesTags: ['Markets'],
    }),
    shellGameRates: callQuery(build, CALL.gameRates),
    // the operator's texts come in the player's language: the argument (the language, none for English)
    // keeps one cache entry per language
    shellHowToPlay: build.query<HowToPlayResponse, string | void>({
      query: () => ({ call: CALL.howToPlay }),
    }),
    shellPrivacyPolicy: build.query<AnswerOf<typeof CALL.privacyPolicy>, string | void>({
      query: () => ({ call: CALL.privacyPolicy }),
    }),
    /** The notifications inbox, newest first (`before`: the page older than that id). */
    shellInbox: build.query<AnswerOf<typeof CALL.notifications>, string | void>({
      query: (before) => ({ call: CALL.notifications, body: before ? { before } : {} }),
      providesTags: providedBy(CALL.notifications),
    }),
    /** This device's web push state (`endpoint`: its subscription, if any) and the markets followed. */
    shellPushSettings: build.query<AnswerOf<typeof CALL.pushSettings>, string | undefined>({
      query: (endpoint) => ({ call: CALL.pushSettings, body: endpoint ? { endpoint } : {} }),
      providesTags: providedBy(CALL.pushSettings),
    }),
    shellPushSubscribe: callMutation(build, CALL.pushSubscribe),
    shellPushUnsubscribe: callMutation(build, CALL.pushUnsubscribe),
    shellPushFollow: callMutation(build, CALL.pushFollow),
    /** Responsible play: the age declaration, a break or exclusion running, the history. */
    shellConfirmAge: callMutation(build, CALL.confirmAge),
    shellTakeBreak: callMutation(build, CALL.takeBreak),
    shellSelfExclude: callMutation(build, CALL.selfExclude),
    shellSetLimit: callMutation(build, CALL.setLimit),
    shellSetRealityCheck: callMutation(build, CALL.setRealityCheck),
    /** The reality check's interval, this session's login time and what was staked and won since. */
    shellRealityCheck: callQuery(build, CALL.realityCheck),
    shellInboxRead: build.mutation<AnswerOf<typeof CALL.notificationsRead>, string>({
      query: (upto) => ({ call: CALL.notificationsRead, body: { upto } }),
      invalidatesTags: invalidatedBy(CALL.notificationsRead),
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
