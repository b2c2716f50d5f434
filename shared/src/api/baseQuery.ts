import { currentLanguage } from '@matka/shared/i18n';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { getRuntimeConfig } from '../config/runtime';
import { connectionBack, connectionLost } from '../store/network';
import type { Answer, CallKeyName, CallName, CallOfKey, RequestOf } from '@matka/shared/contract';
import { parseLooseJson } from './parse';

/**
 * What an endpoint asks the base query for: a call the contract declares (`api-user-login`) and its
 * body, the contract's request of that call (RequestOf: a field it does not declare does not compile).
 */
export type CallArgs = {
  [N in CallName]: { call: N; body?: RequestOf<N>; headers?: Record<string, string> };
}[CallName];

/**
 * The call a contract key names (`callNamed('userLogin')` is the call CALL.userLogin names), by
 * the rule the contract derives its keys with, so a page that must stay light (the login page) names a
 * call without loading the contract's tables; the key is checked against the contract at compile time.
 */
export const callNamed = <K extends CallKeyName>(key: K): CallOfKey<K> =>
  `api-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` as CallOfKey<K>;

/** A typed error: the network failed, the server answered non-2xx, or the body had no JSON. */
export interface ApiError {
  kind: 'network' | 'http' | 'parse';
  status?: number;
  message: string;
  data?: unknown;
}

/** Every legacy response carries these; screens read `status` and `msg`/`message` (the contract's Answer). */
export type ApiResponse = Answer;

interface TokenState {
  session?: { unique_token?: string | null };
  network?: { offline: boolean };
}

export const ENV_TYPE = 'Prod';

/** Message of a response or error, if it has one. */
export function messageOf(x: unknown): string | undefined {
  if (x && typeof x === 'object') {
    const o = x as { msg?: unknown; message?: unknown; data?: unknown };
    if (typeof o.msg === 'string' && o.msg) return o.msg;
    if (typeof o.message === 'string' && o.message) return o.message;
    if (o.data) return messageOf(o.data);
  }
  return undefined;
}

/** The code of a refusal (`{status: false, msg, code}`), if it has one. */
export function codeOf(x: unknown): string | undefined {
  const code = x && typeof x === 'object' ? (x as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code ? code : undefined;
}

/** True when a legacy response says OK (`status: true`, or 'true'/'1' from older backends). */
export function isOk(x: unknown): boolean {
  if (!x || typeof x !== 'object') return false;
  const s = (x as ApiResponse).status;
  return s === true || s === 'true' || s === '1' || s === 'success';
}

/** A call's result as a screen needs it: one shape for every package. */
export interface CallOutcome<T = ApiResponse> {
  /** The server said OK (status true). */
  ok: boolean;
  data?: T;
  /** The server's own message: of a status-false body, or of a non-2xx JSON body (for a person). */
  msg?: string;
  /** A refusal's code ('msg.userAlreadyRegistered', 'request', 'too_many'): what a screen decides by. */
  code?: string;
  /** No answer the app could read: the network failed or the body was not JSON. */
  network: boolean;
  errorKind?: ApiError['kind'];
  /** The transport's message for a failed call ('Failed to fetch', 'HTTP 500'). */
  errorMessage?: string;
}

export function outcomeOf<T>(r: { data?: T; error?: unknown }): CallOutcome<T> {
  // An error wins: a query's result still carries the data of its previous success.
  if (r.error !== undefined || r.data === undefined) {
    const e = r.error as Partial<ApiError> | undefined;
    return {
      ok: false,
      msg: messageOf(e?.data),
      code: codeOf(e?.data),
      network: e?.kind !== 'http',
      errorKind: e?.kind,
      errorMessage: e?.message,
    };
  }
  const ok = isOk(r.data);
  return { ok, data: r.data, msg: messageOf(r.data), code: ok ? undefined : codeOf(r.data), network: false };
}

/**
 * The last answer of each polled request that came with an ETag (by URL and payload: the token is in
 * the payload, so per player). The next identical request sends If-None-Match, and a 304 is answered
 * from here: an unchanged poll moves no body.
 */
const lastTagged = new Map<string, { etag: string; data: ApiResponse }>();
const MAX_TAGGED = 50;

/** Forgets every remembered answer (a logout, a test). */
export function forgetTaggedAnswers() {
  lastTagged.clear();
}

/**
 * POSTs JSON to `<apiBase>/<call>` with `env_type`, `app_key` and, when given, `unique_token`.
 * Never throws: the result is `{ data }` or a typed `{ error }`. Pages that must not wait for RTK Query
 * (the login page) call it directly; the RTK Query api uses it as its base query.
 */
export async function callApi(
  args: CallArgs | string,
  options: { token?: string | null; signal?: AbortSignal } = {},
): Promise<{ data: ApiResponse; error?: undefined } | { data?: undefined; error: ApiError }> {
  const {
    call,
    body = {},
    headers = {},
  }: { call: CallName; body?: object; headers?: Record<string, string> } = typeof args === 'string'
    ? { call: args as CallName }
    : args;
  const { apiBase, appKey } = getRuntimeConfig();
  const payload: Record<string, unknown> = { env_type: ENV_TYPE, app_key: appKey, ...body };
  if (options.token && payload.unique_token === undefined) payload.unique_token = options.token;

  const url = `${apiBase.replace(/\/$/, '')}/${call}`;
  const json = JSON.stringify(payload);
  const key = `${url}\n${json}`;
  const known = lastTagged.get(key);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(known ? { 'If-None-Match': known.etag } : {}),
        // the player's language: the server's refusals come in it (English asks for nothing)
        ...(currentLanguage() !== 'en' ? { 'Accept-Language': currentLanguage() } : {}),
        ...headers,
      },
      body: json,
      signal: options.signal,
    });
  } catch (e) {
    return { error: { kind: 'network', message: e instanceof Error ? e.message : 'Network error' } };
  }
  if (res.status === 304 && known) return { data: known.data };

  let data: unknown;
  try {
    data = parseLooseJson(await res.text());
  } catch {
    return { error: { kind: 'parse', status: res.status, message: 'Invalid response format from server' } };
  }
  if (!res.ok) {
    return { error: { kind: 'http', status: res.status, message: messageOf(data) ?? `HTTP ${res.status}`, data } };
  }
  const answer = (data ?? {}) as ApiResponse;
  const etag = typeof res.headers?.get === 'function' ? res.headers.get('ETag') : null;
  if (etag) {
    lastTagged.delete(key);
    if (lastTagged.size >= MAX_TAGGED) lastTagged.delete(lastTagged.keys().next().value!);
    lastTagged.set(key, { etag, data: answer });
  } else if (known) lastTagged.delete(key);
  return { data: answer };
}

/**
 * The RTK Query base query: callApi with the session's token. Fires `onUnauthorized` on a 401 for a
 * request that carried a token, so a dead session ends. A request that cannot reach the server marks
 * the app offline; any answer marks it online again.
 */
export function createMatkaBaseQuery(
  onUnauthorized?: (api: { dispatch: (a: unknown) => unknown }) => void,
): BaseQueryFn<CallArgs | string, ApiResponse, ApiError> {
  return async (args, api) => {
    const token = (api.getState() as TokenState).session?.unique_token ?? undefined;
    const result = await callApi(args, { token, signal: api.signal });
    const offline = (api.getState() as TokenState).network?.offline;
    if (result.error?.kind === 'network') {
      if (!api.signal.aborted && !offline) api.dispatch(connectionLost());
    } else if (offline) api.dispatch(connectionBack());
    if (result.error?.status === 401 && token && onUnauthorized) onUnauthorized(api);
    return result;
  };
}
