import type { ReactNode } from 'react';
import { MSG } from '@matka/shared';
import type { HistoryTag } from '../api';
import { BidCard, DepositCard, TransactionCard, WinCard, WithdrawCard, type Row } from './cards';

/** What makes one history screen: its call, date parameter names, list key, tag and card. */
export interface HistoryConfig {
  title: string;
  call: string;
  /** 'bid': bid_from / bid_to; 'date': date_from / date_to (both month/day/year). */
  dateParams: 'bid' | 'date';
  listKey: string;
  tag: HistoryTag;
  /** Extra payload from the session (the withdraw history sends mobile_no). */
  withMobile?: boolean;
  emptyText?: string;
  card: (row: Row) => ReactNode;
}

const bid = (showSession: boolean) => (row: Row) => <BidCard row={row} showSession={showSession} />;
const win = (showSession: boolean) => (row: Row) => <WinCard row={row} showSession={showSession} />;

export const HISTORIES = {
  mainBid: {
    title: 'Bid History',
    call: 'api-bid-history-data',
    dateParams: 'bid',
    listKey: 'bid_data',
    tag: 'Bids',
    card: bid(true),
  },
  mainWin: {
    title: 'Win History',
    call: 'api-wining-history-data',
    dateParams: 'date',
    listKey: 'win_data',
    tag: 'Wins',
    card: win(true),
  },
  starlineBid: {
    title: 'Starline Bid-History',
    call: 'api-starline-bid-history-data',
    dateParams: 'bid',
    listKey: 'bid_data',
    tag: 'Bids',
    card: bid(true),
  },
  starlineWin: {
    title: 'Starline Win-History',
    call: 'api-starline-wining-history-data',
    dateParams: 'date',
    listKey: 'win_data',
    tag: 'Wins',
    card: win(true),
  },
  galiBid: {
    title: 'Gali Bid-History',
    call: 'api-galidisawar-bid-history-data',
    dateParams: 'bid',
    listKey: 'bid_data',
    tag: 'Bids',
    card: bid(false),
  },
  // spec section 7: the Gali win history answers under bid_data
  galiWin: {
    title: 'Gali Win-History',
    call: 'api-galidisawar-wining-history-data',
    dateParams: 'date',
    listKey: 'bid_data',
    tag: 'Wins',
    card: win(false),
  },
  wallet: {
    title: 'Wallet History',
    call: 'api-wallet-transaction-history',
    dateParams: 'date',
    listKey: 'transaction_history',
    tag: 'Transactions',
    card: (row: Row) => <TransactionCard row={row} />,
  },
  withdraw: {
    title: 'Withdraw History',
    call: 'api-user-withdraw-transaction-history',
    dateParams: 'date',
    listKey: 'withdrawdata',
    tag: 'Withdrawals',
    withMobile: true,
    card: (row: Row) => <WithdrawCard row={row} />,
  },
  deposit: {
    title: 'Deposit History',
    call: 'api-fund-request-history',
    dateParams: 'date',
    listKey: 'fund_requests',
    tag: 'Funds',
    emptyText: MSG.noAddFundTransactions,
    card: (row: Row) => <DepositCard row={row} />,
  },
} satisfies Record<string, HistoryConfig>;

export type HistoryId = keyof typeof HISTORIES;
