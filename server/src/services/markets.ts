import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { marketResultText, marketTakesBids, type BetLimit, type MarketClock } from '@matka/shared/domain';
import type { DB } from '../db/types';
import type { MarketFamily } from '../db/columns';
import type { Clock } from './clock';
import { formatMinutes12, kolkataDayStart, kolkataIsoDate, minutesToHHMM } from './clock';
import type { CacheBus } from './bus';

export interface MarketRow {
  id: number;
  family: MarketFamily;
  name: string;
  open_minute: number;
  close_minute: number;
  active: boolean;
  sort_order: number;
  /** weekly off days, 0 = Sunday .. 6 = Saturday (Asia/Kolkata) */
  off_days: number[];
  open_time: string; // '10:00 AM'
  close_time: string;
  // today's result
  open_pana: string | null;
  open_digit: string | null;
  close_pana: string | null;
  close_digit: string | null;
  jodi: string | null;
}

export interface RateRow {
  family: MarketFamily;
  rate_key: string;
  val_1: string;
  val_2: string;
}

/** A family's list of the minute, as the polls answer it, and its hash (the ETag's part). */
export interface KeptList<T extends object = object> {
  items: T[];
  hash: string;
}

interface Snapshot {
  date: string;
  markets: MarketRow[];
  byId: Map<number, MarketRow>;
  settings: Record<string, string>;
  rates: RateRow[];
  /** the operator's bet limits (migration 020), by family */
  betLimits: { family: string; bet_type: string; min_points: string; max_points: string; session_max: string | null }[];
  /** the lists and their hashes, by family / minute / link base (see listOf) */
  lists: Map<string, KeptList>;
}

/**
 * The markets with today's results, the settings and the rates, held in memory: the 5-second polling of every phone is served
 * without a query. invalidate() after any change of a market or a result (it tells the other processes
 * through the cache bus); a new Kolkata day reloads; while the bus is not live every call reads the database.
 */
export class MarketCache {
  private snap: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  private generation = 0;
  loads = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly bus: CacheBus,
    private readonly log?: { error: (o: object, msg: string) => void },
  ) {
    bus.subscribe((e) => {
      if (e.kind === 'markets' || e.kind === 'all') this.drop();
    });
  }

  private listeners: (() => void)[] = [];

  /** Called on every invalidate() (the chart pages drop their cache too). */
  onInvalidate(fn: () => void) {
    this.listeners.push(fn);
  }

  /** Markets, results, settings or rates changed: drop the snapshot here and in every other process. */
  async invalidate(): Promise<void> {
    this.drop();
    try {
      await this.bus.publish({ kind: 'markets' });
    } catch (err) {
      this.log?.error({ err: String(err) }, 'cache bus: could not publish');
    }
  }

  private drop() {
    this.generation++;
    this.snap = null;
    this.loading = null;
    for (const fn of this.listeners) fn();
  }

  /** The day's snapshot when it is in memory and current (else undefined: snapshot() loads it). */
  private snapshotNow(): Snapshot | undefined {
    if (!this.bus.live || !this.snap || this.snap.date !== kolkataIsoDate(this.clock.now())) return undefined;
    return this.snap;
  }

  async snapshot(): Promise<Snapshot> {
    const today = kolkataIsoDate(this.clock.now());
    if (!this.bus.live) return this.load(today); // changes of other processes may be missed: no memory
    if (this.snap && this.snap.date === today) return this.snap;
    if (!this.loading) {
      const gen = this.generation;
      const p = this.load(today).then(
        (s) => {
          if (gen === this.generation) this.snap = s;
          if (this.loading === p) this.loading = null;
          return s;
        },
        (err) => {
          if (this.loading === p) this.loading = null;
          throw err;
        },
      );
      this.loading = p;
    }
    return this.loading;
  }

  private async load(date: string): Promise<Snapshot> {
    this.loads++;
    // the four reads at once: after a declaration every process reloads while bids wait for it, and
    // under load each round trip waits its turn (on PGlite they still run one after another)
    const [rows, settingRows, rates, betLimits] = await Promise.all([
      this.db
        .selectFrom('markets as m')
        .leftJoin('results as r', (j) => j.onRef('r.market_id', '=', 'm.id').on('r.result_date', '=', date))
        .select([
          'm.id',
          'm.family',
          'm.name',
          'm.open_minute',
          'm.close_minute',
          'm.active',
          'm.sort_order',
          'm.off_days',
          'r.open_pana',
          'r.open_digit',
          'r.close_pana',
          'r.close_digit',
          'r.jodi',
        ])
        .orderBy('m.family')
        .orderBy('m.sort_order')
        .orderBy('m.open_minute')
        .orderBy('m.id')
        .execute(),
      this.db.selectFrom('settings').select(['key', 'value']).execute(),
      this.db
        .selectFrom('game_rates')
        .select(['family', 'rate_key', 'val_1', 'val_2'])
        .orderBy('family')
        .orderBy('sort_order')
        .execute(),
      this.db
        .selectFrom('bet_limits')
        .select(['family', 'bet_type', 'min_points', 'max_points', 'session_max'])
        .orderBy('family')
        .orderBy('bet_type')
        .execute(),
    ]);
    const markets: MarketRow[] = rows.map((r) => ({
      ...r,
      off_days: (r.off_days ?? []).map(Number),
      open_time: formatMinutes12(r.open_minute),
      close_time: formatMinutes12(r.close_minute),
    }));
    const settings = Object.fromEntries(settingRows.map((r) => [r.key, r.value]));
    return {
      date,
      markets,
      byId: new Map(markets.map((m) => [m.id, m])),
      settings,
      rates,
      betLimits,
      lists: new Map(),
    };
  }

  async list(family: MarketFamily, includeInactive = false): Promise<MarketRow[]> {
    const s = await this.snapshot();
    return s.markets.filter((m) => m.family === family && (includeInactive || m.active));
  }

  /**
   * A family's list (and its hash, for ETags), each market rendered by `render` for `now`: kept with the
   * snapshot for the minute (msg_status changes at whole minutes), so the polls of one minute render and
   * hash it once.
   */
  async listOf<T extends object>(
    family: MarketFamily,
    now: Date,
    base: string,
    render: (m: MarketRow, now: Date, base: string) => T,
  ): Promise<KeptList<T>> {
    return this.keptList(await this.snapshot(), family, now, base, render);
  }

  /** The operator's settings and a family's list (listOf), from one snapshot: what a poll reads. */
  async settingsAndList<T extends object>(
    family: MarketFamily,
    now: Date,
    base: string,
    render: (m: MarketRow, now: Date, base: string) => T,
  ): Promise<{ settings: Record<string, string>; list: KeptList<T> }> {
    const s = await this.snapshot();
    return { settings: s.settings, list: this.keptList(s, family, now, base, render) };
  }

  /** settingsAndList without waiting: undefined when the snapshot is not in memory. */
  settingsAndListNow<T extends object>(
    family: MarketFamily,
    now: Date,
    base: string,
    render: (m: MarketRow, now: Date, base: string) => T,
  ): { settings: Record<string, string>; list: KeptList<T> } | undefined {
    const s = this.snapshotNow();
    return s && { settings: s.settings, list: this.keptList(s, family, now, base, render) };
  }

  /** (one family is always rendered by one function: the kept list is of its type) */
  private keptList<T extends object>(
    s: Snapshot,
    family: MarketFamily,
    now: Date,
    base: string,
    render: (m: MarketRow, now: Date, base: string) => T,
  ): KeptList<T> {
    const key = `${family}|${Math.floor(now.getTime() / 60_000)}|${base}`;
    let entry = s.lists.get(key) as KeptList<T> | undefined;
    if (entry === undefined) {
      const items = s.markets.filter((m) => m.family === family && m.active).map((m) => render(m, now, base));
      entry = { items, hash: createHash('sha1').update(JSON.stringify(items)).digest('base64url') };
      if (s.lists.size >= 64) s.lists.clear();
      s.lists.set(key, entry);
    }
    return entry;
  }

  async settings(): Promise<Record<string, string>> {
    return (await this.snapshot()).settings;
  }

  /** The rates record of a family: { single_digit_val_1: '10', single_digit_val_2: '95', ... } */
  async ratesRecord(family: MarketFamily): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const r of (await this.snapshot()).rates) {
      if (r.family !== family) continue;
      out[`${r.rate_key}_val_1`] = r.val_1;
      out[`${r.rate_key}_val_2`] = r.val_2;
    }
    return out;
  }

  /** The bet types of a family with limits of their own (the rest keep the defaults). */
  async betLimits(family: MarketFamily): Promise<BetLimit[]> {
    return (await this.snapshot()).betLimits
      .filter((l) => l.family === family)
      .map((l) => ({
        bet_type: l.bet_type,
        min: Number(l.min_points),
        max: Number(l.max_points),
        session_max: l.session_max === null ? null : Number(l.session_max),
      }));
  }

  async get(id: number): Promise<MarketRow | undefined> {
    return (await this.snapshot()).byId.get(id);
  }
}

/** The shared rule's view of a market row (times and today's declared results). */
export function marketClock(m: MarketRow): MarketClock {
  return {
    family: m.family,
    openTime: m.open_time,
    closeTime: m.close_time,
    openDeclared: (m.family === 'gali' ? m.jodi : m.open_pana) !== null,
    closeDeclared: m.family === 'regular' && m.close_pana !== null,
    offDays: m.off_days,
  };
}

/** msg_status: 1 while the market takes bids (server clock, Asia/Kolkata; declared results close it), else 0. */
export function marketIsOpen(m: MarketRow, now: Date): boolean {
  return m.active && marketTakesBids(marketClock(m), now);
}

/**
 * The chart pages' paths (served by this server). The lists answer them absolute — `base` + path, base
 * being PUBLIC_URL or the request's origin — because the client opens them from a page that may be
 * served from another origin (the dev shell on :3000, the API on :8080). The cached market rows hold
 * no URL; the prefix is a string concatenation per response.
 */
export const chartUrl = {
  market: (id: number) => `/charts/market/${id}`,
  starline: () => '/charts/starline',
  gali: () => '/charts/gali',
  galiMarket: (id: number) => `/charts/gali/${id}`,
};

/**
 * What the original backend's apps read on every market row besides (its JSON types: the id and the
 * times as text, the moments as numbers): its state in words, the name's first letter (and the name
 * where they look for the Hindi one: none is kept), the open time as 'HH:MM:SS', today's open and close
 * as Unix seconds, and how far now is from each in ms (the list is kept for the minute: so are these).
 */
export function originalTimes(m: Pick<MarketRow, 'open_minute' | 'close_minute'>, now: Date) {
  const day = kolkataDayStart(kolkataIsoDate(now)).getTime();
  const at = (minute: number) => day + minute * 60_000;
  const away = (minute: number) => Math.floor(Math.abs(at(minute) - now.getTime()) / 1000) * 1000;
  return {
    open_time_sort: `${minutesToHHMM(m.open_minute)}:00`,
    open_duration: away(m.open_minute),
    close_duration: away(m.close_minute),
    time_srt: Math.floor(at(m.open_minute) / 1000),
    close_time_srt: Math.floor(at(m.close_minute) / 1000),
  };
}

function originalRowFields(m: MarketRow, now: Date, open: boolean) {
  return {
    game_name_hindi: m.name,
    game_name_letter: m.name.slice(0, 1),
    msg: open ? 'Market Open' : 'Market Closed',
    ...originalTimes(m, now),
  };
}

/** Regular market as the home list shows it. */
export function regularMarketJson(m: MarketRow, now: Date, base = '') {
  const open_result = m.open_pana ? m.open_pana : '';
  const close_result = m.close_pana ? m.close_pana : '';
  const open = marketIsOpen(m, now);
  return {
    ...originalRowFields(m, now, open),
    game_id: String(m.id),
    game_name: m.name,
    open_time: m.open_time,
    close_time: m.close_time,
    open_result,
    close_result,
    result_text: marketResultText({ open_result, close_result }),
    msg_status: open ? 1 : 0,
    web_chart_url: base + chartUrl.market(m.id),
    web_chart_url_pana: base + chartUrl.market(m.id) + '#panel',
  };
}

/**
 * A family's chart as a row of the landing's list (the spec's apps list the Starline and Gali charts
 * with the markets): every field of a market row, so that an app's model of a row reads it, with no
 * times or results of its own (msg_status 0: nothing to bid on in the row itself).
 */
export function familyChartRow(name: string, url: string) {
  return {
    game_id: '0',
    game_name: name,
    game_name_hindi: name,
    game_name_letter: name.slice(0, 1),
    open_time: '',
    open_time_sort: '',
    close_time: '',
    open_result: '',
    close_result: '',
    result_text: '',
    msg: '',
    msg_status: 0,
    open_duration: 0,
    close_duration: 0,
    time_srt: 0,
    close_time_srt: 0,
    web_chart_url: url,
    web_chart_url_pana: url,
  };
}

export function starlineGameJson(m: MarketRow, now: Date) {
  const open = marketIsOpen(m, now);
  return {
    ...originalRowFields(m, now, open),
    game_id: String(m.id),
    game_name: m.name,
    open_time: m.open_time,
    close_time: m.close_time,
    open_result: m.open_pana ? `${m.open_pana}-${m.open_digit ?? ''}` : '',
    close_result: '',
    msg_status: open ? 1 : 0,
  };
}

export function galiMarketJson(m: MarketRow, now: Date, base = '') {
  const open = marketIsOpen(m, now);
  return {
    ...originalRowFields(m, now, open),
    game_id: String(m.id),
    game_name: m.name,
    open_time: m.open_time,
    close_time: m.close_time,
    open_result: m.jodi ?? '',
    close_result: '',
    result: m.jodi ?? '',
    msg_status: open ? 1 : 0,
    web_chart_url: base + chartUrl.galiMarket(m.id),
  };
}
