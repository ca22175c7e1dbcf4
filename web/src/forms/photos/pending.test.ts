import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalPhoto } from './local-store';

const store = new Map<string, LocalPhoto>();
vi.mock('./local-store', () => ({
  getLocalPhoto: async (id: string) => store.get(id),
  putLocalPhoto: async (p: LocalPhoto) => void store.set(p.id, { ...p }),
  deleteLocalPhoto: async (id: string) => void store.delete(id),
}));
const uploads: { key: string; questionId: string }[] = [];
let offline = false;
vi.mock('./upload', async () => {
  const actual = await vi.importActual<typeof import('./upload')>('./upload');
  return {
    ...actual,
    uploadPhoto: async (o: { key: string; questionId: string }) => {
      if (offline) throw new actual.PhotoOfflineError('You are offline');
      uploads.push({ key: o.key, questionId: o.questionId });
      return { id: `9b2c7f1e-1d7a-4c3b-8f55-${o.key.slice(-12)}`, photoId: null, thumbnailId: null, questionId: o.questionId };
    },
  };
});

const { releaseLocalPhotos, uploadPendingPhotos } = await import('./pending');
const { PhotoOfflineError } = await import('./upload');

const uuid = (n: number) => `0f0e0d0c-0b0a-4909-8807-${String(n).padStart(12, '0')}`;
const keep = (n: number, userId = 'u1') =>
  store.set(uuid(n), { id: uuid(n), userId, questionId: 'task', photo: new Blob(['p']), thumbnail: new Blob(['t']), created: 0 });
const uploaded = (n: number) => `9b2c7f1e-1d7a-4c3b-8f55-${String(n).padStart(12, '0')}`;

beforeEach(() => {
  store.clear();
  uploads.length = 0;
  offline = false;
});

describe('uploadPendingPhotos', () => {
  it('uploads local photos with their uuid as key and puts the photo ids in their place, in order', async () => {
    keep(1);
    keep(2);
    const answers = { task: 'x', 'task-photos': [uploaded(9), `local:${uuid(1)}`, `local:${uuid(2)}`] };
    const sent = await uploadPendingPhotos(answers, 'u1');
    expect(sent['task-photos']).toEqual([uploaded(9), uploaded(1), uploaded(2)]);
    expect(uploads.map((u) => u.key)).toEqual([uuid(1), uuid(2)]);
    expect(answers['task-photos'][1]).toBe(`local:${uuid(1)}`);
  });

  it('does not upload a photo twice when the save after it failed, and forgets the copies once saved', async () => {
    keep(1);
    const answers = { 'task-photos': [`local:${uuid(1)}`] };
    await uploadPendingPhotos(answers, 'u1');
    const again = await uploadPendingPhotos(answers, 'u1');
    expect(again['task-photos']).toEqual([uploaded(1)]);
    expect(uploads).toHaveLength(1);
    await releaseLocalPhotos(answers);
    expect(store.size).toBe(0);
  });

  it('waits while offline, keeping the photos on the device', async () => {
    keep(1);
    offline = true;
    await expect(uploadPendingPhotos({ 'task-photos': [`local:${uuid(1)}`] }, 'u1')).rejects.toBeInstanceOf(PhotoOfflineError);
    expect(store.has(uuid(1))).toBe(true);
  });

  it("never sends another account's photo, and drops references whose photo is gone", async () => {
    keep(1, 'someone-else');
    const sent = await uploadPendingPhotos({ 'task-photos': [`local:${uuid(1)}`, `local:${uuid(3)}`] }, 'u1');
    expect(sent['task-photos']).toEqual([]);
    expect(uploads).toHaveLength(0);
  });

  it('leaves answers without local photos as they are', async () => {
    const answers = { task: 'x', 'task-photos': [uploaded(1)] };
    expect(await uploadPendingPhotos(answers, 'u1')).toBe(answers);
  });
});
