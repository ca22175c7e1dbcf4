/**
 * Undo and redo for the designer (issue 12 item 8): bounded, with edits that share a key
 * within COALESCE_MS (typing in one field) merged into one step.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  lastKey?: string;
  lastAt?: number;
}

export const COALESCE_MS = 1000;
export const HISTORY_LIMIT = 100;

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/**
 * Records `next` as the present. With the same key as the previous push within 1000 ms it
 * replaces the present instead (so one undo returns to the state before the typing began).
 * At most `limit` (default 100) past states are kept. Pushing the present itself is a no-op.
 */
export function pushHistory<T>(h: History<T>, next: T, opts: { key?: string; now?: number; limit?: number } = {}): History<T> {
  if (Object.is(next, h.present)) return h;
  const now = opts.now ?? Date.now();
  const limit = Math.max(1, opts.limit ?? HISTORY_LIMIT);
  const key = opts.key;
  const coalesce = key !== undefined && key === h.lastKey && h.lastAt !== undefined && now - h.lastAt <= COALESCE_MS && h.past.length > 0;
  const stamp = key === undefined ? {} : { lastKey: key, lastAt: now };
  if (coalesce) return { past: h.past, present: next, future: [], ...stamp };
  const past = [...h.past, h.present];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, present: next, future: [], ...stamp };
}

export const canUndo = <T>(h: History<T>): boolean => h.past.length > 0;
export const canRedo = <T>(h: History<T>): boolean => h.future.length > 0;

export function undo<T>(h: History<T>): History<T> {
  if (!canUndo(h)) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
}

export function redo<T>(h: History<T>): History<T> {
  if (!canRedo(h)) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
}
