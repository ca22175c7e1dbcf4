import type { Readable } from 'node:stream';
import { MB } from '@hub/model';
import { UserError } from '../core/errors';
import type { Db } from '../db/client';

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
  /**
   * The stored files of one member organisation together (STORAGE_QUOTA_MB; the main process
   * sets it from the config). Administrators' uploads count against no organisation.
   */
  organisationBytes: 5000 * MB,
  /** What one account (or API token) may upload in an hour, stored or not (UPLOAD_RATE_MB_PER_HOUR). */
  accountBytesPerHour: 200 * MB,
  /** The hour's count in the database is brought up to date at least this often while a file arrives. */
  rateFlushBytes: 1 * MB,
};

/** '5 GB', '200 MB', '1.5 MB': the figures of the quota and rate messages and of the settings page. */
export function sizeText(bytes: number): string {
  const [value, unit] = bytes >= 1000 * MB ? [bytes / (1000 * MB), 'GB'] : [bytes / MB, 'MB'];
  return `${Number(value.toFixed(1))} ${unit}`;
}

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
  quotaFull: (quota: number) =>
    `Your organisation has used its ${sizeText(quota)} of storage. Delete files you no longer need or ask the association for more.`,
  quotaPassed: (quota: number) =>
    `This upload would take your organisation past its ${sizeText(quota)} of storage. Delete files you no longer need or ask the association for more.`,
  rate: (rate: number, minutesLeft: number) =>
    `You have uploaded ${sizeText(rate)} in the last hour, the most one account may upload in an hour. You can upload again in ${minutesLeft} minute${minutesLeft === 1 ? '' : 's'}.`,
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

/** The organisation's stored files have reached its quota, or this upload would pass it (413). */
export class StorageQuotaError extends UserError {
  constructor(message: string) {
    super(message, 'PAYLOAD_TOO_LARGE', 413);
  }
}

/** The account has uploaded its hour's bytes (429). */
export class UploadRateError extends UserError {
  constructor(minutesLeft: number) {
    super(uploadMessages.rate(UPLOAD_LIMITS.accountBytesPerHour, minutesLeft), 'TOO_MANY_REQUESTS', 429);
  }
}

/*
 * The hour's uploads of an account are counted in the database (in login_throttle, as the mail
 * limits are: one row per account, in kB, in a window of an hour from its first upload), so
 * every server of the hub sees the same count.
 */
const RATE_WINDOW_MINUTES = 60;
const rateKey = (account: string) => `upload:${account}`;

/** Bytes `account` ('account:<id>', 'token:<id>') has uploaded in the current hour. */
export async function uploadedThisHour(db: Db, account: string): Promise<number> {
  const { rows } = await db.query<{ kb: number }>(
    `SELECT failures AS kb FROM login_throttle WHERE key = $1 AND window_start > now() - make_interval(mins => $2::int)`,
    [rateKey(account), RATE_WINDOW_MINUTES],
  );
  return Number(rows[0]?.kb ?? 0) * 1024;
}

/** The whole minutes until `account`'s hour of uploads is over (at least 1). */
async function minutesLeft(db: Db, account: string): Promise<number> {
  const { rows } = await db.query<{ s: number | null }>(
    `SELECT EXTRACT(EPOCH FROM (window_start + make_interval(mins => $2::int) - now()))::float8 AS s FROM login_throttle WHERE key = $1`,
    [rateKey(account), RATE_WINDOW_MINUTES],
  );
  return Math.min(RATE_WINDOW_MINUTES, Math.max(1, Math.ceil(Number(rows[0]?.s ?? 60) / 60)));
}

/** The account's hour is used up: the refusal says when it may upload again. */
const rateError = async (db: Db, account: string) => new UploadRateError(await minutesLeft(db, account));

/** Counts `bytes` more uploaded by `account` this hour; answers the hour's total. */
async function countUploaded(db: Db, account: string, bytes: number): Promise<number> {
  const { rows } = await db.query<{ kb: number }>(
    `INSERT INTO login_throttle (key, failures, window_start) VALUES ($1, $3, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN login_throttle.window_start > now() - make_interval(mins => $2::int) THEN login_throttle.failures + $3 ELSE $3 END,
       window_start = CASE WHEN login_throttle.window_start > now() - make_interval(mins => $2::int) THEN login_throttle.window_start ELSE now() END
     RETURNING failures AS kb`,
    [rateKey(account), RATE_WINDOW_MINUTES, Math.ceil(bytes / 1024)],
  );
  return Number(rows[0].kb) * 1024;
}

/** What one request may still upload: its organisation's room and its account's hour. */
export interface UploadBudget {
  /** Counts `bytes` received; refuses them past the organisation's quota or the account's rate. */
  take(bytes: number): void | Promise<void>;
  /** The request is over: what it received and has not counted yet is counted. */
  finish(): Promise<void>;
}

/**
 * The budget of one multipart request, or a refusal before anything is read: the
 * organisation's stored files (`organisationUsed`; null for an account of no organisation)
 * against its quota, and the account's uploads this hour against the rate.
 * While files arrive, their bytes are counted against both and added to the hour's count in
 * the database every `rateFlushBytes` and at the end, so concurrent requests on any server see
 * each other (each may pass the rate by at most that much). Administrators are bound by
 * neither: their uploads count against no organisation (docs/security.md, Uploads).
 */
export async function uploadBudget(
  db: Db,
  account: string,
  o: { administrator: boolean; organisationUsed: number | null },
): Promise<UploadBudget> {
  if (o.administrator) return { take: () => {}, finish: async () => {} };
  const organisationUsed = o.organisationUsed;
  const quota = organisationUsed === null ? Infinity : UPLOAD_LIMITS.organisationBytes;
  const rate = UPLOAD_LIMITS.accountBytesPerHour;
  if (organisationUsed !== null && organisationUsed >= quota) throw new StorageQuotaError(uploadMessages.quotaFull(quota));
  let hour = await uploadedThisHour(db, account);
  if (hour >= rate) throw await rateError(db, account);
  let received = 0;
  let pending = 0;
  const flush = async () => {
    const bytes = pending;
    pending = 0;
    if (bytes) hour = await countUploaded(db, account, bytes);
  };
  return {
    take(bytes) {
      received += bytes;
      pending += bytes;
      if (organisationUsed !== null && organisationUsed + received > quota) throw new StorageQuotaError(uploadMessages.quotaPassed(quota));
      if (hour + pending > rate) return flush().then(async () => Promise.reject(await rateError(db, account)));
      if (pending >= UPLOAD_LIMITS.rateFlushBytes)
        return flush().then(async () => {
          if (hour > rate) throw await rateError(db, account);
        });
    },
    finish: flush,
  };
}

/** One multipart request's place among the open ones: its caller's slot and the bytes it has staged. */
export interface UploadTicket {
  /** Counts `bytes` more staged by this request; refuses them past the hub's total, the organisation's quota or the account's rate. */
  take(bytes: number): void | Promise<void>;
  /** The files are read (or refused): what they received is counted in the account's hour. */
  finish(): Promise<void>;
  /** The request is over (its files stored or removed): its slot and bytes are free again. */
  release(): void;
  /** The organisation the request's files count against (null: an administrator's). */
  organisationId: string | null;
}

const openByCaller = new Map<string, number>();
let stagedBytes = 0;

/**
 * Admits one multipart request of `caller` within its `budget` (uploadBudget), or refuses it
 * before anything is read.
 */
export function admitUpload(
  caller: string,
  budget: UploadBudget = { take: () => {}, finish: async () => {} },
  organisationId: string | null = null,
): UploadTicket {
  const open = openByCaller.get(caller) ?? 0;
  if (open >= UPLOAD_LIMITS.perCaller) throw new TooManyUploadsError();
  if (stagedBytes >= UPLOAD_LIMITS.stagingBytes) throw new StagingFullError();
  openByCaller.set(caller, open + 1);
  let mine = 0;
  let released = false;
  return {
    organisationId,
    take(bytes) {
      if (stagedBytes + bytes > UPLOAD_LIMITS.stagingBytes) throw new StagingFullError();
      stagedBytes += bytes;
      mine += bytes;
      return budget.take(bytes);
    },
    finish: () => budget.finish(),
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
