import type { ReactNode } from 'react';
import { MSG } from '@matka/shared';
import { t } from '@matka/shared/i18n';
import { CALL, BID_HISTORY_CALL, WIN_HISTORY_CALL, type CallName } from '@matka/shared/contract';
import { BidCard, DepositCard, TransactionCard, WinCard, WithdrawCard, type Row } from './cards';

/**
 * What makes one history screen: its title, its call and its card. The call's date parameters ('bid':
 * bid_from / bid_to, 'date': date_from / date_to), list key and cache tags are the contract's.
 */
export interface HistoryConfig {
  /** in the language in use */
  readonly title: string;
  call: CallName;
  /** Extra payload from the session (the withdraw history sends mobile_no). */
  withMobile?: boolean;
  emptyText?: string;
  card: (row: Row) => ReactNode;
}

const bid = (showSession: boolean) => (row: Row) => <BidCard row={row} showSession={showSession} />;
const win = (showSession: boolean) => (row: Row) => <WinCard row={row} showSession={showSession} />;

export const HISTORIES = {
  mainBid: {
    get title() {
      return t('history.mainBid', 'Bid History');
    },
    call: BID_HISTORY_CALL.regular,
    card: bid(true),
  },
  mainWin: {
    get title() {
      return t('history.mainWin', 'Win History');
    },
    call: WIN_HISTORY_CALL.regular,
    card: win(true),
  },
  starlineBid: {
    get title() {
      return t('history.starlineBid', 'Starline Bid-History');
    },
    call: BID_HISTORY_CALL.starline,
    card: bid(true),
  },
  starlineWin: {
    get title() {
      return t('history.starlineWin', 'Starline Win-History');
    },
    call: WIN_HISTORY_CALL.starline,
    card: win(true),
  },
  galiBid: {
    get title() {
      return t('history.galiBid', 'Gali Bid-History');
    },
    call: BID_HISTORY_CALL.gali,
    card: bid(false),
  },
  galiWin: {
    get title() {
      return t('history.galiWin', 'Gali Win-History');
    },
    call: WIN_HISTORY_CALL.gali,
    card: win(false),
  },
  wallet: {
    get title() {
      return t('history.wallet', 'Wallet History');
    },
    call: CALL.walletTransactionHistory,
    card: (row: Row) => <TransactionCard row={row} />,
  },
  withdraw: {
    get title() {
      return t('history.withdraw', 'Withdraw History');
    },
    call: CALL.userWithdrawTransactionHistory,
    withMobile: true,
    card: (row: Row) => <WithdrawCard row={row} />,
  },
  deposit: {
    get title() {
      return t('history.deposit', 'Deposit History');
    },
    call: CALL.fundRequestHistory,
    emptyText: MSG.noAddFundTransactions,
    card: (row: Row) => <DepositCard row={row} />,
  },
} satisfies Record<string, HistoryConfig>;

export type HistoryId = keyof typeof HISTORIES;
