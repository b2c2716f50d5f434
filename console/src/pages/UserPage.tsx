import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { UPI_APPS, formatPoints, roleAllows } from '@matka/shared/domain';
import { useUserDetailQuery, type UserDetail } from '../api';
import { DataTable, Done, QueryView, ShowFilter } from '../parts';
import { useConsoleSelector } from '../store';
import { ACTION_LABELS, useAccountAction, type ActionName } from './accountActions';
import { accountState } from './UsersPage';

type List = 'ledger' | 'bids' | 'wins';
const LISTS: { value: List; label: string }[] = [
  { value: 'ledger', label: 'Wallet ledger' },
  { value: 'bids', label: 'Bids' },
  { value: 'wins', label: 'Wins' },
];

function Lists({ detail }: { detail: UserDetail }) {
  const [list, setList] = useState<List>('ledger');
  const empty = (what: string) => <p>No {what} yet.</p>;
  return (
    <>
      <ShowFilter id="user-list" value={list} options={LISTS} onChange={setList} />
      <div className="card">
        {list === 'ledger' &&
          (detail.ledger.length ? (
            <DataTable
              caption="Wallet ledger, newest first"
              rows={detail.ledger}
              rowKey={(r) => r.id}
              columns={[
                { header: 'When', cell: (r) => r.when },
                { header: 'Change', cell: (r) => `${r.type === 'credit' ? '+' : '−'}${formatPoints(r.amount)}` },
                { header: 'Balance', cell: (r) => formatPoints(r.balance_after) },
                { header: 'Kind', cell: (r) => r.kind.replace(/_/g, ' ') },
                { header: 'Note', cell: (r) => r.note },
              ]}
            />
          ) : (
            empty('wallet changes')
          ))}
        {list === 'bids' &&
          (detail.bids.length ? (
            <DataTable
              caption="Bids, newest first"
              rows={detail.bids}
              rowKey={(r) => r.id}
              columns={[
                { header: 'Placed', cell: (r) => r.when },
                { header: 'Market', cell: (r) => `${r.market} (${r.family})` },
                { header: 'Bet', cell: (r) => (r.session ? `${r.bet}, ${r.session}` : r.bet) },
                { header: 'Digits', cell: (r) => r.digits },
                { header: 'Points', cell: (r) => formatPoints(r.points) },
                {
                  header: 'Status',
                  cell: (r) => (r.status === 'won' ? `won ${formatPoints(r.win_amount)}` : r.status),
                },
              ]}
            />
          ) : (
            empty('bids')
          ))}
        {list === 'wins' &&
          (detail.wins.length ? (
            <DataTable
              caption="Wins, newest first"
              rows={detail.wins}
              rowKey={(r) => r.id}
              columns={[
                { header: 'Date', cell: (r) => r.date },
                { header: 'Market', cell: (r) => `${r.market} (${r.family})` },
                { header: 'Points', cell: (r) => formatPoints(r.amount) },
                { header: 'State', cell: (r) => (r.reversed ? 'reversed by a correction' : 'paid') },
              ]}
            />
          ) : (
            empty('wins')
          ))}
      </div>
    </>
  );
}

/** The app of a stored UPI number's field (paytm_no: Paytm). */
const upiAppName = (field: string): string =>
  Object.values(UPI_APPS).find((a) => a.numberField === field)?.name ?? field;

/** One player account: its facts and totals, the actions the role may take, and its ledger, bids and wins. */
export function UserPage() {
  const { mobile = '' } = useParams();
  const role = useConsoleSelector((s) => s.session.operator!.role);
  const detail = useUserDetailQuery(mobile);
  const { ask, dialog, done } = useAccountAction();
  const d = detail.data;
  const u = d?.user;

  const actions: ActionName[] = [];
  if (u && roleAllows(role, 'users')) {
    if (!u.approved) actions.push('approve');
    else if (!u.blocked) actions.push(u.betting_status === '1' ? 'betting-off' : 'betting-on');
    actions.push(u.blocked ? 'unblock' : 'block');
    if (u.sessions > 0) actions.push('logout');
    if (u.upi_held?.length) actions.push('approve-upi');
  }
  if (u && roleAllows(role, 'money')) actions.push('credit', 'debit');
  if (u && d?.protection.excluded_until && roleAllows(role, 'protection')) actions.push('lift-exclusion');

  return (
    <section>
      <p>
        <Link to="/users">← Users</Link>
      </p>
      <h1>{u ? `${u.name} (${u.mobile})` : mobile}</h1>
      <Done text={done} />
      <QueryView query={detail} loadingText="Loading the account...">
        {d && u && (
          <>
            <dl className="card console-facts">
              <dt>Wallet</dt>
              <dd>{u.wallet} points</dd>
              <dt>Betting</dt>
              <dd>{u.betting_status === '1' ? 'on' : 'off'}</dd>
              <dt>Account</dt>
              <dd>
                {accountState(u)}
                {u.blocked && ` since ${u.blocked_since}: ${u.blocked_reason}`}
              </dd>
              {!!u.upi_held?.length && (
                <>
                  <dt>UPI waiting for approval</dt>
                  <dd>{u.upi_held.map(upiAppName).join(', ')}</dd>
                </>
              )}
              <dt>Signed in on</dt>
              <dd>
                {u.sessions} device{u.sessions === 1 ? '' : 's'}
              </dd>
              <dt>Registered</dt>
              <dd>{u.created}</dd>
              <dt>Staked</dt>
              <dd>{d.totals.staked}</dd>
              <dt>Won</dt>
              <dd>{d.totals.won}</dd>
              <dt>Deposited</dt>
              <dd>{d.totals.deposited}</dd>
              <dt>Withdrawn</dt>
              <dd>{d.totals.withdrawn}</dd>
              <dt>Age (18 or older)</dt>
              <dd>{d.protection.age_declared ? `declared ${d.protection.age_declared}` : 'not declared'}</dd>
              <dt>Break</dt>
              <dd>{d.protection.break_until ? `until ${d.protection.break_until}` : 'none'}</dd>
              <dt>Self-exclusion</dt>
              <dd>
                {d.protection.excluded_until === 'permanent'
                  ? 'permanent'
                  : d.protection.excluded_until
                    ? `until ${d.protection.excluded_until}`
                    : 'none'}
              </dd>
              <dt>Limits</dt>
              <dd>
                {d.protection.limits?.length ? (
                  <ul className="console-plain-list">
                    {d.protection.limits.map((l) => (
                      <li key={l}>{l}</li>
                    ))}
                  </ul>
                ) : (
                  'none'
                )}
              </dd>
            </dl>
            {actions.length > 0 && (
              <div className="card console-actions console-actions-start" role="group" aria-label="Account actions">
                {actions.map((a) => (
                  <button
                    key={a}
                    type="button"
                    className={`btn ${a === 'block' || a === 'debit' || a === 'logout' ? 'btn-danger' : 'btn-secondary'}`}
                    onClick={() => ask(u, a)}
                  >
                    {ACTION_LABELS[a]}
                  </button>
                ))}
              </div>
            )}
            <Lists detail={d} />
          </>
        )}
      </QueryView>
      {dialog}
    </section>
  );
}
