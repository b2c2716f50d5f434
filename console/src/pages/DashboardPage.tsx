import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { formatPoints, roleAllows } from '@matka/shared/domain';
import type { ServerFigures } from '@matka/shared/contract';
import { useDashboardQuery } from '../api';
import { ChartSpace } from '../charts/ChartSpace';
import { DataTable, QueryView } from '../parts';
import { ManualMovesCard } from './ManualMovesCard';
import { useConsoleSelector } from '../store';

const CHART_TITLE = 'Stakes and payouts, last 7 days';
const DashboardChart = lazy(() => import(/* webpackChunkName: "dashboard-chart" */ '../charts/DashboardChart'));

const FAMILY_NAMES = { regular: 'Regular', starline: 'Starline', gali: 'Gali' } as const;

/**
 * Today's stakes, payouts and profit per family, the week's plot, what waits for a decision, the
 * server's state, the numbers near their liability cap, open markets.
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
                  <dd>{formatPoints(total.stakes)}</dd>
                </div>
                <div>
                  <dt>Payouts</dt>
                  <dd>{formatPoints(total.payouts)}</dd>
                </div>
                <div>
                  <dt>Profit</dt>
                  <dd className={total.profit < 0 ? 'console-loss' : undefined}>{formatPoints(total.profit)}</dd>
                </div>
              </dl>
              <DataTable
                caption="By market family (points)"
                rows={d.today}
                rowKey={(f) => f.family}
                columns={[
                  { header: 'Family', cell: (f) => FAMILY_NAMES[f.family] },
                  { header: 'Stakes', cell: (f) => formatPoints(f.stakes) },
                  { header: 'Payouts', cell: (f) => formatPoints(f.payouts) },
                  { header: 'Profit', cell: (f) => formatPoints(f.profit) },
                ]}
              />
            </div>
            <div className="card">
              <Suspense fallback={<ChartSpace title={CHART_TITLE} text="Loading the chart..." />}>
                <DashboardChart title={CHART_TITLE} days={d.days} />
              </Suspense>
            </div>
            <div className="card">
              <h2>Waiting for a decision</h2>
              <dl className="console-figures">
                <div>
                  <dt>Deposits</dt>
                  <dd>
                    {formatPoints(d.pending.deposits.count)} ({formatPoints(d.pending.deposits.points)} points)
                  </dd>
                </div>
                <div>
                  <dt>Withdrawals</dt>
                  <dd>
                    {formatPoints(d.pending.withdrawals.count)} ({formatPoints(d.pending.withdrawals.points)} points)
                  </dd>
                </div>
              </dl>
              {money && (
                <p>
                  <Link to="/deposits">Open the deposits</Link> · <Link to="/withdrawals">Open the withdrawals</Link>
                </p>
              )}
            </div>
            {money && <ManualMovesCard />}
            <ServerCard server={d.server ?? null} />
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The server's state from the figures /metrics answers: what an operator checks before calling for help. */
function ServerCard({ server }: { server: ServerFigures | null }) {
  if (!server)
    return (
      <div className="card">
        <h2>Server</h2>
        <p>The server&rsquo;s figures could not be read just now. They are asked again in 15 seconds.</p>
      </div>
    );
  const { processes, queues, sms_last_hour: sms, db_pool: pool } = server;
  const smsTotal = sms.sent + sms.failed;
  return (
    <div className="card">
      <h2>Server</h2>
      <dl className="console-figures">
        <div>
          <dt>Processes up</dt>
          <dd className={processes.up < processes.configured ? 'console-loss' : undefined}>
            {processes.up} of {processes.configured}
          </dd>
        </div>
        <div>
          <dt>SMS failed, last hour</dt>
          <dd className={sms.failed > 0 ? 'console-loss' : undefined}>
            {sms.failed} of {plural(smsTotal, 'code', 'codes')}
          </dd>
        </div>
        <div>
          <dt>Live streams</dt>
          <dd>{server.live_streams}</dd>
        </div>
        {pool && (
          <div>
            <dt>Database connections</dt>
            <dd className={pool.waiting > 0 ? 'console-loss' : undefined}>
              {pool.in_use} in use, {pool.idle} idle, {pool.waiting} waiting
            </dd>
          </div>
        )}
      </dl>
      <p>
        Queues: {plural(queues.deposits, 'deposit', 'deposits')} and{' '}
        {plural(queues.withdrawals, 'withdrawal', 'withdrawals')} waiting for an operator,{' '}
        {plural(queues.settlement_jobs, 'result', 'results')} settling.
      </p>
    </div>
  );
}
