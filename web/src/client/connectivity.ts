import { useSyncExternalStore } from 'react';

/**
 * Whether the hub can be reached from this tab: the browser says it is offline, or the last
 * request to the hub failed without an answer (a network error: no connection, the server
 * unreachable). Any answer from the server, even an error, means it is reachable again.
 */
export class NetworkError extends Error {
  constructor(message = 'The hub cannot be reached: check the connection', cause?: unknown) {
    super(message);
    this.cause = cause;
  }
}

export const isNetworkError = (err: unknown): err is NetworkError => err instanceof NetworkError;

let unreachable = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** True while the browser is offline or the hub did not answer the last request. */
export function isOffline(): boolean {
  return browserOffline() || unreachable;
}

/** A request got no answer. */
export function reportUnreachable(): void {
  if (unreachable) return;
  unreachable = true;
  notify();
}

/** A request got an answer (of any status). */
export function reportReachable(): void {
  if (!unreachable) return;
  unreachable = false;
  notify();
}

/** Listens to changes of isOffline() (the browser's online and offline events included). */
export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  const onOnline = () => {
    // The browser has a connection again: the next request tells whether the hub answers.
    unreachable = false;
    listener();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', listener);
  };
}

export function useOffline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOffline, () => false);
}

/** fetch, with a failure to get any answer turned into a NetworkError and the connectivity state kept. */
export async function hubFetch(input: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(input, init);
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    reportUnreachable();
    throw new NetworkError(undefined, err);
  }
  reportReachable();
  return res;
}
