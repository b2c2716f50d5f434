import { MSG, biddingClosed, errorRegistering, minAddAmount, minWithdraw, numberNotValid } from '../index';

// Every fixed text of spec sections 5 and 8 (and the bid-dialog texts of section 2), copied from the spec.
const SPEC_TEXTS = [
  // section 5
  'Phone No is required!',
  'Phone No is not valid!',
  'Password is required!',
  'Username is required',
  'Enter Valid OTP',
  'Invalid OTP. Please try again.',
  'Phone number is required!',
  'Phone number is not valid!',
  'New Password is required!',
  'Confirm Password is required!',
  'Passwords do not match!',
  'Invalid navigation. Please start over.',
  'Please select a payment method',
  'UPI ID not found for the selected payment method.',
  'Phone No is not Valid!',
  'Amount is required!',
  'Wallet Limit Exceeded',
  'Withdrawals are only allowed during specified hours.',
  'Phone.No is not Valid!',
  "Don't Use Your Own Phone No.",
  'Points is required!',
  'Points Must be More than 100',
  'Not Enough Points',
  'Current Password is required!',
  'Old password does not match',
  'Confirm Password is not equal to New Password!',
  'Name is required!',
  'Please enter the number',
  'Please enter point',
  'Required minimum bid amount is 10',
  'Insufficient balance please refill your account',
  'Insufficient balance, please refill your account',
  'Digit not valid',
  'Please enter a valid Pana (at least 2 digits)',
  'Not enough balance!',
  // section 8
  'User Not Registered',
  'User Alredy Registered',
  'An error occurred. Please try again.',
  'Failed to resend OTP. Please try again.',
  'Failed to send OTP',
  'Failed to update password',
  'Invalid response format from server',
  'Failed to update password. Please try again.',
  'Successfully updated password',
  'Failed to fetch UPI ID. Please check your credentials.',
  'An error occurred while fetching UPI ID.',
  'An error occurred while trying to initiate payment.',
  'Unable to initiate contact. Please try again.',
  'Bid placed successfully!',
  'Bid Successfully Placed',
  'Failed to place bid. Please try again.',
  'An error occurred',
  'An unexpected error occurred. Please try again later.',
  'Withdraw request sent successfully',
  'Failed to fetch OTP',
  'Error sending OTP',
  'Failed to generate OTP',
  'Error processing request',
  'Username or password incorrect',
  'Old password is incorrect',
  'Successfully changed password',
  'Failed to retrieve payment details',
  'An error occurred while fetching payment details',
  'NO DATA FOUND',
  // section 2
  'Once you place a bid, it cannot be cancelled in any situation.',
  'Once you placed a bid, it will not be cancelled in any situation',
  'UPI Number Added Successfully!',
  'No payment methods available',
  'No add fund transactions found.',
];

test.each(SPEC_TEXTS)('MSG holds %p to the letter', (text) => {
  expect(Object.values(MSG)).toContain(text);
});

test('the keys named in the API brief', () => {
  expect(MSG).toMatchObject({
    enterNumber: 'Please enter the number',
    enterPoint: 'Please enter point',
    minBid: 'Required minimum bid amount is 10',
    insufficient: 'Insufficient balance please refill your account',
    insufficientStarline: 'Insufficient balance, please refill your account',
    notEnoughBalance: 'Not enough balance!',
    digitNotValid: 'Digit not valid',
    dpMotorPana: 'Please enter a valid Pana (at least 2 digits)',
    bidPlaced: 'Bid placed successfully!',
    starlineBidPlaced: 'Bid Successfully Placed',
    bidFailed: 'Failed to place bid. Please try again.',
    bidWarning: 'Once you place a bid, it cannot be cancelled in any situation.',
    bidWarningStarline: 'Once you placed a bid, it will not be cancelled in any situation',
    phoneRequired: 'Phone No is required!',
    phoneInvalid: 'Phone No is not valid!',
    passwordRequired: 'Password is required!',
    usernameRequired: 'Username is required',
  });
});

test('templated messages', () => {
  expect(numberNotValid('1234')).toBe('Number 1234 is not valid');
  expect(biddingClosed('Jodi Digit')).toBe('Bidding is closed for Jodi Digit');
  expect(minAddAmount(500)).toBe('Minimum amount to add is 500');
  expect(minAddAmount('0')).toBe('Minimum amount to add is 0');
  expect(minWithdraw(1000)).toBe('Min amt is 1000');
  expect(errorRegistering('boom')).toBe('Error registering: boom');
});
