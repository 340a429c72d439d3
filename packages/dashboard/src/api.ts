import { askCredentials, authHeader } from './auth.js';

/** An error answered by the server, with its own message (`error`) and code when it gave them. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** The database the page works in (a selector in the header; kept in the browser). */
export function currentDb(): string {
  return localStorage.getItem('sluice.db') || 'public';
}
export function setDb(db: string): void {
  localStorage.setItem('sluice.db', db);
}

async function errorOf(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown; errorType?: unknown };
    if (typeof body.error === 'string') {
      const kind = typeof body.errorType === 'string' ? `${body.errorType}: ` : '';
      return new ApiError(kind + body.error, res.status, typeof body.code === 'number' ? body.code : undefined);
    }
  } catch {
    /* not JSON: the text itself */
  }
  return new ApiError(text.trim() || `HTTP ${res.status}`, res.status);
}

/**
 * fetch() against this server with the kept credentials. A 401 asks for credentials (once for all
 * requests waiting) and retries; any other non-2xx becomes an ApiError with the server's message.
 */
export async function request(path: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const headers = new Headers(init.headers);
    const auth = authHeader();
    if (auth !== undefined) headers.set('authorization', auth);
    const res = await fetch(path, { ...init, headers });
    if (res.ok) return res;
    const err = await errorOf(res);
    if (res.status === 401 && attempt < 3) {
      await askCredentials(auth === undefined ? 'This server asks for a user name and password.' : `Sign-in failed: ${err.message}`);
      continue;
    }
    throw err;
  }
}

/** The fetch the PromQL editor's completion uses (same credentials). */
export const authedFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => request(String(input instanceof Request ? input.url : input), init);

export async function getJson<T>(path: string, init?: RequestInit): Promise<T> {
  return (await request(path, init)).json() as Promise<T>;
}

export function form(params: Record<string, string | number | undefined>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) p.set(k, String(v));
  return p;
}

export async function postForm<T>(path: string, params: Record<string, string | number | undefined>): Promise<T> {
  return getJson<T>(path, { method: 'POST', body: form(params) });
}
