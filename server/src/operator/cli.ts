/**
 * Operator CLI: a client of the running server's /operator/ API (PGlite allows one process per data
 * dir, so the CLI never opens the database itself).
 *   npm run operator -- <command>
 * Env: SERVER_URL (default http://127.0.0.1:8080), OPERATOR_TOKEN or the token file <DATA_DIR>/operator-token.
 */
import fs from 'node:fs';
import path from 'node:path';

export const USAGE = `Usage: npm run operator -- <command>

Commands:
  credit <mobile> <points> [note]                 add points to a wallet (ledger row 'operator_credit')
  set-betting <mobile> 0|1                         turn betting off / on for an account
  market list                                      markets, starline slots and Gali markets with their times
  market set-times <name> <open HH:MM> <close HH:MM> [--family regular|starline|gali]
                                                   change a market's daily times (24-hour, Asia/Kolkata)
  otp last <mobile>                                the last OTP sent to a number (demo mode)
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

const MOBILE = /^[6-9]\d{9}$/;
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

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  print: (data: Answer, io: CliIO) => void;
}

/** Turns argv into one operator API request, or throws UsageError. */
export function parseCommand(argv: string[]): Request | 'help' {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      return 'help';
    case 'credit': {
      const [mobile, points, ...note] = rest;
      need(mobile && points, 'credit needs <mobile> <points> [note]');
      need(MOBILE.test(mobile), `'${mobile}' is not a mobile number (10 digits starting 6-9)`);
      need(
        /^\d+$/.test(points) && Number(points) > 0 && Number(points) <= 100_000_000,
        `'${points}' is not a positive whole number of points`,
      );
      return {
        method: 'POST',
        path: '/operator/credit',
        body: { mobile, points: Number(points), note: note.join(' ') || undefined },
        print: (d, io) => io.out(`${String(d.msg)}. Wallet of ${String(d.mobile)} is now ${String(d.wallet_amt)}.`),
      };
    }
    case 'set-betting': {
      const [mobile, status, extra] = rest;
      need(mobile && status && !extra, 'set-betting needs <mobile> 0|1');
      need(MOBILE.test(mobile), `'${mobile}' is not a mobile number (10 digits starting 6-9)`);
      need(status === '0' || status === '1', `betting status must be 0 or 1, not '${status}'`);
      return {
        method: 'POST',
        path: '/operator/set-betting',
        body: { mobile, status },
        print: (d, io) => io.out(String(d.msg)),
      };
    }
    case 'market': {
      const [sub, ...args] = rest;
      if (sub === 'list') {
        need(args.length === 0, 'market list takes no arguments');
        return {
          method: 'GET',
          path: '/operator/markets',
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
        let family: string | undefined;
        const a = [...args];
        const fi = a.findIndex((x) => x === '--family' || x.startsWith('--family='));
        if (fi >= 0) {
          if (a[fi].includes('=')) {
            family = a[fi].split('=')[1];
            a.splice(fi, 1);
          } else {
            family = a[fi + 1];
            a.splice(fi, 2);
          }
          need(
            family === 'regular' || family === 'starline' || family === 'gali',
            '--family must be regular, starline or gali',
          );
        }
        need(a.length >= 3, 'market set-times needs <name> <open HH:MM> <close HH:MM>');
        const close = a.pop()!;
        const open = a.pop()!;
        const name = a.join(' ');
        need(HHMM.test(open), `open time '${open}' must be HH:MM (24-hour)`);
        need(HHMM.test(close), `close time '${close}' must be HH:MM (24-hour)`);
        return {
          method: 'POST',
          path: '/operator/market/set-times',
          body: { name, open, close, family },
          print: (d, io) => io.out(String(d.msg)),
        };
      }
      throw new UsageError(
        sub ? `unknown market command '${sub}' (list, set-times)` : 'market needs a command: list, set-times',
      );
    }
    case 'otp': {
      const [sub, mobile, extra] = rest;
      need(sub === 'last', `unknown otp command '${sub ?? ''}' (last)`);
      need(mobile && !extra, 'otp last needs <mobile>');
      need(MOBILE.test(mobile), `'${mobile}' is not a mobile number (10 digits starting 6-9)`);
      return {
        method: 'GET',
        path: `/operator/otp/last?mobile=${mobile}`,
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
  let req: Request | 'help';
  try {
    req = parseCommand(argv);
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
  const base = (env.SERVER_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const token = findToken(env);
  if (!token) {
    io.err('Error: no operator token. Set OPERATOR_TOKEN, or DATA_DIR to the server data dir holding operator-token.');
    return 1;
  }
  let res: Response;
  try {
    res = await fetch(base + req.path, {
      method: req.method,
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
  return 0;
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
