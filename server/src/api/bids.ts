/**
 * The bid calls: the three submit calls (one per family) and the six bid / win histories. What they
 * check and write is the bids service (`services/bids.ts`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { FAMILIES, MSG, SERVER_TEXTS, bidDateText, declaredResultText, formatRate, payout } from '@matka/shared/domain';
import type { AppContext } from '../context';
import type { MarketFamily } from '../db/columns';
import { Refusal, defineCall, type AuthUser } from '../http/api';
import { BID_HISTORY_CALL, SUBMIT_BID_CALL, WIN_HISTORY_CALL, callSpec } from '@matka/shared/contract';
import { accountBids, accountWins, placeBid } from '../services/bids';
import { receiptFor, receiptOf, receiptsOf } from '../services/receipts';

/** Printable ASCII only (a UUID, a counter, ...). */
const idemKeySchema = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,100}$/);

// ------------------------------------------------------------------------------------ histories

/** 'YYYY-MM-DD' -> '22-November-2026' */
function bidDateOf(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return bidDateText({ year: y, month: m, day: d });
}

/** The bid's fields both histories show, and how they show them. */
function bidFields(r: {
  name: string;
  pana: string;
  digits: string;
  closedigits: string;
  session: string;
  session_sent: string | null;
  bid_date: string;
  points: string;
}) {
  return {
    game_name: r.name,
    pana: r.pana,
    digits: r.digits,
    closedigits: r.closedigits,
    // the word as the client spelled it ('OPEN'), as apps that compare what they sent expect
    session: r.session_sent ?? r.session,
    bid_date: bidDateOf(r.bid_date),
    points: r.points,
  };
}

const HISTORY_LIMIT = 1000;

/** Bids: submitting them and their histories, as a Fastify plugin (registered by app.ts with the context). */
export const bidsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  const idemKey = (
    headers: Record<string, unknown>,
    body: { request_id?: string | null; new_result: Record<string, unknown> },
  ) => {
    const h = headers['idempotency-key'];
    const raw = (typeof h === 'string' ? h : undefined) ?? body.request_id ?? (body.new_result.request_id as unknown);
    if (raw === undefined || raw === null || raw === '') return null;
    const k = idemKeySchema.safeParse(raw);
    if (!k.success) throw new Refusal(400, SERVER_TEXTS.badIdempotencyKey);
    return k.data;
  };

  for (const family of FAMILIES) {
    const okMsg = family === 'starline' ? MSG.starlineBidPlaced : MSG.bidPlaced;
    defineCall(app, ctx, SUBMIT_BID_CALL[family], async ({ body, user, req }) => {
      const placed = await placeBid(ctx, family, user, body, idemKey(req.headers, body));
      // the player's proof of what was accepted: a signed receipt (the same again for a retried request)
      const receipt = placed.stored
        ? receiptFor(ctx.receipts, placed.stored)
        : await receiptOf(db, ctx.receipts, String(placed.submissionId));
      // its leaf in the session's book, written with others of the moment
      if (receipt && placed.stored) ctx.leaves.add(String(placed.submissionId), receipt);
      return {
        status: true,
        msg: okMsg,
        message: okMsg,
        wallet_amt: placed.wallet,
        bid_id: placed.submissionId,
        total_points: placed.totalPoints,
        ...(placed.duplicate ? { duplicate: true } : {}),
        ...(receipt ? { receipt } : {}),
      };
    });
  }

  const range = (from: string, to: string) => ({ from, to });
  /** the original's amount_status of a win's ledger row, by family */
  const WIN_STATUS: Record<MarketFamily, string> = { regular: '8', starline: '12', gali: '13' };

  const bidHistory = async (user: AuthUser, family: MarketFamily, from: string, to: string) => {
    const rows = await accountBids(db, user.id, { family, from, to }, HISTORY_LIMIT);
    // each bid's receipt, the one its submission was answered with (made again: the same text)
    const subs = [...new Set(rows.flatMap((r) => (r.submission_id === null ? [] : [String(r.submission_id)])))];
    const receipts = await receiptsOf(db, ctx.receipts, subs);
    return rows.map((r) => {
      const rate = r.rate_1 !== null && r.rate_2 !== null ? { val_1: r.rate_1, val_2: r.rate_2 } : null;
      return {
        bid_id: r.id,
        ...bidFields(r),
        // the original's id of the bid's ledger row
        bid_tx_id: String(r.submission_id ?? r.id),
        // what became of it: 'pending', 'won' (win_amount paid) or 'lost', and the result it met
        status: r.status,
        win_amount: r.win_amount,
        result: declaredResultText(family, r),
        // the rate it was placed at, and what it pays if it wins
        rate: rate ? formatRate(rate.val_1, rate.val_2) : '',
        win_if_correct: rate ? String(payout(Number(r.points), rate)) : '',
        // the signed receipt a player can check (the /verify page, or any JOSE tool)
        receipt: r.submission_id === null ? '' : (receipts.get(String(r.submission_id)) ?? ''),
      };
    });
  };

  const winHistory = async (user: AuthUser, family: MarketFamily, from: string, to: string) => {
    const rows = await accountWins(db, user.id, { family, from, to, live: true }, HISTORY_LIMIT);
    return rows.map((r) => ({
      win_id: r.id,
      ...bidFields(r),
      wining_date: bidDateOf(r.win_date),
      amount: String(r.amount),
      // the original's fields of the win's ledger row (a credit)
      transaction_type: '1',
      transaction_note: `Win ${r.name}`,
      amount_status: WIN_STATUS[family],
      tx_request_number: String(r.id),
    }));
  };

  // each family's two histories, answering under the list key the contract gives them
  for (const family of FAMILIES) {
    {
      defineCall(app, ctx, BID_HISTORY_CALL[family], async ({ body, user }) => {
        const { from, to } = range(body.bid_from, body.bid_to);
        const data = await bidHistory(user, family, from, to);
        return { status: true, msg: data.length ? 'Success' : MSG.noDataFound, bid_data: data };
      });
    }
    {
      const name = WIN_HISTORY_CALL[family];
      const key = callSpec(name).list ?? 'win_data';
      defineCall(app, ctx, name, async ({ body, user }) => {
        const { from, to } = range(body.date_from, body.date_to);
        const data = await winHistory(user, family, from, to);
        // the original's apps read every family's wins as win_data (the spec's Gali screen as bid_data)
        return { status: true, msg: data.length ? 'Success' : MSG.noDataFound, win_data: data, [key]: data };
      });
    }
  }
};
