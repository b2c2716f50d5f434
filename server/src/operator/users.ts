/**
 * Operator endpoints for player accounts: search, one account in full (wallet, ledger, bids, wins),
 * betting on/off, approval of unverified accounts, block / unblock, force logout, and credit or debit
 * with a reason. The changes are the account workflows of services/account-admin.ts (each audited in
 * the transaction that makes it); a change that ends the player's sessions also drops them from every
 * process's token cache (the operator scope's onSend hook).
 */
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { formatKolkataShort } from '../services/clock';
import { accountBids, accountWins } from '../services/bids';
import { accountIdOf, accountOf, accountTotals, searchAccounts, unapprovedAccounts } from '../services/accounts';
import { adjustWallet, approve, approveUpi, logoutEverywhere, setBetting, setBlock } from '../services/account-admin';
import { liveSessions } from '../services/tokens';
import { latestLedger } from '../services/wallet';
import { liftExclusion, playLimits, protectionOf } from '../services/protection';
import { UPI_APPS, formatPoints, isPermanent, limitName, sessionWord } from '@matka/shared/domain';
import { route } from './common';
import { Refusal } from '../errors';
import type { Actor } from '../services/operators';
import { approveMove, listMoves, manualMoveThreshold, rejectMove, requestMove } from '../services/manual-moves';

/** An account as the users list and one user's page show it. */
function accountJson(r: NonNullable<Awaited<ReturnType<typeof accountOf>>>) {
  return {
    id: r.id,
    mobile: r.mobile,
    name: r.name,
    wallet: r.wallet,
    betting_status: r.betting_status === '1' ? ('1' as const) : ('0' as const),
    // false: registered without a verified code and not approved yet (LEGACY_REGISTRATION)
    approved: r.verified || r.approved_at !== null,
    blocked: r.blocked_at !== null,
    created: formatKolkataShort(r.created_at),
  };
}

/** How many rows of each list one account's page shows (newest first). */
const DETAIL_ROWS = 200;

/** /operator/users, /set-betting, /credit and /debit, as a Fastify plugin (the operator scope registers it). */
export const usersRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { db, clock } = ctx;

  const notFound = (mobile: string) => new Refusal(404, `No user with mobile ${mobile}`);

  route(op, OP.users, async (q) => {
    const rows = await searchAccounts(db, q.q?.trim(), q.limit ?? 200);
    return {
      status: true,
      users: rows.map(accountJson),
    };
  });

  // Accounts registered without a verified code (LEGACY_REGISTRATION=unverified): no betting until approved.
  route(op, OP.unapprovedUsers, async () => {
    const rows = await unapprovedAccounts(db, 1000);
    return {
      status: true,
      users: rows.map((r) => ({ id: r.id, mobile: r.mobile, name: r.name, created: formatKolkataShort(r.created_at) })),
    };
  });

  // One account in full: the newest DETAIL_ROWS ledger rows, bids and wins, and its totals.
  route(op, OP.userDetail, async ({ mobile }) => {
    const u = await accountOf(db, mobile);
    if (!u) throw notFound(mobile);
    const now = clock.now();
    const [ledger, bids, wins, sessions, totals, protection, limits] = await Promise.all([
      latestLedger(db, u.id, DETAIL_ROWS),
      accountBids(db, u.id, {}, DETAIL_ROWS),
      accountWins(db, u.id, {}, DETAIL_ROWS),
      liveSessions(db, u.id, now),
      accountTotals(db, u.id),
      protectionOf(db, u.id, now),
      playLimits(db, u.id, now),
    ]);
    const running = (d: Date | null) => (d && new Date(d) > now ? d : null);
    return {
      status: true,
      user: {
        ...accountJson(u),
        blocked_reason: u.blocked_reason,
        blocked_since: u.blocked_at ? formatKolkataShort(u.blocked_at) : null,
        // UPI numbers saved without a proved code (LEGACY_REGISTRATION): no withdrawal to them until approve-upi
        upi_held: u.upi_held,
        created: formatKolkataShort(u.created_at),
        sessions,
      },
      // responsible play: what the player set, as it stands now
      protection: {
        age_declared: protection.age_declared_at ? formatKolkataShort(protection.age_declared_at) : null,
        break_until: running(protection.break_until) ? formatKolkataShort(protection.break_until!) : null,
        excluded_until: running(protection.excluded_until)
          ? isPermanent(protection.excluded_until)
            ? 'permanent'
            : formatKolkataShort(protection.excluded_until!)
          : null,
        // 'Daily stake limit: 1,000 (250 used; raised to 5,000 from 2026-03-11 08:00)'
        limits: limits.map((l) => {
          const name = limitName(l.kind, l.period);
          const waiting = l.removing
            ? `; removed from ${formatKolkataShort(l.next_at)}`
            : l.next_at && l.next_amount !== null
              ? `; raised to ${formatPoints(l.next_amount)} from ${formatKolkataShort(l.next_at)}`
              : '';
          return `${name[0].toUpperCase()}${name.slice(1)}: ${formatPoints(l.amount)} (${formatPoints(l.used)} used${waiting})`;
        }),
      },
      totals: {
        staked: Number(totals.staked),
        won: Number(totals.won),
        deposited: Number(totals.deposited),
        withdrawn: Number(totals.withdrawn),
      },
      ledger: ledger.map((r) => ({
        id: r.id,
        when: formatKolkataShort(r.created_at),
        type: r.type,
        amount: Number(r.amount),
        balance_after: Number(r.balance_after),
        kind: r.kind,
        note: r.note,
      })),
      bids: bids.map((r) => ({
        id: r.id,
        when: formatKolkataShort(r.created_at),
        date: r.bid_date,
        family: r.family,
        market: r.name,
        bet: r.pana,
        // no session where it means nothing (Gali, Starline, Full Sangam)
        session: sessionWord(r.bet_type, r.session),
        digits: r.closedigits ? `${r.digits}-${r.closedigits}` : r.digits,
        points: Number(r.points),
        status: r.status,
        win_amount: Number(r.win_amount),
      })),
      wins: wins.map((r) => ({
        id: r.id,
        date: r.win_date,
        family: r.family,
        market: r.name,
        amount: Number(r.amount),
        reversed: r.reversed_at !== null,
      })),
    };
  });

  route(op, OP.approveUser, async (body) => {
    const betting_status = ctx.config.defaultBettingStatus;
    await approve(db, clock, body.mobile, betting_status, body);
    return {
      status: true,
      msg: `${body.mobile} approved: betting ${betting_status === '1' ? 'on' : 'off until you turn it on'}`,
      betting_status,
    };
  });

  // UPI numbers saved without a code the player proved (LEGACY_REGISTRATION): held until approved here
  route(op, OP.approveUpi, async (body) => {
    const held = await approveUpi(db, clock, body.mobile, body);
    const names = held.map((f) => Object.values(UPI_APPS).find((a) => a.numberField === f)?.name ?? f);
    return {
      status: true,
      msg: `${body.mobile}: withdrawals may go to its ${names.join(', ')} number now`,
      approved: held,
    };
  });

  route(op, OP.setBetting, async (body) => {
    await setBetting(db, clock, body.mobile, body.status, body);
    return {
      status: true,
      msg: `Betting for ${body.mobile} is now ${body.status === '1' ? 'on' : 'off'}`,
      betting_status: body.status,
    };
  });

  // Block: no login and every token refused (the token lookup skips blocked accounts) until unblocked.
  // (The operator plugin's onSend hook drops the token cache in every process before the answer goes.)
  route(op, OP.blockUser, async (body) => {
    await setBlock(db, clock, body.mobile, body.reason, body);
    return { status: true, msg: `${body.mobile} blocked: signed out everywhere, and cannot log in until unblocked` };
  });

  route(op, OP.unblockUser, async (body) => {
    await setBlock(db, clock, body.mobile, null, body);
    return { status: true, msg: `${body.mobile} unblocked: the player can log in again` };
  });

  // Force logout: every token of the account stops working, in every server process.
  route(op, OP.logoutUser, async (body) => {
    const n = await logoutEverywhere(db, clock, body.mobile, body);
    return { status: true, msg: `${body.mobile} logged out of ${n} session${n === 1 ? '' : 's'}`, sessions: n };
  });

  // responsible play: only an owner ends a player's self-exclusion early, with a written reason
  route(op, OP.liftExclusion, async (body) => {
    const id = await accountIdOf(db, body.mobile);
    if (!id) throw new Refusal(404, `No account with mobile ${body.mobile}`);
    await liftExclusion(db, id, body.reason, clock.now());
    await ctx.users.invalidate(id);
    return { status: true, msg: `${body.mobile}'s self-exclusion is lifted: they may play again` };
  });

  /**
   * A manual credit or debit: moved at once, or, above the owner's threshold, a request that a second
   * operator approves (services/manual-moves.ts).
   */
  const move = async (
    a: { mobile: string; direction: 'credit' | 'debit'; points: number; note: string },
    body: unknown,
    actor: Actor,
  ) => {
    const threshold = await manualMoveThreshold(db);
    if (threshold > 0 && a.points > threshold) {
      const { request, wallet } = await requestMove(ctx, a, actor, body);
      return {
        status: true as const,
        msg: `${a.points} points is more than ${threshold}: this ${a.direction} waits for a second operator with the money right (request ${request.id}); nothing moved yet`,
        mobile: a.mobile,
        wallet_amt: wallet,
        pending: true,
        request,
      };
    }
    const wallet = await adjustWallet(db, clock, a, body);
    return {
      status: true as const,
      msg:
        a.direction === 'credit'
          ? `Credited ${a.points} points to ${a.mobile}`
          : `Debited ${a.points} points from ${a.mobile}`,
      mobile: a.mobile,
      wallet_amt: wallet,
    };
  };

  route(op, OP.credit, async (body, req) => {
    const note = body.note?.trim() || 'Points added by admin';
    return move({ mobile: body.mobile, direction: 'credit', points: body.points, note }, body, req.operator!);
  });

  route(op, OP.debit, async (body, req) => {
    return move({ mobile: body.mobile, direction: 'debit', points: body.points, note: body.note }, body, req.operator!);
  });

  route(op, OP.manualMoves, async () => ({
    status: true,
    threshold: await manualMoveThreshold(db),
    moves: await listMoves(db),
  }));

  route(op, OP.approveManualMove, async (body, req) => {
    const { move: m, wallet } = await approveMove(ctx, String(body.id), req.operator!);
    return {
      status: true,
      msg: `${m.direction === 'credit' ? 'Credited' : 'Debited'} ${m.points} points ${m.direction === 'credit' ? 'to' : 'from'} ${m.mobile}: requested by ${m.requested_by}, approved by ${req.operator!.name}`,
      move: m,
      wallet_amt: wallet,
    };
  });

  route(op, OP.rejectManualMove, async (body, req) => {
    const m = await rejectMove(ctx, String(body.id), body.reason, req.operator!);
    return {
      status: true,
      msg: `Rejected: ${m.direction} of ${m.points} points for ${m.mobile} (requested by ${m.requested_by}): ${body.reason}. Nothing moved.`,
      move: m,
    };
  });
};
