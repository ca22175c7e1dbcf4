import { useCallback, useRef, useSyncExternalStore } from 'react';

type Listener = () => void;

/**
 * A small keyed store outside React: components subscribe to the keys they read, so a
 * change to one answer re-renders only the questions that depend on it (quality.md: a
 * keystroke in a 200-question form repaints in at most 50 ms).
 */
export class KeyedStore<V> {
  private values: Record<string, V>;
  private readonly keyListeners = new Map<string, Set<Listener>>();
  private readonly allListeners = new Set<(changed: string[]) => void>();
  /** Increments on every change; cheap dirty tracking and snapshot caching. */
  version = 0;

  constructor(initial: Record<string, V> = {}) {
    this.values = { ...initial };
  }

  get(key: string): V | undefined {
    return this.values[key];
  }

  /** The current values; a new object after every change, never mutated. */
  getAll(): Record<string, V> {
    return this.values;
  }

  /** Sets one key; undefined removes it. Listeners run only when the value changed. */
  set(key: string, value: V | undefined): void {
    this.setMany({ [key]: value });
  }

  /** Sets several keys at once and notifies once per changed key. */
  setMany(patch: Record<string, V | undefined>): void {
    const changed: string[] = [];
    let next: Record<string, V> | null = null;
    for (const [key, value] of Object.entries(patch)) {
      const has = Object.prototype.hasOwnProperty.call(this.values, key);
      if (value === undefined ? !has : has && Object.is(this.values[key], value)) continue;
      next ??= { ...this.values };
      if (value === undefined) delete next[key];
      else next[key] = value;
      changed.push(key);
    }
    if (next) this.commit(next, changed);
  }

  /** Replaces every value (keys not in `values` are removed). */
  replace(values: Record<string, V>): void {
    const keys = new Set([...Object.keys(this.values), ...Object.keys(values)]);
    const changed = [...keys].filter((k) => !Object.is(this.values[k], values[k]));
    if (changed.length) this.commit({ ...values }, changed);
  }

  private commit(next: Record<string, V>, changed: string[]): void {
    this.values = next;
    this.version++;
    for (const key of changed) this.keyListeners.get(key)?.forEach((l) => l());
    this.allListeners.forEach((l) => l(changed));
  }

  /** Calls `listener` when `key` changes. Returns the unsubscribe function. */
  subscribe(key: string, listener: Listener): () => void {
    let set = this.keyListeners.get(key);
    if (!set) this.keyListeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.keyListeners.get(key) === set) this.keyListeners.delete(key);
    };
  }

  /** Calls `listener` (at most once per change) when any of `keys` changes. */
  subscribeKeys(keys: readonly string[], listener: Listener): () => void {
    const offs = keys.map((k) => this.subscribe(k, listener));
    return () => offs.forEach((off) => off());
  }

  /** Calls `listener` with the changed keys after every change. */
  subscribeAll(listener: (changed: string[]) => void): () => void {
    this.allListeners.add(listener);
    return () => {
      this.allListeners.delete(listener);
    };
  }

  /** How many listeners watch `key` (for tests). */
  listenerCount(key: string): number {
    return this.keyListeners.get(key)?.size ?? 0;
  }
}

/** The answers of one filling session, keyed by question id and derived keys. */
export type AnswerStore = KeyedStore<unknown>;
/** The message under each question, keyed by question id. */
export type ErrorStore = KeyedStore<string>;

export function createAnswerStore(initial: Record<string, unknown> = {}): AnswerStore {
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(initial)) if (v !== undefined) clean[k] = v;
  return new KeyedStore<unknown>(clean);
}

export function createErrorStore(): ErrorStore {
  return new KeyedStore<string>();
}

/** One key of a store; re-renders only when that key changes. */
export function useStoreValue<V>(store: KeyedStore<V>, key: string): V | undefined {
  const subscribe = useCallback((cb: Listener) => store.subscribe(key, cb), [store, key]);
  const get = useCallback(() => store.get(key), [store, key]);
  return useSyncExternalStore(subscribe, get, get);
}

/**
 * A value derived from the whole store, recomputed when one of `keys` changes or when
 * `select` is a new function (pass a memoised one: it stands for what the result depends on
 * besides the store, e.g. the form definition). `select` should return a primitive (or a
 * stable object) so unchanged results do not re-render.
 */
export function useStoreSelector<V, R>(store: KeyedStore<V>, keys: readonly string[], select: (values: Record<string, V>) => R): R {
  const cache = useRef<{ version: number; store: KeyedStore<V>; select: unknown; result: R } | null>(null);
  const keyString = keys.join('\u0000');
  // keyString stands for keys, so a new array with the same keys does not resubscribe.
  const subscribe = useCallback((cb: Listener) => store.subscribeKeys(keyString ? keyString.split('\u0000') : [], cb), [store, keyString]);
  const get = useCallback(() => {
    const c = cache.current;
    if (c && c.store === store && c.select === select && c.version === store.version) return c.result;
    const result = select(store.getAll());
    cache.current = { version: store.version, store, select, result };
    return result;
  }, [store, select]);
  return useSyncExternalStore(subscribe, get, get);
}
