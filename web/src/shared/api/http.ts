/**
 * The one HTTP client of the page: same-origin credentials, no caching, JSON both ways.
 * Unwraps `{ RootResults }` and turns `{ ErrorMessage }` (or any non-2xx) into an ApiError.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The caller handles 401 itself (sign-in, session probe); the global handler is not called. */
  allow401?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Log Off's X-CSRF-Token). */
  headers?: Record<string, string>;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** Registers what happens on a 401 from any call (the shell sends the browser to sign-in). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Encodes one path segment, e.g. the user name in `/userZones/{user}`. */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}

function errorText(body: unknown, res: Response): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['ErrorMessage', 'AjaxError', 'message']) {
      if (typeof b[key] === 'string' && b[key]) return b[key] as string;
    }
  }
  return `${res.status} ${res.statusText}`.trim();
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Calls the API and returns `RootResults` when the body has it, else the whole body. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, allow401 = false, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    cache: 'no-store',
    signal,
  });
  const parsed = await readBody(res);
  if (!res.ok) {
    if (res.status === 401 && !allow401) onUnauthorized();
    throw new ApiError(res.status, errorText(parsed, res));
  }
  if (parsed && typeof parsed === 'object') {
    const b = parsed as Record<string, unknown>;
    if (typeof b.ErrorMessage === 'string' && b.ErrorMessage) throw new ApiError(res.status, b.ErrorMessage);
    if ('RootResults' in b) return b.RootResults as T;
  }
  return parsed as T;
}

/**
 * Calls the API for a file (a report's PDF) and returns it as a Blob. Errors as for `api`: the
 * answer's ErrorMessage, else the status line; a 401 calls the sign-in handler (spec §6: a 401
 * during report viewing re-checks authentication).
 */
export async function apiBlob(
  path: string,
  options: Omit<ApiOptions, 'allow401'> & { accept: string },
): Promise<Blob> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
  const headers: Record<string, string> = { Accept: options.accept, ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    cache: 'no-store',
    signal,
  });
  if (!res.ok) {
    if (res.status === 401) onUnauthorized();
    throw new ApiError(res.status, errorText(await readBody(res), res));
  }
  return res.blob();
}
