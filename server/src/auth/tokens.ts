import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db/client';
import { hashToken } from './session';

export type TokenPurpose = 'reset' | 'confirm' | 'email2fa' | 'login2fa' | 'remember2fa' | 'totp-setup';

/** Issues a single-use token; only its hash is stored. */
export async function issueToken(db: Db, userId: string, purpose: TokenPurpose, minutes: number, data?: unknown): Promise<string> {
  const raw = randomBytes(24).toString('base64url');
  await db.query(
    `INSERT INTO auth_token (id, user_id, purpose, expires, data) VALUES ($1, $2, $3, now() + make_interval(mins => $4::int), $5)`,
    [hashToken(raw), userId, purpose, minutes, data === undefined ? null : JSON.stringify(data)],
  );
  return raw;
}

/** A six-digit code for email two-factor, bound to its user. */
export async function issueCode(db: Db, userId: string, minutes: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.query(`DELETE FROM auth_token WHERE user_id = $1 AND purpose = 'email2fa'`, [userId]);
  await db.query(
    `INSERT INTO auth_token (id, user_id, purpose, expires) VALUES ($1, $2, 'email2fa', now() + make_interval(mins => $3::int))`,
    [hashToken(`${userId}:${code}`), userId, minutes],
  );
  return code;
}

/** Uses a token once: null when unknown, used, expired or for another purpose. */
export async function consumeToken<T = unknown>(
  db: Db,
  raw: string,
  purpose: TokenPurpose,
): Promise<{ userId: string; data: T | null } | null> {
  const { rows } = await db.query<{ user_id: string; data: string | null }>(
    `UPDATE auth_token SET used_at = now() WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires > now() RETURNING user_id, data`,
    [hashToken(raw), purpose],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, data: row.data ? (JSON.parse(row.data) as T) : null } : null;
}

/** Reads a token without using it up. */
export async function peekToken<T = unknown>(
  db: Db,
  raw: string,
  purpose: TokenPurpose,
): Promise<{ userId: string; data: T | null } | null> {
  const { rows } = await db.query<{ user_id: string; data: string | null }>(
    `SELECT user_id, data FROM auth_token WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires > now()`,
    [hashToken(raw), purpose],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, data: row.data ? (JSON.parse(row.data) as T) : null } : null;
}

export async function consumeCode(db: Db, userId: string, code: string): Promise<boolean> {
  return (await consumeToken(db, `${userId}:${code.replace(/\s+/g, '')}`, 'email2fa').catch(() => null)) !== null;
}

export async function revokeTokens(db: Db, userId: string, purposes: TokenPurpose[]): Promise<void> {
  await db.query('DELETE FROM auth_token WHERE user_id = $1 AND purpose = ANY($2::text[])', [userId, purposes]);
}
