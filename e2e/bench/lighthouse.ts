/**
 * `npm run bench:lighthouse`: Lighthouse (mobile form factor, simulated slow 4G and CPU throttling)
 * against the production build served by the real server: the public pages a visitor lands on, and
 * every family's first screen for a logged-in player (/imp, /game, /wallet, /star, /galiIMP) (the bench registers one and puts its session in the page's
 * storage; each page still starts with an empty HTTP cache and no service worker). Each page runs
 * LH_RUNS times (3); the median run's performance score and main metrics are printed against the
 * targets (performance ≥ 95, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1), with the spread of LCP over the runs.
 *
 * The same phone on any machine: the CPU slowdown is calibrated to the machine from Lighthouse's own
 * benchmarkIndex (lighthouse-lib.ts); the index and the multiplier are printed with every page and kept in
 * docs/benchmarks.md.
 */
import { writeFileSync } from 'node:fs';
import { newMobile, registerUser, startServer } from '../lib/harness';
import { writeBench } from '../../build/bench-doc';
import { openLighthouse } from './lighthouse-lib';

const PUBLIC_PAGES = process.env.LH_ONLY
  ? process.env.LH_ONLY.split(',').filter((p) => p.startsWith('/'))
  : ['/login', '/', '/htp'];
// every family's first screen of a logged-in player
const PLAYER_PAGES = process.env.LH_ONLY
  ? process.env.LH_ONLY.split(',')
      .filter((p) => p.startsWith('player:'))
      .map((p) => p.slice('player:'.length))
  : ['/imp', '/game', '/wallet', '/star', '/galiIMP'];
const BUDGET = 95;
const LCP_MS = 2500;
const TBT_MS = 200;
const CLS = 0.1;
const RUNS = Number(process.env.LH_RUNS ?? 3);

async function main() {
  const server = await startServer({ CHECK_ANSWERS: '0' });
  const lh = await openLighthouse();
  let below = 0;
  const table: (string | number)[][] = [];
  const user = { mobile: newMobile(), name: 'Bench Player', password: 'bench1234' };
  const token = await registerUser(server, user);
  const session = { username: user.name, unique_token: token, mobile: user.mobile };
  // this machine's phone: Lighthouse's index of the machine, and the CPU slowdown it calls for
  const machine = { index: NaN, readings: [] as number[], multiplier: NaN };
  try {
    Object.assign(machine, await lh.calibrate(`${server.url}/login`));
    console.log(
      `this machine: benchmarkIndex ${Math.round(machine.index)} (readings ${machine.readings.map(Math.round).join(', ')}), CPU slowdown ${machine.multiplier}× (Lighthouse's default: 4×)`,
    );
    for (const path of [...PUBLIC_PAGES, ...PLAYER_PAGES]) {
      const player = PLAYER_PAGES.includes(path);
      // Simulated throttling replays the observed run, so figures move between runs of one build:
      // each page runs RUNS times and the run Lighthouse's own computeMedianRun picks is reported.
      const { median, all: runs } = await lh.median(`${server.url}${path}`, {
        machine,
        runs: RUNS,
        player: player ? { origin: server.url, session } : undefined,
      });
      const result = runs.find((r) => r.lhr === median)!;
      const spread = (id: string) => {
        const values = runs.map((r) => r.lhr.audits[id]?.numericValue ?? NaN);
        return `${(Math.min(...values) / 1000).toFixed(1)}–${(Math.max(...values) / 1000).toFixed(1)} s`;
      };
      if (process.env.LH_SAVE) writeFileSync(`${process.env.LH_SAVE}${path.replace(/\W/g, '_')}.json`, result.report);
      const { categories, audits } = result.lhr;
      const score = Math.round((categories.performance.score ?? 0) * 100);
      const metric = (id: string) => audits[id]?.displayValue ?? '-';
      console.log(
        `${path.padEnd(7)} performance ${score} (target ${BUDGET}), accessibility ${Math.round((categories.accessibility.score ?? 0) * 100)}, ` +
          `best practices ${Math.round((categories['best-practices'].score ?? 0) * 100)} | FCP ${metric('first-contentful-paint')}, ` +
          `LCP ${metric('largest-contentful-paint')} (${RUNS} runs: ${spread('largest-contentful-paint')}), TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')} | ` +
          `benchmarkIndex ${Math.round(result.lhr.environment.benchmarkIndex)}, CPU ${machine.multiplier}×`,
      );
      if (process.argv.includes('--verbose')) {
        const element = audits['largest-contentful-paint-element']?.details as
          | {
              items?: {
                items?: { node?: { selector?: string; nodeLabel?: string }; phase?: string; timing?: number }[];
              }[];
            }
          | undefined;
        for (const group of element?.items ?? [])
          for (const item of group.items ?? [])
            console.log(
              `    ${item.node ? `${item.node.selector} "${item.node.nodeLabel}"` : `${item.phase}: ${Math.round(item.timing ?? 0)} ms`}`,
            );
      }
      if (process.argv.includes('--verbose')) {
        for (const ref of categories.accessibility.auditRefs) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            console.log(`    accessibility: ${audit.title}`);
        }
        const shifts = audits['layout-shifts']?.details as
          { items?: { node?: { selector?: string; nodeLabel?: string }; score?: number }[] } | undefined;
        for (const shift of shifts?.items ?? [])
          console.log(`    layout shift ${shift.score?.toFixed(3)}: ${shift.node?.selector ?? '?'}`);
      }
      const lcp = audits['largest-contentful-paint']?.numericValue ?? Infinity;
      const tbt = audits['total-blocking-time']?.numericValue ?? Infinity;
      const cls = audits['cumulative-layout-shift']?.numericValue ?? Infinity;
      if (score < BUDGET || lcp > LCP_MS || tbt > TBT_MS || cls > CLS) below++;
      table.push([
        player ? `\`${path}\` (logged in)` : `\`${path}\``,
        score,
        `${metric('largest-contentful-paint')} (${spread('largest-contentful-paint')})`,
        metric('total-blocking-time'),
        metric('cumulative-layout-shift'),
      ]);
    }
  } finally {
    lh.close();
    await server.stop();
  }
  console.log(
    below
      ? `${below} page(s) miss a target (performance ≥ ${BUDGET}, LCP ≤ ${LCP_MS / 1000} s, TBT ≤ ${TBT_MS} ms, CLS ≤ ${CLS})`
      : 'every page meets the targets',
  );
  writeBench('lighthouse', {
    setup: `Lighthouse mobile (simulated slow 4G, CPU slowdown calibrated to this machine: benchmarkIndex ${Math.round(machine.index)}, ${machine.multiplier}×), each page ${RUNS} times, the median run`,
    header: ['page', 'performance', `LCP (spread over ${RUNS} runs)`, 'TBT', 'CLS'],
    rows: table,
    notes: [
      `Targets: performance ≥ ${BUDGET}, LCP ≤ ${LCP_MS / 1000} s, TBT ≤ ${TBT_MS} ms, CLS ≤ ${CLS}. ${below ? `**${below} page(s) miss a target.**` : '**Every page meets the targets.**'}`,
    ],
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
