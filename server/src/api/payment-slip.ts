/**
 * The original backend's payment slip upload (api-fund-payment-slip-upload): a multipart form with the
 * app key, the deposit request's id and the screenshot (payment_slip). Served the secure way: the form
 * must carry the player's unique_token too, the request must be the player's own and still pending, and
 * the image is checked as every payment screenshot is (api/deposits.ts) and counted in the player's
 * proofs of the day. The original attaches any file to any request id.
 */
import multipart from '@fastify/multipart';
import { PROOF_MAX_BYTES } from '@matka/shared/contract/schemas';
import { SERVER_TEXTS } from '@matka/shared/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { MSG_BAD_TOKEN, userForToken } from '../http/api';
import { dialectOfKey } from '../http/dialects';
import { Refusal, refusedBody } from '../errors';
import { addDepositProof } from '../services/wallet';
import { PROOF_CHANGES_PER_DAY, proofImageOf } from './deposits';

const ROUTE = '/api/api-fund-payment-slip-upload';

export const paymentSlipPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, { limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  app.post(ROUTE, async (req, reply) => {
    const fields: Record<string, string> = {};
    let file: Buffer | null = null;
    let tooBig = false;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'payment_slip') {
            part.file.resume();
            continue;
          }
          file = await part.toBuffer();
          tooBig = part.file.truncated;
        } else fields[part.fieldname] = String(part.value ?? '').slice(0, 200);
      }
    } catch (err) {
      const limit = (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
      return reply.code(400).send(refusedBody(400, limit ? SERVER_TEXTS.screenshotInvalid : 'Invalid request'));
    }
    if (!dialectOfKey(ctx.config, fields.app_key)) return reply.code(401).send(refusedBody(401, 'Invalid app key'));
    const user = await userForToken(ctx, fields.unique_token);
    if (!user) return reply.code(401).send(refusedBody(401, MSG_BAD_TOKEN));
    const id = (fields.fund_request_id ?? '').trim();
    if (!/^\d{1,18}$/.test(id)) return reply.code(400).send(refusedBody(400, 'Fund Request ID Not Available'));
    if (!file || tooBig) return reply.code(400).send(refusedBody(400, 'File type invalid'));
    try {
      const image = proofImageOf(file);
      if (!(await ctx.dailyLimiter.take([[`proof:user:${user.id}`, PROOF_CHANGES_PER_DAY]])))
        throw new Refusal(429, SERVER_TEXTS.proofChangesToday);
      await addDepositProof(ctx.db, user.id, id, { image }, ctx.clock.now());
    } catch (err) {
      if (err instanceof Refusal) return reply.code(err.statusCode).send(refusedBody(err.statusCode, err.message));
      throw err;
    }
    return { status: true, msg: 'Payment Slip Uploded Successfully.', request_status: '0' };
  });
};
