import type { Answers } from '@hub/model/forms';
import { isNetworkError } from '../client/connectivity';
import { offlineDb, type OutboxItem } from './db';

/**
 * The outbox: saves of forms (drafts and submissions) made while the hub could not be
 * reached, kept on the device in the order made, each with its idempotency key, and
 * delivered in that order, each exactly once (docs/offline.md):
 *
 * - an item is sent under its own user only: before a run the hub is asked who is signed
 *   in, and a run sends only that user's items;
 * - the key goes with every attempt, so an attempt whose answer was lost is answered, when
 *   sent again, with the submission the first one made;
 * - no answer (offline, the hub unreachable, a server error) stops the run: that item and
 *   every later one wait for the next run (order is kept);
 * - a refusal (the hub answered with a message: a rule of the form, a version no longer
 *   open) marks that item refused with the message, puts its answers back as the form's
 *   answers on the device (unless newer ones were typed since), and the run goes on with
 *   the next item: items are separate forms, and one form a safety manager must fix should
 *   not hold back another's report. A newer save of the same form replaces a refused item.
 */

/** The hub refused the save, with its message (a 4xx or a GraphQL error): sending again would not help. */
export class Refused extends Error {
  constructor(
    message: string,
    /** Refused because a photo the answers name does not exist on the hub (the clean-up removed it). */
    readonly missingPhoto = false,
  ) {
    super(message);
  }
}

export type NewOutboxItem = Omit<OutboxItem, 'seq' | 'state' | 'attempts' | 'queued' | 'message'>;

type Listener = () => void;
const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('safety-hub-outbox') : null;
channel?.addEventListener('message', () => listeners.forEach((l) => l()));

/** Tells this tab's and other tabs' listeners that the outbox changed. */
function changed(): void {
  listeners.forEach((l) => l());
  channel?.postMessage('changed');
}

export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The user's items in outbox order. */
export async function outboxItems(userId: string): Promise<OutboxItem[]> {
  const db = await offlineDb();
  const items = await db.getAllFromIndex('outbox', 'userId', userId);
  return items.sort((a, b) => a.seq! - b.seq!);
}

/** Items still to be sent (waiting, or caught sending when the page closed). */
export const isPending = (item: OutboxItem) => item.state !== 'refused';

/**
 * Queues a save. A newer save of the same form replaces that form's waiting draft (the hub
 * would replace that draft with it anyway) and its refused item (the member sent it again);
 * a waiting submission is never replaced.
 */
export async function enqueue(item: NewOutboxItem, now = new Date()): Promise<OutboxItem> {
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  for (const old of await tx.store.index('userId').getAll(item.userId))
    if (old.formId === item.formId && ((old.state === 'waiting' && old.kind === 'draft') || old.state === 'refused'))
      await tx.store.delete(old.seq!);
  const full: OutboxItem = { ...item, queued: now.toISOString(), state: 'waiting', attempts: 0 };
  full.seq = await tx.store.add(full);
  await tx.done;
  changed();
  return full;
}

/** Removes an item (the member dismissed a refused one, or discarded the form's draft). */
export async function removeItem(seq: number): Promise<void> {
  await (await offlineDb()).delete('outbox', seq);
  changed();
}

/** The form was delivered straight away: a refused save of it left on the device is settled. */
export async function removeRefused(userId: string, formId: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  let removed = false;
  for (const old of await tx.store.index('userId').getAll(userId))
    if (old.formId === formId && old.state === 'refused') {
      await tx.store.delete(old.seq!);
      removed = true;
    }
  await tx.done;
  if (removed) changed();
}

/** Removes the user's waiting drafts of a form (the member discarded the form). */
export async function removeWaitingDrafts(userId: string, formId: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  for (const old of await tx.store.index('userId').getAll(userId))
    if (old.formId === formId && old.kind === 'draft' && old.state === 'waiting') await tx.store.delete(old.seq!);
  await tx.done;
  changed();
}

export interface DeliveryDeps {
  /** Who the hub says is signed in now (null: nobody); throws a NetworkError when it cannot be reached. */
  currentUserId(): Promise<string | null>;
  /** Sends one save with its key; resolves with the submission's id. Throws Refused, a NetworkError or another error. */
  send(item: OutboxItem, answers: Answers): Promise<string>;
  /** Uploads the photos the answers refer to as `local:<uuid>` and returns the answers with the hub's ids. */
  uploadPendingPhotos(answers: Answers, userId: string): Promise<Answers>;
  /**
   * After a refusal for a photo that is gone: uploads the device's copies again and returns the
   * answers naming them (null: nothing to upload again). The save is then sent once more.
   */
  restoreMissingPhotos?(answers: Answers, userId: string): Promise<Answers | null>;
  onDelivered?(item: OutboxItem, id: string): void;
  onRefused?(item: OutboxItem): void;
}

export interface DeliveryResult {
  delivered: OutboxItem[];
  refused: OutboxItem[];
  /** Why the run stopped before the end: no answer, another user signed in, another tab delivering, another error. */
  stopped: null | 'offline' | 'other-user' | 'busy' | 'error';
  error?: unknown;
}

let running: Promise<DeliveryResult> | null = null;

/**
 * Sends `userId`'s pending items in order (see above). One run at a time in this tab, and
 * (where the browser has Web Locks) in all tabs: a run asked for while another is under way
 * answers 'busy'.
 */
export function deliver(userId: string, deps: DeliveryDeps): Promise<DeliveryResult> {
  if (running) return Promise.resolve({ delivered: [], refused: [], stopped: 'busy' });
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = locks
    ? (locks.request('safety-hub-outbox', { ifAvailable: true }, (lock) =>
        lock ? deliverNow(userId, deps) : { delivered: [], refused: [], stopped: 'busy' as const },
      ) as Promise<DeliveryResult>)
    : deliverNow(userId, deps);
  running = run.finally(() => {
    running = null;
  });
  return running;
}

async function deliverNow(userId: string, deps: DeliveryDeps): Promise<DeliveryResult> {
  const result: DeliveryResult = { delivered: [], refused: [], stopped: null };
  const pending = (await outboxItems(userId)).filter(isPending);
  if (!pending.length) return result;
  try {
    if ((await deps.currentUserId()) !== userId) return { ...result, stopped: 'other-user' };
  } catch (err) {
    return { ...result, stopped: isNetworkError(err) ? 'offline' : 'error', error: err };
  }
  const db = await offlineDb();
  for (const { seq } of pending) {
    // Read again: the member may have replaced or removed it since the run began.
    const item = await db.get('outbox', seq!);
    if (!item || item.userId !== userId || !isPending(item)) continue;
    await db.put('outbox', { ...item, state: 'sending' });
    changed();
    try {
      const answers = await deps.uploadPendingPhotos(item.answers, userId);
      const id = await deps.send(item, answers).catch(async (err: unknown) => {
        // A photo the hub removed meanwhile (answers kept on the device for more than a day): its copy goes again, once.
        const restored = err instanceof Refused && err.missingPhoto ? await deps.restoreMissingPhotos?.(answers, userId) : null;
        if (!restored) throw err;
        return deps.send(item, restored);
      });
      await db.delete('outbox', seq!);
      changed();
      result.delivered.push(item);
      deps.onDelivered?.(item, id);
    } catch (err) {
      if (err instanceof Refused) {
        const refused: OutboxItem = { ...item, state: 'refused', message: err.message };
        await refuse(refused);
        result.refused.push(refused);
        deps.onRefused?.(refused);
        continue;
      }
      await db.put('outbox', { ...item, state: 'waiting', attempts: item.attempts + 1, message: (err as Error)?.message });
      changed();
      return { ...result, stopped: isNetworkError(err) ? 'offline' : 'error', error: err };
    }
  }
  return result;
}

/** Marks the item refused and gives its answers back as the form's answers on the device, unless newer ones were typed since. */
async function refuse(item: OutboxItem): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['outbox', 'answers'], 'readwrite');
  await tx.objectStore('outbox').put(item);
  const answers = tx.objectStore('answers');
  const local = await answers.get([item.userId, item.formId]);
  if (!local || local.saved <= item.queued)
    await answers.put({
      userId: item.userId,
      formId: item.formId,
      version: item.version,
      answers: item.answers,
      saved: new Date().toISOString(),
      refusal: item.message,
    });
  await tx.done;
  changed();
}

/** When to try again after `attempts` runs that got no answer: 5 s, doubling, at most 5 minutes. */
export function retryDelay(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 300_000);
}
