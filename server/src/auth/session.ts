import { createHash, randomBytes } from 'node:crypto';
import type { Caller } from '../access/caller';
import type { Db } from '../db/client';

export const SESSION_COOKIE = 'hub_session';

/** Session ids are stored hashed: a leaked table does not give working cookies. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  userId: string,
  kind: Caller['kind'],
  absoluteHours: number,
  remember = false,
): Promise<string> {
  const token = randomBytes(16).toString('base64url'); // 128 bits
  await db.query(
    `INSERT INTO session (id, user_id, user_kind, expires, remember) VALUES ($1, $2, $3, now() + make_interval(hours => $4::int), $5)`,
    [hashToken(token), userId, kind, absoluteHours, remember],
  );
  return token;
}

/** Ends every session of a user (password reset, deactivation). */
export async function endUserSessions(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM session WHERE user_id = $1', [userId]);
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.query('DELETE FROM session WHERE id = $1', [hashToken(token)]);
}

/**
 * The caller behind a session, with the idle and absolute timeouts checked; read-only.
 * A "Remember me" session keeps only its absolute limit (30 days): idleness does not end it.
 */
export const CALLER_SQL = `SELECT s.user_id, s.user_kind, s.last_seen < now() - interval '1 minute' AS stale,
            coalesce(a.email, d.email) AS email, a.member_organisation_id AS organisation_id, a.role_id, r.name AS role,
            ARRAY(SELECT g.group_name FROM user_group g WHERE g.user_id = s.user_id ORDER BY g.group_name) AS groups
     FROM session s
     LEFT JOIN mehub_account a ON s.user_kind = 'account' AND a.id = s.user_id
     LEFT JOIN mehub_admin d ON s.user_kind = 'admin' AND d.id = s.user_id
     LEFT JOIN role r ON r.id = a.role_id
     WHERE s.id = $1 AND s.expires > now() AND (s.remember OR s.last_seen > now() - make_interval(mins => $2::int))`;

interface CallerRow {
  user_id: string;
  stale: boolean;
  user_kind: Caller['kind'];
  email: string | null;
  organisation_id: string | null;
  role_id: string | null;
  role: string | null;
  groups: string[] | null;
}

/**
 * Callers read on a database this process alone writes to (PGlite), kept until the next
 * write of any kind or for at most a second (so the timeouts stay exact to the second).
 * On PostgreSQL other servers may end a session at any time, so every request reads it.
 */
const CACHE_MS = 1000;
const CACHE_MAX = 10_000;
const callerCache = new WeakMap<Db['stats'], Map<string, { caller: Caller; writes: number; at: number }>>();

function cacheOf(db: Db) {
  let map = callerCache.get(db.stats);
  if (!map) callerCache.set(db.stats, (map = new Map()));
  return map;
}

/** The caller behind a session cookie, or null. */
export async function callerFromSession(db: Db, token: string | undefined, idleMinutes: number): Promise<Caller | null> {
  if (!token || token.length > 64) return null;
  const hash = hashToken(token);
  const cache = db.exclusive ? cacheOf(db) : null;
  const hit = cache?.get(hash);
  // A copy: nothing a request does to its caller may reach the next request.
  if (hit && hit.writes === db.stats.writes && Date.now() - hit.at < CACHE_MS) return { ...hit.caller, groups: [...hit.caller.groups] };
  // Counted before reading: a write queued behind this read (a sign-out, a role change)
  // must make the entry stale, not be taken as already seen.
  const writes = db.stats.writes;
  const caller = await readCaller(db, hash, idleMinutes);
  if (cache) {
    if (cache.size >= CACHE_MAX) cache.clear();
    if (caller) cache.set(hash, { caller, writes, at: Date.now() });
    else cache.delete(hash);
  }
  return caller;
}

async function readCaller(db: Db, hash: string, idleMinutes: number): Promise<Caller | null> {
  const { rows } = await db.query<CallerRow>(CALLER_SQL, [hash, idleMinutes]);
  const row = rows[0];
  if (!row || !row.email) return null;
  // Sliding the idle timeout needs a write only once a minute, not on every request.
  if (row.stale) await db.query('UPDATE session SET last_seen = now() WHERE id = $1', [hash]);
  return {
    userId: row.user_id,
    kind: row.user_kind,
    email: row.email,
    organisationId: row.organisation_id,
    roleId: row.role_id,
    role: row.role,
    groups: row.groups ?? [],
  };
}
