/**
 * The server's figures in the Prometheus text format, with prom-client: one registry
 * per process; with WORKERS > 1 the primary adds up its workers' registries (prom-client's
 * AggregatorRegistry over node:cluster), so one scrape of /metrics answers for all (http/metrics.ts).
 *
 * No label carries a phone number, a token or a code: calls are labelled by their route's pattern,
 * refusals by a fixed reason, SMS by provider, rate limits by the limit's name.
 */
import cluster from 'node:cluster';
import type { ServerFigures } from '@matka/shared/contract';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

export const registry = new Registry();
// event-loop delay (nodejs_eventloop_lag_*), memory, CPU, handles: prom-client's default set
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
if (cluster.isWorker) {
  // a worker answers the primary's requests for its figures (the constructor adds prom-client's listener)
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

export const httpRequests = new Counter({
  name: 'matka_http_requests_total',
  help: 'Requests answered, by call (the route pattern) and status',
  labelNames: ['call', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'matka_http_request_duration_seconds',
  help: 'Time to answer a request, by call',
  labelNames: ['call'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** Why a bid was refused: a fixed list (never the player's data). */
export type BidRefusal =
  | 'invalid'
  | 'market_closed'
  | 'betting_off'
  | 'balance'
  | 'player_limit'
  | 'bet_limit'
  | 'number_capped'
  | 'protection'
  | 'declared';

export const bidsPlaced = new Counter({
  name: 'matka_bids_placed_total',
  help: 'Bid submissions placed, by family',
  labelNames: ['family'] as const,
  registers: [registry],
});

export const bidsRefused = new Counter({
  name: 'matka_bids_refused_total',
  help: 'Bid submissions refused, by family and reason',
  labelNames: ['family', 'reason'] as const,
  registers: [registry],
});

export const pointsStaked = new Counter({
  name: 'matka_points_staked_total',
  help: 'Points staked by the bids placed, by family',
  labelNames: ['family'] as const,
  registers: [registry],
});

export const pointsPaid = new Counter({
  name: 'matka_points_paid_total',
  help: 'Points paid to winners by settlement chunks committed in this process',
  registers: [registry],
});

export const settlementJobsDone = new Counter({
  name: 'matka_settlement_jobs_done_total',
  help: 'Settlement jobs finished by this process (a declaration or a correction settled in full)',
  registers: [registry],
});

export const declarations = new Counter({
  name: 'matka_declarations_total',
  help: 'Results declared or corrected, by family',
  labelNames: ['family'] as const,
  registers: [registry],
});

export const settlementBids = new Counter({
  name: 'matka_settlement_bids_settled_total',
  help: "Bids judged by the settlement chunks committed in this process (a job's progress: a Close bid is judged, and stays pending, under an Open result)",
  registers: [registry],
});

export const settlementDuration = new Histogram({
  name: 'matka_settlement_job_duration_seconds',
  help: 'From a declaration to the last chunk of its settlement job (jobs finished in this process)',
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300],
  registers: [registry],
});

export const smsRetries = new Counter({
  name: 'matka_sms_retries_total',
  help: 'Requests to the SMS provider sent again after a network error, a 429 or a 5xx',
  labelNames: ['provider'] as const,
  registers: [registry],
});

export const poolWait = new Histogram({
  name: 'matka_db_pool_wait_seconds',
  help: 'Time a query waited for a PostgreSQL connection of the pool',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

export const smsSends = new Counter({
  name: 'matka_sms_sends_total',
  help: 'One-time codes handed to the SMS provider, by provider and outcome (sent, failed)',
  labelNames: ['provider', 'outcome'] as const,
  registers: [registry],
});

/** One per process: added up over the workers, the processes that answered the scrape. */
new Gauge({
  name: 'matka_processes_up',
  help: 'Server processes answering (one each; a scrape adds up the workers)',
  registers: [registry],
  collect() {
    this.set(1);
  },
});

/** SMS outcomes by minute for the last hour (a counter says how many since the start, not lately). */
const SMS_WINDOW_MINUTES = 60;
const smsMinutes = new Map<number, Map<string, number>>();
function countSmsMinute(provider: string, outcome: 'sent' | 'failed', now = Date.now()) {
  const minute = Math.floor(now / 60_000);
  const key = `${provider}\u0000${outcome}`;
  const bucket = smsMinutes.get(minute) ?? new Map<string, number>();
  bucket.set(key, (bucket.get(key) ?? 0) + 1);
  smsMinutes.set(minute, bucket);
  for (const m of smsMinutes.keys()) if (m <= minute - SMS_WINDOW_MINUTES) smsMinutes.delete(m);
}

new Gauge({
  name: 'matka_sms_last_hour',
  help: 'One-time codes handed to the SMS provider in the last 60 minutes, by provider and outcome',
  labelNames: ['provider', 'outcome'] as const,
  registers: [registry],
  collect() {
    this.reset();
    const from = Math.floor(Date.now() / 60_000) - SMS_WINDOW_MINUTES;
    for (const [minute, bucket] of smsMinutes)
      if (minute > from)
        for (const [key, n] of bucket) {
          const [provider, outcome] = key.split('\u0000');
          this.inc({ provider, outcome }, n);
        }
  },
});

export const rateLimited = new Counter({
  name: 'matka_rate_limit_refusals_total',
  help: 'Requests refused by a shared limit, by the limit (otp, login, lookup, ...)',
  labelNames: ['limit'] as const,
  registers: [registry],
});

/** What the shell reports of each family's release: pages shown, loads that failed, errors thrown inside it. */
export const familyEvents = new Counter({
  name: 'matka_family_events_total',
  help: "Pages shown (view), failed loads (load) and errors thrown (error) in a family's release, as players' browsers report them",
  labelNames: ['family', 'version', 'kind'] as const,
  registers: [registry],
});

/** Where the figures read at a scrape come from (set by the app: the last one built in a process). */
interface ScrapeSources {
  liveStreams: () => number;
  pool: () => { total: number; idle: number; waiting: number } | null;
  queues: () => Promise<{
    deposits: number;
    withdrawals: number;
    settling: number;
    /** the running settlement jobs' bids: settled so far and in all */
    bidsDone: number;
    bidsTotal: number;
  }>;
}
let sources: ScrapeSources | null = null;

/**
 * Figures read when scraped (live streams, the database pool, the queues waiting for an operator). The
 * queues are the database's, the same in every process: added up by 'max', not summed.
 */
export function scrapeFrom(read: ScrapeSources) {
  sources = read;
}

new Gauge({
  name: 'matka_live_streams',
  help: 'Live streams (SSE) open',
  registers: [registry],
  collect() {
    if (sources) this.set(sources.liveStreams());
  },
});

new Gauge({
  name: 'matka_db_pool_connections',
  help: 'PostgreSQL connections of the pools, by state (in_use, idle) and the queries waiting for one (waiting)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const p = sources?.pool();
    if (!p) return;
    this.set({ state: 'in_use' }, p.total - p.idle);
    this.set({ state: 'idle' }, p.idle);
    this.set({ state: 'waiting' }, p.waiting);
  },
});

new Gauge({
  name: 'matka_queue_waiting',
  help: 'What waits: deposit and withdrawal requests for an operator, settlement jobs running',
  labelNames: ['queue'] as const,
  aggregator: 'max',
  registers: [registry],
  async collect() {
    if (!sources) return;
    try {
      const q = await sources.queues();
      this.set({ queue: 'deposits' }, q.deposits);
      this.set({ queue: 'withdrawals' }, q.withdrawals);
      this.set({ queue: 'settlement_jobs' }, q.settling);
      settlementProgress.set({ bids: 'settled' }, q.bidsDone);
      settlementProgress.set({ bids: 'total' }, q.bidsTotal);
    } catch {
      // the database is away: /readyz says so; the other figures still answer
    }
  },
});

/** Filled by matka_queue_waiting's collect (one query for both). */
const settlementProgress = new Gauge({
  name: 'matka_settlement_running_bids',
  help: "The running settlement jobs' bids: settled so far and in all (progress = settled / total)",
  labelNames: ['bids'] as const,
  aggregator: 'max',
  registers: [registry],
});

/** The text of this process's registry, or (in a cluster worker) of every worker added up by the primary. */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = `${process.pid}-${Date.now()}-${Math.random()}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary did not answer with the metrics'));
    }, 5_000);
    const onMessage = (m: unknown) => {
      const msg = m as { type?: string; id?: string; text?: string; error?: string };
      if (msg?.type !== 'matka:metrics' || msg.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (msg.error !== undefined) reject(new Error(msg.error));
      else resolve(msg.text ?? '');
    };
    process.on('message', onMessage);
    process.send!({ type: 'matka:metrics?', id });
  });
}

/** In the cluster primary: answers a worker's request for every worker's metrics, added up. */
export function serveClusterMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, m: { type?: string; id?: string }) => {
    if (m?.type !== 'matka:metrics?') return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: 'matka:metrics', id: m.id, text }),
      (err: Error) => worker.send({ type: 'matka:metrics', id: m.id, error: err.message }),
    );
  });
}

export const metricsContentType = registry.contentType;

/** An SMS sender whose sends are counted by provider and outcome (never the number or the code). */
export function countedSms<M>(sender: { readonly name: string; send(m: M): Promise<void> }) {
  return {
    name: sender.name,
    send: async (m: M) => {
      try {
        await sender.send(m);
        smsSends.inc({ provider: sender.name, outcome: 'sent' });
        countSmsMinute(sender.name, 'sent');
      } catch (err) {
        smsSends.inc({ provider: sender.name, outcome: 'failed' });
        countSmsMinute(sender.name, 'failed');
        throw err;
      }
    },
  };
}

/** The value of every sample in Prometheus text, by name and its labels as written (`name{a="x"}`). */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    out.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return out;
}

/** The server's state for the console's dashboard, read from the same figures a scrape answers. */
export async function serverFigures(configuredWorkers: number): Promise<ServerFigures> {
  const m = samples(await metricsText());
  const at = (key: string) => m.get(key) ?? 0;
  const sum = (prefix: string, has: string) =>
    [...m].reduce((n, [k, v]) => (k.startsWith(prefix) && k.includes(has) ? n + v : n), 0);
  return {
    processes: { up: at('matka_processes_up'), configured: configuredWorkers },
    queues: {
      deposits: at('matka_queue_waiting{queue="deposits"}'),
      withdrawals: at('matka_queue_waiting{queue="withdrawals"}'),
      settlement_jobs: at('matka_queue_waiting{queue="settlement_jobs"}'),
    },
    sms_last_hour: {
      sent: sum('matka_sms_last_hour{', 'outcome="sent"'),
      failed: sum('matka_sms_last_hour{', 'outcome="failed"'),
    },
    live_streams: at('matka_live_streams'),
    db_pool: m.has('matka_db_pool_connections{state="idle"}')
      ? {
          in_use: at('matka_db_pool_connections{state="in_use"}'),
          idle: at('matka_db_pool_connections{state="idle"}'),
          waiting: at('matka_db_pool_connections{state="waiting"}'),
        }
      : null,
  };
}

/** The queues the metrics report: money requests waiting for an operator, results settling. */
export async function queueFigures(db: Kysely<DB>) {
  const r = await sql<Record<'deposits' | 'withdrawals' | 'settling' | 'done' | 'total', string>>`
    SELECT (SELECT count(*) FROM fund_requests WHERE status = 'pending') AS deposits,
           (SELECT count(*) FROM withdraw_requests WHERE status = 'pending') AS withdrawals,
           j.settling, j.done, j.total
      FROM (SELECT count(*) AS settling, coalesce(sum(bids_done), 0) AS done,
                   coalesce(sum(bids_total), 0) AS total
              FROM settlement_jobs WHERE status = 'running') j`.execute(db);
  const q = r.rows[0];
  return {
    deposits: Number(q.deposits),
    withdrawals: Number(q.withdrawals),
    settling: Number(q.settling),
    bidsDone: Number(q.done),
    bidsTotal: Number(q.total),
  };
}
