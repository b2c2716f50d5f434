/**
 * Operator roles and what each may do. The server checks a right on every operator call
 * (server/src/operator/auth.ts); the console shows the screens and buttons a role has.
 */
import { longEnoughPassword } from './passwords';
export type OperatorRole = 'owner' | 'results' | 'finance' | 'support';

export const OPERATOR_ROLES: readonly OperatorRole[] = ['owner', 'results', 'finance', 'support'];

/** An operator's username: 3 to 32 letters, digits, dots, dashes or underscores, starting with a letter. */
export const OPERATOR_NAME_RE = /^[A-Za-z][A-Za-z0-9._-]{2,31}$/;
export const OPERATOR_NAME_RULE =
  'Username must be 3 to 32 letters, digits, dots, dashes or underscores, starting with a letter';
/** The shortest operator password (spaces at its ends do not count: longEnoughPassword). */
export const OPERATOR_PASSWORD_MIN = 10;
export const OPERATOR_PASSWORD_RULE = `Password must be at least ${OPERATOR_PASSWORD_MIN} characters`;
export const PASSWORDS_DIFFER = 'Passwords do not match';

/** An operator's new password and its confirmation: '' when it may be set, else the message. */
export function newOperatorPasswordProblem(next: string, confirm: string): string {
  if (!longEnoughPassword(next, OPERATOR_PASSWORD_MIN)) return OPERATOR_PASSWORD_RULE;
  if (next !== confirm) return PASSWORDS_DIFFER;
  return '';
}

/** What a role may do. Every operator call needs one right; an owner has them all. */
export type OperatorRight =
  | 'dashboard'
  | 'markets:read'
  | 'markets'
  | 'results'
  | 'money'
  | 'reports'
  | 'users:read'
  | 'users'
  | 'settings'
  | 'audit'
  | 'notices'
  | 'protection'
  | 'backup'
  | 'releases'
  | 'operators';

const RIGHTS: Record<Exclude<OperatorRole, 'owner'>, readonly OperatorRight[]> = {
  results: ['dashboard', 'markets:read', 'markets', 'results'],
  finance: ['dashboard', 'markets:read', 'money', 'reports', 'users:read'],
  support: ['dashboard', 'markets:read', 'users:read', 'users'],
};

export function roleAllows(role: OperatorRole, right: OperatorRight): boolean {
  return role === 'owner' || (RIGHTS[role]?.includes(right) ?? false);
}

/** The roles that hold a right (owner first). */
export const rolesWith = (right: OperatorRight): OperatorRole[] => OPERATOR_ROLES.filter((r) => roleAllows(r, right));

const RIGHT_NAMES: Record<OperatorRight, string> = {
  dashboard: 'the dashboard',
  'markets:read': 'the market list',
  markets: 'changing markets',
  results: 'declaring results',
  money: 'deposits, withdrawals and credits',
  reports: 'the reports',
  'users:read': 'reading users',
  users: 'changing users',
  settings: 'settings',
  audit: 'the audit log',
  notices: 'sending notices to players',
  protection: "lifting a player's self-exclusion",
  backup: 'taking a backup of the database',
  releases: "releasing the app's builds",
  operators: 'managing operators',
};

/** The 403 message: what was refused and which roles may do it. */
export function refusal(role: OperatorRole, right: OperatorRight): string {
  return `Your role (${role}) does not allow ${RIGHT_NAMES[right]}: ask an operator with the role ${rolesWith(right).join(' or ')}`;
}
