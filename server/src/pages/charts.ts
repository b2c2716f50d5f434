/**
 * Chart pages (the web_chart_url / web_starline_chart_url / web_galidessar_chart_url of the lists),
 * rendered from the declared results as plain HTML + CSS for a phone:
 *   /charts/market/<id>  a regular market's Jodi chart and Panel chart (a row per week, Monday..Sunday)
 *   /charts/gali/<id>    a Gali market's Jodi chart (a row per week)
 *   /charts/starline     Starline results by day and slot
 *   /charts/gali         Gali results by day and market
 * Each page is kept in memory (and answered with an ETag / 304) until the next declaration, a market
 * change or a new day.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import type { MarketFamily } from '../db/columns';
import { addDays, formatMinutes12, kolkataIsoDate } from '../services/clock';
import { declaredResults } from '../services/results';

/** How far back the charts go. */
const CHART_WEEKS = 104;
const CHART_DAYS = 30;
const MAX_CACHED = 1000;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Monday of the week of an ISO date. */
function mondayOf(iso: string): string {
  const dow = new Date(`${iso}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(iso, -((dow + 6) % 7));
}

/** '2026-03-09' -> '09/03/26' */
const short = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
/** '2026-03-09' -> 'Mon 09/03/2026' */
const dayLabel = (iso: string) =>
  `${WEEKDAYS[(new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7]} ${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The traditional 'red' jodis: doubles and pairs five apart (00, 16, 27, ...). */
const isRed = (j: string) => /^\d\d$/.test(j) && (j[0] === j[1] || Math.abs(Number(j[0]) - Number(j[1])) === 5);

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f2fb;color:#1d1530}
header{background:#3b1e7a;color:#fff;padding:12px 14px;position:sticky;top:0;z-index:2}
h1{font-size:18px;margin:0}
header p{margin:2px 0 0;font-size:12px;opacity:.85}
nav{display:flex;gap:8px;margin-top:8px}
nav a{color:#3b1e7a;background:#fff;border-radius:14px;padding:4px 12px;text-decoration:none;font-weight:600;font-size:13px}
main{padding:10px 6px 24px;max-width:720px;margin:0 auto}
h2{font-size:16px;margin:16px 4px 8px;color:#3b1e7a;scroll-margin-top:150px}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;width:100%;background:#fff;table-layout:fixed}
th,td{border:1px solid #cfc6e3;text-align:center;padding:5px 1px;vertical-align:middle}
th{background:#ece6f8;font-size:12px;line-height:1.2;overflow-wrap:anywhere;hyphens:auto}
th.m{font-size:9px;letter-spacing:-.2px}
td.wk{font-size:10px;color:#5b5170;line-height:1.25}
td.j{font-size:16px;font-weight:700;letter-spacing:.5px}
td.p{font-size:11px;line-height:1.15;padding:3px 0}
td.p b{display:block;font-size:15px;margin:2px 0}
.r{color:#c62828}
.n{color:#a59cbb;font-weight:400}
.days{display:grid;gap:8px}
.day{background:#fff;border:1px solid #cfc6e3;border-radius:8px;padding:8px}
.day h3{margin:0 0 6px;font-size:13px;color:#3b1e7a}
.slots{display:grid;grid-template-columns:repeat(auto-fill,minmax(76px,1fr));gap:4px}
.slot{background:#f5f2fb;border-radius:6px;padding:4px 2px;text-align:center}
.slot small{display:block;font-size:10px;color:#5b5170}
.slot strong{font-size:14px}
footer{text-align:center;font-size:11px;color:#5b5170;padding:0 0 16px}
`;

function page(title: string, subtitle: string, nav: [string, string][], body: string, updated: string) {
  const links = nav.length ? `<nav>${nav.map(([href, t]) => `<a href="${href}">${esc(t)}</a>`).join('')}</nav>` : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${esc(title)}</title><style>${CSS}</style></head><body>` +
    `<header><h1>${esc(title)}</h1><p>${esc(subtitle)}</p>${links}</header>` +
    `<main>${body}</main><footer>Results up to ${esc(updated)} (Asia/Kolkata)</footer></body></html>`
  );
}

interface DayResult {
  date: string;
  open_pana: string | null;
  open_digit: string | null;
  close_pana: string | null;
  close_digit: string | null;
  jodi: string | null;
}

/** Weeks (Monday dates) from the first result (at most CHART_WEEKS back) to this week. */
function weeksFor(results: DayResult[], today: string): string[] {
  const thisMonday = mondayOf(today);
  const first = results.length ? mondayOf(results[0].date) : thisMonday;
  const weeks: string[] = [];
  for (let w = first; w <= thisMonday; w = addDays(w, 7)) weeks.push(w);
  return weeks.slice(-CHART_WEEKS);
}

function weeklyTable(
  id: string,
  weeks: string[],
  byDate: Map<string, DayResult>,
  today: string,
  cell: (r: DayResult | undefined, future: boolean) => string,
) {
  const head = `<tr><th style="width:13%">Week</th>${WEEKDAYS.map((d) => `<th>${d}</th>`).join('')}</tr>`;
  const rows = weeks
    .map((mon) => {
      const days = WEEKDAYS.map((_, i) => addDays(mon, i));
      return (
        `<tr><td class="wk">${short(mon)}<br>to<br>${short(days[6])}</td>` +
        days.map((d) => cell(byDate.get(d), d > today)).join('') +
        `</tr>`
      );
    })
    .join('');
  return `<div class="scroll"><table aria-labelledby="${id}">${head}${rows}</table></div>`;
}

const jodiOf = (r: DayResult | undefined): string | null => {
  if (!r) return null;
  if (r.jodi) return r.jodi;
  if (r.open_digit !== null && r.open_digit !== undefined) return `${r.open_digit}*`;
  return null;
};

function jodiCell(r: DayResult | undefined, future: boolean) {
  if (future) return '<td class="j"></td>';
  const j = jodiOf(r);
  return j ? `<td class="j${isRed(j) ? ' r' : ''}">${esc(j)}</td>` : '<td class="j n">**</td>';
}

function panelCell(r: DayResult | undefined, future: boolean) {
  if (future) return '<td class="p"></td>';
  const j = jodiOf(r);
  if (!r || !j) return '<td class="p n">**</td>';
  return `<td class="p">${esc(r.open_pana ?? '***')}<b class="${isRed(j) ? 'r' : ''}">${esc(j)}</b>${esc(r.close_pana ?? '***')}</td>`;
}

/** The chart pages of the markets, as a Fastify plugin (registered by app.ts with the context). */
export const chartsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const cache = new Map<string, { html: string; etag: string }>();
  let generation = 0;
  ctx.markets.onInvalidate(() => {
    generation++;
    cache.clear();
  });

  const serve = async (
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    render: (today: string) => Promise<string | null>,
  ) => {
    const today = kolkataIsoDate(clock.now());
    const k = `${key}|${today}`;
    let hit = cache.get(k);
    if (!hit) {
      const gen = generation;
      const html = await render(today);
      if (html === null) return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
      hit = { html, etag: `W/"${createHash('sha1').update(html).digest('hex').slice(0, 20)}"` };
      if (gen === generation) {
        if (cache.size >= MAX_CACHED) cache.clear();
        cache.set(k, hit);
      }
    }
    reply.header('Cache-Control', 'no-cache');
    reply.header('ETag', hit.etag);
    reply.type('text/html; charset=utf-8');
    if (req.headers['if-none-match'] === hit.etag) return reply.code(304).send();
    return reply.send(hit.html);
  };

  const notFoundPage = () =>
    page('Chart not found', 'No market with this id', [], '<p>Go back and pick a market.</p>', '-');

  const market = async (id: string, family: MarketFamily) => {
    if (!/^\d{1,9}$/.test(id)) return undefined;
    const m = await ctx.markets.get(Number(id));
    return m?.family === family ? m : undefined;
  };

  const weekly = async (id: string, family: 'regular' | 'gali', today: string) => {
    const m = await market(id, family);
    if (!m) return null;
    const from = addDays(mondayOf(today), -7 * (CHART_WEEKS - 1));
    // oldest first: the first week shown is the week of the first result
    const results = (await declaredResults(db, { from, to: today, marketIds: [m.id] }, CHART_WEEKS * 7)).reverse();
    const byDate = new Map(results.map((r) => [r.date, r]));
    const weeks = weeksFor(results, today);
    const times = `${formatMinutes12(m.open_minute)} – ${formatMinutes12(m.close_minute)}`;
    const jodi = `<h2 id="jodi">Jodi Chart</h2>${weeklyTable('jodi', weeks, byDate, today, jodiCell)}`;
    if (family === 'gali') return page(`${m.name} Chart`, times, [], jodi, today);
    const panel = `<h2 id="panel">Panel Chart</h2>${weeklyTable('panel', weeks, byDate, today, panelCell)}`;
    return page(
      `${m.name} Chart`,
      times,
      [
        ['#jodi', 'Jodi Chart'],
        ['#panel', 'Panel Chart'],
      ],
      jodi + panel,
      today,
    );
  };

  app.get<{ Params: { id: string } }>('/charts/market/:id', (req, reply) =>
    serve(req, reply, `m:${req.params.id}`, (today) => weekly(req.params.id, 'regular', today)),
  );
  app.get<{ Params: { id: string } }>('/charts/gali/:id', (req, reply) =>
    serve(req, reply, `g:${req.params.id}`, (today) => weekly(req.params.id, 'gali', today)),
  );

  /** Results of a family's markets for the last CHART_DAYS days. */
  const recent = async (family: MarketFamily, today: string) => {
    // by time of day (a Starline slot's column), then the operator's order
    const markets = (await ctx.markets.list(family, true)).sort(
      (x, y) => x.open_minute - y.open_minute || x.sort_order - y.sort_order || x.id - y.id,
    );
    const from = addDays(today, -(CHART_DAYS - 1));
    const rows = await declaredResults(
      db,
      { from, to: today, marketIds: markets.map((m) => m.id) },
      CHART_DAYS * Math.max(markets.length, 1),
    );
    const at = new Map(rows.map((r) => [`${r.market_id}|${r.date}`, r]));
    // today, then the days that have a result (newest first)
    const withResults = new Set(rows.map((r) => r.date));
    const days: string[] = [];
    for (let d = today; d >= from; d = addDays(d, -1)) if (d === today || withResults.has(d)) days.push(d);
    // markets that are disabled only show while they have results in the range
    const shown = markets.filter((m) => m.active || rows.some((r) => r.market_id === m.id));
    return { markets: shown, at, days };
  };

  app.get('/charts/starline', (req, reply) =>
    serve(req, reply, 'starline', async (today) => {
      const { markets, at, days } = await recent('starline', today);
      const body = days
        .map((d) => {
          const slots = markets
            .map((m) => {
              const r = at.get(`${m.id}|${d}`);
              const v = r?.open_pana ? `${r.open_pana}-${r.open_digit ?? ''}` : '**';
              return `<div class="slot"><small>${esc(formatMinutes12(m.open_minute))}</small><strong${r ? '' : ' class="n"'}>${esc(v)}</strong></div>`;
            })
            .join('');
          return `<section class="day"><h3>${dayLabel(d)}</h3><div class="slots">${slots}</div></section>`;
        })
        .join('');
      return page(
        'Starline Chart',
        `Results of the last ${CHART_DAYS} days by slot`,
        [],
        `<div class="days">${body}</div>`,
        today,
      );
    }),
  );

  app.get('/charts/gali', (req, reply) =>
    serve(req, reply, 'gali', async (today) => {
      const { markets, at, days } = await recent('gali', today);
      const head = `<tr><th style="width:22%">Date</th>${markets.map((m) => `<th class="m">${esc(m.name)}</th>`).join('')}</tr>`;
      const rows = days
        .map(
          (d) =>
            `<tr><td class="wk">${dayLabel(d).slice(0, -4)}${d.slice(2, 4)}</td>${markets
              .map((m) => {
                const j = at.get(`${m.id}|${d}`)?.jodi;
                return j ? `<td class="j${isRed(j) ? ' r' : ''}">${esc(j)}</td>` : '<td class="j n">**</td>';
              })
              .join('')}</tr>`,
        )
        .join('');
      return page(
        'Gali Disawar Chart',
        `Results of the last ${CHART_DAYS} days`,
        [],
        `<div class="scroll"><table id="gali">${head}${rows}</table></div>`,
        today,
      );
    }),
  );
};
