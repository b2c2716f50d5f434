/**
 * Operator CLI: a client of the running server's /operator/ API (PGlite allows one process per data
 * dir, so the CLI never opens the database itself, except `restore`: with the server stopped, into an
 * empty data dir).
 *   npm run operator -- <command>
 * Env: SERVER_URL (default http://127.0.0.1:8080), OPERATOR_TOKEN or the token file <DATA_DIR>/operator-token.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { restoreBackup, saveBackup, verifyDatabase } from './backup';
import { FAMILIES, OPERATOR_ROLES, PHONE_RE, counted, formatPoints } from '@matka/shared/domain';
import { OP, operatorRequest, type OperatorCall, type Uncovered, type Winner } from '@matka/shared/contract';

const USAGE = `Usage: npm run operator -- <command>

Commands:
  credit <mobile> <points> [note]                 add points to a wallet (ledger row 'operator_credit')
  set-betting <mobile> 0|1                         turn betting off / on for an account
  market list                                      markets, starline slots and Gali markets with their times
  market set-times <name> <open HH:MM> <close HH:MM> [--family regular|starline|gali]
                                                   change a market's daily times (24-hour, Asia/Kolkata)
  market add <name> <open HH:MM> [<close HH:MM>] [--family regular|starline|gali]
                                                   add a market (starline: one slot time)
  market enable|disable <name> [--family ...]      take a market in or out of the lists and bidding
  market cap <points>|off [--family ...]           the most one number may pay out on one market session
  result preview <market> open|close <pana> [--date YYYY-MM-DD]
                                                   winners, payout and exposure a result would cause
  result declare <market> open|close <pana> [--date YYYY-MM-DD] [--early-reason TEXT]
                                                   declare (or correct) a result and settle the bids;
                                                   before its draw time only an owner, with a reason
  starline preview|declare <slot> <pana> [--date] [--early-reason TEXT]
                                                   a starline slot (name, id or time like 13:00)
  gali preview|declare <market> <jodi> [--date] [--early-reason TEXT]
                                                   a Gali market's 2-digit result
  deposits list [--all]                            pending deposit requests (--all: every status)
  deposits approve <id>                            credit the deposit to the wallet (once)
  deposits reject <id> [reason]                    reject a deposit (nothing is credited)
  withdrawals list [--all]                         pending withdrawal requests (points already held)
  withdrawals approve <id> [receipt-url] [--reason <text>]
                                                   mark paid, with a link to the payment receipt; one HELD
                                                   for a reversed win only with --reason (audited)
  withdrawals reject <id> [reason]                 reject and return the held points to the wallet (less
                                                   what a HELD one owes for a reversed win)
  users list [search]                              newest accounts (search: part of a mobile or name)
  users unapproved                                 accounts registered without a code (LEGACY_REGISTRATION)
  users approve <mobile>                           approve one: betting on, money movements allowed
  users approve-upi <mobile>                       let withdrawals go to the UPI numbers it saved without a code
  settings list                                    the app settings
  settings set <key> <value>                       change one (min_amt, min_withdrawal, withdraw_open_time, ...)
  settings set-withdraw-window <open HH:MM> <close HH:MM>
                                                   the daily withdrawal window (Asia/Kolkata, inclusive)
  otp last <mobile>                                the last OTP sent to a number (demo mode)
  owner create <name>                              the first owner of the web console (/console/);
                                                   prints its one-time password
  operators add <name> owner|results|finance|support
                                                   a console operator; prints its one-time password
  operators list                                   console operators, roles, two-step sign-in, disabled
  operators reset-password <name>                  a new one-time password (their sessions end)
  operators disable|enable <name>                  turn an operator off (their sessions end) or on
  backup <file>                                    a consistent copy of the embedded database (PGlite) while
                                                   the server runs (PostgreSQL: pg_dump, see docs/operating.md)
  restore <file> [--data-dir DIR]                  with the server stopped: put a backup into an empty data
                                                   dir (DATA_DIR) and check that every wallet equals its ledger
  verify [--data-dir DIR]                          the same check of a database: DATABASE_URL (a restored
                                                   PostgreSQL), else the data dir (server stopped)
  help                                             this text

Environment: SERVER_URL (default http://127.0.0.1:8080), OPERATOR_TOKEN, or DATA_DIR (default ./.data)
holding the operator-token file the server wrote on first start.`;

export interface CliIO {
  out: (s: string) => void;
  err: (s: string) => void;
}

class UsageError extends Error {}

function findToken(env: NodeJS.ProcessEnv): string | undefined {
  if (env.OPERATOR_TOKEN) return env.OPERATOR_TOKEN.trim();
  const dirs = [
    path.resolve(env.INIT_CWD || process.cwd(), env.DATA_DIR || './.data'),
    path.resolve(process.cwd(), env.DATA_DIR || './.data'),
    path.resolve(__dirname, '..', '..', '..', env.DATA_DIR || '.data'), // repo root
  ];
  for (const d of dirs) {
    try {
      const t = fs.readFileSync(path.join(d, 'operator-token'), 'utf8').trim();
      if (t) return t;
    } catch {
      /* next */
    }
  }
  return undefined;
}

const HHMM = /^([01]?\d|2[0-3]):[0-5]\d$/;

function need(cond: unknown, msg: string): asserts cond {
  if (!cond) throw new UsageError(msg);
}

/** The operator API's JSON answer (fields depend on the command). */
type Answer = Record<string, unknown> & { status?: boolean; msg?: string };
interface MarketInfo {
  id: number;
  family: string;
  name: string;
  open: string;
  close: string;
  active: boolean;
  open_now: boolean;
}

/** A backup saved from the server, or one restored into a data dir (cli/backup.ts): not a JSON call. */
type FileCommand =
  | { kind: 'backup'; file: string }
  | { kind: 'restore'; file: string; dataDir: string }
  | { kind: 'verify'; databaseUrl?: string; dataDir: string };

interface Request {
  /** the call of the operator API (@matka/shared/contract) and its query */
  call: OperatorCall;
  query?: Record<string, string | undefined>;
  body?: unknown;
  print: (data: Answer, io: CliIO) => void;
}

/** Prints rows as aligned columns (header first). */
function printTable(io: CliIO, head: string[], rows: string[][]) {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const r of [head, ...rows])
    io.out(
      r
        .map((c, i) => (c ?? '').padEnd(w[i]))
        .join('  ')
        .trimEnd(),
    );
}

/** The options any command may take; each command says which it reads (Options.done refuses the rest). */
const OPTIONS = {
  family: { type: 'string' },
  date: { type: 'string' },
  'early-reason': { type: 'string' },
  reason: { type: 'string' },
  'data-dir': { type: 'string' },
  status: { type: 'string' },
  all: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The command line split by node:util parseArgs: the arguments in order, and the options given. */
function splitArgv(argv: string[]): { positionals: string[]; options: Options } {
  const { values, tokens } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
    strict: false, // checked below, with messages for a person; a negative number stays an argument
    tokens: true,
  });
  const positionals: string[] = [];
  const seen = new Set<number>();
  for (const t of tokens) {
    if (t.kind === 'positional') positionals.push(t.value);
    else if (t.kind === 'option' && /^-\d/.test(argv[t.index])) {
      if (!seen.has(t.index)) positionals.push(argv[t.index]);
      seen.add(t.index);
    } else if (t.kind === 'option') {
      need(Object.hasOwn(OPTIONS, t.name), `unknown option '${t.rawName}'`);
      const def = OPTIONS[t.name as keyof typeof OPTIONS];
      need(def.type === 'boolean' || (t.value !== undefined && t.value !== ''), `${t.rawName} needs a value`);
      need(def.type === 'string' || t.value === undefined, `${t.rawName} takes no value`);
    }
  }
  return { positionals, options: new Options(values) };
}

/** The options given; a command reads the ones it takes, and done() refuses any other. */
class Options {
  private read = new Set<string>();
  constructor(private readonly values: Record<string, string | boolean | undefined>) {}
  string(name: 'family' | 'date' | 'status' | 'early-reason' | 'reason' | 'data-dir'): string | undefined {
    this.read.add(name);
    const v = this.values[name];
    return typeof v === 'string' ? v : undefined;
  }
  flag(name: 'all' | 'help'): boolean {
    this.read.add(name);
    return this.values[name] === true;
  }
  done() {
    const extra = Object.keys(this.values).find((k) => this.values[k] !== undefined && !this.read.has(k));
    need(!extra, `unknown option '--${extra}' for this command`);
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PANA = /^\d{3}$/;

function familyOption(o: Options): string | undefined {
  const f = o.string('family');
  need(f === undefined || (FAMILIES as readonly string[]).includes(f), '--family must be regular, starline or gali');
  return f;
}

function dateOption(o: Options): string | undefined {
  const d = o.string('date');
  need(d === undefined || DATE.test(d), `--date must be YYYY-MM-DD, not '${d}'`);
  return d;
}

/** '12', '#12', 'D12', 'W12' -> 12 */
function requestId(raw: string | undefined, what: string): number {
  need(raw, `${what} needs <id>`);
  const m = /^(?:#|[DdWw])?(\d{1,15})$/.exec(raw);
  need(m && Number(m[1]) > 0, `'${raw}' is not a request id (a number from the list)`);
  return Number(m[1]);
}

function printPreview(d: Answer, io: CliIO) {
  io.out(String(d.msg));
  const short = (d.uncovered as Uncovered[]) ?? [];
  if (short.length) {
    io.out('');
    io.out('Players who cannot cover the reversal (their pending withdrawals are held for the shortfall):');
    printTable(
      io,
      ['mobile', 'reversed', 'wallet', 'new wins', 'shortfall', 'pending withdrawals', 'name'],
      short.map((u) => [
        u.mobile,
        String(u.reversed),
        String(u.wallet),
        String(u.gained),
        String(u.shortfall),
        String(u.pending_withdrawals),
        u.name,
      ]),
    );
  }
  const winners = (d.winners as Winner[]) ?? [];
  if (winners.length) {
    io.out('');
    printTable(
      io,
      ['mobile', 'bet', 'session', 'digits', 'points', 'wins'],
      winners
        .slice(0, 30)
        .map((w) => [
          w.mobile,
          w.bet,
          w.session,
          w.digits + (w.closedigits ? '-' + w.closedigits : ''),
          String(w.points),
          String(w.win_amount),
        ]),
    );
    if (Number(d.winners_count) > 30) io.out(`... and ${counted(Number(d.winners_count) - 30, 'more winning bid')}`);
  }
  const e = d.exposure as {
    bids: number;
    points: number;
    by_digit: Record<string, number>;
    by_pana: { pana: string; points: number }[];
    by_jodi: { jodi: string; points: number }[];
    riskiest: { result: string; payout: number }[];
  };
  if (e) {
    io.out('');
    io.out(`Exposure: ${counted(e.bids, 'open bid')}, ${formatPoints(e.points)} points`);
    const digits = Object.entries(e.by_digit).sort(([a], [b]) => a.localeCompare(b));
    if (digits.length) io.out(`  by digit: ${digits.map(([k, v]) => `${k}:${v}`).join('  ')}`);
    if (e.by_pana.length)
      io.out(
        `  by pana (top): ${e.by_pana
          .slice(0, 15)
          .map((x) => `${x.pana}:${x.points}`)
          .join('  ')}`,
      );
    if (e.by_jodi.length)
      io.out(
        `  by jodi (top): ${e.by_jodi
          .slice(0, 15)
          .map((x) => `${x.jodi}:${x.points}`)
          .join('  ')}`,
      );
    if (e.riskiest.length)
      io.out(`  costliest results: ${e.riskiest.map((x) => `${x.result} pays ${x.payout}`).join(', ')}`);
  }
}

interface RequestRow {
  id: string;
  mobile: string;
  name: string;
  amount: string;
  status: string;
  requested: string;
  method?: string;
  number?: string;
  receipt_url?: string | null;
  held_points?: string;
}

/** Turns argv into one operator API request, or throws UsageError. */
function parseCommand(argv: string[], env: NodeJS.ProcessEnv): Request | FileCommand | 'help' {
  const { positionals, options } = splitArgv(argv);
  if (options.flag('help')) return 'help';
  const [cmd, file, extra] = positionals;
  if (cmd === 'verify') {
    need(!file, 'verify takes no argument (it reads DATABASE_URL, else --data-dir or DATA_DIR)');
    const dir = options.string('data-dir');
    options.done();
    return {
      kind: 'verify',
      databaseUrl: dir ? undefined : env.DATABASE_URL,
      dataDir: path.resolve(env.INIT_CWD || process.cwd(), dir ?? env.DATA_DIR ?? './.data'),
    };
  }
  if (cmd === 'backup' || cmd === 'restore') {
    need(file && !extra, `${cmd} needs one <file>`);
    const dir = cmd === 'restore' ? options.string('data-dir') : undefined;
    options.done();
    if (cmd === 'backup') return { kind: 'backup', file };
    // the data dir as the server finds it (config.ts), unless --data-dir names one
    return {
      kind: 'restore',
      file,
      dataDir: path.resolve(env.INIT_CWD || process.cwd(), dir ?? env.DATA_DIR ?? './.data'),
    };
  }
  const req = command(positionals, options);
  options.done();
  return req;
}

/** The calls that declare or preview a result, by the command's words. */
const DECLARE = {
  result: { preview: OP.previewResult, declare: OP.declareResult },
  starline: { preview: OP.previewStarline, declare: OP.declareStarline },
  gali: { preview: OP.previewGali, declare: OP.declareGali },
} as const;

/** The calls that approve or reject a money request, by the command's words. */
const DECIDE = {
  deposits: { approve: OP.approveDeposit, reject: OP.rejectDeposit },
  withdrawals: { approve: OP.approveWithdrawal, reject: OP.rejectWithdrawal },
} as const;

function command([cmd, ...rest]: string[], o: Options): Request | 'help' {
  switch (cmd) {
    case undefined:
    case 'help':
      return 'help';
    case 'credit': {
      const [mobile, points, ...note] = rest;
      need(mobile && points, 'credit needs <mobile> <points> [note]');
      need(PHONE_RE.test(mobile), `'${mobile}' is not a mobile number (10 digits starting 6-9)`);
      need(
        /^\d+$/.test(points) && Number(points) > 0 && Number(points) <= 100_000_000,
        `'${points}' is not a positive whole number of points`,
      );
      return {
        call: OP.credit,
        body: { mobile, points: Number(points), note: note.join(' ') || undefined },
        print: (d, io) => io.out(`${String(d.msg)}. Wallet of ${String(d.mobile)} is now ${String(d.wallet_amt)}.`),
      };
    }
    case 'set-betting': {
      const [mobile, status, extra] = rest;
      need(mobile && status && !extra, 'set-betting needs <mobile> 0|1');
      need(PHONE_RE.test(mobile), `'${mobile}' is not a mobile number (10 digits starting 6-9)`);
      need(status === '0' || status === '1', `betting status must be 0 or 1, not '${status}'`);
      return {
        call: OP.setBetting,
        body: { mobile, status },
        print: (d, io) => io.out(String(d.msg)),
      };
    }
    case 'market': {
      const [sub, ...args] = rest;
      if (sub === 'list') {
        need(args.length === 0, 'market list takes no arguments');
        return {
          call: OP.markets,
          print: (d, io) => {
            const rows = (d.markets as MarketInfo[]).map((m) => [
              String(m.id),
              m.family,
              m.name,
              m.open,
              m.close,
              m.active ? (m.open_now ? 'open' : 'closed') : 'disabled',
            ]);
            const head = ['id', 'family', 'name', 'open', 'close', 'now'];
            const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
            for (const r of [head, ...rows])
              io.out(
                r
                  .map((c, i) => c.padEnd(w[i]))
                  .join('  ')
                  .trimEnd(),
              );
          },
        };
      }
      if (sub === 'set-times') {
        const family = familyOption(o);
        const a = [...args];
        need(a.length >= 3, 'market set-times needs <name> <open HH:MM> <close HH:MM>');
        const close = a.pop()!;
        const open = a.pop()!;
        const name = a.join(' ');
        need(HHMM.test(open), `open time '${open}' must be HH:MM (24-hour)`);
        need(HHMM.test(close), `close time '${close}' must be HH:MM (24-hour)`);
        return {
          call: OP.setMarketTimes,
          body: { name, open, close, family },
          print: (d, io) => io.out(String(d.msg)),
        };
      }
      if (sub === 'add') {
        const a = [...args];
        const family = familyOption(o) ?? 'regular';
        const times: string[] = [];
        while (a.length && HHMM.test(a[a.length - 1]) && times.length < 2) times.unshift(a.pop()!);
        const name = a.join(' ').trim();
        need(name, 'market add needs <name> <open HH:MM> [<close HH:MM>]');
        need(times.length >= 1, `market add needs the open time (HH:MM, 24-hour) after the name`);
        need(
          family === 'starline' || times.length === 2,
          `market add needs <open HH:MM> <close HH:MM> for a ${family} market`,
        );
        return {
          call: OP.addMarket,
          body: { family, name, open: times[0], close: times[1] },
          print: (d, io) => io.out(String(d.msg)),
        };
      }
      if (sub === 'enable' || sub === 'disable') {
        const a = [...args];
        const family = familyOption(o);
        const name = a.join(' ').trim();
        need(name, `market ${sub} needs <name>`);
        return {
          call: sub === 'enable' ? OP.enableMarket : OP.disableMarket,
          body: { name, family },
          print: (d, io) => io.out(String(d.msg)),
        };
      }
      if (sub === 'cap') {
        const family = familyOption(o) ?? 'regular';
        need(args.length === 1, 'market cap needs <points> or off');
        const cap = args[0] === 'off' ? null : Number(args[0]);
        need(
          cap === null || (Number.isSafeInteger(cap) && cap > 0),
          `cap '${args[0]}' must be a whole number of points, or off`,
        );
        return {
          call: OP.setLiabilityCap,
          body: { family, cap },
          print: (d, io) => io.out(String(d.msg)),
        };
      }
      throw new UsageError(
        sub
          ? `unknown market command '${sub}' (list, set-times, add, enable, disable, cap)`
          : 'market needs a command: list, set-times, add, enable, disable, cap',
      );
    }
    case 'result': {
      const [sub, ...args] = rest;
      need(
        sub === 'declare' || sub === 'preview',
        `result needs a command: declare, preview${sub ? ` (not '${sub}')` : ''}`,
      );
      const a = [...args];
      const date = dateOption(o);
      const si = a.findIndex((x) => /^(open|close)$/i.test(x));
      need(si > 0 && si === a.length - 2, `result ${sub} needs <market> open|close <pana>`);
      const market = a.slice(0, si).join(' ');
      const session = a[si].toLowerCase();
      const pana = a[si + 1];
      need(PANA.test(pana), `'${pana}' is not a pana (3 digits, e.g. 128)`);
      return {
        call: DECLARE.result[sub],
        body: { market, session, pana, date, early_reason: o.string('early-reason') },
        print: sub === 'preview' ? printPreview : (d, io) => io.out(String(d.msg)),
      };
    }
    case 'starline':
    case 'gali': {
      const [sub, ...args] = rest;
      need(
        sub === 'declare' || sub === 'preview',
        `${cmd} needs a command: declare, preview${sub ? ` (not '${sub}')` : ''}`,
      );
      const a = [...args];
      const date = dateOption(o);
      const value = a.pop();
      const ref = a.join(' ').trim();
      const what = cmd === 'starline' ? '<slot> <pana>' : '<market> <jodi>';
      need(ref && value, `${cmd} ${sub} needs ${what}`);
      if (cmd === 'starline') need(PANA.test(value), `'${value}' is not a pana (3 digits, e.g. 128)`);
      else need(/^\d{2}$/.test(value), `'${value}' is not a jodi (2 digits, e.g. 47)`);
      return {
        call: DECLARE[cmd][sub],
        body: {
          ...(cmd === 'starline' ? { slot: ref, pana: value } : { market: ref, jodi: value }),
          date,
          early_reason: o.string('early-reason'),
        },
        print: sub === 'preview' ? printPreview : (d, io) => io.out(String(d.msg)),
      };
    }
    case 'deposits':
    case 'withdrawals': {
      const [sub, ...args] = rest;
      const single = cmd === 'deposits' ? 'deposit' : 'withdrawal';
      if (sub === 'list') {
        const a = [...args];
        const all = o.flag('all');
        const status = o.string('status');
        need(a.length === 0, `${cmd} list takes no arguments besides --all / --status`);
        need(
          status === undefined || ['pending', 'approved', 'rejected', 'all'].includes(status),
          '--status must be pending, approved, rejected or all',
        );
        const filter = all ? 'all' : (status ?? 'pending');
        return {
          call: cmd === 'deposits' ? OP.deposits : OP.withdrawals,
          query: { status: filter },
          print: (d, io) => {
            const rows = (d[cmd] as RequestRow[]) ?? [];
            if (rows.length === 0) return io.out(`No ${filter === 'all' ? '' : filter + ' '}${single} requests.`);
            const head = ['id', 'mobile', 'amount', 'status', 'requested'];
            if (cmd === 'withdrawals') head.push('method', 'number', 'held');
            head.push('name');
            printTable(
              io,
              head,
              rows.map((r) => [
                String(r.id),
                r.mobile,
                String(r.amount),
                r.status,
                r.requested,
                ...(cmd === 'withdrawals'
                  ? [r.method ?? '', r.number ?? '', Number(r.held_points ?? 0) > 0 ? `HELD ${r.held_points}` : '']
                  : []),
                r.name,
              ]),
            );
          },
        };
      }
      if (sub === 'approve' || sub === 'reject') {
        const [rawId, ...more] = args;
        const id = requestId(rawId, `${cmd} ${sub}`);
        let body: Record<string, unknown> = { id };
        if (sub === 'approve' && cmd === 'withdrawals') {
          need(more.length <= 1, 'withdrawals approve needs <id> [receipt-url] [--reason <text>]');
          if (more[0]) {
            need(/^https?:\/\/\S+$/i.test(more[0]), `receipt-url must be an http(s) link, not '${more[0]}'`);
            body = { id, receipt_url: more[0] };
          }
          // a withdrawal held for a reversed win is approved only with a reason
          const reason = o.string('reason');
          if (reason) body = { ...body, reason };
        } else if (sub === 'approve') {
          need(more.length === 0, 'deposits approve needs <id>');
        } else if (more.length) {
          body = { id, reason: more.join(' ') };
        }
        return {
          call: DECIDE[cmd][sub],
          body,
          print: (d, io) => io.out(String(d.msg)),
        };
      }
      throw new UsageError(`${cmd} needs a command: list, approve, reject${sub ? ` (not '${sub}')` : ''}`);
    }
    case 'users': {
      const [sub, ...args] = rest;
      if (sub === 'unapproved') {
        need(args.length === 0, 'users unapproved takes no arguments');
        return {
          call: OP.unapprovedUsers,
          print: (d, io) => {
            const rows = (d.users as { id: string; mobile: string; name: string; created: string }[]) ?? [];
            if (rows.length === 0) return io.out('No accounts waiting for approval.');
            printTable(
              io,
              ['id', 'mobile', 'created', 'name'],
              rows.map((u) => [String(u.id), u.mobile, u.created, u.name]),
            );
          },
        };
      }
      if (sub === 'approve') {
        const [mobile, extra] = args;
        need(mobile && !extra, 'users approve needs <mobile>');
        return {
          call: OP.approveUser,
          body: { mobile },
          print: (d, io) => io.out(String(d.msg)),
        };
      }
      if (sub === 'approve-upi') {
        const [mobile, extra] = args;
        need(mobile && !extra, 'users approve-upi needs <mobile>');
        return {
          call: OP.approveUpi,
          body: { mobile },
          print: (d, io) => io.out(String(d.msg)),
        };
      }
      need(
        sub === 'list',
        `users needs a command: list, unapproved, approve, approve-upi${sub ? ` (not '${sub}')` : ''}`,
      );
      const term = args.join(' ').trim();
      return {
        call: OP.users,
        query: { q: term || undefined },
        print: (d, io) => {
          const rows =
            (d.users as {
              id: string;
              mobile: string;
              name: string;
              wallet: string;
              betting_status: string;
              created: string;
            }[]) ?? [];
          if (rows.length === 0) return io.out('No users.');
          printTable(
            io,
            ['id', 'mobile', 'wallet', 'betting', 'created', 'name'],
            rows.map((u) => [
              String(u.id),
              u.mobile,
              String(u.wallet),
              u.betting_status === '1' ? 'on' : 'off',
              u.created,
              u.name,
            ]),
          );
        },
      };
    }
    case 'settings': {
      const [sub, ...args] = rest;
      if (sub === 'list') {
        need(args.length === 0, 'settings list takes no arguments');
        return {
          call: OP.settings,
          print: (d, io) => {
            const entries = Object.entries((d.settings as Record<string, string>) ?? {});
            const w = Math.max(...entries.map(([k]) => k.length));
            for (const [k, v] of entries) {
              const oneLine = v.replace(/\s+/g, ' ');
              io.out(`${k.padEnd(w)}  ${oneLine.length > 80 ? oneLine.slice(0, 77) + '...' : oneLine}`);
            }
          },
        };
      }
      if (sub === 'set') {
        const [key, ...value] = args;
        need(key && value.length, 'settings set needs <key> <value>');
        return {
          call: OP.setSetting,
          body: { key, value: value.join(' ') },
          print: (d, io) => io.out(String(d.msg)),
        };
      }
      if (sub === 'set-withdraw-window') {
        const [open, close, extra] = args;
        need(open && close && !extra, 'settings set-withdraw-window needs <open HH:MM> <close HH:MM>');
        need(HHMM.test(open), `open time '${open}' must be HH:MM (24-hour)`);
        need(HHMM.test(close), `close time '${close}' must be HH:MM (24-hour)`);
        return {
          call: OP.setWithdrawWindow,
          body: { open, close },
          print: (d, io) => io.out(String(d.msg)),
        };
      }
      throw new UsageError(`settings needs a command: list, set, set-withdraw-window${sub ? ` (not '${sub}')` : ''}`);
    }
    case 'owner':
    case 'operators': {
      const [sub, name, role, extra] = rest;
      const printPassword = (d: Answer, io: CliIO) => {
        io.out(`${String(d.msg)}.`);
        io.out(`one-time password: ${String(d.one_time_password)}`);
        io.out('It works once, at /console/, to set a new password.');
      };
      if (cmd === 'owner') {
        need(sub === 'create', `unknown owner command '${sub ?? ''}' (create)`);
        need(name && !role, 'owner create needs <name>');
        return { call: OP.addOperator, body: { name, role: 'owner' }, print: printPassword };
      }
      if (sub === 'add') {
        need(name && role && !extra, 'operators add needs <name> <role>');
        need(OPERATOR_ROLES.includes(role as never), `'${role}' is not a role (${OPERATOR_ROLES.join(', ')})`);
        return { call: OP.addOperator, body: { name, role }, print: printPassword };
      }
      if (sub === 'list') {
        need(!name, 'operators list takes no arguments');
        return {
          call: OP.operators,
          print: (d, io) => {
            const rows = (d.operators ?? []) as { name: string; role: string; totp: boolean; disabled: boolean }[];
            if (!rows.length) return io.out('No operators yet: npm run operator -- owner create <name>');
            printTable(
              io,
              ['name', 'role', 'two-step', 'state'],
              rows.map((r) => [r.name, r.role, r.totp ? 'on' : 'off', r.disabled ? 'disabled' : 'active']),
            );
          },
        };
      }
      if (sub === 'reset-password') {
        need(name && !role, 'operators reset-password needs <name>');
        return { call: OP.resetOperatorPassword, body: { name }, print: printPassword };
      }
      if (sub === 'disable' || sub === 'enable') {
        need(name && !role, `operators ${sub} needs <name>`);
        return {
          call: sub === 'disable' ? OP.disableOperator : OP.enableOperator,
          body: { name },
          print: (d, io) => io.out(`${String(d.msg)}.`),
        };
      }
      throw new UsageError(
        `operators needs a command: add, list, reset-password, disable, enable${sub ? ` (not '${sub}')` : ''}`,
      );
    }
    case 'otp': {
      const [sub, mobile, extra] = rest;
      need(sub === 'last', `unknown otp command '${sub ?? ''}' (last)`);
      need(mobile && !extra, 'otp last needs <mobile>');
      need(PHONE_RE.test(mobile), `'${mobile}' is not a mobile number (10 digits starting 6-9)`);
      return {
        call: OP.lastOtp,
        query: { mobile },
        print: (d, io) => io.out(`${String(d.otp)}  (${String(d.purpose)}, sent ${String(d.created_at)})`),
      };
    }
    default:
      throw new UsageError(`unknown command '${cmd}'`);
  }
}

/** Runs one command; returns the exit code (0 only on success). */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIO = { out: console.log, err: console.error },
): Promise<number> {
  let req: Request | FileCommand | 'help';
  try {
    req = parseCommand(argv, env);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`Error: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    throw e;
  }
  if (req === 'help') {
    io.out(USAGE);
    return 0;
  }
  // offline: the server is stopped, and the copy goes into an empty data dir
  if ('kind' in req && req.kind === 'restore') return restoreBackup(req.file, req.dataDir, io);
  if ('kind' in req && req.kind === 'verify') return verifyDatabase(req, io);
  const base = (env.SERVER_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const token = findToken(env);
  if (!token) {
    io.err(
      'Error: no operator token. Set OPERATOR_TOKEN, or DATA_DIR to the server data dir holding operator-token ' +
        '(and SERVER_URL when the server is not on http://127.0.0.1:8080).',
    );
    return 1;
  }
  if ('kind' in req) return saveBackup(base, token, req.file, io);
  let res: Response;
  try {
    const { method, url } = operatorRequest(req.call, req.query);
    res = await fetch(base + url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(req.body ? { 'content-type': 'application/json' } : {}) },
      body: req.body ? JSON.stringify(req.body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (e) {
    io.err(
      `Error: cannot reach the server at ${base} (${(e as Error).message}). Is it running (npm start)? Set SERVER_URL otherwise.`,
    );
    return 1;
  }
  let data: Answer;
  try {
    data = (await res.json()) as Answer;
  } catch {
    io.err(`Error: unexpected answer from ${base} (HTTP ${res.status})`);
    return 1;
  }
  if (!res.ok || data?.status !== true) {
    io.err(`Error: ${data?.msg ?? `HTTP ${res.status}`}`);
    return 1;
  }
  req.print(data, io);
  // a declaration answers while its bids still settle: follow the job to its summary
  const job = (data as { job?: { id?: string; status?: string } }).job;
  if (job?.id && job.status === 'running') return followJob(base, token, String(job.id), io);
  return 0;
}

/** Prints a settlement job's progress until it ends, then its summary. */
async function followJob(base: string, token: string, id: string, io: CliIO): Promise<number> {
  let last = '';
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    let data: {
      status?: boolean;
      msg?: string;
      job?: { status: string; bids_done: number; bids_total: number | null };
    };
    try {
      const res = await fetch(base + operatorRequest(OP.settlement, { id }).url, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(15_000),
      });
      data = (await res.json()) as typeof data;
    } catch (e) {
      io.err(`Error: lost the server while following settlement job ${id} (${(e as Error).message}); it goes on there`);
      return 1;
    }
    if (data.status !== true || !data.job) {
      io.err(`Error: ${data.msg ?? `no settlement job ${id}`}`);
      return 1;
    }
    if (data.job.status !== 'running') {
      io.out(String(data.msg));
      return 0;
    }
    const seen = `${data.job.bids_done} of ${data.job.bids_total}`;
    if (seen !== last) {
      last = seen;
      io.out(
        data.job.bids_total === null
          ? 'settling: counting the bids'
          : `settling: ${formatPoints(data.job.bids_done)} of ${counted(data.job.bids_total, 'bid')}`,
      );
    }
  }
}

if (require.main === module) {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
