import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Answers, FormDefinition } from '@hub/model/forms';
import type { Me } from '@hub/model/account';
import { deleteLocalPhotosOf } from '../forms/photos/local-store';

/**
 * What the member site keeps on the device (docs/offline.md), in one IndexedDB database.
 * Every record but the device's signed-in user carries the id of the user it belongs to, and
 * is read and written for that user only; signing out deletes the user's records.
 *
 * - device: who was last signed in on this device (so that a session check that gets no
 *   answer can let them go on offline); one record, key 'me'.
 * - cache: what pages read from the hub, for reading offline (the Safety page's form lists,
 *   forms with their published version, drafts, colleagues), keyed by [userId, key].
 * - answers: the answers of a form as they are typed, keyed by [userId, formId], with the
 *   version they were typed on.
 * - outbox: saves waiting to be sent, in the order made (seq), each with its idempotency key.
 *
 * Photos taken offline wait in their own database (web/src/forms/photos/local-store.ts);
 * signing out deletes the user's there too.
 */

export const OFFLINE_DB_NAME = 'safety-hub-offline';
const VERSION = 1;

/** A form version as the filler needs it. */
export interface KeptVersion {
  id: string;
  version: number;
  definition: FormDefinition;
}

export interface DeviceUser {
  id: 'me';
  me: Me;
  saved: string;
}

export interface CacheEntry {
  userId: string;
  key: string;
  value: unknown;
  saved: string;
}

export interface LocalAnswers {
  userId: string;
  formId: string;
  version: KeptVersion;
  answers: Answers;
  /** ISO time of the last write. */
  saved: string;
  /** Set when the answers came back from a refused save: the server's message. */
  refusal?: string;
}

export type OutboxKind = 'draft' | 'submit';
export type OutboxState = 'waiting' | 'sending' | 'refused';

export interface OutboxItem {
  /** Order of the outbox (auto-increment). */
  seq?: number;
  /** The idempotency key sent with the save (crypto.randomUUID()). */
  key: string;
  userId: string;
  formId: string;
  formName: string;
  formType: string;
  version: KeptVersion;
  answers: Answers;
  kind: OutboxKind;
  /** ISO time it was queued. */
  queued: string;
  state: OutboxState;
  /** Failed attempts (no answer from the hub). */
  attempts: number;
  /** The server's message when refused. */
  message?: string;
}

export interface OfflineSchema extends DBSchema {
  device: { key: string; value: DeviceUser };
  cache: { key: [string, string]; value: CacheEntry; indexes: { userId: string } };
  answers: { key: [string, string]; value: LocalAnswers; indexes: { userId: string } };
  outbox: { key: number; value: OutboxItem; indexes: { userId: string; key: string } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

let opening: Promise<OfflineDb> | null = null;

/** The database, opened once per page (again after the browser closed it). */
export function offlineDb(): Promise<OfflineDb> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('This browser keeps no data on the device (IndexedDB)'));
  opening ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, VERSION, {
    upgrade(db) {
      db.createObjectStore('device', { keyPath: 'id' });
      db.createObjectStore('cache', { keyPath: ['userId', 'key'] }).createIndex('userId', 'userId');
      db.createObjectStore('answers', { keyPath: ['userId', 'formId'] }).createIndex('userId', 'userId');
      const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('userId', 'userId');
      outbox.createIndex('key', 'key', { unique: true });
    },
    blocking() {
      // A newer version of the hub in another tab wants to upgrade: let it.
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

/** Tests: forget the open database (after deleting it). */
export async function closeOfflineDb(): Promise<void> {
  const db = await opening?.catch(() => null);
  db?.close();
  opening = null;
}

const USER_STORES = ['cache', 'answers', 'outbox'] as const;

/** Deletes everything kept for `userId` (sign-out), and the device's signed-in user when it is them. */
export async function clearUserData(userId: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction([...USER_STORES, 'device'], 'readwrite');
  for (const name of USER_STORES) {
    const store = tx.objectStore(name);
    for (const key of await store.index('userId').getAllKeys(userId)) await store.delete(key);
  }
  const device = await tx.objectStore('device').get('me');
  if (device?.me.id === userId) await tx.objectStore('device').delete('me');
  await tx.done;
  await deleteLocalPhotosOf(userId).catch(() => undefined);
}

/**
 * Every set of answers the device keeps for `userId`: typed (answers), waiting to send
 * (outbox) and the device's copies of their drafts (cache `draft:`). The photos they name keep
 * their copies on the device (forms/photos/pending.ts pruneLocalPhotos).
 */
export async function keptAnswersOf(userId: string): Promise<Answers[]> {
  const db = await offlineDb();
  const [typed, waiting, cached] = await Promise.all([
    db.getAllFromIndex('answers', 'userId', userId),
    db.getAllFromIndex('outbox', 'userId', userId),
    db.getAllFromIndex('cache', 'userId', userId),
  ]);
  const drafts = cached
    .filter((c) => c.key.startsWith('draft:'))
    .map((c) => (c.value as { answers?: Answers } | null)?.answers)
    .filter((a): a is Answers => !!a && typeof a === 'object');
  return [...typed.map((a) => a.answers), ...waiting.map((i) => i.answers), ...drafts];
}

/** The user last signed in on this device, or null. */
export async function deviceUser(): Promise<Me | null> {
  try {
    return (await (await offlineDb()).get('device', 'me'))?.me ?? null;
  } catch {
    return null;
  }
}

/** Remembers who is signed in on this device (null: nobody). A device without IndexedDB keeps nothing. */
export async function rememberDeviceUser(me: Me | null): Promise<void> {
  try {
    const db = await offlineDb();
    if (me) await db.put('device', { id: 'me', me, saved: new Date().toISOString() });
    else await db.delete('device', 'me');
  } catch {
    // Nothing kept: the hub still works online.
  }
}

export async function cacheGet<T>(userId: string, key: string): Promise<T | undefined> {
  try {
    return (await (await offlineDb()).get('cache', [userId, key]))?.value as T | undefined;
  } catch {
    return undefined;
  }
}

export async function cachePut(userId: string, key: string, value: unknown): Promise<void> {
  try {
    await (await offlineDb()).put('cache', { userId, key, value, saved: new Date().toISOString() });
  } catch {
    // Nothing kept: the page still works online.
  }
}
