import type { Db } from '../db/client';

/** A user as sign-in sees them: account or administrator, with their sign-in state. */
export interface AuthUser {
  id: string;
  kind: 'account' | 'admin';
  email: string;
  userName: string | null;
  password: string | null;
  emailConfirmed: boolean;
  active: boolean;
  twoFactorMethod: string | null;
  totpSecret: string | null;
  totpLastStep: number | null;
}

const SELECT = `SELECT u.id, u.kind, u.email, u.user_name AS "userName", u.password,
    coalesce(s.email_confirmed, false) AS "emailConfirmed", coalesce(s.active, true) AS active,
    s.two_factor_method AS "twoFactorMethod", s.totp_secret AS "totpSecret", s.totp_last_step AS "totpLastStep"
  FROM (SELECT id, 'account' AS kind, email, user_name, password FROM mehub_account
        UNION ALL SELECT id, 'admin', email, user_name, password FROM mehub_admin) u
  LEFT JOIN auth_state s ON s.user_id = u.id`;

export async function findUserByEmail(db: Db, email: string): Promise<AuthUser | null> {
  const { rows } = await db.query<AuthUser>(`${SELECT} WHERE lower(u.email) = lower($1) LIMIT 1`, [email.trim()]);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<AuthUser | null> {
  const { rows } = await db.query<AuthUser>(`${SELECT} WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Creates or changes a user's sign-in state. */
export async function setAuthState(
  db: Db,
  user: { id: string; kind: string },
  changes: Partial<{
    email_confirmed: boolean;
    active: boolean;
    failed_attempts: number;
    two_factor_method: string | null;
    totp_secret: string | null;
    totp_last_step: number | null;
  }>,
): Promise<void> {
  const cols = Object.keys(changes);
  const values = Object.values(changes);
  await db.query(
    `INSERT INTO auth_state (user_id, user_kind${cols.map((c) => `, ${c}`).join('')}) VALUES ($1, $2${cols.map((_, i) => `, $${i + 3}`).join('')})
     ON CONFLICT (user_id) DO UPDATE SET ${cols.length ? cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ') : 'user_kind = EXCLUDED.user_kind'}`,
    [user.id, user.kind, ...values],
  );
  if ('two_factor_method' in changes) {
    const table = user.kind === 'admin' ? 'mehub_admin' : 'mehub_account';
    await db.query(`UPDATE ${table} SET two_factor_enabled = $2 WHERE id = $1`, [user.id, changes.two_factor_method != null]);
  }
}
