import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { Answers, FormDefinition } from '@hub/model/forms';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../client/connectivity';
import { cacheGet, cachePut, clearUserData, closeOfflineDb, offlineDb, type OutboxItem } from './db';
import { keepAnswers, localAnswers, putLocalAnswers } from './local-answers';
import { deliver, enqueue, outboxItems, Refused, removeWaitingDrafts, retryDelay, type DeliveryDeps, type NewOutboxItem } from './outbox';
import { refusalMessage } from './send';

const definition: FormDefinition = {
  slides: [{ name: 'Work', contents: [{ id: 'task', title: 'Task', questionType: 'text' }] }],
  pagination: { type: 'page' },
  customOptions: [],
};
const version = { id: 'v1', version: 1, definition };

function item(userId: string, formId: string, kind: 'draft' | 'submit', answers: Answers = { task: formId }): NewOutboxItem {
  return { key: crypto.randomUUID(), userId, formId, formName: `Form ${formId}`, formType: 'INCIDENT', version, answers, kind };
}

/**
 * A hub that honours idempotency keys as the real one does: one row per key, a replay
 * answers the first row. `failAfterCommit` keys get no answer once (the connection drops
 * after the hub committed).
 */
function fakeHub(signedIn: string | null = 'u1') {
  const rows = new Map<string, { id: string; item: OutboxItem; answers: Answers }>();
  const sends: string[] = [];
  const failAfterCommit = new Set<string>();
  const failBeforeCommit = new Set<string>();
  const refuse = new Map<string, string>();
  let n = 0;
  const deps: DeliveryDeps = {
    currentUserId: async () => signedIn,
    async send(it, answers) {
      sends.push(it.key);
      if (failBeforeCommit.delete(it.key)) throw new NetworkError();
      const message = refuse.get(it.key);
      if (message) throw new Refused(message);
      let row = rows.get(it.key);
      if (!row) rows.set(it.key, (row = { id: `s${++n}`, item: it, answers }));
      if (failAfterCommit.delete(it.key)) throw new NetworkError();
      return row.id;
    },
    uploadPendingPhotos: async (answers) => answers,
  };
  return { deps, rows, sends, failAfterCommit, failBeforeCommit, refuse };
}

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => closeOfflineDb());

describe('the outbox', () => {
  it('delivers in the order queued, each once, and empties', async () => {
    const a = await enqueue(item('u1', 'f1', 'submit'));
    const b = await enqueue(item('u1', 'f2', 'draft'));
    const c = await enqueue(item('u1', 'f3', 'submit'));
    const hub = fakeHub();
    const delivered: string[] = [];
    const result = await deliver('u1', { ...hub.deps, onDelivered: (i) => delivered.push(i.key) });
    expect(result.stopped).toBeNull();
    expect(hub.sends).toEqual([a.key, b.key, c.key]);
    expect(delivered).toEqual([a.key, b.key, c.key]);
    expect(await outboxItems('u1')).toEqual([]);
    // Nothing is sent twice by a second run.
    await deliver('u1', hub.deps);
    expect(hub.sends).toHaveLength(3);
  });

  it('stops at an item that gets no answer, keeps the order, and resends it with the same key: exactly one row each', async () => {
    const a = await enqueue(item('u1', 'f1', 'submit'));
    const b = await enqueue(item('u1', 'f2', 'submit'));
    const c = await enqueue(item('u1', 'f3', 'submit'));
    const hub = fakeHub();
    hub.failAfterCommit.add(b.key);
    const first = await deliver('u1', hub.deps);
    expect(first.stopped).toBe('offline');
    expect(first.delivered.map((i) => i.key)).toEqual([a.key]);
    // c was not tried: order is kept.
    expect(hub.sends).toEqual([a.key, b.key]);
    const left = await outboxItems('u1');
    expect(left.map((i) => [i.key, i.state, i.attempts])).toEqual([
      [b.key, 'waiting', 1],
      [c.key, 'waiting', 0],
    ]);
    const second = await deliver('u1', hub.deps);
    expect(second.stopped).toBeNull();
    expect(hub.sends).toEqual([a.key, b.key, b.key, c.key]);
    // The hub made one row per save: the resend of b found its first row.
    expect([...hub.rows.keys()]).toEqual([a.key, b.key, c.key]);
    expect(await outboxItems('u1')).toEqual([]);
  });

  it('an item caught sending when the page closed is sent again with its key', async () => {
    const a = await enqueue(item('u1', 'f1', 'submit'));
    const db = await offlineDb();
    await db.put('outbox', { ...(await db.get('outbox', a.seq!))!, state: 'sending' });
    const hub = fakeHub();
    await deliver('u1', hub.deps);
    expect(hub.sends).toEqual([a.key]);
    expect(await outboxItems('u1')).toEqual([]);
  });

  it('waits after a server error with a growing delay, and keeps the message', async () => {
    const a = await enqueue(item('u1', 'f1', 'submit'));
    const hub = fakeHub();
    const result = await deliver('u1', {
      ...hub.deps,
      send: async () => {
        throw new Error('The hub answered 503: it will be tried again');
      },
    });
    expect(result.stopped).toBe('error');
    const [left] = await outboxItems('u1');
    expect(left).toMatchObject({ key: a.key, state: 'waiting', attempts: 1, message: 'The hub answered 503: it will be tried again' });
    expect([1, 2, 3, 10].map(retryDelay)).toEqual([5_000, 10_000, 20_000, 300_000]);
  });

  it('marks a refused item with the message, gives its answers back to the form, and goes on with the next', async () => {
    const a = await enqueue(item('u1', 'f1', 'submit', { task: 'Ladder check' }));
    const b = await enqueue(item('u1', 'f2', 'submit'));
    const hub = fakeHub();
    hub.refuse.set(a.key, 'Only the published version of a form can be filled in');
    const refused: string[] = [];
    const result = await deliver('u1', { ...hub.deps, onRefused: (i) => refused.push(i.message!) });
    expect(result.stopped).toBeNull();
    expect(refused).toEqual(['Only the published version of a form can be filled in']);
    expect([...hub.rows.keys()]).toEqual([b.key]);
    const [left] = await outboxItems('u1');
    expect(left).toMatchObject({ key: a.key, state: 'refused', message: 'Only the published version of a form can be filled in' });
    const local = await localAnswers('u1', 'f1');
    expect(local).toMatchObject({ answers: { task: 'Ladder check' }, refusal: 'Only the published version of a form can be filled in' });
    // A refused item is not sent again by itself...
    await deliver('u1', hub.deps);
    expect(hub.sends).toEqual([a.key, b.key]);
    // ...the member sends the form again: the new save replaces it.
    const again = await enqueue(item('u1', 'f1', 'submit', { task: 'Ladder check, fixed' }));
    expect((await outboxItems('u1')).map((i) => i.key)).toEqual([again.key]);
  });

  it('a save refused for a photo the hub removed is sent once more with the photo uploaded again, with its key', async () => {
    const gone = '9b2c7f1e-1d7a-4c3b-8f55-000000000001';
    const again = '9b2c7f1e-1d7a-4c3b-8f55-000000000002';
    const hub = fakeHub();
    const send = hub.deps.send;
    const sent: Answers[] = [];
    hub.deps.send = async (it, answers) => {
      sent.push(answers);
      if ((answers['task-photos'] as string[]).includes(gone))
        throw new Refused('A photo of this form does not exist or is not yours', true);
      return send(it, answers);
    };
    const restores: Answers[] = [];
    hub.deps.restoreMissingPhotos = async (answers) => {
      restores.push(answers);
      return { ...answers, 'task-photos': [again] };
    };
    const a = await enqueue(item('u1', 'f1', 'submit', { task: 'x', 'task-photos': [gone] }));
    const result = await deliver('u1', hub.deps);
    expect(result.delivered.map((i) => i.key)).toEqual([a.key]);
    expect(restores).toHaveLength(1);
    expect(sent.map((x) => x['task-photos'])).toEqual([[gone], [again]]);
    expect(hub.sends).toEqual([a.key]);
    expect([...hub.rows.values()][0].answers['task-photos']).toEqual([again]);
    expect(await outboxItems('u1')).toEqual([]);
  });

  it('a save refused for a photo the device has no copy of is refused as before', async () => {
    const hub = fakeHub();
    hub.deps.send = async () => {
      throw new Refused('A photo of this form does not exist or is not yours', true);
    };
    hub.deps.restoreMissingPhotos = async () => null;
    await enqueue(item('u1', 'f1', 'submit'));
    const result = await deliver('u1', hub.deps);
    expect(result.refused.map((i) => i.message)).toEqual(['A photo of this form does not exist or is not yours']);
  });

  it('does not overwrite answers typed after the refused save was queued', async () => {
    const a = await enqueue(item('u1', 'f1', 'submit', { task: 'old' }), new Date('2026-01-01T10:00:00Z'));
    await putLocalAnswers({ userId: 'u1', formId: 'f1', version, answers: { task: 'newer' }, saved: new Date().toISOString() });
    const hub = fakeHub();
    hub.refuse.set(a.key, 'Refused');
    await deliver('u1', hub.deps);
    expect((await localAnswers('u1', 'f1'))?.answers).toEqual({ task: 'newer' });
    expect((await outboxItems('u1'))[0].answers).toEqual({ task: 'old' });
  });

  it("never sends a user's items under another signed-in account, nor another user's items in this user's run", async () => {
    await enqueue(item('u1', 'f1', 'submit'));
    const other = await enqueue(item('u2', 'f1', 'submit'));
    const asU2 = fakeHub('u2');
    const result = await deliver('u1', asU2.deps);
    expect(result.stopped).toBe('other-user');
    expect(asU2.sends).toEqual([]);
    const nobody = fakeHub(null);
    expect((await deliver('u1', nobody.deps)).stopped).toBe('other-user');
    // u2's run sends u2's item only.
    await deliver('u2', asU2.deps);
    expect(asU2.sends).toEqual([other.key]);
    expect(await outboxItems('u1')).toHaveLength(1);
  });

  it('asks who is signed in first: offline, nothing is tried', async () => {
    await enqueue(item('u1', 'f1', 'submit'));
    const hub = fakeHub();
    const result = await deliver('u1', {
      ...hub.deps,
      currentUserId: async () => {
        throw new NetworkError();
      },
    });
    expect(result.stopped).toBe('offline');
    expect(hub.sends).toEqual([]);
    expect((await outboxItems('u1'))[0].attempts).toBe(0);
  });

  it('one run at a time: a second run asked for meanwhile answers busy and sends nothing', async () => {
    const a = await enqueue(item('u1', 'f1', 'submit'));
    const hub = fakeHub();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = deliver('u1', { ...hub.deps, send: async (i, answers) => (await gate, hub.deps.send(i, answers)) });
    expect((await deliver('u1', hub.deps)).stopped).toBe('busy');
    release();
    await slow;
    expect(hub.sends).toEqual([a.key]);
  });

  it("replaces a form's waiting draft by a newer save, never a waiting submission", async () => {
    const d1 = await enqueue(item('u1', 'f1', 'draft'));
    const other = await enqueue(item('u1', 'f2', 'draft'));
    const s1 = await enqueue(item('u1', 'f1', 'submit'));
    expect((await outboxItems('u1')).map((i) => i.key)).toEqual([other.key, s1.key]);
    expect(d1.key).not.toBe(s1.key);
    const d2 = await enqueue(item('u1', 'f1', 'draft'));
    expect((await outboxItems('u1')).map((i) => i.key)).toEqual([other.key, s1.key, d2.key]);
    await removeWaitingDrafts('u1', 'f1');
    expect((await outboxItems('u1')).map((i) => i.key)).toEqual([other.key, s1.key]);
  });

  it("keeps an item whose photos cannot be uploaded yet waiting, and sends the hub's photo ids once they can", async () => {
    const a = await enqueue(
      item('u1', 'f1', 'submit', { task: 'x', 'task-photos': ['local:1b4e28ba-2fa1-4d3b-883f-0016d3cca427', 'p-42'] }),
    );
    const hub = fakeHub();
    const offline = await deliver('u1', {
      ...hub.deps,
      uploadPendingPhotos: async () => {
        throw new NetworkError('The upload failed: the connection was lost');
      },
    });
    expect(offline.stopped).toBe('offline');
    expect(hub.sends).toEqual([]);
    expect((await outboxItems('u1'))[0]).toMatchObject({ key: a.key, state: 'waiting', attempts: 1 });
    await deliver('u1', { ...hub.deps, uploadPendingPhotos: async (answers) => ({ ...answers, 'task-photos': ['p-41', 'p-42'] }) });
    expect(hub.rows.get(a.key)?.answers['task-photos']).toEqual(['p-41', 'p-42']);
    expect(await outboxItems('u1')).toEqual([]);
  });
});

describe('answers kept on the device', () => {
  it('writes after a pause, at once on pagehide, never after close', async () => {
    const keeper = keepAnswers('u1', 'f1', version, 30);
    keeper.change({ task: 'a' });
    keeper.change({ task: 'ab' });
    expect(await localAnswers('u1', 'f1')).toBeNull();
    await new Promise((r) => setTimeout(r, 80));
    expect((await localAnswers('u1', 'f1'))?.answers).toEqual({ task: 'ab' });
    keeper.change({ task: 'abc' });
    window.dispatchEvent(new Event('pagehide'));
    await keeper.flush();
    expect((await localAnswers('u1', 'f1'))?.answers).toEqual({ task: 'abc' });
    keeper.change({ task: 'abcd' });
    await keeper.close();
    await new Promise((r) => setTimeout(r, 80));
    expect((await localAnswers('u1', 'f1'))?.answers).toEqual({ task: 'abc' });
  });

  it("sign-out clears the user's data only", async () => {
    await enqueue(item('u1', 'f1', 'submit'));
    await enqueue(item('u2', 'f1', 'submit'));
    await putLocalAnswers({ userId: 'u1', formId: 'f1', version, answers: {}, saved: '' });
    await putLocalAnswers({ userId: 'u2', formId: 'f1', version, answers: {}, saved: '' });
    await cachePut('u1', 'form:f1', { id: 'f1' });
    await cachePut('u2', 'form:f1', { id: 'f1' });
    await clearUserData('u1');
    expect(await outboxItems('u1')).toEqual([]);
    expect(await outboxItems('u2')).toHaveLength(1);
    expect(await localAnswers('u1', 'f1')).toBeNull();
    expect(await localAnswers('u2', 'f1')).not.toBeNull();
    expect(await cacheGet('u1', 'form:f1')).toBeUndefined();
    expect(await cacheGet('u2', 'form:f1')).toEqual({ id: 'f1' });
  });
});

describe('refusal messages', () => {
  it("name each answer's problem by its question, else give the hub's message", () => {
    expect(
      refusalMessage({ version }, [
        { message: 'Could not save', extensions: { issues: [{ path: 'submissionData.task', message: 'This field is required' }] } },
      ]),
    ).toBe('Task: This field is required');
    expect(refusalMessage({ version }, [{ message: 'Only the published version of a form can be filled in' }])).toBe(
      'Only the published version of a form can be filled in',
    );
  });
});
