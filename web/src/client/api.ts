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

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  opts: { redirectOn401?: boolean } = {},
): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(method === 'GET' ? {} : xsrfHeaders()) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const data = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
  if (!res.ok) {
    if (res.status === 401 && opts.redirectOn401) window.location.assign(signInPath());
    const messages = data?.errors?.map((e) => e.message) ?? [`The server answered ${res.status}`];
    throw new ApiError(messages[0], res.status, messages);
  }
  return data as T;
}
