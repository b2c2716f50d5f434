import { roleAllows, type OperatorRight, type OperatorRole } from '@matka/shared/domain';

/**
 * The console's screens and the right each needs (the roles' rights: @matka/shared/domain operators.ts,
 * which the server checks on every call).
 */
export interface Screen {
  path: string;
  label: string;
  right: OperatorRight;
}

export const SCREENS: readonly Screen[] = [
  { path: '/dashboard', label: 'Dashboard', right: 'dashboard' },
  { path: '/results', label: 'Results', right: 'results' },
  { path: '/markets', label: 'Markets', right: 'markets' },
  { path: '/deposits', label: 'Deposits', right: 'money' },
  { path: '/withdrawals', label: 'Withdrawals', right: 'money' },
  { path: '/users', label: 'Users', right: 'users:read' },
  { path: '/reports', label: 'Reports', right: 'reports' },
  { path: '/settings', label: 'Settings', right: 'settings' },
  { path: '/audit', label: 'Audit log', right: 'audit' },
  { path: '/operators', label: 'Operators', right: 'operators' },
];

export const screensFor = (role: OperatorRole) => SCREENS.filter((s) => roleAllows(role, s.right));
