/** What a client is told while the database cannot be reached, and when to try again. */
export const databaseMessages = {
  unavailable: 'The database is unavailable; try again shortly.',
} as const;
export const RETRY_AFTER_SECONDS = 5;

/** Socket-level failures to reach the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** PostgreSQL SQLSTATEs that mean the server is going away or not taking connections (class 08 is all of them). */
const SERVER_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '53300', // too_many_connections
]);

/** node-postgres' own words for a lost or never-made connection (errors without a code). */
const PG_MESSAGES = [
  /^Connection terminated/, // ...unexpectedly, ...due to connection timeout
  /^timeout exceeded when trying to connect/, // the pool's connectionTimeoutMillis
  /Client has encountered a connection error and is not queryable/,
  /^Connection refused/,
];

const MARK = Symbol.for('safety-hub.databaseUnavailable');

/**
 * Called by the Db layer on every error a database call throws: marks the ones that say
 * the server could not be reached, so that only errors that came from the database (not,
 * say, a refused connection to a mail server) are ever reported as an outage.
 */
export function markIfUnavailable<E>(err: E): E {
  if (err && typeof err === 'object' && lostConnection(err)) (err as Record<symbol, unknown>)[MARK] = true;
  return err;
}

function lostConnection(err: object, depth = 0): boolean {
  if (depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && PG_MESSAGES.some((m) => m.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => x && typeof x === 'object' && lostConnection(x, depth + 1))) return true;
  return !!e.cause && typeof e.cause === 'object' && lostConnection(e.cause, depth + 1);
}

/**
 * True when `err` (or what it wraps: `cause`, GraphQL's `originalError`) says the database
 * could not be reached, as opposed to a query that failed: the one test behind every 503
 * the hub answers during an outage.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  if ((err as Record<symbol, unknown>)[MARK]) return true;
  const e = err as { code?: unknown; cause?: unknown; originalError?: unknown };
  // SQLSTATEs only PostgreSQL sends.
  if (typeof e.code === 'string' && (SERVER_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.originalError, depth + 1);
}
