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
  // A number past 2^53 has already lost digits when JSON.parse gives it to us: refused, never rounded.
  memnetID: z
    .union(
      [
        z.string().trim(),
        z
          .number()
          .int('a membership number of 1 to 20 digits')
          .nonnegative('a membership number of 1 to 20 digits')
          .max(Number.MAX_SAFE_INTEGER, 'a membership number of 1 to 20 digits (as a string when over 15 digits)'),
      ],
      'a membership number of 1 to 20 digits',
    )
    .transform((v, ctx) => {
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

/** The feed's outer shape; its entries are checked one slice at a time (checkFeed). */
const feedShape = z.strictObject({
  /** When the membership system made the feed (informational). */
  generatedAt: z.string().max(40).optional(),
  organisations: z.array(z.unknown()).max(100_000, 'at most 100,000 organisations'),
  accounts: z.array(z.unknown()).max(500_000, 'at most 500,000 accounts'),
});

/** One entry per key: a second one would make the result depend on the feed's order. */
function duplicates(feed: Feed): z.core.$ZodRawIssue[] {
  const issues: z.core.$ZodRawIssue[] = [];
  const once = (list: readonly Record<string, unknown>[], name: 'organisations' | 'accounts', key: string, norm: (v: string) => string) => {
    const seen = new Map<string, number>();
    list.forEach((entry, i) => {
      const value = norm(String(entry[key]));
      const first = seen.get(value);
      if (first === undefined) seen.set(value, i);
      else
        issues.push({
          code: 'custom',
          input: entry[key],
          path: [name, i, key],
          message: `the same ${key} as ${name}[${first}] (${String(entry[key])})`,
        });
    });
  };
  once(feed.organisations, 'organisations', 'memberCode', (v) => v.toLowerCase());
  once(feed.accounts, 'accounts', 'memnetID', (v) => v);
  once(feed.accounts, 'accounts', 'email', (v) => v.toLowerCase());
  return issues;
}

export const feedSchema = feedShape
  .extend({
    organisations: z.array(feedOrganisationSchema).max(100_000, 'at most 100,000 organisations'),
    accounts: z.array(feedAccountSchema).max(500_000, 'at most 500,000 accounts'),
  })
  .superRefine((feed, ctx) => {
    for (const issue of duplicates(feed)) ctx.addIssue(issue);
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

/** Entries checked between two yields to the event loop: a large feed must not stop the hub answering. */
const SLICE = 2_000;

function feedFailure(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FeedError {
  const shown = issues.slice(0, FEED_ISSUES_SHOWN).map((i) => `${feedPath(i.path)}: ${i.message}`);
  const more = issues.length > FEED_ISSUES_SHOWN ? ` (and ${issues.length - FEED_ISSUES_SHOWN} more)` : '';
  return new FeedError(`The membership feed is not valid, nothing was changed: ${shown.join('; ')}${more}`);
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch (err) {
    throw new FeedError(`The membership feed is not valid JSON: ${(err as Error).message}`);
  }
}

/** Checks the whole feed; a FeedError names the first few problems by path. (Blocks while it checks: small feeds and tests.) */
export function parseFeed(body: string): Feed {
  const result = feedSchema.safeParse(parseJson(body));
  if (result.success) return result.data;
  throw feedFailure(result.error.issues);
}

/**
 * parseFeed for the job: the same checks and messages, the entries checked SLICE at a time
 * with a yield to the event loop between slices, so a feed of hundreds of thousands of
 * entries never stops the hub answering requests for seconds.
 */
export async function checkFeed(body: string, signal?: AbortSignal): Promise<Feed> {
  const json = parseJson(body);
  const shape = feedShape.safeParse(json);
  if (!shape.success) throw feedFailure(shape.error.issues);
  const issues: { path: PropertyKey[]; message: string }[] = [];
  const checkList = async <T>(name: 'organisations' | 'accounts', list: unknown[], schema: z.ZodType<T>): Promise<T[]> => {
    const out: T[] = [];
    for (let start = 0; start < list.length; start += SLICE) {
      if (start) await new Promise((resolve) => setImmediate(resolve));
      if (signal?.aborted) throw new FeedError('The membership sync was stopped: the server is shutting down');
      const end = Math.min(list.length, start + SLICE);
      for (let i = start; i < end; i++) {
        const r = schema.safeParse(list[i]);
        if (r.success) out.push(r.data);
        else for (const issue of r.error.issues) issues.push({ path: [name, i, ...issue.path], message: issue.message });
      }
    }
    return out;
  };
  const feed: Feed = {
    ...(shape.data.generatedAt !== undefined ? { generatedAt: shape.data.generatedAt } : {}),
    organisations: await checkList('organisations', shape.data.organisations, feedOrganisationSchema),
    accounts: await checkList('accounts', shape.data.accounts, feedAccountSchema),
  };
  if (!issues.length) issues.push(...duplicates(feed).map((i) => ({ path: i.path ?? [], message: i.message ?? '' })));
  if (issues.length) throw feedFailure(issues);
  return feed;
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
