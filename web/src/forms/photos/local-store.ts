/**
 * The device's copy of every photo taken in a form (docs/forms.md, Photo evidence), in
 * IndexedDB, kept by the account that took it until answers naming it are saved on the hub
 * (pending.ts releaseLocalPhotos):
 * - taken offline (or its upload cut off), the answers hold `local:<id>` until the outbox or
 *   the next save uploads it;
 * - uploaded at once, the answers hold the hub's id (`serverIds`), and the copy stays: answers
 *   kept on the device unsaved for more than a day name a photo the hub's clean-up removed,
 *   and the copy is uploaded again (pending.ts restoreMissingPhotos).
 */

export interface LocalPhoto {
  /** The uuid of the `local:` reference, also the upload's idempotency key. */
  id: string;
  userId: string;
  questionId: string;
  photo: Blob;
  thumbnail: Blob;
  created: number;
  /** Set once uploaded: the FormPhotoEntity id the answers are sent with. */
  uploadedId?: string;
  /**
   * The idempotency key of the upload under way or done (`uploadedId`); absent: `id`. A copy
   * uploaded again after the hub removed it gets a new key (the removed photo held the first).
   */
  uploadKey?: string;
  /** Every id the hub gave this photo (the current one last): answers may still name an earlier one. */
  serverIds?: string[];
}

const DB_NAME = 'hub-photos';
const STORE = 'photos';

let opened: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('This browser cannot keep photos offline'));
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 2);
    req.onupgradeneeded = (e) => {
      const db = req.result;
      const store = db.objectStoreNames.contains(STORE)
        ? req.transaction!.objectStore(STORE)
        : db.createObjectStore(STORE, { keyPath: 'id' });
      if (!store.indexNames.contains('userId')) store.createIndex('userId', 'userId');
      if (!store.indexNames.contains('serverIds')) store.createIndex('serverIds', 'serverIds', { multiEntry: true });
      // Version 1 kept uploaded photos' ids in uploadedId only.
      if (e.oldVersion === 1)
        store.openCursor().onsuccess = function () {
          const cursor = this.result;
          if (!cursor) return;
          const p = cursor.value as LocalPhoto;
          if (p.uploadedId && !p.serverIds) cursor.update({ ...p, serverIds: [p.uploadedId] });
          cursor.continue();
        };
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opened = null;
      reject(req.error ?? new Error('This browser cannot keep photos offline'));
    };
  });
  return opened;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? req.error);
        tx.onabort = () => reject(tx.error ?? new Error('The photo could not be kept on this device'));
      }),
  );
}

export const putLocalPhoto = (p: LocalPhoto) => run('readwrite', (s) => s.put(p)).then(() => undefined);
export const getLocalPhoto = (id: string) =>
  run<LocalPhoto | undefined>('readonly', (s) => s.get(id) as IDBRequest<LocalPhoto | undefined>);
export const deleteLocalPhoto = (id: string) => run('readwrite', (s) => s.delete(id)).then(() => undefined);

/** `userId`'s copy of the photo the hub knows (or knew) as `serverId`. */
export async function findLocalPhotoByServerId(userId: string, serverId: string): Promise<LocalPhoto | undefined> {
  const found = await run<LocalPhoto[]>('readonly', (s) => s.index('serverIds').getAll(serverId) as IDBRequest<LocalPhoto[]>);
  return found.find((p) => p.userId === userId);
}

/** Every photo `userId` keeps on this device. */
export const localPhotosOf = (userId: string) =>
  run<LocalPhoto[]>('readonly', (s) => s.index('userId').getAll(userId) as IDBRequest<LocalPhoto[]>);

/** Every photo `userId` left on this device (signing out, offline/db.ts clearUserData). */
export async function deleteLocalPhotosOf(userId: string): Promise<void> {
  const ids = await run<IDBValidKey[]>('readonly', (s) => s.index('userId').getAllKeys(userId));
  await Promise.all(ids.map((id) => deleteLocalPhoto(String(id))));
}
