/**
 * The wallet calls (spec sections 3, 7): the balance with the money settings the wallet screens show, and
 * the wallet history (the ledger). Deposits, withdrawals and transfers are deposits.ts, withdrawals.ts
 * and transfers.ts.
 */
import { CALL } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { MIN_TRANSFER, MSG } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { defineCall } from '../http/api';
import { formatKolkataDateTime } from '../services/clock';
import { heldForWithdrawals, ledgerHistory } from '../services/wallet';
import { deviceResult } from './original-fields';

type LedgerEntry = Awaited<ReturnType<typeof ledgerHistory>>[number];

/** A ledger row as the wallet history lists it, with the original backend's names of its fields. */
export const ledgerJson = (r: Omit<LedgerEntry, 'balance_after'> & { balance_after?: string }) => ({
  transaction_id: String(r.id),
  transaction_type: r.type === 'credit' ? '1' : '2',
  transaction_note: r.note,
  transfer_note: '',
  amount: String(r.amount),
  amount_status: r.amount_status,
  insert_date: formatKolkataDateTime(r.created_at),
  tx_request_number: r.reference ?? String(r.id),
  ...(r.balance_after === undefined ? {} : { balance_after: String(r.balance_after) }),
});

export const walletPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, markets } = ctx;

  // ---------------------------------------------------------------- balance and wallet info
  defineCall(app, ctx, CALL.userWalletBalance, async ({ user }) => {
    const s = await markets.settings();
    return {
      status: true,
      msg: 'User Wallet Balance',
      wallet_amt: user.wallet,
      withdraw_open_time: s.withdraw_open_time ?? '',
      withdraw_close_time: s.withdraw_close_time ?? '',
      min_withdrawal: s.min_withdrawal ?? '0',
      min_amt: s.min_amt ?? '0',
      // what the original's apps read besides: the points pending withdrawals hold, whether transfers
      // are on, and the bounds of a transfer and a withdrawal (what the wallet holds)
      hold_amt: await heldForWithdrawals(db, user.id),
      transfer_point_status: user.betting_status === '1' ? '1' : '0',
      max_withdrawal: user.wallet,
      min_transfer: String(MIN_TRANSFER),
      max_transfer: user.wallet,
    };
  });

  // ---------------------------------------------------------------- wallet history (the ledger)
  defineCall(app, ctx, CALL.walletTransactionHistory, async ({ body, user }) => {
    const rows = await ledgerHistory(db, user.id, body);
    const s = await markets.settings();
    const all = rows.map(ledgerJson);
    return {
      status: true,
      msg: rows.length ? 'Success' : MSG.noDataFound,
      // the balance above the history (the original's apps read it here), what pending withdrawals
      // hold, the history split into credits and debits, the withdrawal hours, the account's devices
      wallet_amt: user.wallet,
      hold_amt: await heldForWithdrawals(db, user.id),
      transaction_history: all,
      in_history: all.filter((r) => r.transaction_type === '1'),
      out_history: all.filter((r) => r.transaction_type === '2'),
      withdraw_open_time: s.withdraw_open_time ?? '',
      withdraw_close_time: s.withdraw_close_time ?? '',
      device_result: await deviceResult(db, user, ctx.clock.now()),
    };
  });
};
