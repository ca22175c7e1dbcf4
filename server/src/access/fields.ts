import type { EntityDef, EntityName } from '@hub/model';
import { ForbiddenError } from '../core/errors';
import { ident } from '../db/params';
import type { Db } from '../db/client';
import { isAdministrator, type Caller } from './caller';
import { editsOtherAccounts } from './records';

/** Entities that are someone's sign-in: who writes them decides who can become whom. */
const ACCOUNT_ENTITIES = new Set<EntityName>(['MehubAccountEntity', 'MehubAdminEntity']);

export const fieldWriteMessages = {
  token: 'An API token cannot change user accounts',
  password: 'Passwords are changed only through the password reset and account pages',
  ownRecordOnly: 'You can only edit your own user record',
  ownRole: 'You cannot change your own role',
  email: "You cannot change another user's email",
} as const;

/**
 * Field-level rules on writes to user accounts, after the group matrix and the tenant
 * scope (architecture.md, Access; member-site.md section 6). `ids` are the records being
 * updated (null: a create). Called inside the save's transaction, so a refusal rolls
 * back every row of the operation.
 *
 * - API-token callers never write accounts.
 * - Administrators may write any account field.
 * - Members never write `password` (passwords change only through the account routes);
 *   never change their own role; only manager roles and back-end holders may update colleagues' accounts;
 *   nobody changes another user's email.
 */
export async function assertFieldWrites(
  db: Db,
  caller: Caller | null,
  entity: EntityDef,
  input: Record<string, unknown>,
  ids: readonly string[] | null,
): Promise<void> {
  if (!ACCOUNT_ENTITIES.has(entity.name) || !caller) return;
  if (caller.kind === 'token') throw new ForbiddenError(fieldWriteMessages.token);
  if (isAdministrator(caller)) return;
  if ('password' in input) throw new ForbiddenError(fieldWriteMessages.password);
  if (!ids) return; // members have no create right on accounts; the matrix refuses it
  const others = ids.filter((id) => id !== caller.userId);
  if (others.length && !editsOtherAccounts(caller)) throw new ForbiddenError(fieldWriteMessages.ownRecordOnly);
  if (ids.includes(caller.userId) && 'roleId' in input && (input.roleId ?? null) !== caller.roleId)
    throw new ForbiddenError(fieldWriteMessages.ownRole);
  if (others.length && 'email' in input) {
    // The stored address may be repeated (a whole-record save); changing it may not.
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${ident(entity.table)} WHERE id = ANY($1::uuid[]) AND lower(email) IS DISTINCT FROM lower($2::text)`,
      [others, typeof input.email === 'string' ? input.email : null],
    );
    if (Number(rows[0].n) > 0) throw new ForbiddenError(fieldWriteMessages.email);
  }
}
