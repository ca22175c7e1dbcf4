import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { photoMessages, type Answers } from '@hub/model/forms';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GraphqlError } from '../../client/graphql';

/*
 * The device's copies of photos uploaded at once (docs/forms.md, Photo evidence): kept until the
 * answers naming them are saved, uploaded again when the hub's clean-up removed them meanwhile.
 * The real IndexedDB store (fake-indexeddb); the hub is a fake that honours upload keys.
 */

/** The hub's photos: id by upload key (a removed photo frees nothing: its key stays spent here, as a new key is used). */
const hub = { photos: new Map<string, string>(), keys: [] as string[], offline: false, uploadsLost: false, n: 0 };
vi.mock('./upload', async () => {
  const actual = await vi.importActual<typeof import('./upload')>('./upload');
  return {
    ...actual,
    uploadPhoto: async (o: { key: string; questionId: string }) => {
      if (hub.offline) throw new actual.PhotoOfflineError('You are offline');
      if (hub.uploadsLost) throw new actual.PhotoOfflineError('The connection dropped');
      hub.keys.push(o.key);
      let id = [...hub.photos].find(([, k]) => k === o.key)?.[0];
      if (!id) hub.photos.set((id = `9b2c7f1e-1d7a-4c3b-8f55-${String(++hub.n).padStart(12, '0')}`), o.key);
      return { id, photoId: null, thumbnailId: null, questionId: o.questionId };
    },
    loadPhotos: async (ids: string[]) => {
      if (hub.offline) throw new actual.PhotoOfflineError('You are offline');
      return ids.filter((id) => hub.photos.has(id)).map((id) => ({ id, photoId: null, thumbnailId: null, questionId: 'task' }));
    },
  };
});

const store = await import('./local-store');
const {
  forgetLocalPhoto,
  isMissingPhotoError,
  pruneLocalPhotos,
  releaseLocalPhotos,
  restoreMissingPhotos,
  sendWithPhotos,
  UNNAMED_COPY_MS,
} = await import('./pending');
const { PhotoOfflineError } = await import('./upload');

const uuid = (n: number) => `0f0e0d0c-0b0a-4909-8807-${String(n).padStart(12, '0')}`;

/** A photo taken online and uploaded at once, as PhotoPanel keeps it: the answers name the hub's id. */
async function takenOnline(n: number, userId = 'u1', created = Date.now()): Promise<string> {
  const id = `9b2c7f1e-1d7a-4c3b-8f55-${String(1000 + n).padStart(12, '0')}`;
  hub.photos.set(id, uuid(n));
  await store.putLocalPhoto({
    id: uuid(n),
    userId,
    questionId: 'task',
    photo: new Blob([`photo ${n}`]),
    thumbnail: new Blob(['t']),
    created,
    uploadedId: id,
    serverIds: [id],
  });
  return id;
}

/** The hub's clean-up job removed the photo (answers naming it kept on the device for more than a day). */
const cleanUp = (id: string) => hub.photos.delete(id);

const refusedMissing = () =>
  new GraphqlError(photoMessages.notFound, [
    { message: photoMessages.notFound, extensions: { issues: [{ path: 'submissionData.task-photos', message: photoMessages.notFound }] } },
  ]);

/** A hub's save: refused when a named photo does not exist, as assertSubmissionPhotos does. */
function fakeSave() {
  const sent: Answers[] = [];
  return {
    sent,
    send: async (answers: Answers) => {
      sent.push(answers);
      if ((answers['task-photos'] as string[]).some((id) => !hub.photos.has(id))) throw refusedMissing();
      return 's1';
    },
  };
}

beforeEach(async () => {
  for (const u of ['u1', 'u2']) await store.deleteLocalPhotosOf(u);
  hub.photos.clear();
  hub.keys.length = 0;
  hub.offline = false;
  hub.uploadsLost = false;
});

describe("the device's copy of a photo uploaded at once", () => {
  it('is kept while the answers are unsaved and released once they are saved', async () => {
    const id = await takenOnline(1);
    expect((await store.findLocalPhotoByServerId('u1', id))?.id).toBe(uuid(1));
    const save = fakeSave();
    const { result, sent } = await sendWithPhotos({ 'task-photos': [id] }, 'u1', save.send);
    expect(result).toBe('s1');
    expect(sent['task-photos']).toEqual([id]);
    expect(hub.keys).toEqual([]);
    // Another account's release never touches it.
    await releaseLocalPhotos({ 'task-photos': [id] }, 'u2');
    expect(await store.getLocalPhoto(uuid(1))).toBeDefined();
    await releaseLocalPhotos({ 'task-photos': [id] }, 'u1');
    expect(await store.getLocalPhoto(uuid(1))).toBeUndefined();
  });

  it('is uploaded again with a new key when the hub removed the photo, and the save goes through with it', async () => {
    const id = await takenOnline(1);
    const kept = await takenOnline(2);
    cleanUp(id);
    const save = fakeSave();
    const answers = { task: 'Loose cover on the board', 'task-photos': [id, kept] };
    const { result, sent } = await sendWithPhotos(answers, 'u1', save.send);
    expect(result).toBe('s1');
    expect(save.sent).toHaveLength(2);
    const again = (sent['task-photos'] as string[])[0];
    expect(again).not.toBe(id);
    expect(sent).toEqual({ task: 'Loose cover on the board', 'task-photos': [again, kept] });
    expect(hub.photos.has(again)).toBe(true);
    // One upload, of the removed photo only, with a key of its own (not the spent one).
    expect(hub.keys).toHaveLength(1);
    expect(hub.keys[0]).not.toBe(uuid(1));
    // The answers as they were (naming the removed id) release the copy once saved.
    const copy = await store.getLocalPhoto(uuid(1));
    expect(copy?.serverIds).toEqual([id, again]);
    await releaseLocalPhotos(answers, 'u1');
    expect(await store.localPhotosOf('u1')).toEqual([]);
  });

  it('keeps the new key across a lost answer: uploading again after it gets the same photo', async () => {
    const id = await takenOnline(1);
    cleanUp(id);
    hub.uploadsLost = true;
    await expect(restoreMissingPhotos({ 'task-photos': [id] }, 'u1')).rejects.toBeInstanceOf(PhotoOfflineError);
    hub.uploadsLost = false;
    // The upload reached the hub but its answer was lost: the hub holds the photo under the new key.
    const key = (await store.getLocalPhoto(uuid(1)))!.uploadKey!;
    expect(key).not.toBe(uuid(1));
    hub.photos.set('9b2c7f1e-1d7a-4c3b-8f55-000000009999', key);
    const restored = await restoreMissingPhotos({ 'task-photos': [id] }, 'u1');
    expect(restored?.['task-photos']).toEqual(['9b2c7f1e-1d7a-4c3b-8f55-000000009999']);
    expect(hub.keys).toEqual([key]);
    // Once uploaded again, a later refusal of the same answers takes that photo without another upload.
    expect((await restoreMissingPhotos({ 'task-photos': [id] }, 'u1'))?.['task-photos']).toEqual(['9b2c7f1e-1d7a-4c3b-8f55-000000009999']);
    expect(hub.keys).toEqual([key]);
  });

  it("gives the hub's refusal when the device has no copy, and retries only once", async () => {
    const id = await takenOnline(1, 'u2');
    cleanUp(id);
    const save = fakeSave();
    // Another account's copy is never sent.
    await expect(sendWithPhotos({ 'task-photos': [id] }, 'u1', save.send)).rejects.toThrow(photoMessages.notFound);
    expect(save.sent).toHaveLength(1);
    expect(hub.keys).toEqual([]);
    // A hub that refuses the retry too: its refusal, no loop.
    const mine = await takenOnline(2);
    cleanUp(mine);
    let sends = 0;
    const always = async () => {
      sends++;
      throw refusedMissing();
    };
    await expect(sendWithPhotos({ 'task-photos': [mine] }, 'u1', always)).rejects.toThrow(photoMessages.notFound);
    expect(sends).toBe(2);
  });

  it('leaves other refusals alone', async () => {
    const id = await takenOnline(1);
    cleanUp(id);
    const other = new GraphqlError('Please answer Task', [{ message: 'Please answer Task' }]);
    expect(isMissingPhotoError(other)).toBe(false);
    expect(isMissingPhotoError(refusedMissing())).toBe(true);
    let sends = 0;
    await expect(
      sendWithPhotos({ 'task-photos': [id] }, 'u1', async () => {
        sends++;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(sends).toBe(1);
    expect(hub.keys).toEqual([]);
  });

  it('goes when the photo is removed from the answers', async () => {
    const id = await takenOnline(1);
    await forgetLocalPhoto(id, 'u2');
    expect(await store.getLocalPhoto(uuid(1))).toBeDefined();
    await forgetLocalPhoto(id, 'u1');
    expect(await store.getLocalPhoto(uuid(1))).toBeUndefined();
  });

  it('stays bounded: copies no kept answers name go after the grace period, per user', async () => {
    const now = Date.now();
    const old = now - UNNAMED_COPY_MS - 1;
    const named = await takenOnline(1, 'u1', old);
    await takenOnline(2, 'u1', old); // answers discarded
    await takenOnline(3, 'u1', now); // taken just now, answers not yet written
    await takenOnline(4, 'u2', old); // another account's
    await store.putLocalPhoto({
      id: uuid(5),
      userId: 'u1',
      questionId: 'task',
      photo: new Blob(['p']),
      thumbnail: new Blob(['t']),
      created: old,
    });
    const removed = await pruneLocalPhotos('u1', [{ 'task-photos': [named] }, { 'task-photos': [`local:${uuid(5)}`] }], now);
    expect(removed).toBe(1);
    expect((await store.localPhotosOf('u1')).map((p) => p.id).sort()).toEqual([uuid(1), uuid(3), uuid(5)]);
    expect(await store.localPhotosOf('u2')).toHaveLength(1);
  });
});

describe('the store of an earlier version', () => {
  it('finds photos uploaded before by their id', async () => {
    globalThis.indexedDB = new IDBFactory();
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open('hub-photos', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('photos', { keyPath: 'id' }).createIndex('userId', 'userId');
      req.onsuccess = () => {
        const tx = req.result.transaction('photos', 'readwrite');
        tx.objectStore('photos').put({
          id: uuid(1),
          userId: 'u1',
          questionId: 'task',
          photo: new Blob(['p']),
          thumbnail: new Blob(['t']),
          created: 0,
          uploadedId: uuid(9),
        });
        tx.oncomplete = () => {
          req.result.close();
          resolve();
        };
      };
      req.onerror = () => reject(req.error);
    });
    vi.resetModules();
    const fresh = await import('./local-store');
    expect((await fresh.findLocalPhotoByServerId('u1', uuid(9)))?.id).toBe(uuid(1));
    expect(await fresh.findLocalPhotoByServerId('u2', uuid(9))).toBeUndefined();
  });
});
