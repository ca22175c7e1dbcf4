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
