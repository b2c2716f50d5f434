import type { StandaloneSection } from '@matka/shared/standalone';
import { HISTORIES, type HistoryId } from './history/configs';

const history = (path: string, id: HistoryId) => ({ path, title: HISTORIES[id].title });

/** The wallet family's screens, as its standalone page lists them (every path the family owns). */
export const SCREENS: StandaloneSection[] = [
  {
    heading: 'Wallet',
    screens: [
      { path: '/wallet', title: 'Wallet' },
      { path: '/imp7', title: 'Wallet: Transfer tab' },
      { path: '/imp8', title: 'Wallet: Withdraw Fund tab' },
      { path: '/imp9', title: 'Wallet: Add Fund tab' },
      { path: '/mymodel', title: 'UPI number', needs: 'Opened from the Withdraw Fund tab' },
      { path: '/otpwithdraw', title: 'OTP for a UPI number', needs: 'Opened after Send OTP' },
    ],
  },
  {
    heading: 'Money',
    screens: [
      { path: '/addfund', title: 'Add Funds' },
      { path: '/qrpay', title: 'QR Payment', needs: 'Opened from Add Funds' },
      { path: '/withdraw', title: 'Withdraw' },
      { path: '/transfer', title: 'Transfer Points' },
      { path: '/transfermodel', title: 'Confirm Transfer', needs: 'Opened from Transfer Points' },
      { path: '/depositrule', title: 'Deposit Rule' },
      { path: '/withdrawrule', title: 'Withdraw Rule' },
    ],
  },
  {
    heading: 'Histories',
    screens: [
      { path: '/histories', title: 'Histories' },
      history('/transaction', 'wallet'),
      history('/addfundhistory', 'deposit'),
      history('/withdrawhistory', 'withdraw'),
      history('/imp4', 'mainBid'),
      history('/bid', 'mainBid'),
      history('/imp3', 'mainWin'),
      history('/win', 'mainWin'),
      history('/imp5', 'starlineBid'),
      history('/imp6', 'starlineWin'),
      history('/impbid', 'galiBid'),
      history('/impwin', 'galiWin'),
      { path: '/windata', title: 'Win Details', needs: 'Opened from a win' },
    ],
  },
];
