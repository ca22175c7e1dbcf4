import { sessionEnded, xsrfHeaders } from './api';
import { hubFetch, NetworkError, reportReachable, reportUnreachable } from './connectivity';

/** A GraphQL call to the hub, with the anti-forgery header and the spec's 401 rule. */
export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly errors: { message: string; extensions?: Record<string, unknown> }[],
  ) {
    super(message);
  }
}

export async function graphqlRequest<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  // No answer at all (offline, the hub unreachable): a NetworkError (client/connectivity.ts).
  const res = await hubFetch('/api/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...xsrfHeaders() },
    body: JSON.stringify({ query, variables }),
  });
  return readResponse<T>(res);
}

/** The spec's 401 rule, then the first GraphQL error as the message. */
async function readResponse<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as { data?: T; errors?: GraphqlError['errors'] };
  // 401: the session ended on the server; UNAUTHENTICATED in a 200: no session cookie at all (signed out in another tab).
  if (res.status === 401 || body.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) {
    // Signed out: sign in again and come back here.
    sessionEnded();
    throw new GraphqlError('Your session has ended', []);
  }
  if (body.errors?.length) throw new GraphqlError(body.errors[0].message, body.errors);
  if (!res.ok || !body.data) throw new GraphqlError(`The server answered ${res.status}`, []);
  return body.data;
}

/**
 * A GraphQL multipart request (operations, map, files), for saves that carry files. With
 * `onProgress` it is sent by XMLHttpRequest (fetch reports no upload progress), told the
 * fraction sent (0 to 1).
 */
export async function graphqlUpload<T>(
  query: string,
  variables: Record<string, unknown>,
  files: { path: string; file: File }[],
  onProgress?: (fraction: number) => void,
): Promise<T> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables }));
  form.append('map', JSON.stringify(Object.fromEntries(files.map((f, i) => [String(i), [f.path]]))));
  files.forEach((f, i) => form.append(String(i), f.file, f.file.name));
  if (!onProgress || typeof XMLHttpRequest === 'undefined')
    return readResponse<T>(
      await hubFetch('/api/graphql', { method: 'POST', credentials: 'same-origin', headers: xsrfHeaders(), body: form }),
    );
  const res = await new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/graphql');
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(xsrfHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      reportReachable();
      resolve(new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': 'application/json' } }));
    };
    xhr.onerror = () => {
      reportUnreachable();
      reject(new NetworkError('The upload failed: the connection was lost'));
    };
    xhr.send(form);
  });
  return readResponse<T>(res);
}
