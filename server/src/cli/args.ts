/**
 * What every command of the operator CLI shares: its input and output, the command line split into
 * arguments and options (with messages for a person), the request a command makes of the operator API,
 * and small checks and printing.
 */
import { parseArgs } from 'node:util';
import { FAMILIES, type Family } from '@matka/shared/domain';
import type { OperatorCall } from '@matka/shared/contract';
import type {
  OperatorAnswerOf,
  OperatorCallWithAnswer,
  OperatorCallWithRequest,
  OperatorRequestOf,
} from '@matka/shared/contract/schemas';

export interface CliIO {
  out: (s: string) => void;
  err: (s: string) => void;
}

/** A command line the CLI cannot run: said to the operator with the usage. */
export class UsageError extends Error {}

export const HHMM = /^([01]?\d|2[0-3]):[0-5]\d$/;

export function need(cond: unknown, msg: string): asserts cond {
  if (!cond) throw new UsageError(msg);
}

/** What a call answers (status true), as the contract declares it. */
export type AnswerOf<C extends OperatorCall> = C extends OperatorCallWithAnswer ? OperatorAnswerOf<C> : never;

/** A backup saved from the server, or one restored into a data dir (cli/backup.ts): not a JSON call. */
export type FileCommand =
  | { kind: 'backup'; file: string }
  | { kind: 'restore'; file: string; dataDir: string }
  | { kind: 'verify'; databaseUrl?: string; dataDir: string }
  | { kind: 'receipt'; receipt: string }
  | { kind: 'bundle'; file: string; keyFile?: string };

/** A command's request of one call: its body and what it prints are typed by the call's declaration. */
export interface CallRequest<C extends OperatorCall> {
  /** the call of the operator API (@matka/shared/contract) and its query */
  call: C;
  query?: Record<string, string | undefined>;
  body?: C extends OperatorCallWithRequest ? OperatorRequestOf<C> : never;
  print: (data: AnswerOf<C>, io: CliIO) => void;
  /** an answer that is a failure of the command all the same (exit 1), though the call succeeded */
  fails?: (data: AnswerOf<C>) => boolean;
}

/** The request a command makes: of one call, typed by it (the union of every call's). */
export type Request = { [C in OperatorCall]: CallRequest<C> }[OperatorCall];

/** Prints rows as aligned columns (header first). */
export function printTable(io: CliIO, head: string[], rows: string[][]) {
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
export const OPTIONS = {
  family: { type: 'string' },
  date: { type: 'string' },
  'early-reason': { type: 'string' },
  reason: { type: 'string' },
  'data-dir': { type: 'string' },
  status: { type: 'string' },
  canary: { type: 'string' },
  out: { type: 'string' },
  bundle: { type: 'string' },
  key: { type: 'string' },
  all: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The command line split by node:util parseArgs: the arguments in order, and the options given. */
export function splitArgv(argv: string[]): { positionals: string[]; options: Options } {
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
export class Options {
  private read = new Set<string>();
  constructor(private readonly values: Record<string, string | boolean | undefined>) {}
  string(
    name: 'family' | 'date' | 'status' | 'early-reason' | 'reason' | 'data-dir' | 'canary' | 'out' | 'bundle' | 'key',
  ): string | undefined {
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

export const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const PANA = /^\d{3}$/;

export function familyOption(o: Options): Family | undefined {
  const f = o.string('family');
  need(f === undefined || isFamily(f), '--family must be regular, starline or gali');
  return f;
}

const isFamily = (f: string): f is Family => (FAMILIES as readonly string[]).includes(f);

export function dateOption(o: Options): string | undefined {
  const d = o.string('date');
  need(d === undefined || DATE.test(d), `--date must be YYYY-MM-DD, not '${d}'`);
  return d;
}

/** '12', '#12', 'D12', 'W12' -> 12 */
export function requestId(raw: string | undefined, what: string): number {
  need(raw, `${what} needs <id>`);
  const m = /^(?:#|[DdWw])?(\d{1,15})$/.exec(raw);
  need(m && Number(m[1]) > 0, `'${raw}' is not a request id (a number from the list)`);
  return Number(m[1]);
}

/**
 * A request of a call the command chooses among a few (approve or reject, preview or declare): typed by
 * each of them, as a command's request of one call is.
 */
export const callRequest = <C extends OperatorCall>(r: CallRequest<C>): Request => r as unknown as Request;
