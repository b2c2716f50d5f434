/**
 * The withdrawal calls (spec sections 3, 5, 7, 9): a UPI app's number, added with a code the server
 * checks; the payment details and methods; a withdrawal request (the points held at once, within the
 * withdrawal hours) and the withdraw history. The UPI apps' codes are the domain's UPI_APPS.
 */
import { CALL } from '@matka/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import {
  MSG,
  PHONE_RE,
  UPI_APPS,
  WITHDRAW_METHOD_CODES,
  WITHDRAW_METHODS,
  inWithdrawWindow,
  methodNumberFields,
  upiAppOfMethod,
  upiAppOfType,
  withdrawProblemText,
  type UpiType,
} from '@matka/shared/domain';
import type { AppContext } from '../context';
import { isDemoSms } from '../config';
import { MSG_BETTING_DISABLED } from '../errors';
import { Refusal, defineCall, refusal, type AuthUser } from '../http/api';
import { formatKolkataDateTime } from '../services/clock';
import { codeWasDisclosed, discloseOtp, hasLiveCode, issueOtp, verifyOtp } from '../services/otp';
import { requestStatusCode, requestWithdrawal, setUpiNumber, upiNumbers, withdrawHistory } from '../services/wallet';
import { settingNumber } from './money-fields';

export const withdrawalsPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, clock, markets } = ctx;

  // ---------------------------------------------------------------- UPI numbers (OTP checked here)
  // a code is bound to the account, the number and the payment app it was asked for; one asked with no
  // app (api-validate-bank with the token alone) is for whichever app the number is then saved under
  const upiSubject = (user: AuthUser, type: UpiType | 'any', number: string) => `upi:${user.id}:${type}:${number}`;

  defineCall(app, ctx, CALL.upiSendOtp, async ({ body, user, req }) => {
    if (user.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
    // no number: the account's own
    const mobile = body.mobile || user.mobile;
    const subject = upiSubject(user, body.upi_type === undefined ? 'any' : (Number(body.upi_type) as UpiType), mobile);
    const otp = await issueOtp(ctx, mobile, 'upi', req.ip, subject, user.id);
    // apps that compare the code on the phone (api-validate-bank) get it under LEGACY_REGISTRATION only;
    // a number saved with it is then held for the operator
    const disclosed = await discloseOtp(ctx, subject, 'upi', otp);
    return isDemoSms(ctx.config)
      ? { status: true, msg: 'OTP sent successfully', otp }
      : { status: true, msg: 'OTP sent successfully', ...disclosed };
  });

  defineCall(app, ctx, CALL.addUserUpiDetails, async ({ body, user, req }) => {
    if (user.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
    const type = Number(body.upi_type) as UpiType;
    // only the number of the chosen app counts; the others are left as they are
    const number = (body[upiAppOfType(type).numberField] ?? '').trim();
    if (!number) throw new Refusal(400, MSG.upiPhoneRequired);
    if (!PHONE_RE.test(number)) throw new Refusal(400, MSG.upiPhoneInvalid);
    // No code: only under LEGACY_REGISTRATION (apps that compare it on the phone), and the number is
    // held until an operator approves it; so is one saved with a code the server gave the app.
    const legacy = body.otp === '' && ctx.config.legacyRegistration === 'unverified';
    if (body.otp === '' && !legacy) throw refusal(MSG.otpInvalid);
    const typed = upiSubject(user, type, number);
    const subject = (await hasLiveCode(ctx, typed, 'upi')) ? typed : upiSubject(user, 'any', number);
    const checkedAt = clock.now();
    if (!legacy && !(await verifyOtp(ctx, subject, 'upi', body.otp, req.ip))) throw refusal(MSG.otpInvalid);
    const held = legacy || (await codeWasDisclosed(ctx, subject, 'upi', checkedAt));
    await setUpiNumber(db, user.id, type, number, clock.now(), held);
    return {
      status: true,
      msg: held ? `${MSG.upiNumberAdded} Withdrawals to it wait for the operator's approval.` : MSG.upiNumberAdded,
    };
  });

  defineCall(app, ctx, CALL.getUserPaymentDetails, async ({ user }) => {
    const r = await upiNumbers(db, user.id);
    return {
      status: true,
      msg: 'Success',
      payment_details: [
        {
          ...Object.fromEntries(Object.values(UPI_APPS).map((a) => [a.detailsField, r[a.numberField] ?? ''])),
          // the original's row: whose numbers they are (its bank fields are not kept: UPI only)
          ac_holder_name: user.name,
          insert_date: '',
        },
      ],
    };
  });

  // The withdrawal methods a player can use now: their stored UPI numbers, with the payment_method
  // code api-user-withdraw-fund-request takes (deployed clients list these in their withdraw form).
  defineCall(app, ctx, CALL.userPaymentMethodList, async ({ user }) => {
    const r = await upiNumbers(db, user.id);
    const result = WITHDRAW_METHOD_CODES.map((code) => ({ code, value: r[upiAppOfMethod(code).numberField] ?? '' }))
      .filter((m) => m.value !== '')
      .map((m) => ({ payment_method: m.code, type: Number(m.code), name: WITHDRAW_METHODS[m.code], value: m.value }));
    return {
      status: true,
      msg: result.length ? 'Success' : 'No payment method added',
      result,
      // the least a withdrawal may ask
      min_amt: String(await settingNumber(ctx, 'min_withdrawal')),
    };
  });

  // ---------------------------------------------------------------- withdrawals
  defineCall(app, ctx, CALL.userWithdrawFundRequest, async ({ body, user }) => {
    if (user.betting_status !== '1') throw refusal(MSG_BETTING_DISABLED);
    const s = await markets.settings();
    const amount = body.request_amount;
    const min = await settingNumber(ctx, 'min_withdrawal');
    // the balance as last known here; the hold is taken only while the wallet covers it (requestWithdrawal)
    const problem = withdrawProblemText(amount, Number(user.wallet), min);
    if (problem) throw refusal(problem);
    const now = clock.now();
    if (!inWithdrawWindow(s.withdraw_open_time ?? '', s.withdraw_close_time ?? '', now)) {
      throw refusal(MSG.withdrawOutsideHours);
    }
    const r = await requestWithdrawal(db, { userId: user.id, amount, method: body.payment_method, now });
    await ctx.users.invalidate(user.id);
    return {
      status: true,
      msg: MSG.withdrawSent,
      request_id: String(r.id),
      fund_request_id: Number(r.id),
      request_number: `W${r.id}`,
      wallet_amt: String(r.wallet),
    };
  });

  defineCall(app, ctx, CALL.userWithdrawTransactionHistory, async ({ body, user }) => {
    const rows = await withdrawHistory(db, user.id, body);
    const s = await markets.settings();
    return {
      status: true,
      msg: rows.length ? 'Success' : MSG.noDataFound,
      // what the original's apps read besides: the newest request's status, the hours, the wallet
      last_request_status: rows.length ? requestStatusCode(rows[0].status) : '',
      withdraw_open_time: s.withdraw_open_time ?? '',
      withdraw_close_time: s.withdraw_close_time ?? '',
      wallet_amt: user.wallet,
      withdrawdata: rows.map((r) => ({
        // the original's names of the row's fields (its bank fields are empty: UPI only)
        withdraw_request_id: String(r.id),
        bank_name: '',
        branch_address: '',
        ac_holder_name: user.name,
        ac_number: '',
        ifsc_code: '',
        remark: r.note,
        request_id: r.id,
        request_number: `W${r.id}`,
        ...methodNumberFields(r.payment_method, r.payment_number),
        payment_method: r.payment_method,
        request_amount: r.amount,
        request_status: requestStatusCode(r.status),
        insert_date: formatKolkataDateTime(r.created_at),
        payment_receipt: r.receipt_url ?? '',
        reject_reason: r.status === 'rejected' ? r.note : '',
      })),
    };
  });
};
