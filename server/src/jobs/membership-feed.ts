import { open } from 'node:fs/promises';
import { State } from '@hub/model';
import { z } from 'zod';
import type { MembershipFeedSettings } from '../config';

/**
 * The membership system's feed (docs/membership-feed.md): reading it from a URL or a file
 * within a time and size limit, and checking all of it before the sync changes anything.
 */

/** A feed that could not be read or is not a valid feed: the run fails with this message and nothing changes. */
export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedError';
  }
}

/** How many schema problems a failed run names (the rest are counted). */
export const FEED_ISSUES_SHOWN = 5;

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);
/** An optional text field: absent leaves the stored value, null or '' clears it. */
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'a day that exists, as YYYY-MM-DD');
const stateKeys = Object.keys(State.values) as [string, ...string[]];

const memberCode = text(50).min(1, 'required');

export const feedOrganisationSchema = z.strictObject({
  memberCode,
  name: text(200).min(1, 'required'),
  isActive: z.boolean(),
});

export const feedAccountSchema = z.strictObject({
  /** The membership number: digits, given as a string or a whole number. */
  memnetID: z.union([z.string().trim(), z.number().int().nonnegative()]).transform((v, ctx) => {
    const s = String(v);
    if (!/^\d{1,20}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: 'a membership number of 1 to 20 digits' });
      return z.NEVER;
    }
    return s;
  }),
  email: z
    .string()
    .trim()
    .max(320, 'at most 320 characters')
    .pipe(z.email('an email address'))
    .transform((v) => v.toLowerCase()),
  organisation: memberCode,
  role: optionalText(100),
  firstname: optionalText(200),
  surname: optionalText(200),
  mobileNumber: optionalText(50),
  streetAddress1: optionalText(200),
  streetAddress2: optionalText(200),
  streetAddress3: optionalText(200),
  postcode: optionalText(20),
  city: optionalText(100),
  state: z
    .enum(stateKeys, `one of ${stateKeys.join(', ')}`)
    .nullable()
    .optional(),
  country: optionalText(100),
  startDate: day.nullable().optional(),
  endDate: day.nullable().optional(),
  isDuplicate: z.boolean().optional(),
});

export const feedSchema = z
  .strictObject({
    /** When the membership system made the feed (informational). */
    generatedAt: z.string().max(40).optional(),
    organisations: z.array(feedOrganisationSchema).max(100_000, 'at most 100,000 organisations'),
    accounts: z.array(feedAccountSchema).max(500_000, 'at most 500,000 accounts'),
  })
  .superRefine((feed, ctx) => {
    // One entry per key: a second one would make the result depend on the feed's order.
    const once = (
      list: readonly Record<string, unknown>[],
      name: 'organisations' | 'accounts',
      key: string,
      norm: (v: string) => string,
    ) => {
      const seen = new Map<string, number>();
      list.forEach((entry, i) => {
        const value = norm(String(entry[key]));
        const first = seen.get(value);
        if (first === undefined) seen.set(value, i);
        else
          ctx.addIssue({ code: 'custom', path: [name, i, key], message: `the same ${key} as ${name}[${first}] (${String(entry[key])})` });
      });
    };
    once(feed.organisations, 'organisations', 'memberCode', (v) => v.toLowerCase());
    once(feed.accounts, 'accounts', 'memnetID', (v) => v);
    once(feed.accounts, 'accounts', 'email', (v) => v.toLowerCase());
  });

export type Feed = z.infer<typeof feedSchema>;
export type FeedAccount = Feed['accounts'][number];
export type FeedOrganisation = Feed['organisations'][number];

/** `accounts[3].email` from a zod path. */
export function feedPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out || '(the feed)';
}

/** Checks the whole feed; a FeedError names the first few problems by path. */
export function parseFeed(body: string): Feed {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (err) {
    throw new FeedError(`The membership feed is not valid JSON: ${(err as Error).message}`);
  }
  const result = feedSchema.safeParse(json);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const shown = issues.slice(0, FEED_ISSUES_SHOWN).map((i) => `${feedPath(i.path)}: ${i.message}`);
  const more = issues.length > FEED_ISSUES_SHOWN ? ` (and ${issues.length - FEED_ISSUES_SHOWN} more)` : '';
  throw new FeedError(`The membership feed is not valid, nothing was changed: ${shown.join('; ')}${more}`);
}

/** The configured source in words, for the jobs page (never the token). */
export function feedSource(settings: MembershipFeedSettings): string {
  if (settings.url) {
    const u = new URL(settings.url);
    return `${u.origin}${u.pathname}`;
  }
  return settings.file ?? 'no feed';
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The feed's text, from MEMBERSHIP_FEED_URL or MEMBERSHIP_FEED_FILE, within the time and size limits. */
export async function readFeed(settings: MembershipFeedSettings, signal: AbortSignal): Promise<string> {
  if (settings.url) return fetchFeed(settings, settings.url, signal);
  if (settings.file) return readFeedFile(settings.file, settings.maxBytes);
  throw new FeedError('No membership feed is configured (MEMBERSHIP_FEED_URL or MEMBERSHIP_FEED_FILE)');
}

async function fetchFeed(settings: MembershipFeedSettings, url: string, shutdown: AbortSignal): Promise<string> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = AbortSignal.any([shutdown, timeout]);
  const where = feedSource(settings);
  const failed = (err: unknown): never => {
    if (timeout.aborted) throw new FeedError(`The membership feed at ${where} did not answer within ${settings.timeoutMs / 1000} s`);
    if (shutdown.aborted) throw new FeedError('The membership sync was stopped: the server is shutting down');
    if (err instanceof FeedError) throw err;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new FeedError(`The membership feed at ${where} could not be reached: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
  };
  let res: Response;
  try {
    res = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: { accept: 'application/json', ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}) },
    });
  } catch (err) {
    return failed(err);
  }
  try {
    if (!res.ok)
      throw new FeedError(`The membership feed at ${where} answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > settings.maxBytes)
      throw new FeedError(`The membership feed at ${where} is larger than ${mb(settings.maxBytes)} (MEMBERSHIP_FEED_MAX_MB)`);
    if (!res.body) return '';
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > settings.maxBytes)
        throw new FeedError(`The membership feed at ${where} is larger than ${mb(settings.maxBytes)} (MEMBERSHIP_FEED_MAX_MB)`);
      chunks.push(chunk);
    }
    return decodeUtf8(Buffer.concat(chunks), where);
  } catch (err) {
    return failed(err);
  } finally {
    // Stop the download when we gave up early (too big, an error status).
    if (res.body && !res.bodyUsed) await res.body.cancel().catch(() => {});
  }
}

async function readFeedFile(path: string, maxBytes: number): Promise<string> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    throw new FeedError(
      `The membership feed file ${path} could not be opened: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  try {
    const s = await handle.stat();
    if (!s.isFile()) throw new FeedError(`The membership feed file ${path} is not a file`);
    if (s.size > maxBytes) throw new FeedError(`The membership feed file ${path} is larger than ${mb(maxBytes)} (MEMBERSHIP_FEED_MAX_MB)`);
    const buf = Buffer.alloc(Math.min(s.size, maxBytes) + 1);
    let size = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buf, size, buf.length - size, size);
      if (!bytesRead) break;
      size += bytesRead;
      if (size > maxBytes) throw new FeedError(`The membership feed file ${path} is larger than ${mb(maxBytes)} (MEMBERSHIP_FEED_MAX_MB)`);
      if (size === buf.length) break;
    }
    return decodeUtf8(buf.subarray(0, size), path);
  } finally {
    await handle.close();
  }
}

function decodeUtf8(bytes: Uint8Array, where: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new FeedError(`The membership feed at ${where} is not UTF-8 text`);
  }
}
