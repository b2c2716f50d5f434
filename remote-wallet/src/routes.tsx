import type { RouteObject } from 'react-router-dom';
import { withFamilyRoot } from '@matka/shared/ui';
import { HISTORIES, type HistoryId } from './history/configs';
import { HistoryPage } from './history/HistoryPage';
import { AddFundPage } from './pages/AddFundPage';
import { HistoriesMenu } from './pages/HistoriesMenu';
import { RulePage } from './pages/RulePage';
import { WinDataPage } from './pages/WinDataPage';
import { OtpWithdrawPage } from './pages/OtpWithdrawPage';
import { QrPayPage } from './pages/QrPayPage';
import { TransferModelPage, TransferPage } from './pages/TransferPage';
import { UpiNumberPage, WalletPage } from './pages/WalletPage';
import { WithdrawPage } from './pages/WithdrawPage';
import './wallet.css';
import { registerCatalog } from '@matka/shared/i18n';

// this family's texts in Hindi and Marathi: fetched (from this family's build) only when chosen
void registerCatalog('wallet', (lang) =>
  lang === 'hi'
    ? import(/* webpackChunkName: "i18n-wallet-hi" */ './locales/hi.json')
    : import(/* webpackChunkName: "i18n-wallet-mr" */ './locales/mr.json'),
);

const history = (path: string, id: HistoryId): RouteObject => ({
  path,
  // keyed by path: moving between two histories starts the second one fresh
  element: <HistoryPage key={path} config={HISTORIES[id]} />,
});

/** The wallet family's pages (DESIGN.md path table). Each element is keyed so a path change remounts it. */
export const routes: RouteObject[] = withFamilyRoot(
  'wallet',
  [
    { path: '/wallet', element: <WalletPage key="/wallet" tab="transfer" /> },
    { path: '/imp7', element: <WalletPage key="/imp7" tab="transfer" /> },
    { path: '/imp8', element: <WalletPage key="/imp8" tab="withdraw" /> },
    { path: '/imp9', element: <WalletPage key="/imp9" tab="add" /> },
    { path: '/mymodel', element: <UpiNumberPage key="/mymodel" /> },
    { path: '/otpwithdraw', element: <OtpWithdrawPage key="/otpwithdraw" /> },
    { path: '/transfer', element: <TransferPage key="/transfer" /> },
    { path: '/transfermodel', element: <TransferModelPage key="/transfermodel" /> },
    { path: '/addfund', element: <AddFundPage key="/addfund" /> },
    { path: '/qrpay', element: <QrPayPage key="/qrpay" /> },
    { path: '/withdraw', element: <WithdrawPage key="/withdraw" /> },
    { path: '/withdrawrule', element: <RulePage key="/withdrawrule" kind="withdrawal" /> },
    { path: '/depositrule', element: <RulePage key="/depositrule" kind="deposit" /> },
    { path: '/histories', element: <HistoriesMenu key="/histories" /> },
    { path: '/windata', element: <WinDataPage key="/windata" /> },
    history('/transaction', 'wallet'),
    history('/addfundhistory', 'deposit'),
    history('/withdrawhistory', 'withdraw'),
    history('/imp3', 'mainWin'),
    history('/win', 'mainWin'),
    history('/imp4', 'mainBid'),
    history('/bid', 'mainBid'),
    history('/imp5', 'starlineBid'),
    history('/imp6', 'starlineWin'),
    history('/impbid', 'galiBid'),
    history('/impwin', 'galiWin'),
  ],
  process.env.MATKA_BUILD_ID,
);
