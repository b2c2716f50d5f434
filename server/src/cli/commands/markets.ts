/**
 * The operator CLI's market commands: list, set-times, add, enable, disable, and a family's liability cap.
 */
import { OP } from '@matka/shared/contract';
import { HHMM, UsageError, callRequest, familyOption, need, type Options, type Request } from '../args';

/** market list | set-times | add | enable | disable | cap <points>|off */
export function market(_cmd: string, rest: string[], o: Options): Request {
  const [sub, ...args] = rest;
  if (sub === 'list') {
    need(args.length === 0, 'market list takes no arguments');
    return {
      call: OP.markets,
      print: (d, io) => {
        const rows = d.markets.map((m) => [
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
      print: (d, io) => io.out(d.msg),
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
      print: (d, io) => io.out(d.msg),
    };
  }
  if (sub === 'enable' || sub === 'disable') {
    const a = [...args];
    const family = familyOption(o);
    const name = a.join(' ').trim();
    need(name, `market ${sub} needs <name>`);
    return callRequest({
      call: sub === 'enable' ? OP.enableMarket : OP.disableMarket,
      body: { name, family },
      print: (d, io) => io.out(d.msg),
    });
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
      print: (d, io) => io.out(d.msg),
    };
  }
  throw new UsageError(
    sub
      ? `unknown market command '${sub}' (list, set-times, add, enable, disable, cap)`
      : 'market needs a command: list, set-times, add, enable, disable, cap',
  );
}
