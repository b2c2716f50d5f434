/**
 * The operator CLI's result commands: preview and declare a regular market's pana, a Starline slot's
 * pana or a Gali jodi, with the preview's winners, the players a correction leaves short and the exposure;
 * with certification on, the proposals, certified or rejected by a second operator.
 */
import { OP } from '@matka/shared/contract';
import { counted, formatPoints } from '@matka/shared/domain';
import { PANA, dateOption, need, printTable, type AnswerOf, type CliIO, type Options, type Request } from '../args';

/** A preview's message, then the players a correction leaves short, the winners and the exposure. */
function printPreview(d: AnswerOf<'previewResult' | 'previewStarline' | 'previewGali'>, io: CliIO) {
  io.out(d.msg);
  const short = d.uncovered;
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
  const winners = d.winners;
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
    if (d.winners_count > 30) io.out(`... and ${counted(d.winners_count - 30, 'more winning bid')}`);
  }
  const e = d.exposure;
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

/** The proposals: those waiting (with what declaring them would do now), then those decided lately. */
function printProposals(d: AnswerOf<'proposals'>, io: CliIO) {
  const c = d.certification;
  io.out(
    c.on
      ? `Certification is on (${c.by === 'server' ? "the server's configuration" : 'the setting'}): a declaration is a proposal until a second operator certifies it`
      : 'Certification is off: a declaration is published and settled at once',
  );
  const rows = d.proposals;
  if (!rows.length) return io.out('No proposal in the last 30 days.');
  io.out('');
  printTable(
    io,
    ['id', 'date', 'market', 'result', 'proposed by', 'status', 'by', 'preview or reason'],
    rows.map((p) => [
      p.id,
      p.date,
      p.market.name,
      p.result_text,
      p.proposed_by,
      p.status,
      p.decided_by ?? '',
      p.status === 'pending' ? (p.preview?.msg ?? '') : (p.reason ?? ''),
    ]),
  );
}

/** reject: the waiting proposal of a market's session, with the reason. */
function reject(
  family: 'regular' | 'starline' | 'gali',
  ref: { market: string; session?: 'open' | 'close' },
  o: Options,
): Request {
  const word = family === 'regular' ? 'result' : family;
  const reason = o.string('reason');
  need(reason, `${word} reject needs --reason TEXT (why the proposal is wrong)`);
  return {
    call: OP.rejectResult,
    body: { family, ...ref, date: dateOption(o), reason },
    print: (d, io) => io.out(d.msg),
  };
}

/** certify <id> <value>: one proposal, as `result proposals` showed it (its id and its pana or jodi). */
function certify(word: string, args: string[]): Request {
  const [id, value, extra] = args;
  need(
    id && /^\d{1,18}$/.test(id) && value && /^(\d{3}|\d{2})$/.test(value) && !extra,
    `${word} certify needs <id> <value>: the proposal's id and the pana or jodi it shows (see result proposals)`,
  );
  return { call: OP.certifyResult, body: { id, value }, print: (d, io) => io.out(d.msg) };
}

/** result preview|declare <market> open|close <pana>; result certify <id> <value>; result reject <market> open|close; result proposals */
export function result(_cmd: string, rest: string[], o: Options): Request {
  const [sub, ...args] = rest;
  if (sub === 'proposals') return { call: OP.proposals, print: printProposals };
  need(
    sub === 'declare' || sub === 'preview' || sub === 'certify' || sub === 'reject',
    `result needs a command: declare, preview, certify, reject, proposals${sub ? ` (not '${sub}')` : ''}`,
  );
  if (sub === 'certify') return certify('result', args);
  if (sub === 'reject') {
    const si = args.findIndex((x) => /^(open|close)$/i.test(x));
    need(si > 0 && si === args.length - 1, `result ${sub} needs <market> open|close`);
    const session = args[si].toLowerCase() === 'open' ? 'open' : 'close';
    return reject('regular', { market: args.slice(0, si).join(' '), session }, o);
  }
  const a = [...args];
  const date = dateOption(o);
  const si = a.findIndex((x) => /^(open|close)$/i.test(x));
  need(si > 0 && si === a.length - 2, `result ${sub} needs <market> open|close <pana>`);
  const market = a.slice(0, si).join(' ');
  const session = a[si].toLowerCase() === 'open' ? 'open' : 'close';
  const pana = a[si + 1];
  need(PANA.test(pana), `'${pana}' is not a pana (3 digits, e.g. 128)`);
  const body = { market, session, pana, date, early_reason: o.string('early-reason') } as const;
  return sub === 'preview'
    ? { call: OP.previewResult, body, print: printPreview }
    : { call: OP.declareResult, body, print: (d, io) => io.out(d.msg) };
}

/** starline|gali preview|declare <slot or market> <pana or jodi> */
export function slotOrJodi(word: string, rest: string[], o: Options): Request {
  const cmd = word === 'starline' ? 'starline' : 'gali';
  const [sub, ...args] = rest;
  need(
    sub === 'declare' || sub === 'preview' || sub === 'certify' || sub === 'reject',
    `${cmd} needs a command: declare, preview, certify, reject${sub ? ` (not '${sub}')` : ''}`,
  );
  if (sub === 'certify') return certify(cmd, args);
  if (sub === 'reject') {
    const ref = args.join(' ').trim();
    need(ref, `${cmd} ${sub} needs ${cmd === 'starline' ? '<slot>' : '<market>'}`);
    return reject(cmd, { market: ref }, o);
  }
  const a = [...args];
  const date = dateOption(o);
  const value = a.pop();
  const ref = a.join(' ').trim();
  const what = cmd === 'starline' ? '<slot> <pana>' : '<market> <jodi>';
  need(ref && value, `${cmd} ${sub} needs ${what}`);
  if (cmd === 'starline') need(PANA.test(value), `'${value}' is not a pana (3 digits, e.g. 128)`);
  else need(/^\d{2}$/.test(value), `'${value}' is not a jodi (2 digits, e.g. 47)`);
  const early_reason = o.string('early-reason');
  if (cmd === 'starline') {
    const body = { slot: ref, pana: value, date, early_reason };
    return sub === 'preview'
      ? { call: OP.previewStarline, body, print: printPreview }
      : { call: OP.declareStarline, body, print: (d, io) => io.out(d.msg) };
  }
  const body = { market: ref, jodi: value, date, early_reason };
  return sub === 'preview'
    ? { call: OP.previewGali, body, print: printPreview }
    : { call: OP.declareGali, body, print: (d, io) => io.out(d.msg) };
}
