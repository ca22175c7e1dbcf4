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

/** Mails that anyone can make the hub send (password reset, registration) allowed per key in a window. */
export const MAIL_LIMIT = 3;
/** The same from one client address, whatever the recipients. */
export const MAIL_CLIENT_LIMIT = 20;
export const MAIL_WINDOW_MINUTES = 60;

/**
 * Counts one more mail for each key (in the same table as failed sign-ins, so every server
 * agrees) and says whether it may be sent: false once any key is past its limit in its window.
 * Counting first and then comparing keeps two simultaneous requests from both slipping through.
 * Callers answer the request the same either way, so the limit reveals nothing.
 */
export async function mayMail(db: Db, keys: readonly { key: string; limit: number }[]): Promise<boolean> {
  let allowed = true;
  for (const { key, limit } of keys) {
    const { rows } = await db.query<{ failures: number }>(
      `INSERT INTO login_throttle (key, failures, window_start) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN login_throttle.window_start > now() - make_interval(mins => $2::int) THEN login_throttle.failures + 1 ELSE 1 END,
         window_start = CASE WHEN login_throttle.window_start > now() - make_interval(mins => $2::int) THEN login_throttle.window_start ELSE now() END
       RETURNING failures`,
      [key, MAIL_WINDOW_MINUTES],
    );
    if (Number(rows[0].failures) > limit) allowed = false;
  }
  return allowed;
}

/** The keys a mail to `email` (of the account `userId`, if any) asked for by `client` counts against. */
export function mailKeys(purpose: 'reset' | 'register', email: string, userId: string | null, client: string) {
  return [
    { key: `mail:${purpose}:to:${email.trim().toLowerCase()}`, limit: MAIL_LIMIT },
    ...(userId ? [{ key: `mail:${purpose}:account:${userId}`, limit: MAIL_LIMIT }] : []),
    { key: `mail:client:${client}`, limit: MAIL_CLIENT_LIMIT },
  ];
}
