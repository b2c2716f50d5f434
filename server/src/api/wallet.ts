/**
 * The wallet calls (spec sections 3, 7): the balance with the money settings the wallet screens show, and
 * the wallet history (the ledger). Deposits, withdrawals and transfers are deposits.ts, withdrawals.ts
 * and transfers.ts.
 */
import { CALL } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { defineCall } from '../http/api';
import { formatKolkataDateTime } from '../services/clock';
import { ledgerHistory } from '../services/wallet';

export const walletPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, markets } = ctx;

  // ---------------------------------------------------------------- balance and wallet info
  defineCall(app, ctx, CALL.userWalletBalance, async ({ user }) => {
    const s = await markets.settings();
    return {
      status: true,
      wallet_amt: user.wallet,
      withdraw_open_time: s.withdraw_open_time ?? '',
      withdraw_close_time: s.withdraw_close_time ?? '',
      min_withdrawal: s.min_withdrawal ?? '0',
      min_amt: s.min_amt ?? '0',
    };
  });

  // ---------------------------------------------------------------- wallet history (the ledger)
  defineCall(app, ctx, CALL.walletTransactionHistory, async ({ body, user }) => {
    const rows = await ledgerHistory(db, user.id, body);
    return {
      status: true,
      msg: rows.length ? 'Success' : MSG.noDataFound,
      // the balance above the history (the 'MATKA 04' apps read it here)
      wallet_amt: user.wallet,
      transaction_history: rows.map((r) => ({
        transaction_id: r.id,
        transaction_type: r.type === 'credit' ? '1' : '2',
        transaction_note: r.note,
        amount: r.amount,
        amount_status: r.amount_status,
        insert_date: formatKolkataDateTime(r.created_at),
        balance_after: r.balance_after,
      })),
    };
  });
};
