import type { Db } from '../db/client';

/** Failed sign-ins allowed per address in a window, before answering 429. */
export const ADDRESS_LIMIT = 30;
/** Failed sign-ins allowed per email in a window; then it is locked out for the rest of the window. */
export const ACCOUNT_LIMIT = 5;
export const WINDOW_MINUTES = 15;

/**
 * Counts failures per key in a sliding window kept in the database (shared by every
 * server). Keys are per address and per email string, existing account or not, so the
 * answers never reveal which accounts exist.
 */
export async function failuresOf(db: Db, key: string): Promise<number> {
  const { rows } = await db.query<{ failures: number }>(
    `SELECT failures FROM login_throttle WHERE key = $1 AND window_start > now() - make_interval(mins => $2::int)`,
    [key, WINDOW_MINUTES],
  );
  return rows[0]?.failures ?? 0;
}

export async function recordFailure(db: Db, key: string): Promise<void> {
  await db.query(
    `INSERT INTO login_throttle (key, failures, window_start) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN login_throttle.window_start > now() - make_interval(mins => $2::int) THEN login_throttle.failures + 1 ELSE 1 END,
       window_start = CASE WHEN login_throttle.window_start > now() - make_interval(mins => $2::int) THEN login_throttle.window_start ELSE now() END`,
    [key, WINDOW_MINUTES],
  );
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE key = $1', [key]);
}
