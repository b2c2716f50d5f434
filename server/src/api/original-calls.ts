/**
 * The original backend's calls that only its apps make (@matka/shared/contract reference.ts,
 * originalSchemas.ts): notices and notifications, the contact details, the app versions, the statement
 * and one ledger row, the notification switch, each family's market-state checks, and the pana
 * combinations of the SP/DP/TP motor screens. Served from the same services as the spec's calls; their
 * answers carry the original's fields with its JSON types. The routes it has that this server refuses
 * on purpose answer what reference.ts declares (status false and a message for the player).
 */
import { CALL, RULE_REFUSAL } from '@matka/shared/contract';
import { REFERENCE_BUILD_ROUTES, REFERENCE_PLAYER_ROUTES } from '@matka/shared/contract/reference';
import { liveText } from '@matka/shared/contract';
import { MSG, motorAnswer, spMotor, dpMotor, spdptp, marketTakesBids, type Expansion } from '@matka/shared/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { defineCall, refusal } from '../http/api';
import { formatKolkataDateTime } from '../services/clock';
import { inboxOf, markInboxRead } from '../services/inbox';
import { translatorFor } from '../services/language';
import { marketClock, type MarketRow } from '../services/markets';
import { latestNotices } from '../services/notices';
import { ledgerHistory, ledgerRow } from '../services/wallet';
import { deviceResult, shortDate } from './original-fields';
import { ledgerJson } from './wallet';

/** A market's state as the original's checks say it: 1 while it takes bids, else 2. */
function marketCheck(m: MarketRow, now: Date) {
  const open = m.active && marketTakesBids(marketClock(m), now);
  return open
    ? { msg: 'Betting Is Open', game_status: 1, status: true }
    : { msg: 'Sorry Betting Is closed.', game_status: 2, status: false };
}

export const originalCallsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, clock, markets } = ctx;

  const marketOf = async (id: number, family: MarketRow['family']) => {
    const m = Number.isSafeInteger(id) ? await markets.get(id) : undefined;
    if (!m || m.family !== family) throw refusal(MSG.invalidGame);
    return m;
  };
  const check =
    (family: MarketRow['family']) =>
    async ({ body }: { body: { game_id: number } }) => {
      const m = await marketOf(body.game_id, family);
      // the answer's status is true: the call worked; game_status says whether bids are taken
      return { ...marketCheck(m, clock.now()), status: true };
    };
  const activeInactive =
    (family: MarketRow['family']) =>
    async ({ body }: { body: { game_id: number } }) => {
      const m = await marketOf(body.game_id, family);
      return {
        status: true,
        msg: 'Success',
        result: [{ open_time: m.open_time, close_time: m.close_time, ...marketCheck(m, clock.now()) }],
      };
    };
  defineCall(app, ctx, CALL.checkGamesActiveInactive, activeInactive('regular'));
  defineCall(app, ctx, CALL.checkStarlineGameStatus, check('starline'));
  defineCall(app, ctx, CALL.checkStarlineGamesActiveInactive, activeInactive('starline'));
  defineCall(app, ctx, CALL.checkGalidisawarGameStatus, check('gali'));
  defineCall(app, ctx, CALL.checkGalidisawarGamesActiveInactive, activeInactive('gali'));

  // The operator's notices, newest first, with the WhatsApp number the notice screen links to.
  defineCall(app, ctx, CALL.getNotice, async () => {
    const rows = await latestNotices(db);
    return {
      status: true,
      msg: rows.length ? 'Notice Data.' : 'Data Not Found.',
      mobile_no: (await markets.settings()).mobile_no ?? '',
      notices: rows.map((n) => ({
        notice_title: n.title,
        notice_msg: n.body,
        notice_date: shortDate(new Date(n.created_at)),
        insert_date: formatKolkataDateTime(n.created_at),
      })),
    };
  });

  // The player's notifications (wins, money decisions, notices) in their language; reading them marks
  // them read, as the original does.
  defineCall(app, ctx, CALL.getNotification, async ({ user }) => {
    const items = await inboxOf(db, ctx.live.ids, user.id, null);
    const t = translatorFor(user.language);
    const newest = items[0] ? ctx.live.ids.decode(items[0].id) : null;
    if (newest !== null) await markInboxRead(db, user.id, newest);
    return {
      status: true,
      msg: items.length ? 'Notification Data Available' : 'Notification Data Not Available',
      notification: items.map((i) => {
        const text = liveText(i.event, t, user.language ?? undefined);
        return { msg: `${text.title}: ${text.body}`, insert_date: formatKolkataDateTime(i.at) };
      }),
    };
  });

  // The operator's contacts (settings of those names; '' when not set).
  defineCall(app, ctx, CALL.getContactDetails, async () => {
    const s = await markets.settings();
    const v = (k: string) => s[k] ?? '';
    return {
      status: true,
      msg: 'Contact Data Available',
      mobile_1: v('mobile_1'),
      mobile_2: v('telegram_no'),
      whatsapp_no: v('mobile_no'),
      email_1: v('contact_email'),
      email_2: '',
      facebook: '',
      twitter: '',
      youtube: v('video_link'),
      google_plus: '',
      instagram: '',
    };
  });

  defineCall(app, ctx, CALL.getAppVersionDetails, async () => {
    const s = await markets.settings();
    return {
      status: true,
      msg: 'App Version Data.',
      versionDetails: [
        {
          user_current_version: s.user_current_version ?? '1',
          user_minimum_version: s.user_minimum_version ?? '1',
        },
      ],
    };
  });

  // The ledger between two days (the wallet history's rows).
  defineCall(app, ctx, CALL.getStatement, async ({ body, user }) => {
    const rows = await ledgerHistory(db, user.id, body);
    return {
      status: true,
      msg: rows.length ? 'Wallet Trasaction History' : 'Wallet Trasaction History Data Not Available',
      transaction_history: rows.map(ledgerJson),
    };
  });

  defineCall(app, ctx, CALL.viewWalletTransactionHistory, async ({ body, user }) => {
    const row = /^\d{1,18}$/.test(body.transaction_id) ? await ledgerRow(db, user.id, body.transaction_id) : undefined;
    if (!row) throw refusal(MSG.noDataFound);
    return { status: true, msg: 'Wallet Trasaction Data', transaction_Data: [ledgerJson(row)] };
  });

  // The notification switch: this server tells a player by the inbox, the live stream and web push
  // (whose categories the player sets in the app); the original's switch is answered, and changes nothing
  // of those.
  defineCall(app, ctx, CALL.notificationSetting, async ({ user }) => ({
    status: true,
    msg: 'Notification setting successfully updated',
    device_result: await deviceResult(db, user, clock.now()),
  }));

  // The motor screens' panas for a digit string, with what they would cost.
  defineCall(app, ctx, CALL.getSpMotorCombination, async ({ body, user }) => {
    const x = body.type === 'sp' ? spMotor(body.number) : dpMotor(body.number);
    return combinations(x, body.points, Number(user.wallet));
  });
  defineCall(app, ctx, CALL.getSpDpTpCombination, async ({ body, user }) => {
    const x = spdptp(body.number, { SP: body.sp_flag, DP: body.dp_flag, TP: body.tp_flag });
    return combinations(x, body.points, Number(user.wallet));
  });

  // A build's online-deposit screen (a GET with no key) shows a UPI id and a QR code to pay before any
  // request exists: money goes the other way round here, so it is answered with the steps and neither.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/api-payment-data',
    handler: async () => ({
      status: true,
      msg: 'Success',
      payment_data: {
        step1: 'Tap below and make a deposit request for the amount you want to add.',
        step2: 'Wait until the request is accepted: Add Funds then shows where to pay.',
        step3: 'Pay that amount from Add Funds, with the request number in the UPI note.',
        step4: 'The points are added when the operator matches your payment.',
        upi: '',
        qr: '',
      },
    }),
  });

  // The routes refused on purpose that the original's apps may still call: status false with the
  // declared message (and empty lists where an app reads one), never a 404 an app would call an error.
  for (const r of [...REFERENCE_PLAYER_ROUTES, ...REFERENCE_BUILD_ROUTES]) {
    if (r.status !== 'refused' || !r.reply) continue;
    const reply = r.reply;
    app.post(`/api/${r.route}`, async () => ({
      status: false,
      msg: reply.msg,
      // refused on purpose: the product does not offer it
      code: RULE_REFUSAL,
      ...Object.fromEntries((reply.empty ?? []).map((k) => [k, []])),
    }));
  }
};

/** A motor screen's answer, or its refusal. */
function combinations(x: Expansion, points: number, wallet: number) {
  const a = motorAnswer(x, points, wallet);
  if (!a.ok) throw refusal(a.message);
  return { status: true, msg: 'Success', ...a.fields };
}
