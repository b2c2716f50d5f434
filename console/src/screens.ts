import type { Role } from './api';

/** The console's screens, who may open each, and where. The server checks the same rights on every call. */
export interface Screen {
  path: string;
  label: string;
  roles: readonly Role[];
}

export const SCREENS: readonly Screen[] = [
  { path: '/results', label: 'Results', roles: ['owner', 'results'] },
  { path: '/deposits', label: 'Deposits', roles: ['owner', 'finance'] },
  { path: '/withdrawals', label: 'Withdrawals', roles: ['owner', 'finance'] },
  { path: '/operators', label: 'Operators', roles: ['owner'] },
];

export const screensFor = (role: Role) => SCREENS.filter((s) => s.roles.includes(role));
