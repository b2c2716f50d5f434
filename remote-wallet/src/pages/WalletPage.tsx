import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  isOk,
  messageOf,
  Modal,
  MSG,
  notify,
  POINTS_LABEL,
  selectHome,
  useAppSelector,
  formatPoints,
} from '@matka/shared';
import { useWalletBalanceQuery } from '@matka/shared/api';
import { UPI_TYPES } from '@matka/shared/domain';
import { useWalletPaymentDetailsQuery, type UpiOption } from '../api';
import { UPI_OPTIONS, UpiNumberForm, upiAppLabel } from './UpiNumberForm';

export type WalletTab = 'transfer' | 'withdraw' | 'add';

const TABS: { tab: WalletTab; to: string; label: string }[] = [
  { tab: 'add', to: '/imp9', label: 'Add Fund' },
  { tab: 'withdraw', to: '/imp8', label: 'Withdraw Fund' },
  { tab: 'transfer', to: '/imp7', label: 'Transfer' },
];

/** /wallet and /imp7 (Wallet / Transfer), /imp8 (Withdraw Fund), /imp9 (Add Fund). */
export function WalletPage({ tab }: { tab: WalletTab }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { wallet_amt } = useAppSelector(selectHome);
  useWalletBalanceQuery(undefined, { refetchOnMountOrArgChange: true });

  // The OTP step comes back here with a flag: show the toast once, then drop the flag.
  const upiAdded = (location.state as { upiAdded?: boolean } | null)?.upiAdded === true;
  useEffect(() => {
    if (!upiAdded) return;
    notify.success(MSG.upiNumberAdded);
    navigate(location.pathname, { replace: true, state: null });
  }, [upiAdded, location.pathname, navigate]);

  return (
    <section className="wallet-page">
      <h1 className="page-title">Wallet</h1>
      <div className="card wallet-balance">
        <span>Balance</span>
        <strong data-testid="wallet-balance">
          {formatPoints(wallet_amt)} {POINTS_LABEL}
        </strong>
      </div>
      <nav className="wallet-tabs" aria-label="Wallet">
        {TABS.map((t) => (
          <Link
            key={t.tab}
            to={t.to}
            className={`wallet-tab${t.tab === tab ? ' active' : ''}`}
            aria-current={t.tab === tab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
        <Link to="/transaction" className="wallet-tab">
          Wallet History
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
  return (
    <div className="card wallet-actions">
      <ActionLinks
        links={[
          ['/addfund', 'Add Funds'],
          ['/qrpay', 'QR Payment'],
          ['/addfundhistory', 'Deposit History'],
          ['/depositrule', 'Deposit Rule'],
        ]}
      />
    </div>
  );
}

function WithdrawTab() {
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
      <h2 className="section-title">Choose withdraw method</h2>
      <ul className="upi-apps">
        {UPI_OPTIONS.map((a) => {
          const number = details?.[a.field] ? String(details[a.field]) : '';
          return (
            <li key={a.option}>
              <button type="button" className="upi-app" onClick={() => setEditing(a.option)}>
                <span className="upi-app-name">{a.label}</span>
                <span className="upi-app-number">{number || 'Add number'}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {problem && <p className="form-error">{problem}</p>}
      <ActionLinks
        links={[
          ['/withdraw', 'Withdraw'],
          ['/withdrawhistory', 'Withdraw History'],
          ['/withdrawrule', 'Withdraw Rule'],
        ]}
      />
      {editing !== null && (
        <Modal title={`${upiAppLabel(editing)} Number`} onClose={() => setEditing(null)}>
          <UpiNumberForm option={editing} onCancel={() => setEditing(null)} />
        </Modal>
      )}
    </div>
  );
}

function TransferTab() {
  return (
    <div className="card wallet-actions">
      <ActionLinks
        links={[
          ['/transfer', 'Transfer Points'],
          ['/histories', 'All Histories'],
        ]}
      />
    </div>
  );
}

/** /mymodel: the UPI-number modal as a page (app from navigation state, else chosen here). */
export function UpiNumberPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const o = Number((location.state as { option?: unknown } | null)?.option);
  const option = UPI_TYPES.includes(o as UpiOption) ? (o as UpiOption) : undefined;
  return (
    <section className="wallet-page">
      <h1 className="page-title">{option ? `${upiAppLabel(option)} Number` : 'Add UPI Number'}</h1>
      <div className="card">
        <UpiNumberForm option={option} onCancel={() => navigate('/imp8')} />
      </div>
    </section>
  );
}
