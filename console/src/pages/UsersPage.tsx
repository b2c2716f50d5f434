import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { roleAllows } from '@matka/shared/domain';
import { useUsersQuery, type UserRow } from '../api';
import { DataTable, Done, QueryView } from '../parts';
import { useConsoleSelector } from '../store';
import { ACTION_LABELS, useAccountAction } from './accountActions';

/** The account's state in a word or two. */
export const accountState = (u: Pick<UserRow, 'approved' | 'blocked'>) =>
  u.blocked ? 'blocked' : u.approved ? 'approved' : 'waiting for approval';

/**
 * Users: search by mobile or name, open one account; approve and betting on/off right in the list for
 * the roles that change users.
 */
export function UsersPage() {
  const role = useConsoleSelector((s) => s.session.operator!.role);
  const canChange = roleAllows(role, 'users');
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const list = useUsersQuery(term);
  const { ask, dialog, done } = useAccountAction();

  const search = (e: FormEvent) => {
    e.preventDefault();
    setTerm(text.trim());
  };
  const quick = (u: UserRow) => (!u.approved ? 'approve' : u.betting_status === '1' ? 'betting-off' : 'betting-on');

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
                {
                  header: 'Mobile',
                  cell: (u) => (
                    <Link to={`/users/${u.mobile}`} aria-label={`Open ${u.mobile}`}>
                      {u.mobile}
                    </Link>
                  ),
                },
                { header: 'Name', cell: (u) => u.name },
                { header: 'Wallet', cell: (u) => u.wallet },
                { header: 'Betting', cell: (u) => (u.betting_status === '1' ? 'on' : 'off') },
                { header: 'Account', cell: accountState },
                { header: 'Registered', cell: (u) => u.created },
                ...(canChange
                  ? [
                      {
                        header: 'Action',
                        className: 'console-row-actions',
                        cell: (u: UserRow) => {
                          const action = quick(u);
                          return u.blocked ? (
                            '—'
                          ) : (
                            <button
                              type="button"
                              className={`btn ${action === 'approve' ? 'btn-primary' : 'btn-secondary'}`}
                              onClick={() => ask(u, action)}
                              aria-label={
                                action === 'approve'
                                  ? `Approve ${u.mobile}`
                                  : `Turn betting ${action === 'betting-off' ? 'off' : 'on'} for ${u.mobile}`
                              }
                            >
                              {ACTION_LABELS[action]}
                            </button>
                          );
                        },
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
      {dialog}
    </section>
  );
}
