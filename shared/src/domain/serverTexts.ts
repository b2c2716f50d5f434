/**
 * The server's own fixed texts that a player reads (refusals and answers beyond the spec's MSG), owned
 * here so the server answers them in the player's language like MSG (by their English, as 'msg.<key>' in
 * the messages catalogue; server/src/http/language.ts). Not in the app's first screen: the app gets them
 * from the server, already in its language.
 */
import { POINTS_WHOLE } from './validate';

export const SERVER_TEXTS = {
  tooManyAttempts: 'Too many attempts. Please try again later.',
  tooManyWrongCodes: 'Too many wrong codes for this number today. Please try again tomorrow.',
  badPushSubscription: 'This browser gave an invalid push subscription. Please try again.',
  marketClosed: 'Market is closed',
  receiverPaused: 'This player cannot receive points now',
  utrTaken: 'This UTR is already on another deposit request',
  proofNotPending: 'Only a pending deposit request can take a payment reference',
  sessionExpired: 'Session expired. Please login again.',
  otpSent: 'OTP sent successfully',
  accountBlocked: 'Your account is blocked. Please contact support.',
  loginOk: 'Login successful',
  enterPin: 'Enter your security PIN to sign in',
  registered: 'Registration successful',
  registeredUnverified: 'Registration successful. Betting starts once your account is approved.',
  fundRequested: 'Fund request submitted successfully',
  utrInvalid: 'The UTR is the 12-digit UPI reference number of your payment',
  screenshotInvalid: 'The screenshot must be a PNG, JPEG or WebP image of at most 180 KB',
  screenshotTooLarge: 'The screenshot must be at most 4096 × 4096 pixels',
  proofChangesUsed: "This request's payment proof cannot be changed again. Please contact support.",
  proofChangesToday: 'Too many payment proof changes today. Please try again tomorrow.',
  tooManyStreams: 'Too many live connections from this network. Please try again later.',
  registrationPaused: 'A new account cannot be opened from this phone or network now. Please contact support.',
  transferOk: 'Points transferred successfully',
  pointsNotNumber: 'Points must be a number',
  bettingDisabled: 'Betting is disabled for your account',
  unknownMarket: 'Unknown market',
  chooseLanguage: 'Choose English, Hindi or Marathi',
  pushOn: 'Notifications are on for this phone',
  pushOff: 'Notifications are off for this phone',
  badAppKey: 'Invalid app key',
  notAnObject: 'Request body must be a JSON object',
  badIdempotencyKey: 'Invalid idempotency key',
  badNotificationId: 'Invalid notification id',
  pinWrong: 'Invalid security PIN',
  upiHeld: 'This UPI number is waiting for approval. Please contact support.',
  resetNeedsCode: 'This app cannot reset your password. Please reset it on our website or ask support.',
  pointsWhole: POINTS_WHOLE,
  pushServiceUnknown: "This browser's push service is not supported",
} as const;
