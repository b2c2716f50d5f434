/**
 * The operator CLI's account commands: betting on or off, the users (search, unapproved, approve), and the
 * last one-time code sent to a number (demo mode).
 */
import { OP } from '@matka/shared/contract';
import { PHONE_RE } from '@matka/shared/domain';
import { need, printTable, type Options, type Request } from '../args';

/** set-betting <mobile> on|off */
export function setBetting(_cmd: string, rest: string[], _o: Options): Request {
  const [mobile, status, extra] = rest;
  need(mobile && status && !extra, 'set-betting needs <mobile> 0|1');
  need(PHONE_RE.test(mobile), `'${mobile}' is not a mobile number (10 digits starting 6-9)`);
  need(status === '0' || status === '1', `betting status must be 0 or 1, not '${status}'`);
  return {
    call: OP.setBetting,
    body: { mobile, status },
    print: (d, io) => io.out(d.msg),
  };
}

/** users <query> | unapproved | approve | approve-upi */
export function users(_cmd: string, rest: string[], _o: Options): Request {
  const [sub, ...args] = rest;
  if (sub === 'unapproved') {
    need(args.length === 0, 'users unapproved takes no arguments');
    return {
      call: OP.unapprovedUsers,
      print: (d, io) => {
        const rows = d.users;
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
      print: (d, io) => io.out(d.msg),
    };
  }
  if (sub === 'approve-upi') {
    const [mobile, extra] = args;
    need(mobile && !extra, 'users approve-upi needs <mobile>');
    return {
      call: OP.approveUpi,
      body: { mobile },
      print: (d, io) => io.out(d.msg),
    };
  }
  need(sub === 'list', `users needs a command: list, unapproved, approve, approve-upi${sub ? ` (not '${sub}')` : ''}`);
  const term = args.join(' ').trim();
  return {
    call: OP.users,
    query: { q: term || undefined },
    print: (d, io) => {
      const rows = d.users;
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

/** otp last <mobile> */
export function otp(_cmd: string, rest: string[], _o: Options): Request {
  const [sub, mobile, extra] = rest;
  need(sub === 'last', `unknown otp command '${sub ?? ''}' (last)`);
  need(mobile && !extra, 'otp last needs <mobile>');
  need(PHONE_RE.test(mobile), `'${mobile}' is not a mobile number (10 digits starting 6-9)`);
  return {
    call: OP.lastOtp,
    query: { mobile },
    print: (d, io) => io.out(`${d.otp}  (${d.purpose}, sent ${d.created_at})`),
  };
}
