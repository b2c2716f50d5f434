import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { formatPoints, roleAllows } from '@matka/shared/domain';
import { useDashboardQuery } from '../api';
import { DataTable, QueryView } from '../parts';
import { useConsoleSelector } from '../store';

const DashboardChart = lazy(() => import(/* webpackChunkName: "dashboard-chart" */ '../charts/DashboardChart'));

const FAMILY_NAMES = { regular: 'Regular', starline: 'Starline', gali: 'Gali' } as const;

/**
 * Today's stakes, payouts and profit per family, the week's plot, what waits for a decision, the numbers
 * near their liability cap, open markets.
 */
export function DashboardPage() {
  // every 15 s: the numbers near their liability cap change with every bid
  const q = useDashboardQuery(undefined, { pollingInterval: 15_000, skipPollingIfUnfocused: true });
  const role = useConsoleSelector((s) => s.session.operator!.role);
  const money = roleAllows(role, 'money');
  const d = q.data;
  const total = d?.today.reduce(
    (t, f) => ({ stakes: t.stakes + f.stakes, payouts: t.payouts + f.payouts, profit: t.profit + f.profit }),
    { stakes: 0, payouts: 0, profit: 0 },
  );
  return (
    <section>
      <h1>Dashboard</h1>
      <QueryView query={{ ...q, isFetching: false }} loadingText="Loading the dashboard...">
        {d && total && (
          <>
            <div className="card">
              <h2>Today, {d.date}</h2>
              <dl className="console-figures">
                <div>
                  <dt>Stakes</dt>
                  <dd>{total.stakes}</dd>
                </div>
                <div>
                  <dt>Payouts</dt>
                  <dd>{total.payouts}</dd>
                </div>
                <div>
                  <dt>Profit</dt>
                  <dd className={total.profit < 0 ? 'console-loss' : undefined}>{total.profit}</dd>
                </div>
              </dl>
              <DataTable
                caption="By market family (points)"
                rows={d.today}
                rowKey={(f) => f.family}
                columns={[
                  { header: 'Family', cell: (f) => FAMILY_NAMES[f.family] },
                  { header: 'Stakes', cell: (f) => f.stakes },
                  { header: 'Payouts', cell: (f) => f.payouts },
                  { header: 'Profit', cell: (f) => f.profit },
                ]}
              />
            </div>
            <div className="card">
              <Suspense fallback={<p role="status">Loading the chart...</p>}>
                <DashboardChart days={d.days} />
              </Suspense>
            </div>
            <div className="card">
              <h2>Waiting for a decision</h2>
              <dl className="console-figures">
                <div>
                  <dt>Deposits</dt>
                  <dd>
                    {d.pending.deposits.count} ({d.pending.deposits.points} points)
                  </dd>
                </div>
                <div>
                  <dt>Withdrawals</dt>
                  <dd>
                    {d.pending.withdrawals.count} ({d.pending.withdrawals.points} points)
                  </dd>
                </div>
              </dl>
              {money && (
                <p>
                  <Link to="/deposits">Open the deposits</Link> · <Link to="/withdrawals">Open the withdrawals</Link>
                </p>
              )}
            </div>
            <div className="card">
              <h2>Numbers near their cap</h2>
              {d.capped?.length ? (
                <DataTable
                  rows={d.capped}
                  rowKey={(c) => `${c.market}|${c.session}|${c.bet_type}|${c.number}`}
                  caption="Today (points)"
                  columns={[
                    { header: 'Market', cell: (c) => `${c.market} (${c.session})` },
                    { header: 'Bet', cell: (c) => `${c.title} ${c.number}` },
                    { header: 'Payout if it wins', cell: (c) => `${formatPoints(c.payout)} of ${formatPoints(c.cap)}` },
                    { header: 'State', cell: (c) => (c.closed ? 'Closed' : 'Open') },
                  ]}
                />
              ) : (
                <p>No number is near its family&rsquo;s liability cap today.</p>
              )}
            </div>
            <div className="card">
              <h2>Open now ({d.open_markets.length})</h2>
              {d.open_markets.length ? (
                <DataTable
                  rows={d.open_markets}
                  rowKey={(m) => String(m.id)}
                  columns={[
                    { header: 'Market', cell: (m) => m.name },
                    { header: 'Family', cell: (m) => FAMILY_NAMES[m.family] },
                    { header: 'Closes', cell: (m) => m.close_time },
                  ]}
                />
              ) : (
                <p>No market is open now.</p>
              )}
            </div>
          </>
        )}
      </QueryView>
    </section>
  );
}
