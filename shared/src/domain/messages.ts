/**
 * Every user-facing text of product-spec sections 5 (validation) and 8 (errors / success toasts),
 * copied to the letter, typos included ('Alredy', 'Phone.No'). Keys are ours; values are the spec's.
 * Texts that the spec does not give but the rules need are grouped at the end under "not in spec".
 */
export const MSG = {
  // --- section 5: login, register, OTP, forgot and reset password
  phoneRequired: 'Phone No is required!',
  phoneInvalid: 'Phone No is not valid!',
  passwordRequired: 'Password is required!',
  usernameRequired: 'Username is required',
  otpInvalid: 'Enter Valid OTP',
  otpInvalidForgot: 'Invalid OTP. Please try again.',
  forgotPhoneRequired: 'Phone number is required!',
  forgotPhoneInvalid: 'Phone number is not valid!',
  newPasswordRequired: 'New Password is required!',
  confirmPasswordRequired: 'Confirm Password is required!',
  passwordsDoNotMatch: 'Passwords do not match!',
  invalidNavigation: 'Invalid navigation. Please start over.',
  // --- section 5: add funds, UPI number, withdraw
  selectPaymentMethod: 'Please select a payment method',
  upiIdNotFound: 'UPI ID not found for the selected payment method.',
  upiPhoneRequired: 'Phone No is required!',
  upiPhoneInvalid: 'Phone No is not Valid!',
  amountRequired: 'Amount is required!',
  walletLimitExceeded: 'Wallet Limit Exceeded',
  withdrawOutsideHours: 'Withdrawals are only allowed during specified hours.',
  // --- section 5: transfer
  transferPhoneRequired: 'Phone No is required!',
  transferPhoneInvalid: 'Phone.No is not Valid!',
  transferOwnPhone: "Don't Use Your Own Phone No.",
  transferPointsRequired: 'Points is required!',
  transferPointsMin: 'Points Must be More than 100',
  transferNotEnoughPoints: 'Not Enough Points',
  // --- section 5: change password, profile
  currentPasswordRequired: 'Current Password is required!',
  oldPasswordMismatch: 'Old password does not match',
  confirmNotEqualNew: 'Confirm Password is not equal to New Password!',
  nameRequired: 'Name is required!',
  // --- section 5: bids
  enterNumber: 'Please enter the number',
  enterPoint: 'Please enter point',
  minBid: 'Required minimum bid amount is 10',
  insufficient: 'Insufficient balance please refill your account',
  insufficientStarline: 'Insufficient balance, please refill your account',
  notEnoughBalance: 'Not enough balance!',
  digitNotValid: 'Digit not valid',
  dpMotorPana: 'Please enter a valid Pana (at least 2 digits)',
  // --- section 2 / 8: bid dialog and results
  bidPlaced: 'Bid placed successfully!',
  starlineBidPlaced: 'Bid Successfully Placed',
  bidFailed: 'Failed to place bid. Please try again.',
  bidWarning: 'Once you place a bid, it cannot be cancelled in any situation.',
  bidWarningStarline: 'Once you placed a bid, it will not be cancelled in any situation',
  // --- section 8: auth and registration
  userNotRegistered: 'User Not Registered',
  userAlreadyRegistered: 'User Alredy Registered',
  errorOccurredTryAgain: 'An error occurred. Please try again.',
  resendOtpFailed: 'Failed to resend OTP. Please try again.',
  sendOtpFailed: 'Failed to send OTP',
  updatePasswordFailed: 'Failed to update password',
  invalidResponseFormat: 'Invalid response format from server',
  updatePasswordFailedRetry: 'Failed to update password. Please try again.',
  passwordUpdated: 'Successfully updated password',
  // --- section 8: add funds, contact
  upiFetchFailed: 'Failed to fetch UPI ID. Please check your credentials.',
  upiFetchError: 'An error occurred while fetching UPI ID.',
  paymentInitError: 'An error occurred while trying to initiate payment.',
  contactFailed: 'Unable to initiate contact. Please try again.',
  // --- section 8: withdraw, UPI OTP, transfer, change password, payment details, histories
  errorOccurred: 'An error occurred',
  unexpectedError: 'An unexpected error occurred. Please try again later.',
  withdrawSent: 'Withdraw request sent successfully',
  fetchOtpFailed: 'Failed to fetch OTP',
  sendingOtpError: 'Error sending OTP',
  generateOtpFailed: 'Failed to generate OTP',
  processingRequestError: 'Error processing request',
  transferLookupFailed: 'Username or password incorrect',
  oldPasswordIncorrect: 'Old password is incorrect',
  passwordChanged: 'Successfully changed password',
  paymentDetailsFailed: 'Failed to retrieve payment details',
  paymentDetailsError: 'An error occurred while fetching payment details',
  noDataFound: 'NO DATA FOUND',
  // --- sections 1 and 2: other fixed texts of the screens
  upiNumberAdded: 'UPI Number Added Successfully!',
  noPaymentMethods: 'No payment methods available',
  noAddFundTransactions: 'No add fund transactions found.',
  downloadTicker: 'PLEASE DOWNLOAD ANDROID APPLICATION FOR FAST DEPOSIT AND FAST WITHDRAW (24×7)',
  // --- not in spec: texts the shared rules need where the spec is silent
  maxBid: 'Maximum bid amount is 10000000',
  selectSpDpTp: 'Please select SP, DP or TP',
  selectSession: 'Please select a session',
  unknownBetType: 'Unknown bet type',
  invalidRequest: 'Invalid bid request',
  invalidGame: 'Invalid game',
  invalidBidDate: 'Invalid bid date',
  noBids: 'No bids to submit',
  tooManyBids: 'Too many bids in one request',
  // --- not in spec: the installable app
  offline: 'You are offline — showing the last data',
  offlineReason: 'Bids and money requests wait until you are back online.',
  offlinePage: 'This page is not saved on this phone yet. It opens when you are back online.',
  newVersion: 'A new version is available',
  // --- not in spec: a player whose betting_status is not '1'
  bettingOff: 'Betting is not enabled on your account. Please contact Customer Support to start playing.',
} as const;

/** 'Number {n} is not valid' */
export const numberNotValid = (n: string): string => `Number ${n} is not valid`;
/** 'Bidding is closed for {betType}' */
export const biddingClosed = (betType: string): string => `Bidding is closed for ${betType}`;
/** 'Minimum amount to add is {min}' */
export const minAddAmount = (min: number | string): string => `Minimum amount to add is ${min}`;
/** 'Min amt is {min}' */
export const minWithdraw = (min: number | string): string => `Min amt is ${min}`;
/** 'Error registering: {message}' */
export const errorRegistering = (message: string): string => `Error registering: ${message}`;

/** Responsible play: the registration's age declaration and its refusal. */
export const AGE_DECLARATION = 'I confirm that I am 18 years of age or older';
export const MSG_AGE_REQUIRED = 'Please confirm that you are 18 years of age or older';
/** A number whose potential payout reached its family's liability cap (the server's refusal). */
export const MSG_NUMBER_CLOSED = 'This number is closed for this session';
