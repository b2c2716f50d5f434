import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isOk, messageOf, MSG, notify, selectHome, useAppSelector, formatPoints } from '@matka/shared';
import { Modal } from '@matka/shared/ui';
import { useWalletBalanceQuery } from '@matka/shared/api';
import { UPI_TYPES } from '@matka/shared/domain';
import { useWalletPaymentDetailsQuery, type UpiOption } from '../api';
import { t, tMsg, useLanguage } from '@matka/shared/i18n';
import { UPI_OPTIONS, UpiNumberForm, upiAppLabel } from './UpiNumberForm';

export type WalletTab = 'transfer' | 'withdraw' | 'add';

const TABS: { tab: WalletTab; to: string; label: () => string }[] = [
  { tab: 'add', to: '/imp9', label: () => t('wallet.tabAdd', 'Add Fund') },
  { tab: 'withdraw', to: '/imp8', label: () => t('wallet.tabWithdraw', 'Withdraw Fund') },
  { tab: 'transfer', to: '/imp7', label: () => t('wallet.tabTransfer', 'Transfer') },
];

/** /wallet and /imp7 (Wallet / Transfer), /imp8 (Withdraw Fund), /imp9 (Add Fund). */
export function WalletPage({ tab }: { tab: WalletTab }) {
  useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const { wallet_amt } = useAppSelector(selectHome);
  useWalletBalanceQuery(undefined, { refetchOnMountOrArgChange: true });

  // The OTP step comes back here with a flag: show the toast once, then drop the flag.
  const upiAdded = (location.state as { upiAdded?: boolean } | null)?.upiAdded === true;
  useEffect(() => {
    if (!upiAdded) return;
    notify.success(MSG.upiNumberAdded); // (toasts translate the spec's messages)
    navigate(location.pathname, { replace: true, state: null });
  }, [upiAdded, location.pathname, navigate]);

  return (
    <section className="wallet-page">
      <h1 className="page-title">{t('wallet.title', 'Wallet')}</h1>
      <div className="card wallet-balance">
        <span>{t('wallet.balance', 'Balance')}</span>
        <strong data-testid="wallet-balance">
          {formatPoints(wallet_amt)} {t('card.pts', 'pts')}
        </strong>
      </div>
      <nav className="wallet-tabs" aria-label={t('wallet.title', 'Wallet')}>
        {TABS.map((x) => (
          <Link
            key={x.tab}
            to={x.to}
            className={`wallet-tab${x.tab === tab ? ' active' : ''}`}
            aria-current={x.tab === tab ? 'page' : undefined}
          >
            {x.label()}
          </Link>
        ))}
        <Link to="/transaction" className="wallet-tab">
          {t('history.wallet', 'Wallet History')}
        </Link>
      </nav>
      {tab === 'add' && <AddFundTab />}
      {tab === 'withdraw' && <WithdrawTab />}
      {tab === 'transfer' && <TransferTab />}
    </section>
  );
}

/** A tab's action buttons, [to, label]: the first is the main one. */
function ActionLinks({ links }: { links: readonly (readonly [to: string, label: string])[] }) {
  return links.map(([to, label], i) => (
    <Link key={to} className={`btn ${i === 0 ? 'btn-primary' : 'btn-secondary'} btn-block`} to={to}>
      {label}
    </Link>
  ));
}

function AddFundTab() {
  useLanguage();
  return (
    <div className="card wallet-actions">
      <ActionLinks
        links={[
          ['/addfund', t('wallet.addFunds', 'Add Funds')],
          ['/qrpay', t('wallet.qrPay', 'QR Payment')],
          ['/addfundhistory', t('history.deposit', 'Deposit History')],
          ['/depositrule', t('wallet.depositRule', 'Deposit Rule')],
        ]}
      />
    </div>
  );
}

function WithdrawTab() {
  useLanguage();
  const [editing, setEditing] = useState<UpiOption | null>(null);
  const { data, isError } = useWalletPaymentDetailsQuery(undefined, { refetchOnMountOrArgChange: true });
  const details = data?.payment_details?.[0];
  const problem = isError
    ? MSG.paymentDetailsError
    : data && !isOk(data)
      ? (messageOf(data) ?? MSG.paymentDetailsFailed)
      : '';
  return (
    <div className="card wallet-actions">
      <h2 className="section-title">{t('wallet.chooseMethod', 'Choose withdraw method')}</h2>
      <ul className="upi-apps">
        {UPI_OPTIONS.map((a) => {
          const number = details?.[a.field] ? String(details[a.field]) : '';
          return (
            <li key={a.option}>
              <button type="button" className="upi-app" onClick={() => setEditing(a.option)}>
                <span className="upi-app-name">{a.label}</span>
                <span className="upi-app-number">{number || t('wallet.addNumber', 'Add number')}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {problem && <p className="form-error">{tMsg(problem)}</p>}
      <ActionLinks
        links={[
          ['/withdraw', t('wallet.withdraw', 'Withdraw')],
          ['/withdrawhistory', t('history.withdraw', 'Withdraw History')],
          ['/withdrawrule', t('wallet.withdrawRule', 'Withdraw Rule')],
        ]}
      />
      {editing !== null && (
        <Modal
          title={t('wallet.appNumber', '{app} Number', { app: upiAppLabel(editing) })}
          onClose={() => setEditing(null)}
        >
          <UpiNumberForm option={editing} onCancel={() => setEditing(null)} />
        </Modal>
      )}
    </div>
  );
}

function TransferTab() {
  useLanguage();
  return (
    <div className="card wallet-actions">
      <ActionLinks
        links={[
          ['/transfer', t('wallet.transferPoints', 'Transfer Points')],
          ['/histories', t('wallet.allHistories', 'All Histories')],
        ]}
      />
    </div>
  );
}

/** /mymodel: the UPI-number modal as a page (app from navigation state, else chosen here). */
export function UpiNumberPage() {
  useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const o = Number((location.state as { option?: unknown } | null)?.option);
  const option = UPI_TYPES.includes(o as UpiOption) ? (o as UpiOption) : undefined;
  return (
    <section className="wallet-page">
      <h1 className="page-title">
        {option
          ? t('wallet.appNumber', '{app} Number', { app: upiAppLabel(option) })
          : t('wallet.addUpi', 'Add UPI Number')}
      </h1>
      <div className="card">
        <UpiNumberForm option={option} onCancel={() => navigate('/imp8')} />
      </div>
    </section>
  );
}
