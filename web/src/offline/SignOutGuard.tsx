import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * Signing out deletes what the device keeps for the user (docs/offline.md). Forms still
 * waiting to send would be lost with it: the user is asked first. The question's dialog
 * loads only when asked (sign-in and home stay small).
 */

export interface SignOutQuestion {
  count: number;
  answer: (go: boolean) => void;
}

let asking: SignOutQuestion | null = null;
const listeners = new Set<() => void>();
const set = (next: SignOutQuestion | null) => {
  asking = next;
  listeners.forEach((l) => l());
};

/** Whether to go on signing out: true at once when nothing waits; else the user's choice. */
async function confirmLosing(userId: string): Promise<boolean> {
  let count = 0;
  try {
    const { isPending, outboxItems } = await import('./outbox');
    count = (await outboxItems(userId)).filter(isPending).length;
  } catch {
    return true;
  }
  if (!count) return true;
  return new Promise<boolean>((answer) => set({ count, answer }));
}

/**
 * Before signing out `userId`: asks when forms wait to be sent, then deletes the user's data
 * on this device. False: the user chose to stay signed in (nothing deleted).
 */
export async function prepareSignOut(userId: string | undefined): Promise<boolean> {
  if (!userId) return true;
  if (!(await confirmLosing(userId))) return false;
  try {
    const { clearUserData } = await import('./db');
    await clearUserData(userId);
  } catch {
    // A device without IndexedDB kept nothing.
  }
  return true;
}

const SignOutDialog = lazy(() => import('./SignOutDialog').then((m) => ({ default: m.SignOutDialog })));

/** The question, mounted once for the whole app. */
export function SignOutGuard() {
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => asking,
    () => null,
  );
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <SignOutDialog
        count={current.count}
        onAnswer={(go) => {
          current.answer(go);
          set(null);
        }}
      />
    </Suspense>
  );
}
