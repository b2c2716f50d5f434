/**
 * The operator CLI's settings commands: list them, set one, and the withdrawal hours.
 */
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
