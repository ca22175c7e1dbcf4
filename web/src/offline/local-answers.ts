import type { Answers } from '@hub/model/forms';
import { offlineDb, type KeptVersion, type LocalAnswers } from './db';

/**
 * The answers of a form as they are typed, kept on the device per user and form (with the
 * version they were typed on) until the hub has them: a delivered save, the outbox taking
 * them, or the user discarding them. Reopening the form (after closing the tab, a power
 * loss) restores them.
 */

export async function localAnswers(userId: string, formId: string): Promise<LocalAnswers | null> {
  try {
    return (await (await offlineDb()).get('answers', [userId, formId])) ?? null;
  } catch {
    return null;
  }
}

export async function putLocalAnswers(record: LocalAnswers): Promise<void> {
  await (await offlineDb()).put('answers', record);
}

export async function clearLocalAnswers(userId: string, formId: string): Promise<void> {
  try {
    await (await offlineDb()).delete('answers', [userId, formId]);
  } catch {
    // Nothing was kept.
  }
}

/** How long typing may pause before the answers are written (a page hide writes at once). */
export const KEEP_DELAY_MS = 400;

export interface AnswerKeeper {
  /** The answers changed: written after a short pause. */
  change(answers: Answers): void;
  /** Writes a pending change now. */
  flush(): Promise<void>;
  /**
   * No more writes (the answers were delivered, queued or discarded); a pending change is
   * dropped. Resolves once a write already under way has ended (clear after it).
   */
  close(): Promise<void>;
}

/**
 * Writes a form's answers to the device as they change (debounced), at once when the page is
 * hidden or closed (pagehide, visibilitychange), and never after `close()`.
 */
export function keepAnswers(userId: string, formId: string, version: KeptVersion, delay = KEEP_DELAY_MS): AnswerKeeper {
  let pending: Answers | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (closed || !pending) return writing;
    const answers = pending;
    pending = null;
    writing = writing
      .then(() => (closed ? undefined : putLocalAnswers({ userId, formId, version, answers, saved: new Date().toISOString() })))
      .catch(() => {
        // A device that cannot keep them (storage full, private mode): the form still works online.
      });
    return writing;
  };
  const onHide = () => void write();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') void write();
  };
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);
  return {
    change(answers) {
      if (closed) return;
      pending = answers;
      if (timer) clearTimeout(timer);
      timer = setTimeout(write, delay);
    },
    flush: write,
    close() {
      closed = true;
      pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      return writing;
    },
  };
}
