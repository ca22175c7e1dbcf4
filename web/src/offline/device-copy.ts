import { isNetworkError } from '../client/connectivity';
import { loadForms, loadMyDrafts, type Draft, type FillableForm } from '../member/forms/forms-api';
import { cacheGet, cachePut } from './db';

/**
 * A read from the hub that is kept on the device for `userId` and read from there when the
 * hub cannot be reached (a NetworkError). Any other failure is the page's as before; with no
 * copy kept, the network error is.
 */
export async function withDeviceCopy<T>(userId: string | undefined, key: string, read: () => Promise<T>): Promise<T> {
  try {
    const value = await read();
    if (userId) await cachePut(userId, key, value);
    return value;
  } catch (err) {
    if (!userId || !isNetworkError(err)) throw err;
    const kept = await cacheGet<T>(userId, key);
    if (kept === undefined) throw err;
    return kept as T;
  }
}

export const formKey = (formId: string) => `form:${formId}`;
export const draftKey = (formId: string) => `draft:${formId}`;
export const formsOfTypeKey = (type: string) => `forms-of-type:${type}`;

/** How often the Safety page refreshes the device's copy of the organisation's forms and drafts. */
const SYNC_EVERY_MS = 5 * 60_000;
const lastSync = new Map<string, { at: number; ids: string }>();

/**
 * Keeps on the device every form the Safety page lists (its published version) and the
 * user's drafts (with their versions), so that they open offline: two requests, at most once
 * every few minutes for the same list.
 */
export async function keepFormsForOffline(userId: string, formIds: string[], now = Date.now()): Promise<void> {
  const ids = [...new Set(formIds)].sort();
  const key = ids.join(',');
  const last = lastSync.get(userId);
  if (last && last.ids === key && now - last.at < SYNC_EVERY_MS) return;
  lastSync.set(userId, { at: now, ids: key });
  try {
    const [forms, drafts] = await Promise.all([loadForms(ids), loadMyDrafts(userId)]);
    await Promise.all([
      ...forms.map((f: FillableForm) => cachePut(userId, formKey(f.id), f)),
      ...ids.map((id) => cachePut(userId, draftKey(id), (drafts.get(id) ?? null) satisfies Draft | null)),
    ]);
  } catch {
    // Offline or refused: the forms already kept stay as they were; the next visit tries again.
    lastSync.delete(userId);
  }
}

/** Tests: forget when the forms were last kept. */
export function resetFormSync(): void {
  lastSync.clear();
}
