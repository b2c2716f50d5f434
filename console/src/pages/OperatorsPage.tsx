import { useState, type FormEvent } from 'react';
import { OPERATOR_NAME_RE, OPERATOR_NAME_RULE } from '@matka/shared/domain';
import { messageOf, useAddOperatorMutation, useOperatorsQuery, type Role } from '../api';
import { DataTable, ErrorText, QueryView } from '../parts';

const ROLES: { role: Role; what: string }[] = [
  { role: 'results', what: 'markets and results' },
  { role: 'finance', what: 'deposits, withdrawals and credits' },
  { role: 'support', what: 'users, betting on/off, approvals' },
  { role: 'owner', what: 'everything, and operators' },
];

/** Owner only: the operators, and a new one with a one-time password shown once. */
export function OperatorsPage() {
  const list = useOperatorsQuery();
  const [add, { isLoading }] = useAddOperatorMutation();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('results');
  const [error, setError] = useState('');
  const [made, setMade] = useState<{ name: string; role: Role; password: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    if (!OPERATOR_NAME_RE.test(name.trim())) return setError(OPERATOR_NAME_RULE);
    setError('');
    setMade(null);
    const r = await add({ name: name.trim(), role });
    if ('error' in r) return setError(messageOf(r.error));
    setMade({ name: r.data.name, role, password: r.data.one_time_password });
    setName('');
  };

  return (
    <section>
      <h1>Operators</h1>
      <form className="card console-form" onSubmit={submit} noValidate>
        <h2>Add an operator</h2>
        <label htmlFor="op-name">Username</label>
        <input id="op-name" value={name} onChange={(e) => setName(e.target.value)} disabled={isLoading} />
        <label htmlFor="op-role">Role</label>
        <select id="op-role" value={role} onChange={(e) => setRole(e.target.value as Role)} disabled={isLoading}>
          {ROLES.map((r) => (
            <option key={r.role} value={r.role}>
              {r.role}: {r.what}
            </option>
          ))}
        </select>
        <ErrorText text={error} />
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {isLoading ? 'Adding...' : 'Add operator'}
        </button>
      </form>
      {made && (
        <div className="card console-secret" role="status">
          <p>
            {made.name} ({made.role}) can now sign in once with this one-time password, then sets their own. It is not
            shown again.
          </p>
          <p>
            One-time password: <code data-testid="one-time-password">{made.password}</code>
          </p>
        </div>
      )}
      <div className="card">
        <h2>All operators</h2>
        <QueryView query={list} loadingText="Loading operators...">
          <DataTable
            rows={list.data?.operators ?? []}
            rowKey={(o) => o.id}
            columns={[
              { header: 'Username', cell: (o) => o.name },
              { header: 'Role', cell: (o) => o.role },
              { header: 'Two-step', cell: (o) => (o.totp ? 'on' : 'off') },
              {
                header: 'State',
                cell: (o) => (o.disabled ? 'disabled' : o.must_change_password ? 'one-time password' : 'active'),
              },
            ]}
          />
        </QueryView>
      </div>
    </section>
  );
}
