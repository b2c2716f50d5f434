/**
 * The operator CLI's money commands: credit, and the deposits and withdrawals queues (list, approve, reject).
 */
import type { OperatorAnswerOf } from '@matka/shared/contract/schemas';
import { DECISION_CALLS, OP } from '@matka/shared/contract';
import { PHONE_RE } from '@matka/shared/domain';
import { UsageError, callRequest, need, printTable, requestId, type Options, type Request } from '../args';

/** A row of the deposits or the withdrawals queue, as the operator API lists it. */
type RequestRow =
  OperatorAnswerOf<'deposits'>['deposits'][number] | OperatorAnswerOf<'withdrawals'>['withdrawals'][number];

/** credit <mobile> <points> [note] */
export function credit(_cmd: string, rest: string[], _o: Options): Request {
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
    // above the owner's threshold: a request waiting for a second operator, nothing moved
    print: (d, io) => io.out(d.pending ? d.msg : `${d.msg}. Wallet of ${d.mobile} is now ${d.wallet_amt}.`),
  };
}

/** manual list | approve <id> | reject <id> --reason TEXT: credits and debits above the threshold */
export function manual(_cmd: string, rest: string[], o: Options): Request {
  const [sub, rawId, ...more] = rest;
  if (sub === 'list') {
    need(rawId === undefined, 'manual list takes no arguments');
    return {
      call: OP.manualMoves,
      print: (d, io) => {
        const { threshold, moves } = d;
        io.out(
          threshold
            ? `A manual credit or debit of more than ${threshold} points waits for a second operator.`
            : 'No threshold: manual credits and debits move at once (settings set manual_move_threshold <points>).',
        );
        if (!moves.length) return io.out('No request.');
        printTable(
          io,
          ['id', 'mobile', 'move', 'points', 'requested', 'by', 'status', 'decided by', 'note or reason'],
          moves.map((m) => [
            m.id,
            m.mobile,
            m.direction,
            String(m.points),
            m.requested_at,
            m.requested_by,
            m.status,
            m.decided_by ?? '',
            m.reason ?? m.note,
          ]),
        );
      },
    };
  }
  if (sub === 'approve' || sub === 'reject') {
    const id = requestId(rawId, `manual ${sub}`);
    need(more.length === 0, `manual ${sub} takes one <id>${sub === 'reject' ? ' and --reason TEXT' : ''}`);
    const reason = sub === 'reject' ? o.string('reason') : undefined;
    need(sub === 'approve' || reason, 'manual reject needs --reason TEXT (why it is refused)');
    return callRequest({
      call: sub === 'approve' ? OP.approveManualMove : OP.rejectManualMove,
      body: sub === 'approve' ? { id } : { id, reason: reason ?? '' },
      print: (d, io) => io.out(d.msg),
    });
  }
  throw new UsageError(`manual needs a command: list, approve, reject${sub ? ` (not '${sub}')` : ''}`);
}

/** deposits|withdrawals list | approve | reject */
export function queue(word: string, rest: string[], o: Options): Request {
  const cmd = word === 'deposits' ? 'deposits' : 'withdrawals';
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
    return callRequest({
      call: cmd === 'deposits' ? OP.deposits : OP.withdrawals,
      query: { status: filter },
      print: (d, io) => {
        const rows: RequestRow[] = 'deposits' in d ? d.deposits : d.withdrawals;
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
              ? 'method' in r
                ? [r.method, r.number, Number(r.held_points) > 0 ? `HELD ${r.held_points}` : '']
                : ['', '', '']
              : []),
            r.name,
          ]),
        );
      },
    });
  }
  if (sub === 'approve' || sub === 'reject') {
    const [rawId, ...more] = args;
    const id = requestId(rawId, `${cmd} ${sub}`);
    let body: { id: number; receipt_url?: string; reason?: string } = { id };
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
    return callRequest({ call: DECISION_CALLS[cmd][sub], body, print: (d, io) => io.out(d.msg) });
  }
  throw new UsageError(`${cmd} needs a command: list, approve, reject${sub ? ` (not '${sub}')` : ''}`);
}
