/**
 * The deposit calls (spec sections 3, 5, 7): the last request's details, a fund request (at most five
 * pending), its proof of payment (UTR and / or screenshot) and the deposit history. What they write is
 * the wallet service (`services/wallet.ts`).
 */
import { CALL } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { PROOF_MAX_BYTES } from '@matka/shared/contract/schemas';
import { MSG, compose, depositProblemText, SERVER_TEXTS, type Message } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { MSG_BETTING_DISABLED } from '../errors';
import { Refusal, defineCall, refusal } from '../http/api';
import { formatKolkataDateTime } from '../services/clock';
import { addDepositProof, depositHistory, lastDeposit, requestDeposit, requestStatusCode } from '../services/wallet';
import { settingNumber } from './money-fields';
import { shortDate } from './original-fields';

const MSG_FUND_REQUESTED = SERVER_TEXTS.fundRequested;

/** max_amt when the operator sets none: the largest amount one request may carry anyway. */
export const NO_DEPOSIT_MAX = 10_000_000;

/** The operator's maximum of one deposit request (setting max_amt, '0' or unset: none) passed, or null. */
export async function depositOverMax(ctx: AppContext, amount: number): Promise<Message | null> {
  const max = (await settingNumber(ctx, 'max_amt')) || NO_DEPOSIT_MAX;
  return amount > max ? compose('maxAddAmount', { max }) : null;
}

/** '1' for each UPI app the operator keeps an id for (a deposit may be paid with it), else '0'. */
async function upiOptions(ctx: AppContext) {
  const s = await ctx.markets.settings();
  const on = (v: string | undefined) => (v ? 1 : 0);
  return {
    google_upi_option: on(s.google_upi_payment_id ?? s.upi_id),
    phone_upi_option: on(s.phonepay_upi_payment_id ?? s.upi_id),
    other_upi_option: on(s.upi_id),
  };
}

/** how many payment proofs (given or changed) one player may send in a day */
export const PROOF_CHANGES_PER_DAY = 20;

const MSG_SCREENSHOT_INVALID = SERVER_TEXTS.screenshotInvalid;

/** What the image's first bytes say it is (a data URL's declared type is not trusted). */
function imageTypeOf(b: Buffer): string | null {
  if (b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length > 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

/** The largest screenshot side an operator's browser is asked to draw (a phone's screen is far below it). */
export const PROOF_MAX_SIDE = 4096;

/**
 * An image's width and height as its header says (PNG's IHDR, JPEG's start-of-frame, WebP's VP8 / VP8L /
 * VP8X header), or null when the header cannot be read: a small file can declare a huge picture that the
 * operator's browser would have to decode.
 */
export function imageSize(b: Buffer, type: string): { width: number; height: number } | null {
  if (type === 'image/png') {
    if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (type === 'image/jpeg') {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1];
      if (marker === 0xff) {
        i++;
        continue;
      }
      // a start of frame (SOF0–SOF15 but DHT, JPG and DAC) carries the size
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      if (marker === 0xda || marker === 0xd9) return null;
      i += 2 + b.readUInt16BE(i + 2);
    }
    return null;
  }
  if (type === 'image/webp') {
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8 ' && b.length >= 30)
      return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L' && b.length >= 25) {
      const bits = b.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X' && b.length >= 30) return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/**
 * The screenshot's image, from the data URL the contract's schema let through: its first bytes must be
 * a PNG, JPEG or WebP image (the declared type is not trusted), of at most 180 KB, whose header gives a
 * size an operator's browser can draw.
 */
function proofImage(dataUrl: string): { bytes: Uint8Array; type: string } {
  return proofImageOf(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
}

/** A payment screenshot's bytes, checked: a PNG, JPEG or WebP image of sensible size, else refused. */
export function proofImageOf(bytes: Buffer): { bytes: Uint8Array; type: string } {
  const type = imageTypeOf(bytes);
  if (!type || bytes.length > PROOF_MAX_BYTES) throw new Refusal(400, MSG_SCREENSHOT_INVALID);
  const size = imageSize(bytes, type);
  if (!size || size.width < 1 || size.height < 1) throw new Refusal(400, MSG_SCREENSHOT_INVALID);
  if (size.width > PROOF_MAX_SIDE || size.height > PROOF_MAX_SIDE)
    throw new Refusal(400, SERVER_TEXTS.screenshotTooLarge);
  return { bytes: new Uint8Array(bytes), type };
}

export const depositsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;

  // ---------------------------------------------------------------- deposits
  defineCall(app, ctx, CALL.lastFundRequestDetail, async ({ user }) => {
    const last = await lastDeposit(db, user.id);
    return {
      status: true,
      msg: 'Success',
      min_amt: String(await settingNumber(ctx, 'min_amt')),
      // the most one request may ask (the 'MATKA 04' apps check it on the phone too)
      max_amt: String((await settingNumber(ctx, 'max_amt')) || NO_DEPOSIT_MAX),
      // which UPI apps a deposit may be paid with: those the operator keeps an id for
      ...(await upiOptions(ctx)),
      last_request: last
        ? {
            request_id: last.id,
            request_amount: last.amount,
            request_status: requestStatusCode(last.status),
            insert_date: formatKolkataDateTime(last.created_at),
          }
        : null,
      // the original's list of the pending request (empty when none waits)
      last_req_detail:
        last && last.status === 'pending'
          ? [
              {
                fund_request_id: String(last.id),
                request_amount: String(last.amount),
                request_number: `D${last.id}`,
                request_status: requestStatusCode(last.status),
                insert_date: shortDate(new Date(last.created_at)),
              },
            ]
          : [],
    };
  });

  defineCall(app, ctx, CALL.fundRequestAdd, async ({ body, user }) => {
    if (user.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
    const min = await settingNumber(ctx, 'min_amt');
    const problem = depositProblemText(body.request_amount, min) || (await depositOverMax(ctx, body.request_amount));
    if (problem) throw refusal(problem);
    const out = await requestDeposit(db, user.id, body.request_amount, clock.now());
    const id = out.id;
    return {
      status: true,
      msg: MSG_FUND_REQUESTED,
      request_id: String(id),
      request_number: `D${id}`,
      fund_request_id: Number(id),
    };
  });

  // The proof of a UPI payment on the player's own pending deposit request.
  defineCall(app, ctx, CALL.fundRequestProof, async ({ body, user }) => {
    const image = body.screenshot === undefined ? undefined : proofImage(body.screenshot);
    // a player's proofs of a day, all requests together (each request also takes a few: wallet.ts)
    if (!(await ctx.dailyLimiter.take([[`proof:user:${user.id}`, PROOF_CHANGES_PER_DAY]])))
      throw new Refusal(429, SERVER_TEXTS.proofChangesToday);
    const out = await addDepositProof(db, user.id, body.request_id, { utr: body.utr, image }, clock.now());
    return {
      status: true,
      msg: 'Payment reference added: the operator will match it',
      utr: out.utr ?? '',
      has_screenshot: out.has_screenshot,
    };
  });

  defineCall(app, ctx, CALL.fundRequestHistory, async ({ body, user }) => {
    const rows = await depositHistory(db, user.id, body);
    // the original's list: the decided requests
    const decided = rows
      .filter((r) => r.status !== 'pending')
      .map((r) => ({
        fund_request_id: String(r.id),
        request_amount: String(r.amount),
        request_number: `D${r.id}`,
        request_status: requestStatusCode(r.status),
        // the screenshot stays with the operator: no link to it is handed out
        fund_payment_receipt: '',
        insert_date: shortDate(new Date(r.created_at)),
      }));
    return {
      status: true,
      msg: rows.length ? 'Success' : MSG.noDataFound,
      fund_req_history: decided,
      // the same list under the name some of the original's builds read
      transaction_history: decided,
      fund_requests: rows.map((r) => ({
        request_id: r.id,
        request_number: `D${r.id}`,
        request_amount: r.amount,
        request_status: requestStatusCode(r.status),
        insert_date: formatKolkataDateTime(r.created_at),
        // why the operator rejected it ('' otherwise)
        reject_reason: r.status === 'rejected' ? r.note : '',
        // the payment's proof the player gave
        utr: r.utr ?? '',
        has_screenshot: Boolean(r.has_screenshot),
      })),
    };
  });
};
