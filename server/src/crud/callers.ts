import { GROUPS } from '@hub/model';
import type { Caller, PendingSession } from '../access/caller';
import { hashToken } from '../auth/session';
import type { Db } from '../db/client';
import type { Params } from '../db/params';
import { columnSql, tableSql } from './system';

/**
 * Who is calling: the caller behind a session cookie or an API token, read with the user
 * entities (crud/system.ts: the hub's own reads, before any caller exists).
 */

const ACCOUNT = 'MehubAccountEntity';
const ADMIN = 'MehubAdminEntity';

/**
 * The caller behind a session, with the idle and absolute timeouts checked; read-only.
 * A "Remember me" session keeps only its absolute limit (30 days): idleness does not end it.
 * Every column is cast to the type the server reads: the statement is a named prepared one, and
 * PostgreSQL refuses to run one whose result type changed (a migration that makes the email a
 * varchar or citext, run by a server upgraded first) until it is prepared again.
 */
export const callerSql = (
  hash: string,
  idleMinutes: string,
) => `SELECT s.user_id::uuid AS user_id, s.user_kind::text AS user_kind, s.last_seen < now() - interval '1 minute' AS stale,
            coalesce(${columnSql(ACCOUNT, 'email', 'a')}, ${columnSql(ADMIN, 'email', 'd')})::text AS email,
            ${columnSql(ACCOUNT, 'memberOrganisation', 'a')}::uuid AS organisation_id, ${columnSql(ACCOUNT, 'role', 'a')}::uuid AS role_id,
            ${columnSql('RoleEntity', 'name', 'r')}::text AS role,
            ARRAY(SELECT g.group_name::text FROM user_group g WHERE g.user_id = s.user_id ORDER BY g.group_name) AS groups
     FROM session s
     LEFT JOIN ${tableSql(ACCOUNT)} a ON s.user_kind = 'account' AND a.id = s.user_id
     LEFT JOIN ${tableSql(ADMIN)} d ON s.user_kind = 'admin' AND d.id = s.user_id
     LEFT JOIN ${tableSql('RoleEntity')} r ON r.id = ${columnSql(ACCOUNT, 'role', 'a')}
     WHERE s.id = ${hash} AND s.expires > now() AND (s.remember OR s.last_seen > now() - make_interval(mins => ${idleMinutes}::int))`;
export const CALLER_SQL = callerSql('$1', '$2');

/**
 * callerSql for a session known to be a member's (the caller it is checked against is an
 * account): the same columns, read without the administrators' table. A session of another kind,
 * or whose account is gone, gives no row, as callerSql's row would then not match the caller.
 */
const accountCallerSql = (
  hash: string,
  idleMinutes: string,
) => `SELECT s.user_id::uuid AS user_id, s.user_kind::text AS user_kind, s.last_seen < now() - interval '1 minute' AS stale,
            ${columnSql(ACCOUNT, 'email', 'a')}::text AS email,
            ${columnSql(ACCOUNT, 'memberOrganisation', 'a')}::uuid AS organisation_id, ${columnSql(ACCOUNT, 'role', 'a')}::uuid AS role_id,
            ${columnSql('RoleEntity', 'name', 'r')}::text AS role,
            ARRAY(SELECT g.group_name::text FROM user_group g WHERE g.user_id = s.user_id ORDER BY g.group_name) AS groups
     FROM session s
     JOIN ${tableSql(ACCOUNT)} a ON a.id = s.user_id
     LEFT JOIN ${tableSql('RoleEntity')} r ON r.id = ${columnSql(ACCOUNT, 'role', 'a')}
     WHERE s.id = ${hash} AND s.user_kind = 'account' AND s.expires > now()
       AND (s.remember OR s.last_seen > now() - make_interval(mins => ${idleMinutes}::int))`;

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

/**
 * The caller last read for each session on PostgreSQL: not trusted as it stands (another server
 * may have ended the session or changed the account), but the caller a GraphQL read compiles
 * its statement for, whose first part checks the session and that it is still this caller
 * (sessionGate): one round trip instead of two.
 */
const lastRead = new WeakMap<Db['stats'], Map<string, Caller>>();
function lastReadOf(db: Db) {
  let map = lastRead.get(db.stats);
  if (!map) lastRead.set(db.stats, (map = new Map()));
  return map;
}

/**
 * The caller this process last read for a session cookie on PostgreSQL, to be confirmed before
 * anything is answered (see PendingSession), or null when there is none to go on.
 */
export function lastCallerOf(db: Db, token: string | undefined, idleMinutes: number): { caller: Caller; pending: PendingSession } | null {
  if (db.exclusive || !token || token.length > 64) return null;
  const hash = hashToken(token);
  const caller = lastReadOf(db).get(hash);
  return caller ? { caller: { ...caller, groups: [...caller.groups] }, pending: { hash, idleMinutes } } : null;
}

/**
 * The session check as part of a read's statement: `from` reads the session row as CALLER_SQL
 * does, and `where` holds only while it is valid and is still `caller` in every respect the
 * statement was compiled for (user, kind, email, organisation, role, groups). The statement
 * selects `stale` from it, to slide the idle timeout.
 */
export function sessionGate(pending: PendingSession, caller: Caller, params: Params): { from: string; where: string } {
  const [hash, idle, userId, kind, email, organisation, roleId, role, groups] = gateValues(pending, caller).map(([value, cast]) =>
    params.add(value, cast),
  );
  const from = `(${caller.kind === 'account' ? accountCallerSql(hash, idle) : callerSql(hash, idle)}) c`;
  const where = [
    `c.user_id = ${userId}`,
    `c.user_kind = ${kind}`,
    `c.email IS NOT DISTINCT FROM ${email}`,
    `c.organisation_id IS NOT DISTINCT FROM ${organisation}`,
    `c.role_id IS NOT DISTINCT FROM ${roleId}`,
    `c.role IS NOT DISTINCT FROM ${role}`,
    `c.groups = ${groups}`,
  ].join(' AND ');
  return { from, where };
}

/**
 * The parameters of sessionGate, in the order it adds them, with their casts. The gate's text
 * depends only on where they start and on the caller's kind: a caller that keeps the text
 * (crud/batch.ts answerDirect) adds these values alone.
 */
export function gateValues(pending: PendingSession, caller: Caller): [unknown, string][] {
  return [
    [pending.hash, 'text'],
    [pending.idleMinutes, 'int'],
    [caller.userId, 'uuid'],
    [caller.kind, 'text'],
    [caller.email, 'text'],
    [caller.organisationId, 'uuid'],
    [caller.roleId, 'uuid'],
    [caller.role, 'text'],
    [caller.groups, 'text[]'],
  ];
}

/** Slides a session's idle timeout: a write at most once a minute (`stale`), not on every request. */
export async function touchSession(db: Db, hash: string): Promise<void> {
  await db.query('UPDATE session SET last_seen = now() WHERE id = $1', [hash]);
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
  if (!db.exclusive) {
    const last = lastReadOf(db);
    if (last.size >= CACHE_MAX) last.clear();
    if (caller) last.set(hash, { ...caller, groups: [...caller.groups] });
    else last.delete(hash);
  }
  if (cache) {
    if (cache.size >= CACHE_MAX) cache.clear();
    if (caller) cache.set(hash, { caller, writes, at: Date.now() });
    else cache.delete(hash);
  }
  return caller;
}

async function readCaller(db: Db, hash: string, idleMinutes: number): Promise<Caller | null> {
  const { rows } = await db.query<CallerRow>(CALLER_SQL, [hash, idleMinutes], { prepare: true });
  const row = rows[0];
  if (!row || !row.email) return null;
  // Sliding the idle timeout needs a write only once a minute, not on every request.
  if (row.stale) await touchSession(db, hash);
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

/** The field-service application's caller: acts for the token's organisation only; null for an unknown token. */
export async function callerFromApiKey(db: Db, token: string): Promise<Caller | null> {
  const { rows } = await db.query<{ id: string; org: string }>(
    `SELECT id, ${columnSql('ApikeyEntity', 'memberOrganisation')} AS org FROM ${tableSql('ApikeyEntity')} WHERE ${columnSql('ApikeyEntity', 'privateKey')} = $1`,
    [hashToken(token)],
  );
  if (!rows[0]) return null;
  return {
    userId: rows[0].id,
    kind: 'token',
    groups: [GROUPS.member],
    role: null,
    roleId: null,
    organisationId: rows[0].org,
    email: 'api-token',
  };
}
