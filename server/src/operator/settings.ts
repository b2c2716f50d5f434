/**
 * /operator/settings: every setting, the QR code players pay to, one setting set (each key with its
 * check), and the withdrawal hours. Writing is services/market-admin.ts's saveSettings (audited).
 */
import { SETTING_VALUES } from '@matka/shared/contract/schemas';
import { OP } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { counted, parseTime12 } from '@matka/shared/domain';
import type { AppContext } from '../context';
import { formatMinutes12 } from '../services/clock';
import { readSettings } from '../services/catalog';
import { saveSettings } from '../services/market-admin';
import { voidWaitingProposals } from '../services/proposals';
import {
  applyDueRequests,
  certificationOf,
  requestCertificationOff,
  waitingRequests,
  withdrawRequests,
} from '../services/certification-setting';
import { upiQr } from '../services/upi';
import { route } from './common';
import { Refusal } from '../errors';

export const settingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (op, { ctx }) => {
  const { db } = ctx;

  // ---------------------------------------------------------------- settings
  route(op, OP.settings, async () => {
    await applyDueRequests(ctx);
    const stored = await readSettings(db);
    // certification on in the server's configuration is on whatever the setting says
    const settings = ctx.config.resultCertification ? { ...stored, result_certification: 'on' } : stored;
    return {
      status: true,
      settings,
      keys: Object.keys(SETTING_VALUES),
      // a change one owner may not make alone, waiting for a second owner or for its time
      requests: await waitingRequests(ctx),
      // the QR code players scan on /qrpay (from upi_id and payee_name)
      qr: await upiQr(settings),
    };
  });

  route(op, OP.setSetting, async ({ key, value }, req) => {
    // the value checked and normalised by its key's schema (a time as '10:00 AM', points without zeros)
    if (key === 'result_certification' && value === 'off' && ctx.config.resultCertification)
      throw new Refusal(
        409,
        "Result certification is on in the server's configuration (RESULT_CERTIFICATION=on): it is turned off there, not here",
      );
    // certification on, turned off: one owner requests, a second approves, it applies a day later
    if (key === 'result_certification' && value === 'off' && (await certificationOf(ctx)).on) {
      const msg = await requestCertificationOff(ctx, req.operator!);
      return { status: true, msg, key, value: 'on', pending: true };
    }
    let voided = 0;
    const before = await saveSettings(ctx, 'settings set', { [key]: value }, req.body as object, async (trx, was) => {
      if (key !== 'result_certification') return;
      // turned on: a request to turn it off is withdrawn
      if (value === 'on') await withdrawRequests(trx, req.operator!.name, ctx.clock.now());
      // a proposal made under the rules before a change of certification is not certified under the new ones
      if ((was[key] ?? 'off') !== value)
        voided = await voidWaitingProposals(
          trx,
          req.operator!.name,
          ctx.clock.now(),
          `result_certification turned ${value} by ${req.operator!.name}`,
        );
    });
    const also = voided ? `; ${counted(voided, 'waiting proposal')} made void: propose again` : '';
    return { status: true, msg: `${key} = ${value} (was ${before[key] ?? 'unset'})${also}`, key, value };
  });

  route(op, OP.setWithdrawWindow, async (body) => {
    const open = formatMinutes12(parseTime12(body.open)!);
    const close = formatMinutes12(parseTime12(body.close)!);
    await saveSettings(
      ctx,
      'settings set-withdraw-window',
      { withdraw_open_time: open, withdraw_close_time: close },
      body,
    );
    return { status: true, msg: `Withdrawals allowed ${open} to ${close} (Asia/Kolkata)`, open, close };
  });
};
