import type { EntityName, Me } from '@hub/model';
import type { Caller } from '../access/caller';
import { ACCOUNT_LIMIT, WINDOW_MINUTES } from '../auth/throttle';
import { writeAuthState, type AuthStateChanges, type AuthUser } from '../auth/users';
import type { Db } from '../db/client';
import { columnSql, systemUpdate, tableSql } from './system';

/**
 * The people who sign in, the two user entities (accounts and administrators) as one: the
 * system reads and writes of sign-in, password reset, two-factor and the All Users page
 * (crud/system.ts). The routes that call them have decided who may.
 */

const ACCOUNT = 'MehubAccountEntity' satisfies EntityName;
const ADMIN = 'MehubAdminEntity' satisfies EntityName;

const entityOf = (kind: string): EntityName => (kind === 'admin' ? ADMIN : ACCOUNT);

/** Accounts and administrators in one relation of the same columns. */
function usersRelation(): string {
  const part = (entity: EntityName, kind: string, organisation: string) =>
    `SELECT id, '${kind}' AS kind, '${entity}' AS discriminator, ${columnSql(entity, 'email')} AS email, ` +
    `${columnSql(entity, 'userName')} AS user_name, ${columnSql(entity, 'password')} AS password, ` +
    `${organisation} AS organisation_id, created FROM ${tableSql(entity)}`;
  return `(${part(ACCOUNT, 'account', columnSql(ACCOUNT, 'memberOrganisation'))} UNION ALL ${part(ADMIN, 'admin', 'NULL::uuid')})`;
}

const SELECT_USER = `SELECT u.id, u.kind, u.email, u.user_name AS "userName", u.password, u.organisation_id AS "organisationId",
    coalesce(s.email_confirmed, false) AS "emailConfirmed", coalesce(s.active, true) AS active,
    s.two_factor_method AS "twoFactorMethod", s.totp_secret AS "totpSecret", s.totp_last_step AS "totpLastStep"
  FROM ${usersRelation()} u
  LEFT JOIN auth_state s ON s.user_id = u.id`;

export async function findUserByEmail(db: Db, email: string): Promise<AuthUser | null> {
  const { rows } = await db.query<AuthUser>(`${SELECT_USER} WHERE lower(u.email) = lower($1) LIMIT 1`, [email.trim()]);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<AuthUser | null> {
  const { rows } = await db.query<AuthUser>(`${SELECT_USER} WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Creates or changes a user's sign-in state; a change of method also sets the entity's two-factor flag. */
export async function setAuthState(db: Db, user: { id: string; kind: string }, changes: AuthStateChanges): Promise<void> {
  await writeAuthState(db, user, changes);
  if ('two_factor_method' in changes)
    await systemUpdate(db, entityOf(user.kind), user.id, { twoFactorEnabled: changes.two_factor_method != null });
}

/** A new password (a reset by a mailed token), hashed by the password kind's codec. */
export async function setPassword(db: Db, user: { id: string; kind: string }, password: string): Promise<void> {
  await systemUpdate(db, entityOf(user.kind), user.id, { password }, { touch: true });
}

/** A password hashed earlier by the password codec (kept in a confirmation token). */
export async function setPasswordHash(db: Db, user: { id: string; kind: string }, hash: string): Promise<void> {
  await systemUpdate(db, entityOf(user.kind), user.id, { password: hash }, { touch: true, passwordHashed: true });
}

/** No password at all (nobody can sign in with one until the address's owner chooses one through a mailed link). */
export async function clearPassword(db: Db, user: { id: string; kind: string }): Promise<void> {
  await systemUpdate(db, entityOf(user.kind), user.id, { password: null }, { touch: true });
}

/** Which of the accounts `ids` have a confirmed email address. */
export async function confirmedUserIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const { rows } = await db.query<{ user_id: string }>(
    'SELECT user_id FROM auth_state WHERE user_id = ANY($1::uuid[]) AND email_confirmed',
    [[...ids]],
  );
  return new Set(rows.map((r) => r.user_id));
}

export interface UsersQuery {
  /** ORed: the users page searches email and type with one box. */
  search: { path: string; comparison: string; value: string }[];
  sort: { path: string; descending?: boolean }[];
  page: { no: number; size: number };
}

const SORTABLE: Record<string, string> = {
  id: 'id',
  email: 'email',
  userName: 'user_name',
  discriminator: 'discriminator',
  created: 'created',
};

/** A page of every account and administrator with their sign-in state, and the number of all that match. */
export async function listUsers(db: Db, query: UsersQuery): Promise<{ users: Record<string, unknown>[]; countUsers: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  for (const c of query.search) {
    if (c.value === '') continue;
    params.push(c.value);
    if (c.path.toLowerCase() === 'id' && c.comparison === 'equal') where.push(`u.id::text = $${params.length}`);
    else if (c.path.toLowerCase() === 'email') where.push(`u.email ILIKE '%' || $${params.length} || '%'`);
    else if (c.path.toLowerCase() === 'discriminator') where.push(`u.discriminator ILIKE '%' || $${params.length} || '%'`);
  }
  const filter = where.length ? `WHERE ${where.join(' OR ')}` : '';
  const order = query.sort
    .filter((s) => Object.hasOwn(SORTABLE, s.path))
    .map((s) => `u.${SORTABLE[s.path]} ${s.descending ? 'DESC' : 'ASC'}`);
  params.push(ACCOUNT_LIMIT, WINDOW_MINUTES);
  const limitsAt = params.length - 1;
  const { rows } = await db.query(
    `SELECT u.id, u.discriminator, u.email, u.user_name AS "userName",
            coalesce(s.email_confirmed, false) AS "emailConfirmed", coalesce(s.active, true) AS activated,
            coalesce(t.failures >= $${limitsAt}::int AND t.window_start > now() - make_interval(mins => $${limitsAt + 1}::int), false) AS "lockedOut",
            s.two_factor_method IS NOT NULL AS "twoFactorEnabled", s.two_factor_method AS "twoFactorMethod",
            count(*) OVER ()::int AS total
     FROM ${usersRelation()} u LEFT JOIN auth_state s ON s.user_id = u.id LEFT JOIN login_throttle t ON t.key = 'email:' || lower(u.email)
     ${filter} ORDER BY ${[...order, 'u.id DESC'].join(', ')} LIMIT ${query.page.size} OFFSET ${(query.page.no - 1) * query.page.size}`,
    params,
  );
  const total = (rows[0] as { total?: number } | undefined)?.total ?? 0;
  return { users: rows.map(({ total: _t, ...r }) => r), countUsers: total };
}

/** The signed-in person as the web app sees them. */
export async function loadMe(db: Db, caller: Caller): Promise<Me> {
  const admin = caller.kind === 'admin';
  const names = admin
    ? 'NULL::text AS firstname, NULL::text AS surname, false AS is_duplicate'
    : `${columnSql(ACCOUNT, 'firstname', 'u')} AS firstname, ${columnSql(ACCOUNT, 'surname', 'u')} AS surname, ` +
      `${columnSql(ACCOUNT, 'isDuplicate', 'u')} AS is_duplicate`;
  const user = entityOf(caller.kind);
  const { rows } = await db.query<{
    user_name: string | null;
    firstname: string | null;
    surname: string | null;
    is_duplicate: boolean;
    method: string | null;
    groups: { name: string; hasBackendAccess: boolean }[] | null;
    primary_contact_id: string | null;
  }>(
    `SELECT ${columnSql(user, 'userName', 'u')} AS user_name, ${names}, s.two_factor_method AS method,
       (SELECT json_agg(json_build_object('name', g.group_name, 'hasBackendAccess', coalesce(d.has_backend_access, false)) ORDER BY g.group_name)
          FROM user_group g LEFT JOIN user_group_def d ON d.name = g.group_name WHERE g.user_id = u.id) AS groups,
       (SELECT ${columnSql('MemberOrganisationEntity', 'primaryContact', 'o')} FROM ${tableSql('MemberOrganisationEntity')} o
          WHERE o.id = $2::uuid) AS primary_contact_id
     FROM ${tableSql(user)} u LEFT JOIN auth_state s ON s.user_id = u.id WHERE u.id = $1`,
    [caller.userId, caller.organisationId],
  );
  const row = rows[0];
  return {
    id: caller.userId,
    userName: row?.user_name ?? caller.email,
    email: caller.email,
    givenName: row?.firstname ?? null,
    surname: row?.surname ?? null,
    roleName: caller.role,
    isDuplicate: row?.is_duplicate ?? false,
    memberOrganisationId: caller.organisationId,
    primaryContactId: row?.primary_contact_id ?? null,
    twoFactorMethod: row?.method ?? null,
    groups: row?.groups ?? [],
  };
}
