/**
 * The operator CLI's settings commands: list them, set one, and the withdrawal hours; and the audit
 * trail's chain: walk it, sign its head.
 */
import fs from 'node:fs';
import path from 'node:path';
import { OP } from '@matka/shared/contract';

import { HHMM, UsageError, need, type Options, type Request } from '../args';

/** settings list | set <key> <value> | withdraw-window <open> <close> */
export function settings(_cmd: string, rest: string[], _o: Options): Request {
  const [sub, ...args] = rest;
  if (sub === 'list') {
    need(args.length === 0, 'settings list takes no arguments');
    return {
      call: OP.settings,
      print: (d, io) => {
        const entries = Object.entries(d.settings);
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
      print: (d, io) => io.out(d.msg),
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
      print: (d, io) => io.out(d.msg),
    };
  }
  throw new UsageError(`settings needs a command: list, set, set-withdraw-window${sub ? ` (not '${sub}')` : ''}`);
}

/** export day <date> [--out FILE]: the day's signed bundle, written to a file */
/**
 * export day: the bundle is written where --out says (from the directory the command was run in), else
 * under the data dir's `exports/` (never into the working tree the command happens to run in).
 */
export function exportDayFile(rest: string[], o: Options, cwd: string, dataDir: string): Request {
  const [sub, date, extra] = rest;
  need(sub === 'day' && date && !extra, 'export needs: day <YYYY-MM-DD> [--out FILE]');
  need(/^\d{4}-\d{2}-\d{2}$/.test(date), `date '${date}' must be YYYY-MM-DD`);
  const given = o.string('out');
  const out = given ? path.resolve(cwd, given) : path.join(dataDir, 'exports', `matka-day-${date}.json`);
  o.done();
  return {
    call: OP.exportDay,
    query: { date },
    print: (d, io) => {
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, JSON.stringify(d.bundle), { mode: 0o600 });
      io.out(`${d.msg}: ${out} (check it with: npm run operator -- audit verify --bundle ${out})`);
    },
  };
}

/** audit verify | audit sign */
export function auditChain(_cmd: string, rest: string[], _o: Options): Request {
  const [sub, ...args] = rest;
  need(args.length === 0, `audit ${sub ?? ''} takes no arguments`);
  if (sub === 'verify')
    return {
      call: OP.auditVerify,
      print: (d, io) => io.out(d.msg),
      // a chain that does not match is a failure of the command (exit 1), for scripts and cron
      fails: (d) => d.check.intact === false,
    };
  if (sub === 'sign') return { call: OP.auditSign, print: (d, io) => io.out(d.msg) };
  throw new UsageError(`audit needs a command: verify, sign${sub ? ` (not '${sub}')` : ''}`);
}
