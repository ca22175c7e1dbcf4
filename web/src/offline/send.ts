import { slideQuestions, type Answers } from '@hub/model/forms';
import { api, ApiError, sessionEnded, xsrfHeaders } from '../client/api';
import { hubFetch } from '../client/connectivity';
import type { Me } from '@hub/model/account';
import { CREATE_SUBMISSION, submissionInput } from '../member/forms/forms-api';
import type { OutboxItem } from './db';
import { Refused } from './outbox';
import { GraphqlError } from '../client/graphql';
import { isMissingPhotoError } from '../forms/photos/pending';

/** GraphQL error codes that say "try again later" rather than "this save is wrong". */
const TRANSIENT_CODES = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE', 'TOO_MANY_REQUESTS', 'UNAVAILABLE']);

interface GqlError {
  message: string;
  extensions?: { code?: string; issues?: { path?: string; message?: string }[] };
}

/** The hub's refusal in words: its message, and each answer's problem under the question's title. */
export function refusalMessage(item: Pick<OutboxItem, 'version'>, errors: GqlError[]): string {
  const titles = new Map<string, string>();
  for (const slide of item.version.definition.slides) for (const q of slideQuestions(slide)) titles.set(q.id, q.title || q.id);
  const parts: string[] = [];
  for (const e of errors) {
    const issues = e.extensions?.issues;
    if (Array.isArray(issues) && issues.length) {
      for (const i of issues) {
        const id = typeof i.path === 'string' ? i.path.replace(/^submissionData\./, '') : '';
        const title = titles.get(id);
        if (i.message) parts.push(title ? `${title}: ${i.message}` : i.message);
      }
    } else if (e.message) parts.push(e.message);
  }
  return [...new Set(parts)].join('; ') || 'The hub did not accept this form';
}

/**
 * Sends one outbox item: the create with its idempotency key. Resolves with the submission's
 * id; throws Refused (the hub answered with a message), a NetworkError (no answer), or an
 * Error for answers worth trying again later (a server error, too many requests, an ended
 * session, which also signs out as any 401 does).
 */
export async function sendOutboxItem(item: OutboxItem, answers: Answers): Promise<string> {
  const res = await hubFetch('/api/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...xsrfHeaders() },
    body: JSON.stringify({
      query: CREATE_SUBMISSION,
      variables: { m: [submissionInput(item.version.id, answers, item.kind === 'submit', item.key)] },
    }),
  });
  const body = (await res.json().catch(() => null)) as { data?: { r?: { id: string }[] } | null; errors?: GqlError[] } | null;
  if (res.status === 401 || body?.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) {
    sessionEnded();
    throw new Error('Your session has ended: sign in again to send the forms waiting on this device');
  }
  if (res.status >= 500 || res.status === 429) throw new Error(`The hub answered ${res.status}: it will be tried again`);
  const errors = body?.errors ?? [];
  if (errors.length) {
    if (errors.some((e) => TRANSIENT_CODES.has(e.extensions?.code ?? ''))) throw new Error(`${errors[0].message}: it will be tried again`);
    throw new Refused(refusalMessage(item, errors), isMissingPhotoError(new GraphqlError(errors[0].message, errors)));
  }
  if (!res.ok) throw new Refused(`The hub answered ${res.status}`);
  const id = body?.data?.r?.[0]?.id;
  if (!id) throw new Error('The hub gave no answer for this form: it will be tried again');
  return id;
}

/** Who the hub says is signed in (null: nobody). */
export async function currentUserId(): Promise<string | null> {
  try {
    return (await api<Me>('GET', '/api/account/me')).id;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}
