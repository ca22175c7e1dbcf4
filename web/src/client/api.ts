import { hubFetch } from './connectivity';

/** REST calls to the hub: JSON both ways, the anti-forgery header, and the spec's 401 rule. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly messages: string[],
  ) {
    super(message);
  }
}

export function cookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export function xsrfHeaders(): Record<string, string> {
  const token = cookie('XSRF-TOKEN');
  return token ? { 'X-XSRF-TOKEN': token } : {};
}

/** Where a signed-out user goes to sign in and come back. */
export function signInPath(back = window.location.pathname + window.location.search): string {
  return `/admin_login?redirect=${encodeURIComponent(back)}`;
}

/**
 * Calls whose 401 is an answer rather than an ended session: /api/account/me (signed out)
 * and the sign-in routes (a wrong password, an expired two-factor step).
 */
const ANSWERS_WITH_401 = [/^\/api\/account\/me(?:[?#]|$)/, /^\/api\/authorization\//];
export const expects401 = (path: string) => ANSWERS_WITH_401.some((p) => p.test(path));

let ending = false;

/**
 * The spec's 401 rule, for REST and GraphQL alike: the server no longer knows this session,
 * so the tab forgets what it kept for it, the server's sign-out clears the stale cookies and
 * the user signs in again and comes back to the current path. Several calls failing at once
 * sign out once; nothing happens on the sign-in page itself.
 */
export function sessionEnded(): void {
  if (ending || window.location.pathname === '/admin_login') return;
  ending = true;
  sessionStorage.clear();
  window.location.assign(`/api/authorization/logout?redirect=${encodeURIComponent(signInPath())}&clean=true`);
}

/** Tests only: lets the next 401 sign out again. */
export function resetSessionEnded(): void {
  ending = false;
}

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  /** `redirectOn401: false` keeps a 401 as an error for the caller (default: sign out, except for {@link expects401}). */
  opts: { redirectOn401?: boolean } = {},
): Promise<T> {
  // No answer at all (offline, the hub unreachable): a NetworkError (client/connectivity.ts).
  const res = await hubFetch(path, {
    method,
    credentials: 'same-origin',
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(method === 'GET' ? {} : xsrfHeaders()) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const data = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
  if (!res.ok) {
    if (res.status === 401 && (opts.redirectOn401 ?? !expects401(path))) sessionEnded();
    const messages = data?.errors?.map((e) => e.message) ?? [`The server answered ${res.status}`];
    throw new ApiError(messages[0], res.status, messages);
  }
  return data as T;
}
