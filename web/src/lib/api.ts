// The one client for Haat's JSON API: each feature types its own calls with it, beside the hooks
// that use them (features/<name>/api.ts). Calls never throw: they answer { success: false, message,
// status } for HTTP errors and network failures alike (status 0), so every caller can show the
// server's message or its own fallback.

import type { ErrorResponse } from './contract';
import { language, t } from '../i18n';
import { reached } from './online';
import { offlineHeader } from '../sw/policy';
import { answered, requestKey } from './requestKey';
import { pageAnswer } from './ahead';

// The shapes of requests and answers are the server's, generated into contract.ts.

/**
 * Failure is a failed call; data is the answer's JSON, for the calls whose failures carry more than
 * a message (E, as far as the answer has it: a proxy's error page may say anything).
 */
export type Failure<E = ErrorResponse> = { success: false; message: string; status: number; data?: Partial<E> };
export type ApiResult<T, E = ErrorResponse> = ({ success: true; message?: string } & T) | Failure<E>;

/** ApiError carries a failed call's message and status into TanStack Query. */
export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

async function call<T, E = ErrorResponse>(method: 'GET' | 'POST', path: string, body?: unknown, extra?: Record<string, string>): Promise<ApiResult<T, E>> {
  // The server writes its messages in the language shown now, read at each call, so that a change
  // of language holds from the next call on.
  const headers: Record<string, string> = { 'Accept-Language': language(), ...extra };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    // No network: the shopper is told so plainly (and the storefront's offline notice shows).
    reached(false);
    return { success: false, message: t.offline.write, status: 0 };
  }
  // An answer the service worker kept from before says the network failed as plainly as an error.
  reached(!res.headers.has(offlineHeader));
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // Not JSON: an error page from a proxy, say. Handled below like any failure.
  }
  const obj = (data ?? {}) as { success?: unknown; message?: unknown };
  if (res.ok && obj.success === true) return data as ApiResult<T, E>;
  const failure: Failure<E> = { success: false, message: typeof obj.message === 'string' ? obj.message : '', status: res.status };
  if (data && typeof data === 'object') failure.data = data;
  return failure;
}

/** unwrap turns a failed call into an ApiError with the server's message or the fallback; a success keeps its message. */
export async function unwrap<T, E>(result: Promise<ApiResult<T, E>>, fallback: string): Promise<T & { message?: string }> {
  const r = await result;
  if (!r.success) throw new ApiError(r.message || fallback, r.status);
  return r;
}

/** get reads Res from path. */
export const get = <Res>(path: string): Promise<ApiResult<Res>> => {
  // The page may have come with the answer already (lib/ahead.ts).
  const kept = pageAnswer(path);
  return kept === undefined ? call<Res>('GET', path) : Promise.resolve(kept as ApiResult<Res>);
};
/** post sends a Req to path (JSON, or a FormData as it is) and answers Res; a failure's data is E. */
export const post = <Req, Res, E = ErrorResponse>(path: string, body: Req) => call<Res, E>('POST', path, body);

/** resendAfter are the pauses before a checkout call whose answer was lost is sent again (requestKey.ts). */
export const resendAfter = [1000, 3000];

/**
 * postOnce sends a checkout call under its Idempotency-Key and, while the network fails, sends it
 * again under the same key (the server does it at most once). The key is forgotten once the
 * server has answered; after the last try it is kept for the shopper's next press.
 */
export async function postOnce<Req, Res>(path: string, body: Req): Promise<ApiResult<Res>> {
  const id = `${path} ${JSON.stringify(body)}`;
  const key = requestKey(id);
  for (let i = 0; ; i++) {
    const r = await call<Res>('POST', path, body, { 'Idempotency-Key': key });
    const lost = !r.success && r.status === 0;
    if (!lost) answered(id);
    if (!lost || i === resendAfter.length) return r;
    await new Promise((resolve) => setTimeout(resolve, resendAfter[i]));
  }
}
