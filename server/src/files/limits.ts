import type { Readable } from 'node:stream';
import { MB } from '@hub/model';
import { UserError } from '../core/errors';

/**
 * How long, how many and how much uploads may take, in one place (docs/api.md, Files).
 * Per process; tests lower them.
 */
export const UPLOAD_LIMITS = {
  /** A request body from which no byte arrives for this long has stalled: refused (408), its files removed. */
  idleMs: 60_000,
  /** A whole request, however it moves (Fastify's requestTimeout): a 20 MB file at 50 kB/s takes 7 minutes. */
  requestMs: 30 * 60_000,
  /** Multipart requests one caller may have open at once. */
  perCaller: 3,
  /** Bytes all open requests together may have staged (received, not yet stored or discarded). */
  stagingBytes: 2000 * MB,
  /** Retry-After of a refusal for lack of staging room. */
  retryAfterSeconds: 60,
};

/** At most 100 characters of client-given text (a part name, a path) in a message. */
export const clip = (text: string, max = 100): string => (text.length > max ? `${text.slice(0, max)}…` : text);

const seconds = (ms: number) => {
  const s = Math.max(1, Math.round(ms / 1000));
  return `${s} second${s === 1 ? '' : 's'}`;
};

export const uploadMessages = {
  stalled: () => `The upload stalled: nothing arrived for ${seconds(UPLOAD_LIMITS.idleMs)}. Please send it again.`,
  tooMany: () => `You are already sending ${UPLOAD_LIMITS.perCaller} uploads; wait for one to finish.`,
  busy: 'The hub is receiving too many uploads at the moment. Please try again in a minute.',
};

/** No byte of the request arrived for the idle time (408; the connection is closed). */
export class UploadStalledError extends UserError {
  constructor() {
    super(uploadMessages.stalled(), 'REQUEST_TIMEOUT', 408);
  }
}

/** The caller already has its share of uploads open (429). */
export class TooManyUploadsError extends UserError {
  constructor() {
    super(uploadMessages.tooMany(), 'TOO_MANY_REQUESTS', 429);
  }
}

/** All requests together have staged as much as the hub allows (503 with Retry-After). */
export class StagingFullError extends UserError {
  constructor() {
    super(uploadMessages.busy, 'SERVICE_UNAVAILABLE', 503);
  }
}

/** One multipart request's place among the open ones: its caller's slot and the bytes it has staged. */
export interface UploadTicket {
  /** Counts `bytes` more staged by this request; refuses them past the hub's total. */
  take(bytes: number): void;
  /** The request is over (its files stored or removed): its slot and bytes are free again. */
  release(): void;
}

const openByCaller = new Map<string, number>();
let stagedBytes = 0;

/** Admits one multipart request of `caller`, or refuses it before anything is read. */
export function admitUpload(caller: string): UploadTicket {
  const open = openByCaller.get(caller) ?? 0;
  if (open >= UPLOAD_LIMITS.perCaller) throw new TooManyUploadsError();
  if (stagedBytes >= UPLOAD_LIMITS.stagingBytes) throw new StagingFullError();
  openByCaller.set(caller, open + 1);
  let mine = 0;
  let released = false;
  return {
    take(bytes) {
      if (stagedBytes + bytes > UPLOAD_LIMITS.stagingBytes) throw new StagingFullError();
      stagedBytes += bytes;
      mine += bytes;
    },
    release() {
      if (released) return;
      released = true;
      stagedBytes -= mine;
      const left = (openByCaller.get(caller) ?? 1) - 1;
      if (left > 0) openByCaller.set(caller, left);
      else openByCaller.delete(caller);
    },
  };
}

/**
 * Calls `onIdle` when no byte of `body` arrived for the idle time, while the body is
 * being read (time the server itself pauses the body, writing to disk, does not count).
 * Listens without changing how the body flows: call it once the body is piped to its reader.
 * Returns the function that stops watching.
 */
export function watchIdle(body: Readable, onIdle: () => void, idleMs = UPLOAD_LIMITS.idleMs): () => void {
  const fire = () => {
    if (body.readableFlowing === false) return void timer.refresh();
    stop();
    onIdle();
  };
  const timer = setTimeout(fire, idleMs);
  const onData = () => timer.refresh();
  const stop = () => {
    clearTimeout(timer);
    body.off('data', onData);
    body.off('end', stop);
    body.off('close', stop);
  };
  body.on('data', onData);
  body.once('end', stop);
  body.once('close', stop);
  return stop;
}
