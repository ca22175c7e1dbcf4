import type { Db } from '../db/client';

/** A user as sign-in sees them: account or administrator, with their sign-in state (read by crud/users.ts). */
export interface AuthUser {
  id: string;
  kind: 'account' | 'admin';
  email: string;
  userName: string | null;
  password: string | null;
  /** The member's organisation (accounts only). */
  organisationId: string | null;
  emailConfirmed: boolean;
  active: boolean;
  twoFactorMethod: string | null;
  totpSecret: string | null;
  totpLastStep: number | null;
}

export type AuthStateChanges = Partial<{
  email_confirmed: boolean;
  active: boolean;
  failed_attempts: number;
  two_factor_method: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
}>;

/**
 * Creates or changes a user's sign-in state (the `auth_state` table, not an entity). The
 * entity's own two-factor flag follows in crud/users.ts `setAuthState`.
 */
export async function writeAuthState(db: Db, user: { id: string; kind: string }, changes: AuthStateChanges): Promise<void> {
  const cols = Object.keys(changes);
  const values = Object.values(changes);
  await db.query(
    `INSERT INTO auth_state (user_id, user_kind${cols.map((c) => `, ${c}`).join('')}) VALUES ($1, $2${cols.map((_, i) => `, $${i + 3}`).join('')})
     ON CONFLICT (user_id) DO UPDATE SET ${cols.length ? cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ') : 'user_kind = EXCLUDED.user_kind'}`,
    [user.id, user.kind, ...values],
  );
}
