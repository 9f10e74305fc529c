import { API_RETRIES, API_RETRY_DELAYS_MS } from '@lms/contracts/constants';
import { STATUS_ACCESS_TOKEN_EXPIRED, ZApiError, type TErrorCode } from '@lms/contracts/errors';
import type { z } from 'zod';
import { openApiDialog } from './api-dialogs';
import { clearAuth, getAuthState, rememberRedirectPath, setClientNotFound } from './auth-store';
import { loadErrorTexts } from './i18n';
import { currentPath, navigateTo } from './navigation';
import {
  CLIENT_NOT_FOUND_PATH,
  LOGIN_PATH,
  PASSWORD_CHANGE_PATH,
  PLATFORM_INACTIVE_PATH,
  skipsAuthRedirect,
} from './route-rules';

/** A failed call: `code` is a code of the contracts catalogue, or `network_error` when no answer came. */
export type ApiErrorCode = TErrorCode | 'network_error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  /** Skip the dialog and redirect policy (the login call, spec section 8; calls that handle every error). */
  skipPolicy?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const API_BASE = '/api';
/** Which header carries the token: the server says so in GET /api/client/current (AUTH_HEADER). */
let authHeaderName: 'Authorization' | 'X-Authorization' = 'Authorization';
export const setAuthHeaderName = (name: typeof authHeaderName): void => {
  authHeaderName = name;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A SCIM user's identity-provider access token (ARCHITECTURE section 5), supplied by features/auth/entra. */
export interface AccessTokenSource {
  current: () => string | null;
  /** Refreshes the token after a 399; the source throttles it (once per 10 s, spec section 9). */
  refresh: () => Promise<void>;
}
let accessTokenSource: AccessTokenSource | null = null;
export const setAccessTokenSource = (source: AccessTokenSource | null): void => {
  accessTokenSource = source;
};
/** ARCHITECTURE section 5: 500 ms before the first retry, 2500 ms before each later one. */
const retryDelay = (attempt: number): number =>
  API_RETRY_DELAYS_MS[Math.min(attempt, API_RETRY_DELAYS_MS.length - 1)] ?? 2500;

async function toApiError(res: Response): Promise<ApiError> {
  // Whoever catches it may show its text at once (lib/error-text.ts), also with i18n.t outside React.
  await loadErrorTexts();
  const body: unknown = await res.json().catch(() => undefined);
  const parsed = ZApiError.safeParse(body);
  if (parsed.success) return new ApiError(res.status, parsed.data.error, parsed.data.message, parsed.data.details);
  return new ApiError(res.status, 'unknown_error', `HTTP ${res.status}`);
}

/** One request with the retry rule: network errors and 399 are tried again, 3 times at most. */
async function send(path: string, init: RequestInit, opts: ApiOptions): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const token = getAuthState().token;
    const headers = new Headers(opts.headers);
    if (token) headers.set(authHeaderName, `Bearer ${token}`);
    const accessToken = token ? accessTokenSource?.current() : null;
    if (accessToken) headers.set('Access-Token', accessToken);
    if (init.body !== undefined && !(init.body instanceof FormData)) headers.set('Content-Type', 'application/json');
    try {
      const res = await fetch(`${API_BASE}${path}`, { ...init, headers, signal: opts.signal });
      if (res.status !== STATUS_ACCESS_TOKEN_EXPIRED || attempt >= API_RETRIES) return res;
      await accessTokenSource?.refresh().catch(() => undefined);
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      if (attempt >= API_RETRIES) {
        await loadErrorTexts();
        throw new ApiError(0, 'network_error', 'Network error');
      }
    }
    await sleep(retryDelay(attempt));
  }
}

/** The dialog and redirect policy of ARCHITECTURE section 5 and spec section 8. */
function applyPolicy(err: ApiError): void {
  if (err.code === 'client_not_found') {
    setClientNotFound();
    navigateTo(CLIENT_NOT_FOUND_PATH, { replace: true });
    return;
  }
  if (err.status === 401 || err.status === STATUS_ACCESS_TOKEN_EXPIRED) {
    const wanted = currentPath();
    if (!skipsAuthRedirect(wanted)) rememberRedirectPath(wanted);
    clearAuth();
    openApiDialog('session-expired');
    navigateTo(LOGIN_PATH, { replace: true });
    return;
  }
  if (err.status === 403) {
    // These two 403s are states, not missing rights: they have their own pages (spec sections 2 and DECISIONS).
    if (err.code === 'password_change_required') return navigateTo(PASSWORD_CHANGE_PATH, { replace: true });
    // The page ends the session once it shows: cleared here, while a protected page is still on screen, the route
    // guard would send the reader on to /login before the page that explains the closed platform.
    if (err.code === 'platform_inactive')
      return navigateTo(PLATFORM_INACTIVE_PATH, { replace: true, state: { endSession: true } });
    openApiDialog('forbidden');
  }
}

async function request(method: string, path: string, body: unknown, opts: ApiOptions): Promise<unknown> {
  const init: RequestInit = { method };
  if (body !== undefined) init.body = body instanceof FormData ? body : JSON.stringify(body);
  const res = await send(path, init, opts);
  if (!res.ok) {
    const err = await toApiError(res);
    if (!opts.skipPolicy) applyPolicy(err);
    throw err;
  }
  if (res.status === 204) return undefined;
  const type = res.headers.get('content-type') ?? '';
  return type.includes('application/json') ? res.json() : res.text();
}

/** Answers are parsed with the contract schema, so a changed server shape fails loudly here. */
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  opts: ApiOptions = {},
): Promise<z.output<S>> {
  return schema.parse(await request('GET', path, undefined, opts));
}

export async function apiPost<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  opts: ApiOptions = {},
): Promise<z.output<S>> {
  return schema.parse(await request('POST', path, body, opts));
}

export async function apiPut<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  opts: ApiOptions = {},
): Promise<z.output<S>> {
  return schema.parse(await request('PUT', path, body, opts));
}

export async function apiDelete<S extends z.ZodType>(
  path: string,
  schema?: S,
  opts: ApiOptions = {},
): Promise<z.output<S> | undefined> {
  const answer = await request('DELETE', path, undefined, opts);
  return schema ? schema.parse(answer) : undefined;
}

/** For downloads (CSV, PDF): the raw response after the same retry and policy rules. */
export async function apiFetchBlob(path: string, opts: ApiOptions = {}): Promise<Blob> {
  const res = await send(path, { method: 'GET' }, opts);
  if (!res.ok) {
    const err = await toApiError(res);
    if (!opts.skipPolicy) applyPolicy(err);
    throw err;
  }
  return res.blob();
}

/** A POST whose answer is a file (a PDF preview) with its headers, after the same retry and policy rules. */
export async function apiPostBlob(
  path: string,
  body: unknown,
  opts: ApiOptions = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const res = await send(path, { method: 'POST', body: JSON.stringify(body ?? {}) }, opts);
  if (!res.ok) {
    const err = await toApiError(res);
    if (!opts.skipPolicy) applyPolicy(err);
    throw err;
  }
  return { blob: await res.blob(), headers: res.headers };
}

export const isApiError = (err: unknown): err is ApiError => err instanceof ApiError;

/** The name a download answer gives its file (RFC 6266: `filename*=UTF-8''…` first, else `filename="…"`). */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A broken encoding falls back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1];
}

/** A download with the name the server gave it, after the same retry and policy rules. */
export async function apiFetchFile(path: string, opts: ApiOptions = {}): Promise<{ blob: Blob; fileName?: string }> {
  const res = await send(path, { method: 'GET' }, opts);
  if (!res.ok) {
    const err = await toApiError(res);
    if (!opts.skipPolicy) applyPolicy(err);
    throw err;
  }
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) };
}
