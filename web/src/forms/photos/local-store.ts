/**
 * Photos taken while offline (or whose upload failed for want of a connection) wait on the
 * device in IndexedDB, their answers holding `local:<id>` until the outbox or the next save
 * uploads them (pending.ts). Kept by the account that took them.
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
}

const DB_NAME = 'hub-photos';
const STORE = 'photos';

let opened: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('This browser cannot keep photos offline'));
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'id' }).createIndex('userId', 'userId');
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

/** Every photo `userId` left on this device (signing out, offline/db.ts clearUserData). */
export async function deleteLocalPhotosOf(userId: string): Promise<void> {
  const ids = await run<IDBValidKey[]>('readonly', (s) => s.index('userId').getAllKeys(userId));
  await Promise.all(ids.map((id) => deleteLocalPhoto(String(id))));
}
