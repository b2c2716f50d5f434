import type { FastifyPluginAsync } from 'fastify';
import { CALL } from '@matka/shared/contract';
import type { AppContext } from '../context';
import {
  Tagged,
  MSG_BAD_TOKEN,
  Refusal,
  answerLanguage,
  defineCall,
  publicBase,
  userForToken,
  type AuthUser,
} from '../http/api';
import { settingIn } from '../services/catalog';
import { upiQr } from '../services/upi';
import {
  chartUrl,
  familyChartRow,
  galiMarketJson,
  regularMarketJson,
  starlineGameJson,
  type KeptList,
} from '../services/markets';
import { dashboardFields } from './original-fields';
import { depositHistory, requestStatusCode } from '../services/wallet';
import { formatKolkataDateTime } from '../services/clock';
import { awaitingApproval } from '../services/accounts';

/** Content: the market lists, rates, texts, contacts, slider and QR, as a Fastify plugin (registered by app.ts with the context). */
export const contentPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { markets, clock } = ctx;

  /** What the home info says of the player and the operator's contacts. */
  const homeFieldsOf = (user: AuthUser, s: Record<string, string>) => {
    return {
      betting_status: user.betting_status,
      wallet_amt: user.wallet,
      telegram_no: s.telegram_no ?? '',
      mobile_1: s.mobile_1 ?? '',
      mobile_no: s.mobile_no ?? '',
      user_name: user.name,
      mobile: user.mobile,
    };
  };

  // Polled by every phone: the minute's list is kept (MarketCache), and the answer's ETag changes with
  // the list, the operator's settings and the player's fields, so a poll of an unchanged answer is a 304.
  const homeAnswer = (
    user: AuthUser,
    got: { settings: Record<string, string>; list: KeptList<ReturnType<typeof regularMarketJson>> },
    awaitingApproval: boolean,
  ) => {
    const fields = { ...homeFieldsOf(user, got.settings), awaiting_approval: awaitingApproval };
    return new Tagged(
      { status: true, msg: 'Success', ...fields, result: got.list.items },
      JSON.stringify(fields) + got.list.hash,
    );
  };
  // the polled list: kept per minute (MarketCache), so a poll usually waits for nothing
  defineCall(app, ctx, CALL.homeInfo, async ({ user, req }) => {
    const base = publicBase(ctx, req);
    const got = markets.settingsAndListNow('regular', clock.now(), base, regularMarketJson);
    // betting off: is it an account registered without a proved code, waiting for the operator's approval?
    const held = user.betting_status !== '1' && (await awaitingApproval(ctx.db, user.id));
    return homeAnswer(
      user,
      got ?? (await markets.settingsAndList('regular', clock.now(), base, regularMarketJson)),
      held,
    );
  });

  // The landing's list (unique_token null). Deployed clients also call it after login (as
  // api-get-dashboard-data) and read the home info with it: a valid token adds those fields.
  defineCall(app, ctx, CALL.dashboardData, async ({ req, dialect }) => {
    const token = (req.body as Record<string, unknown>).unique_token;
    const user = token === undefined || token === null || token === '' ? null : await userForToken(ctx, token);
    if (token && !user) throw new Refusal(401, MSG_BAD_TOKEN);
    const now = clock.now();
    const base = publicBase(ctx, req);
    const regular = (await markets.list('regular')).map((m) => regularMarketJson(m, now, base));
    const s = await markets.settings();
    return {
      status: true,
      msg: 'Success',
      ...(user ? { ...homeFieldsOf(user, s), ...(await dashboardFields(ctx.db, user, s, now)) } : {}),
      result: [
        ...regular,
        // the charts of the other families, which the landing of the spec's apps lists with the markets
        // (not for the original's apps: they would show them as markets)
        ...(dialect === 'spec'
          ? [
              familyChartRow('JACKPOT STARLINE', base + chartUrl.starline()),
              familyChartRow('GALI DISAWAR', base + chartUrl.gali()),
            ]
          : []),
      ],
    };
  });

  // Slider images of the home screen some clients show: the operator's `slider_images` setting
  // (one image URL a line), an empty list until it is set.
  defineCall(app, ctx, CALL.getSliderImages, async () => {
    const s = await markets.settings();
    const sliderdata = (s.slider_images ?? '')
      .split('\n')
      .map((u) => u.trim())
      .filter(Boolean)
      .map((slider_image, i) => ({ id: i + 1, image_id: String(i + 1), slider_image }));
    return { status: true, msg: sliderdata.length ? 'Success' : 'No images', sliderdata, result: sliderdata };
  });

  // The player's own deposit requests, newest first, as the original's apps list them (their 'auto
  // deposit' history): the operator's UPI ids to pay to are api-admin-bank-details and api-get-qr-pay.
  defineCall(app, ctx, CALL.getAutoDepositList, async ({ user }) => {
    const rows = await depositHistory(ctx.db, user.id, {});
    return {
      status: true,
      msg: rows.length ? 'Success' : 'Data Not Available',
      result: rows.map((r) => ({
        id: String(r.id),
        user_id: String(user.id),
        amount: String(r.amount),
        tx_request_number: `D${r.id}`,
        txn_id: r.utr ?? '',
        txn_ref: '',
        payment_method: 'UPI',
        paid_upi: '',
        fund_status: requestStatusCode(r.status),
        // why the operator rejected it ('' otherwise)
        reject_remark: r.status === 'rejected' ? (r.note ?? '') : '',
        deposit_type: '1',
        insert_date: formatKolkataDateTime(r.created_at),
      })),
    };
  });

  defineCall(app, ctx, CALL.socialData, async () => {
    const s = await markets.settings();
    return {
      status: true,
      msg: 'Success',
      mobile_no: s.mobile_no ?? '',
      mobile_1: s.mobile_1 ?? '',
      telegram_no: s.telegram_no ?? '',
    };
  });

  defineCall(app, ctx, CALL.gameRates, async () => ({
    status: true,
    msg: 'Game Rates',
    game_rates: [await markets.ratesRecord('regular')],
    bet_limits: await markets.betLimits('regular'),
  }));

  defineCall(app, ctx, CALL.starlineGameRates, async () => ({
    status: true,
    msg: 'Game Rates',
    game_rates: [await markets.ratesRecord('starline')],
    bet_limits: await markets.betLimits('starline'),
  }));

  defineCall(app, ctx, CALL.galidisawarGameRates, async () => {
    const r = await markets.ratesRecord('gali');
    return {
      status: true,
      msg: 'Game Rates',
      game_rates: [
        {
          ...r,
          // the same pairs under their own names
          left_digit_val_1: r.single_digit_val_1,
          left_digit_val_2: r.single_digit_val_2,
          right_digit_val_1: r.single_pana_val_1,
          right_digit_val_2: r.single_pana_val_2,
          jodi_digit_val_1: r.double_pana_val_1,
          jodi_digit_val_2: r.double_pana_val_2,
        },
      ],
      bet_limits: await markets.betLimits('gali'),
    };
  });

  // The Starline and Gali lists are polled like the home list: kept for the minute, ETag / 304.
  defineCall(app, ctx, CALL.starlineGame, async ({ req }) => {
    const base = publicBase(ctx, req);
    const list = await markets.listOf('starline', clock.now(), base, starlineGameJson);
    const chart = base + chartUrl.starline();
    return new Tagged({ status: true, result: list.items, web_starline_chart_url: chart }, chart + list.hash);
  });

  defineCall(app, ctx, CALL.galidisawarGame, async ({ req }) => {
    const base = publicBase(ctx, req);
    const list = await markets.listOf('gali', clock.now(), base, galiMarketJson);
    const chart = base + chartUrl.gali();
    return new Tagged({ status: true, result: list.items, web_galidessar_chart_url: chart }, chart + list.hash);
  });

  // the operator's texts in the player's language when given (Accept-Language), else English
  defineCall(app, ctx, CALL.howToPlay, async ({ req }) => {
    const s = await markets.settings();
    const lang = answerLanguage(req);
    const item = { how_to_play_content: settingIn(s, 'how_to_play_content', lang), video_link: s.video_link ?? '' };
    return { status: true, result: true, msg: 'Success', content: [item], video_link: item.video_link };
  });

  // Not in the deployed contract: the web app's Privacy Policy page asks for the operator's text
  // (setting privacy_policy, HTML) and shows its built-in policy when it is empty or cannot be read.
  defineCall(app, ctx, CALL.privacyPolicy, async ({ req }) => {
    const s = await markets.settings();
    return { status: true, msg: 'Success', privacy_policy: settingIn(s, 'privacy_policy', answerLanguage(req)) };
  });

  defineCall(app, ctx, CALL.moneyDepositWithdrawalRule, async ({ req }) => {
    const s = await markets.settings();
    const lang = answerLanguage(req);
    return {
      status: true,
      content: [
        { withdrawal_rule: settingIn(s, 'withdrawal_rule', lang), deposit_rule: settingIn(s, 'deposit_rule', lang) },
      ],
    };
  });

  defineCall(app, ctx, CALL.adminBankDetails, async () => {
    const s = await markets.settings();
    return {
      status: true,
      msg: 'Success',
      bank_details: [
        {
          google_upi_payment_id: s.google_upi_payment_id ?? s.upi_id ?? '',
          phonepay_upi_payment_id: s.phonepay_upi_payment_id ?? s.upi_id ?? '',
          upi_payment_id: s.upi_id ?? '',
          payee_name: s.payee_name ?? '',
          // the name the original's apps pay to; no bank account is offered (UPI only)
          ac_holder_name: s.payee_name ?? '',
          account_number: '',
          ifsc_code: '',
        },
      ],
    };
  });

  defineCall(app, ctx, CALL.getQrPay, async () => {
    return { status: true, qrdata: [await upiQr(await markets.settings())] };
  });
};
