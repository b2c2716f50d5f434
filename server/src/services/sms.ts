/**
 * Sending one-time codes by SMS: one small interface, chosen by SMS_PROVIDER.
 *
 * - `console` (demo mode only): the code goes to the log and the operator's outbox, nothing is sent.
 * - `msg91`: MSG91's Flow API (POST {MSG91_URL}/api/v5/flow, header `authkey`, a DLT-approved template
 *   whose variable `otp` receives the code). The usual provider for Indian numbers.
 * - `twilio`: Twilio's Messages API (POST {TWILIO_URL}/2010-04-01/Accounts/{sid}/Messages.json, HTTP
 *   basic auth, form fields To / From or MessagingServiceSid / Body).
 * - `webhook`: POST SMS_WEBHOOK_URL with JSON { mobile, to, text, otp, purpose }, optional bearer token:
 *   for a gateway of your own.
 * - `none`: nothing can be sent (every OTP request answers 'Failed to send OTP').
 *
 * Each request has a timeout (SMS_TIMEOUT_MS, default 5000) and is retried twice on a network error,
 * a timeout, 429 or 5xx (300 ms, then 900 ms later); a 4xx other than 429 is final. A failure throws.
 */
import { smsRetries } from './metrics';
export interface SmsMessage {
  /** 10-digit Indian mobile number */
  mobile: string;
  otp: string;
  purpose: string;
  text: string;
}

export interface SmsSender {
  readonly name: string;
  send(msg: SmsMessage): Promise<void>;
}

class SmsError extends Error {}

export interface SmsConfig {
  provider: string;
  timeoutMs: number;
  msg91?: { authKey: string; templateId: string; url: string };
  twilio?: { accountSid: string; authToken: string; from?: string; messagingServiceSid?: string; url: string };
  webhook?: { url: string; token?: string };
}

const SMS_PROVIDERS = ['console', 'msg91', 'twilio', 'webhook', 'none'] as const;

/** SMS_* settings from the environment; `problems` lists what a chosen provider is missing. */
export function smsConfigFromEnv(env: NodeJS.ProcessEnv, demo: boolean): { sms: SmsConfig; problems: string[] } {
  const provider = (env.SMS_PROVIDER || (demo ? 'console' : 'none')).toLowerCase();
  const problems: string[] = [];
  const need = (...names: string[]) => {
    for (const n of names) if (!env[n]) problems.push(`${n} is required with SMS_PROVIDER=${provider}`);
  };
  const sms: SmsConfig = { provider, timeoutMs: Math.max(500, Number(env.SMS_TIMEOUT_MS) || 5000) };
  if (!(SMS_PROVIDERS as readonly string[]).includes(provider))
    problems.push(`SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')} (not '${provider}')`);
  if (provider === 'console' && !demo) problems.push('SMS_PROVIDER=console only works in demo mode (DEMO=1)');
  if (provider === 'msg91') {
    need('MSG91_AUTH_KEY', 'MSG91_TEMPLATE_ID');
    sms.msg91 = {
      authKey: env.MSG91_AUTH_KEY ?? '',
      templateId: env.MSG91_TEMPLATE_ID ?? '',
      url: (env.MSG91_URL || 'https://control.msg91.com').replace(/\/+$/, ''),
    };
  }
  if (provider === 'twilio') {
    need('TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN');
    if (!env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID)
      problems.push('TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required with SMS_PROVIDER=twilio');
    sms.twilio = {
      accountSid: env.TWILIO_ACCOUNT_SID ?? '',
      authToken: env.TWILIO_AUTH_TOKEN ?? '',
      from: env.TWILIO_FROM || undefined,
      messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID || undefined,
      url: (env.TWILIO_URL || 'https://api.twilio.com').replace(/\/+$/, ''),
    };
  }
  if (provider === 'webhook') {
    need('SMS_WEBHOOK_URL');
    sms.webhook = { url: env.SMS_WEBHOOK_URL ?? '', token: env.SMS_WEBHOOK_TOKEN || undefined };
  }
  return { sms, problems };
}

const RETRY_DELAYS_MS = [300, 900];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One HTTP request with a timeout and the retries above; resolves with the final 2xx response's text. */
async function post(provider: string, url: string, init: RequestInit, timeoutMs: number): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    let last: string;
    let retry: boolean;
    try {
      const res = await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(timeoutMs) });
      const text = await res.text();
      if (res.ok) return text;
      last = `HTTP ${res.status}: ${text.slice(0, 200)}`;
      retry = res.status === 429 || res.status >= 500;
    } catch (err) {
      last = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      retry = true;
    }
    if (!retry || attempt >= RETRY_DELAYS_MS.length) throw new SmsError(last);
    smsRetries.inc({ provider });
    await sleep(RETRY_DELAYS_MS[attempt]);
  }
}

export function createSmsSender(sms: SmsConfig, log: { info: (o: object, m: string) => void }): SmsSender {
  switch (sms.provider) {
    case 'console':
      return {
        name: 'console',
        async send(m) {
          log.info(
            { mobile: m.mobile, purpose: m.purpose, otp: m.otp },
            `OTP for ${m.mobile} (${m.purpose}): ${m.otp}`,
          );
        },
      };
    case 'msg91': {
      const c = sms.msg91!;
      return {
        name: 'msg91',
        async send(m) {
          const text = await post(
            'msg91',
            `${c.url}/api/v5/flow`,
            {
              headers: { authkey: c.authKey, 'content-type': 'application/json', accept: 'application/json' },
              body: JSON.stringify({
                template_id: c.templateId,
                short_url: '0',
                recipients: [{ mobiles: `91${m.mobile}`, otp: m.otp }],
              }),
            },
            sms.timeoutMs,
          );
          // MSG91 answers 200 with {"type":"error","message":...} for some refusals
          let body: { type?: string; message?: string } = {};
          try {
            body = JSON.parse(text) as typeof body;
          } catch {
            /* not JSON: treated as sent (2xx) */
          }
          if (body.type === 'error') throw new SmsError(`msg91: ${body.message ?? 'error'}`);
        },
      };
    }
    case 'twilio': {
      const c = sms.twilio!;
      return {
        name: 'twilio',
        async send(m) {
          const form = new URLSearchParams({ To: `+91${m.mobile}`, Body: m.text });
          if (c.messagingServiceSid) form.set('MessagingServiceSid', c.messagingServiceSid);
          else form.set('From', c.from ?? '');
          await post(
            'twilio',
            `${c.url}/2010-04-01/Accounts/${encodeURIComponent(c.accountSid)}/Messages.json`,
            {
              headers: {
                authorization: `Basic ${Buffer.from(`${c.accountSid}:${c.authToken}`).toString('base64')}`,
                'content-type': 'application/x-www-form-urlencoded',
              },
              body: form.toString(),
            },
            sms.timeoutMs,
          );
        },
      };
    }
    case 'webhook': {
      const c = sms.webhook!;
      return {
        name: 'webhook',
        async send(m) {
          await post(
            'webhook',
            c.url,
            {
              headers: {
                'content-type': 'application/json',
                ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
              },
              body: JSON.stringify({
                mobile: m.mobile,
                to: `+91${m.mobile}`,
                text: m.text,
                otp: m.otp,
                purpose: m.purpose,
              }),
            },
            sms.timeoutMs,
          );
        },
      };
    }
    default:
      return {
        name: 'none',
        async send() {
          throw new SmsError('no SMS provider is configured (SMS_PROVIDER)');
        },
      };
  }
}

/** The SMS text of a code. */
export const otpText = (otp: string, brand = 'Matka Play') =>
  `${otp} is your ${brand} verification code. It is valid for 5 minutes. Do not share it with anyone.`;
