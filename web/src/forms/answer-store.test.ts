import { describe, expect, it, vi } from 'vitest';
import { createAnswerStore, KeyedStore } from './answer-store';

describe('answer store', () => {
  it('notifies only the listeners of the key that changed', () => {
    const store = createAnswerStore({ a: 'x' });
    const onA = vi.fn();
    const onB = vi.fn();
    store.subscribe('a', onA);
    store.subscribe('b', onB);
    store.set('a', 'y');
    expect(onA).toHaveBeenCalledTimes(1);
    expect(onB).not.toHaveBeenCalled();
    expect(store.get('a')).toBe('y');
  });

  it('does not notify when the value is unchanged, and undefined removes the key', () => {
    const store = createAnswerStore({ a: 1 });
    const onA = vi.fn();
    store.subscribe('a', onA);
    store.set('a', 1);
    expect(onA).not.toHaveBeenCalled();
    store.set('a', undefined);
    expect(onA).toHaveBeenCalledTimes(1);
    expect('a' in store.getAll()).toBe(false);
  });

  it('keeps snapshots immutable and counts versions', () => {
    const store = createAnswerStore();
    const before = store.getAll();
    const v = store.version;
    store.set('a', 'x');
    expect(before).toEqual({});
    expect(store.getAll()).toEqual({ a: 'x' });
    expect(store.version).toBe(v + 1);
  });

  it('setMany notifies each changed key once and the all-listener with the changed keys', () => {
    const store = new KeyedStore<number>({ a: 1, b: 2 });
    const onA = vi.fn();
    const onB = vi.fn();
    const onAll = vi.fn();
    store.subscribe('a', onA);
    store.subscribe('b', onB);
    store.subscribeAll(onAll);
    store.setMany({ a: 5, b: 2, c: 3 });
    expect(onA).toHaveBeenCalledTimes(1);
    expect(onB).not.toHaveBeenCalled();
    expect(onAll).toHaveBeenCalledWith(['a', 'c']);
  });

  it('unsubscribes', () => {
    const store = createAnswerStore();
    const listener = vi.fn();
    const off = store.subscribeKeys(['a', 'b'], listener);
    expect(store.listenerCount('a')).toBe(1);
    off();
    expect(store.listenerCount('a')).toBe(0);
    store.set('a', 1);
    expect(listener).not.toHaveBeenCalled();
  });
});
