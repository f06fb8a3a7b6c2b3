import { i18n, currentLanguage } from './i18n';
import { clearSession, getUserData } from './auth-store';

/** An API failure in the server's one error shape, with the HTTP status (0 when the network failed). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

function buildUrl(path: string, query?: QueryParams): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

function headers(json: boolean): HeadersInit {
  const h: Record<string, string> = { 'accept-language': currentLanguage(), accept: 'application/json' };
  if (json) h['content-type'] = 'application/json';
  const token = getUserData()?.access_token;
  if (token) h.authorization = `Bearer ${token}`;
  return h;
}

/** A 401 on a signed-in request means the server ended the session: sign out and come back after login. */
function sessionEnded(): void {
  if (!getUserData()) return;
  clearSession();
  const to = window.location.pathname + window.location.search;
  window.location.replace(`/login?to=${encodeURIComponent(to)}`);
}

async function send(method: string, path: string, options: { query?: QueryParams; body?: unknown } = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method,
      headers: headers(options.body !== undefined),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (res.ok) return res;
  let payload: { message?: string; errors?: Record<string, string> } = {};
  try {
    payload = (await res.json()) as typeof payload;
  } catch {
    /* not JSON: fall back to a generic message */
  }
  if (res.status === 401 && path !== '/api/v1/login') sessionEnded();
  throw new ApiError(res.status, payload.message ?? i18n.t('errors.internal'), payload.errors);
}

export async function apiRequest<T>(method: string, path: string, options: { query?: QueryParams; body?: unknown } = {}): Promise<T> {
  const res = await send(method, path, options);
  return (await res.json()) as T;
}

export const api = {
  get: <T>(path: string, query?: QueryParams) => apiRequest<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, { body }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, { body }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

/** Downloads a file answer (exports) and saves it under the server's file name. */
export async function downloadFile(path: string, query: QueryParams): Promise<void> {
  const res = await send('GET', path, { query });
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  const name = star ? decodeURIComponent(star) : (plain ?? 'export');
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
