import { isNetworkError } from '../client/connectivity';
import { fetchDraft, loadForm, type Draft, type FillableForm } from '../member/forms/forms-api';
import type { LocalAnswers, OutboxItem } from './db';
import { draftKey, formKey, withDeviceCopy } from './device-copy';
import { localAnswers } from './local-answers';
import { isPending, outboxItems } from './outbox';

export interface FillData {
  form: FillableForm | null;
  /** The draft on the hub (or the device's copy of it; a draft waiting to send has an id starting 'queued:'). */
  draft: Draft | null;
  /** The answers typed on this device and not yet with the hub. */
  local: LocalAnswers | null;
  /** The last save of this form waiting in the outbox. */
  queued: OutboxItem | null;
  /** The hub answered (else everything came from the device). */
  online: boolean;
}

export const NOT_KEPT =
  'You are offline and this form is not kept on this device yet. Open Safety while online to keep your forms on this device.';

/** What the form page starts from: the hub's form and draft (the device's copies offline), the answers kept on the device, the outbox. */
export async function loadFillData(userId: string | undefined, formId: string): Promise<FillData> {
  let online = true;
  const read = <T>(key: string, fn: () => Promise<T>) =>
    withDeviceCopy(userId, key, async () => {
      try {
        return await fn();
      } catch (err) {
        if (isNetworkError(err)) online = false;
        throw err;
      }
    });
  let form: FillableForm | null;
  let draft: Draft | null;
  try {
    [form, draft] = await Promise.all([read(formKey(formId), () => loadForm(formId)), read(draftKey(formId), () => fetchDraft(formId))]);
  } catch (err) {
    if (isNetworkError(err)) throw new Error(NOT_KEPT);
    throw err;
  }
  if (!userId) return { form, draft, local: null, queued: null, online };
  const [local, items] = await Promise.all([localAnswers(userId, formId), outboxItems(userId).catch(() => [])]);
  const queued = items.filter((i) => i.formId === formId && isPending(i)).at(-1) ?? null;
  return { form, draft, local, queued, online };
}

export const isQueuedDraft = (draft: Draft | null) => !!draft?.id.startsWith('queued:');
