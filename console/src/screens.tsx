import type { ReactNode } from 'react';
import { roleAllows, type OperatorRight, type OperatorRole } from '@matka/shared/domain';
import { AuditPage } from './pages/AuditPage';
import { DashboardPage } from './pages/DashboardPage';
import { FamiliesPage } from './pages/FamiliesPage';
import { MarketsPage } from './pages/MarketsPage';
import { NoticesPage } from './pages/NoticesPage';
import { OperatorsPage } from './pages/OperatorsPage';
import { QueuePage } from './pages/QueuePage';
import { ReportsPage } from './pages/ReportsPage';
import { ResultsPage } from './pages/ResultsPage';
import { SettingsPage } from './pages/SettingsPage';
import { UsersPage } from './pages/UsersPage';

/**
 * The console's one map of its screens: each path, its label in the nav, the right it needs (the roles'
 * rights: @matka/shared/domain operators.ts, which the server checks on every call) and its page.
 */
export interface Screen {
  path: string;
  label: string;
  right: OperatorRight;
  page: ReactNode;
}

export const SCREENS: readonly Screen[] = [
  { path: '/dashboard', label: 'Dashboard', right: 'dashboard', page: <DashboardPage /> },
  { path: '/results', label: 'Results', right: 'results', page: <ResultsPage /> },
  { path: '/markets', label: 'Markets', right: 'markets', page: <MarketsPage /> },
  { path: '/deposits', label: 'Deposits', right: 'money', page: <QueuePage key="deposits" kind="deposits" /> },
  {
    path: '/withdrawals',
    label: 'Withdrawals',
    right: 'money',
    page: <QueuePage key="withdrawals" kind="withdrawals" />,
  },
  { path: '/users', label: 'Users', right: 'users:read', page: <UsersPage /> },
  { path: '/reports', label: 'Reports', right: 'reports', page: <ReportsPage /> },
  { path: '/settings', label: 'Settings', right: 'settings', page: <SettingsPage /> },
  { path: '/notices', label: 'Notices', right: 'notices', page: <NoticesPage /> },
  { path: '/audit', label: 'Audit log', right: 'audit', page: <AuditPage /> },
  { path: '/operators', label: 'Operators', right: 'operators', page: <OperatorsPage /> },
  { path: '/families', label: 'Families', right: 'releases', page: <FamiliesPage /> },
];

export const screensFor = (role: OperatorRole) => SCREENS.filter((s) => roleAllows(role, s.right));
