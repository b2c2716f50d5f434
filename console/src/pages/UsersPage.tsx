import { useState, type FormEvent } from 'react';
import { roleAllows } from '@matka/shared/domain';
import { messageOf, useApproveUserMutation, useSetBettingMutation, useUsersQuery, type UserRow } from '../api';
import { ConfirmDialog, DataTable, Done, QueryView } from '../parts';
import { useConsoleSelector } from '../store';

type Change = { user: UserRow; action: 'betting-on' | 'betting-off' | 'approve' };

const TITLES: Record<Change['action'], (u: UserRow) => string> = {
  'betting-on': (u) => `Turn betting on for ${u.mobile}?`,
  'betting-off': (u) => `Turn betting off for ${u.mobile}?`,
  approve: (u) => `Approve ${u.mobile}?`,
};
const EFFECTS: Record<Change['action'], string> = {
  'betting-on': 'The player can bid, add funds, withdraw and transfer again.',
  'betting-off': 'The player can no longer bid or move money; the lists stay open.',
  approve: 'The account was registered without a verified code. Approving it allows betting and money movements.',
};

/** Users: search by mobile or name; betting on/off and approvals for the roles that change users. */
export function UsersPage() {
  const role = useConsoleSelector((s) => s.session.operator!.role);
  const canChange = roleAllows(role, 'users');
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const list = useUsersQuery(term);
  const [setBetting, bettingState] = useSetBettingMutation();
  const [approve, approveState] = useApproveUserMutation();
  const [asking, setAsking] = useState<Change | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const busy = bettingState.isLoading || approveState.isLoading;

  const search = (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    setTerm(text.trim());
  };
  const confirm = async () => {
    if (!asking || busy) return;
    const { user, action } = asking;
    const r =
      action === 'approve'
        ? await approve({ mobile: user.mobile })
        : await setBetting({ mobile: user.mobile, status: action === 'betting-on' ? '1' : '0' });
    if ('error' in r) return setError(messageOf(r.error));
    setAsking(null);
    setDone(r.data.msg ?? 'Done');
  };
  const ask = (user: UserRow, action: Change['action']) => {
    setAsking({ user, action });
    setError('');
    setDone('');
  };

  return (
    <section>
      <h1>Users</h1>
      <form className="card console-form" onSubmit={search} role="search">
        <label htmlFor="user-search">Search by mobile or name</label>
        <input id="user-search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      <Done text={done} />
      <div className="card">
        <QueryView query={list} loadingText="Loading users...">
          {list.data?.length ? (
            <DataTable
              key={term}
              caption={term ? `Users matching “${term}”` : 'Newest users'}
              rows={list.data}
              rowKey={(u) => u.id}
              columns={[
                { header: 'Mobile', cell: (u) => u.mobile },
                { header: 'Name', cell: (u) => u.name },
                { header: 'Wallet', cell: (u) => u.wallet },
                { header: 'Betting', cell: (u) => (u.betting_status === '1' ? 'on' : 'off') },
                { header: 'Account', cell: (u) => (u.approved ? 'approved' : 'waiting for approval') },
                { header: 'Registered', cell: (u) => u.created },
                ...(canChange
                  ? [
                      {
                        header: 'Action',
                        className: 'console-row-actions',
                        cell: (u: UserRow) =>
                          !u.approved ? (
                            <button
                              type="button"
                              className="btn btn-primary"
                              onClick={() => ask(u, 'approve')}
                              aria-label={`Approve ${u.mobile}`}
                            >
                              Approve
                            </button>
                          ) : (
                            <button
                              type="button"
                              className="btn btn-secondary"
                              onClick={() => ask(u, u.betting_status === '1' ? 'betting-off' : 'betting-on')}
                              aria-label={`Turn betting ${u.betting_status === '1' ? 'off' : 'on'} for ${u.mobile}`}
                            >
                              {u.betting_status === '1' ? 'Betting off' : 'Betting on'}
                            </button>
                          ),
                      },
                    ]
                  : []),
              ]}
            />
          ) : (
            <p>{term ? `No user matches “${term}”.` : 'No users yet.'}</p>
          )}
        </QueryView>
      </div>
      {asking && (
        <ConfirmDialog
          title={TITLES[asking.action](asking.user)}
          confirmLabel={asking.action === 'approve' ? 'Approve' : 'Confirm'}
          busyLabel="Saving..."
          busy={busy}
          error={error}
          danger={asking.action === 'betting-off'}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        >
          <p>
            {asking.user.name} ({asking.user.mobile}). {EFFECTS[asking.action]}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
