/**
 * Operator CLI: a client of the running server's /operator/ API (PGlite allows one process per data
 * dir, so the CLI never opens the database itself, except `restore`: with the server stopped, into an
 * empty data dir).
 *   npm run operator -- <command>
 * Env: SERVER_URL (default http://127.0.0.1:8080), OPERATOR_TOKEN or the token file <DATA_DIR>/operator-token;
 * or OPERATOR_NAME with OPERATOR_PASSWORD (and OPERATOR_CODE, the two-step code) to act as that operator:
 * results are proposed and certified by people signed in as themselves, never by the server's token.
 */
import fs from 'node:fs';
import path from 'node:path';
import { counted, formatPoints } from '@matka/shared/domain';
import { OP, operatorRequest, type OperatorCall } from '@matka/shared/contract';
import { OPERATOR_ANSWERS } from '@matka/shared/contract/schemas';
import type { z } from 'zod';
import { restoreBackup, saveBackup, verifyDatabase } from './backup';
import { verifyReceipt } from './receipt';
import {
  UsageError,
  need,
  splitArgv,
  type CliIO,
  type AnswerOf,
  type CallRequest,
  type FileCommand,
  type Options,
  type Request,
} from './args';

const ANSWERS: Partial<Record<OperatorCall, z.ZodType>> = OPERATOR_ANSWERS;
import { otp, setBetting, users } from './commands/accounts';
import { market } from './commands/markets';
import { credit, manual, queue } from './commands/money';
import { operators } from './commands/operators';
import { result, slotOrJodi } from './commands/results';
import { auditChain, exportDayFile, settings } from './commands/settings';
import { verifyBundle } from './bundle';
import { family } from './commands/families';

export type { CliIO } from './args';

const USAGE = `Usage: npm run operator -- <command>

Commands:
  credit <mobile> <points> [note]                 add points to a wallet (ledger row 'operator_credit');
                                                   above the owner's manual_move_threshold, a request
  manual list                                      credits and debits above the threshold: waiting, decided
  manual approve <id>                              a second operator moves the points (as a person:
                                                   OPERATOR_NAME)
  manual reject <id> --reason TEXT                 refuse it: nothing moves
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
  result proposals                                 with certification on: the proposed results, waiting
                                                   (with their preview) or decided in the last 30 days
  result certify <id> <value>                      certify another operator's proposal, named by its id and
                                                   the pana or jodi it shows (result proposals): declared
  result reject <market> open|close --reason TEXT [--date YYYY-MM-DD]
                                                   reject a proposal: nothing is published or settled
  starline reject <slot> --reason TEXT [--date]
  gali reject <market> --reason TEXT [--date]      the same for a Starline slot or a Gali market
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
  audit verify                                     walk the audit trail's hash chain: intact, or the first
                                                   row that does not match (exit 1)
  audit sign                                       sign the chain's head now and publish it (/verify/log)
  export day <YYYY-MM-DD> [--out FILE]             the day for the auditor (results, books, ledger, audit
                                                   rows), signed, in a file (default
                                                   <DATA_DIR>/exports/matka-day-<date>.json)
  audit verify --bundle <file> [--key FILE]        check such a file: its signature by the server's
                                                   published keys (or a key you pinned: a JWK or JWKS
                                                   file), never the keys inside it; its audit rows'
                                                   chain, its books' roots (exit 1 when not valid)
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
  family status                                    each family's releases: stable, canary, their health
  family release <family> <version|URL> [--canary <percent>]
                                                   a build (its version, or the URL of its remoteEntry.js)
                                                   to every player, or to that share of them
  family promote <family>                          the canary becomes the stable release
  family rollback <family>                         end the canary, or go back to the stable before
  backup <file>                                    a consistent copy of the embedded database (PGlite) while
                                                   the server runs (PostgreSQL: pg_dump, see docs/operating.md)
  restore <file> [--data-dir DIR]                  with the server stopped: put a backup into an empty data
                                                   dir (DATA_DIR) and check that every wallet equals its ledger
  verify [--data-dir DIR]                          the same check of a database: DATABASE_URL (a restored
                                                   PostgreSQL), else the data dir (server stopped)
  verify <receipt>                                 check a bid's signed receipt against the published keys
  help                                             this text

Environment: SERVER_URL (default http://127.0.0.1:8080), OPERATOR_TOKEN, or DATA_DIR (default ./.data)
holding the operator-token file the server wrote on first start. With certification on, results are
proposed and certified by a named operator: OPERATOR_NAME, OPERATOR_PASSWORD and OPERATOR_CODE (the
current code of the authenticator app) sign the CLI in as that operator instead of the token.`;

/** How the CLI's calls say who makes them: the token, or a named operator's console session. */
type Credentials = { headers: Record<string, string>; end?: () => Promise<void> };

/** Signs in as OPERATOR_NAME (the console's own sign-in): the session's cookie and CSRF token. */
async function signIn(base: string, env: NodeJS.ProcessEnv, io: CliIO): Promise<Credentials | null> {
  const username = env.OPERATOR_NAME!.trim();
  if (!env.OPERATOR_PASSWORD) {
    io.err(`Error: OPERATOR_NAME is set: set OPERATOR_PASSWORD (and OPERATOR_CODE) to sign in as ${username}`);
    return null;
  }
  const { method, url } = operatorRequest(OP.signIn);
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: env.OPERATOR_PASSWORD, code: env.OPERATOR_CODE?.trim() || undefined }),
    signal: AbortSignal.timeout(15_000),
  });
  const data = (await res.json().catch(() => ({}))) as { status?: boolean; msg?: string; csrf_token?: string };
  const session = res.headers.getSetCookie().find((c) => c.startsWith('matka_operator='));
  if (!res.ok || data.status !== true || !session || !data.csrf_token) {
    io.err(`Error: signing in as ${username}: ${data.msg ?? `HTTP ${res.status}`}`);
    return null;
  }
  const headers = { cookie: session.split(';')[0], 'x-csrf-token': data.csrf_token };
  const out = operatorRequest(OP.signOut);
  return {
    headers,
    end: async () => {
      await fetch(base + out.url, { method: out.method, headers, signal: AbortSignal.timeout(15_000) }).catch(
        () => undefined,
      );
    },
  };
}

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

/** Turns argv into one operator API request, or throws UsageError. */
function parseCommand(argv: string[], env: NodeJS.ProcessEnv): Request | FileCommand | 'help' {
  const { positionals, options } = splitArgv(argv);
  if (options.flag('help')) return 'help';
  const [cmd, file, extra] = positionals;
  // a day's bundle, checked offline (no server)
  // the day's bundle: where --out says, else under the data dir
  if (cmd === 'export')
    return exportDayFile(
      positionals.slice(1),
      options,
      env.INIT_CWD || process.cwd(),
      path.resolve(env.INIT_CWD || process.cwd(), env.DATA_DIR || './.data'),
    );
  const bundle = cmd === 'audit' && file === 'verify' ? options.string('bundle') : undefined;
  if (bundle) {
    need(!extra, 'audit verify --bundle takes one <file>');
    const key = options.string('key');
    options.done();
    const cwd = env.INIT_CWD || process.cwd();
    return { kind: 'bundle', file: path.resolve(cwd, bundle), keyFile: key ? path.resolve(cwd, key) : undefined };
  }
  if (cmd === 'verify' && file) {
    need(!extra, 'verify takes one <receipt>');
    options.done();
    return { kind: 'receipt', receipt: file };
  }
  if (cmd === 'verify') {
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

/** Each command word and the module that turns its arguments into a request. */
const COMMANDS: Record<string, (cmd: string, rest: string[], o: Options) => Request> = {
  credit,
  'set-betting': setBetting,
  market,
  result,
  starline: slotOrJodi,
  gali: slotOrJodi,
  deposits: queue,
  withdrawals: queue,
  manual,
  users,
  settings,
  audit: auditChain,
  owner: operators,
  operators,
  otp,
  family,
};

function command([cmd, ...rest]: string[], o: Options): Request | 'help' {
  if (cmd === undefined || cmd === 'help') return 'help';
  const make = Object.hasOwn(COMMANDS, cmd) ? COMMANDS[cmd] : undefined;
  if (!make) throw new UsageError(`unknown command '${cmd}'`);
  return make(cmd, rest, o);
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
  if ('kind' in req && req.kind === 'bundle') return verifyBundle(req.file, { keyFile: req.keyFile, base }, io);
  // a receipt is checked as anyone would: against the published keys, no operator token
  if ('kind' in req && req.kind === 'receipt') return verifyReceipt(base, req.receipt, io);
  const token = env.OPERATOR_NAME?.trim() ? undefined : findToken(env);
  if (!token && !env.OPERATOR_NAME?.trim()) {
    io.err(
      'Error: no operator token. Set OPERATOR_TOKEN, or DATA_DIR to the server data dir holding operator-token ' +
        '(and SERVER_URL when the server is not on http://127.0.0.1:8080), or OPERATOR_NAME and OPERATOR_PASSWORD.',
    );
    return 1;
  }
  if ('kind' in req) {
    if (!token) {
      io.err('Error: a backup is taken with the operator token (OPERATOR_TOKEN), not as a named operator');
      return 1;
    }
    return saveBackup(base, token, req.file, io);
  }
  let creds: Credentials | null;
  try {
    creds = token ? { headers: { authorization: `Bearer ${token}` } } : await signIn(base, env, io);
  } catch (e) {
    io.err(
      `Error: cannot reach the server at ${base} (${(e as Error).message}). Is it running (npm start)? Set SERVER_URL otherwise.`,
    );
    return 1;
  }
  if (!creds) return 1;
  try {
    return await send(base, req, creds, io);
  } finally {
    await creds.end?.();
  }
}

/** Sends one request, prints its answer, and follows a settlement it started. */
async function send(base: string, req: Request, creds: Credentials, io: CliIO): Promise<number> {
  let res: Response;
  try {
    const { method, url } = operatorRequest(req.call, req.query);
    res = await fetch(base + url, {
      method,
      headers: { ...creds.headers, ...(req.body ? { 'content-type': 'application/json' } : {}) },
      body: req.body ? JSON.stringify(req.body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (e) {
    io.err(
      `Error: cannot reach the server at ${base} (${(e as Error).message}). Is it running (npm start)? Set SERVER_URL otherwise.`,
    );
    return 1;
  }
  let body: { status?: unknown; msg?: unknown } | null;
  try {
    body = (await res.json()) as typeof body;
  } catch {
    io.err(`Error: unexpected answer from ${base} (HTTP ${res.status})`);
    return 1;
  }
  if (!res.ok || body?.status !== true) {
    io.err(`Error: ${typeof body?.msg === 'string' ? body.msg : `HTTP ${res.status}`}`);
    return 1;
  }
  // the answer is read as its call's schema declares it, or not at all
  const parsed = ANSWERS[req.call]?.safeParse(body);
  if (!parsed?.success) {
    io.err(`Error: the server's answer to ${req.call} is not the one the contract declares (HTTP ${res.status})`);
    return 1;
  }
  // each command's print and fails take the answer of its own call (Request pairs them)
  const typed = req as CallRequest<OperatorCall>;
  const data = parsed.data as AnswerOf<OperatorCall>;
  typed.print(data, io);
  if (typed.fails?.(data)) return 1;
  // a declaration answers while its bids still settle: follow the job to its summary
  const job = (parsed.data as { job?: { id: string; status: string } }).job;
  if (job && job.status === 'running') return followJob(base, creds, job.id, io);
  return 0;
}

/** Prints a settlement job's progress until it ends, then its summary. */
async function followJob(base: string, creds: Credentials, id: string, io: CliIO): Promise<number> {
  let last = '';
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    let body: { status?: unknown; msg?: unknown } | null;
    try {
      const res = await fetch(base + operatorRequest(OP.settlement, { id }).url, {
        headers: creds.headers,
        signal: AbortSignal.timeout(15_000),
      });
      body = (await res.json()) as typeof body;
    } catch (e) {
      io.err(`Error: lost the server while following settlement job ${id} (${(e as Error).message}); it goes on there`);
      return 1;
    }
    const parsed = OPERATOR_ANSWERS.settlement.safeParse(body);
    if (!parsed.success) {
      io.err(`Error: ${typeof body?.msg === 'string' ? body.msg : `no settlement job ${id}`}`);
      return 1;
    }
    const data = parsed.data;
    if (data.job.status !== 'running') {
      io.out(data.msg);
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
