/**
 * Lighthouse as the benches run it: one Chromium, a phone calibrated to this machine, and the median of a
 * few runs of a page. Used by bench:lighthouse and bench:monolith.
 *
 * The same phone on any machine: Lighthouse's CPU throttling is a multiplier of the machine's own speed,
 * so the machine is first measured with Lighthouse's own benchmarkIndex, and the multiplier is the one that
 * makes it the mid-tier phone Lighthouse's default 4× stands for on its reference desktop (the mapping of
 * Lighthouse's throttling guide, docs/throttling.md "Calibrating the CPU slowdown", and its CPU slowdown
 * calculator).
 */
import { chromium } from 'playwright-core';
import type { Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import * as constants from 'lighthouse/core/config/constants.js';
import { CHROMIUM } from '../lib/harness';

/**
 * The CPU slowdown that makes a machine of this benchmarkIndex the phone Lighthouse's throttling targets:
 * 3× at 1300, one more for every 233 above it; 2× at 800 rising to 3× at 1300; 1× at 150 rising to 2× at
 * 800. A machine slower than that phone is not slowed.
 */
export function cpuMultiplier(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** Lighthouse's mobile throttling (simulated slow 4G), whose CPU multiplier the benches set. */
const MOBILE_THROTTLING = constants.throttling.mobileSlow4G;

export interface Machine {
  /** Lighthouse's benchmarkIndex of this machine (the median of three readings) */
  index: number;
  readings: number[];
  /** the CPU slowdown every audited run uses */
  multiplier: number;
}

export interface Session {
  username: string;
  unique_token: string;
  mobile: string;
}

export async function openLighthouse() {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM.executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM.args],
  });

  /** One Lighthouse run; with a multiplier, on the calibrated phone, else with Lighthouse's defaults. */
  const audit = (url: string, player: boolean, cpuSlowdownMultiplier?: number) =>
    lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Lighthouse clears the origin's storage before it loads a page; a player's page keeps the session.
        disableStorageReset: player,
      },
      cpuSlowdownMultiplier === undefined
        ? undefined
        : { extends: 'lighthouse:default', settings: { throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier } } },
    );

  /** The machine measured before any page is judged: three readings of Lighthouse's index on `url`. */
  async function calibrate(url: string): Promise<Machine> {
    const readings: number[] = [];
    for (let i = 0; i < 3; i++) readings.push((await audit(url, false))?.lhr.environment.benchmarkIndex ?? NaN);
    const index = [...readings].sort((a, b) => a - b)[1];
    if (!Number.isFinite(index)) throw new Error('Lighthouse gave no benchmarkIndex');
    return { index, readings, multiplier: Math.round(cpuMultiplier(index) * 100) / 100 };
  }

  /** Puts a player's session into the origin's storage, on a cold start (no service worker, no cached files). */
  async function logIn(origin: string, session: Session): Promise<void> {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await cdp.contexts()[0].newPage();
    await page.goto(`${origin}/favicon.ico`).catch(() => undefined);
    const client = await page.context().newCDPSession(page);
    await client.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
    await client.send('Network.clearBrowserCache');
    await page.evaluate((s) => localStorage.setItem('matka.session', s), JSON.stringify(session));
    await page.close();
    await cdp.close();
  }

  /**
   * `runs` runs of a page (a player's page with the session put in first) and the run Lighthouse's own
   * computeMedianRun picks. A run where Chromium painted nothing Lighthouse could time (no FCP: it happens
   * now and then in headless Chromium) cannot be a median's candidate; it is run again, up to `runs` times.
   */
  async function median(
    url: string,
    o: { machine: Machine; runs: number; player?: { origin: string; session: Session } },
  ): Promise<{ median: Result; all: { lhr: Result; report: string }[] }> {
    const all: { lhr: Result; report: string }[] = [];
    let unpainted = 0;
    while (all.length < o.runs) {
      if (o.player) await logIn(o.player.origin, o.player.session);
      const run = await audit(url, Boolean(o.player), o.machine.multiplier);
      if (!run) throw new Error(`no Lighthouse result for ${url}`);
      if (run.lhr.audits['first-contentful-paint']?.numericValue === undefined) {
        if (++unpainted > o.runs) throw new Error(`${url}: ${unpainted} runs without a first paint`);
        console.log(`${url}: a run without a first paint, run again`);
        continue;
      }
      all.push({ lhr: run.lhr, report: run.report as string });
    }
    return { median: computeMedianRun(all.map((r) => r.lhr)), all };
  }

  return { calibrate, median, close: () => chrome.kill() };
}
