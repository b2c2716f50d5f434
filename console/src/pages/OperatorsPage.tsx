import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { OPERATOR_NAME_RE, OPERATOR_NAME_RULE } from '@matka/shared/domain';
import {
  messageOf,
  useAddOperatorMutation,
  useOperatorActionMutation,
  useOperatorsQuery,
  type OperatorAction,
  type OperatorRow,
  type Role,
} from '../api';
import { ConfirmDialog, DataTable, Done, ErrorText, QueryView } from '../parts';
import { useConsoleSelector } from '../store';

const ROLES: { role: Role; what: string }[] = [
  { role: 'results', what: 'markets and results' },
  { role: 'finance', what: 'deposits, withdrawals and credits' },
  { role: 'support', what: 'users, betting on/off, approvals' },
  { role: 'owner', what: 'everything, and operators' },
];

interface ActionText {
  label: string;
  title: (o: OperatorRow) => string;
  effect: string;
  busy: string;
  danger?: boolean;
}

const ACTIONS: Record<OperatorAction, ActionText> = {
  disable: {
    label: 'Disable',
    title: (o) => `Disable ${o.name}?`,
    effect: 'Their sessions end at once and they cannot sign in until an owner enables the account again.',
    busy: 'Disabling...',
    danger: true,
  },
  enable: {
    label: 'Enable',
    title: (o) => `Enable ${o.name}?`,
    effect: 'They can sign in again with their password (and two-step code, if on).',
    busy: 'Enabling...',
  },
  'reset-password': {
    label: 'Reset password',
    title: (o) => `Reset the password of ${o.name}?`,
    effect:
      'Their password stops working and their sessions end. You get a one-time password to give them; they choose their own at the next sign-in.',
    busy: 'Resetting...',
    danger: true,
  },
  'totp-off': {
    label: 'Turn two-step off',
    title: (o) => `Turn two-step sign-in off for ${o.name}?`,
    effect:
      'For an operator who lost their phone: their sessions end, they sign in with the password alone and should set two-step sign-in up again under My account.',
    busy: 'Turning off...',
    danger: true,
  },
};

/** The actions the owner has on another operator's row (their own: My account). */
function actionsOf(o: OperatorRow): OperatorAction[] {
  return [o.disabled ? 'enable' : 'disable', 'reset-password', ...(o.totp ? (['totp-off'] as const) : [])];
}

/**
 * Owner only: the operators, a new one with a one-time password shown once, and for each other
 * operator disable / enable, a password reset (a new one-time password, shown once) and turning off a
 * lost two-step sign-in. Each is confirmed in a dialog and audited by the server.
 */
export function OperatorsPage() {
  const me = useConsoleSelector((s) => s.session.operator?.name ?? '');
  const [act, actState] = useOperatorActionMutation();
  const [asking, setAsking] = useState<{ row: OperatorRow; action: OperatorAction } | null>(null);
  const [actError, setActError] = useState('');
  const [done, setDone] = useState('');
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

  const ask = (row: OperatorRow, action: OperatorAction) => {
    setAsking({ row, action });
    setActError('');
    setDone('');
    setMade(null);
  };

  const confirm = async () => {
    if (!asking || actState.isLoading) return;
    const { row, action } = asking;
    const r = await act({ action, name: row.name });
    if ('error' in r) return setActError(messageOf(r.error));
    setAsking(null);
    if ('one_time_password' in r.data)
      setMade({ name: row.name, role: row.role, password: r.data.one_time_password });
    else setDone(r.data.msg);
  };

  const text = asking && ACTIONS[asking.action];

  return (
    <section>
      <h1>Operators</h1>
      <p>
        Your own two-step sign-in and password: <Link to="/account">My account</Link>.
      </p>
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
      <Done text={done} />
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
              {
                header: 'Actions',
                className: 'console-row-actions',
                cell: (o) =>
                  o.name === me ? (
                    <Link to="/account">My account</Link>
                  ) : (
                    actionsOf(o).map((a) => (
                      <button
                        key={a}
                        type="button"
                        className={`btn ${ACTIONS[a].danger ? 'btn-danger' : 'btn-secondary'}`}
                        aria-label={`${ACTIONS[a].label}: ${o.name}`}
                        onClick={() => ask(o, a)}
                      >
                        {ACTIONS[a].label}
                      </button>
                    ))
                  ),
              },
            ]}
          />
        </QueryView>
      </div>
      {asking && text && (
        <ConfirmDialog
          title={text.title(asking.row)}
          confirmLabel={text.label}
          busyLabel={text.busy}
          busy={actState.isLoading}
          error={actError}
          danger={text.danger}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        >
          <p>
            {asking.row.name} ({asking.row.role}). {text.effect}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
