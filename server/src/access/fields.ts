import { inputKey, type EntityDef, type EntityName } from '@hub/model';
import { ForbiddenError } from '../core/errors';
import { columnOf } from '../db/columns';
import { Params, ident } from '../db/params';
import type { Db } from '../db/client';
import { serverKindOf } from '../kinds';
import { isAdministrator, type Caller } from './caller';
import { editsOtherAccounts } from './records';
import { safetyLinkPermissionSql } from './role-scopes';

/** Entities that are someone's sign-in: who writes them decides who can become whom. */
const ACCOUNT_ENTITIES = new Set<EntityName>(['MehubAccountEntity', 'MehubAdminEntity']);

export const fieldWriteMessages = {
  token: 'An API token cannot change user accounts',
  password: 'Passwords are changed only through the password reset and account pages',
  ownRecordOnly: 'You can only edit your own user record',
  ownRole: 'You cannot change your own role',
  email: "You cannot change another user's email",
  role: "Only an administrator can change a user's role",
  membership:
    'The membership number, organisation, start and end dates, duplicate flag and last synchronisation come from the membership system: change them there',
} as const;

/**
 * Account fields the membership system keeps (member-site.md section 1: users are synchronised
 * from it): members send them back unchanged at most; administrators change them.
 */
const MEMBERSHIP_FIELDS = ['memnetID', 'isDuplicate', 'lastsyncdate', 'memberOrganisation', 'startDate', 'endDate'] as const;

/**
 * Of `names` (fields of `entity`), the input keys present in `input` whose value differs from
 * what rows `ids` store (each value through its kind's codec, so '2024-01-31' equals the stored
 * day). Empty when every row already holds the values given (a whole-record save).
 */
async function changedOn(
  db: Db,
  entity: EntityDef,
  input: Record<string, unknown>,
  ids: readonly string[],
  names: readonly string[],
): Promise<string[]> {
  const params = new Params();
  const tests: { key: string; sql: string }[] = [];
  for (const name of names) {
    const field = entity.fields[name];
    const key = inputKey(name, field);
    if (!field || !Object.hasOwn(input, key)) continue;
    const { codec } = serverKindOf(field);
    if (codec.write === 'not a column') continue;
    const raw = input[key];
    const written =
      raw === null || raw === undefined || raw === '' ? { value: null, cast: undefined } : await codec.write(raw, NO_PASSWORDS);
    const value = params.add(written.value, written.cast);
    tests.push({ key, sql: `bool_or(${ident(columnOf(name, field))} IS DISTINCT FROM ${value})` });
  }
  if (!tests.length || !ids.length) return [];
  const list = params.add([...ids], 'uuid[]');
  const { rows } = await db.query<Record<string, boolean | null>>(
    `SELECT ${tests.map((t, i) => `${t.sql} AS c${i}`).join(', ')} FROM ${ident(entity.table)} WHERE id = ANY(${list})`,
    params.values,
  );
  return tests.filter((_t, i) => rows[0]?.[`c${i}`] === true).map((t) => t.key);
}

/** The codecs' environment here: no membership field is a password. */
const NO_PASSWORDS = {
  hashPassword: async () => {
    throw new Error('no password is compared');
  },
};

/**
 * Field-level rules on writes to user accounts, after the group matrix and the tenant
 * scope (architecture.md, Access; member-site.md section 6). `ids` are the records being
 * updated (null: a create). Called inside the save's transaction, so a refusal rolls
 * back every row of the operation.
 *
 * - API-token callers never write accounts.
 * - Administrators may write any account field.
 * - Members never write `password` (passwords change only through the account routes);
 *   never change a role (their own: 'You cannot change your own role'; a colleague's: administrators
 *   only); never change what the membership system keeps (MEMBERSHIP_FIELDS); only manager roles
 *   and back-end holders may update colleagues' accounts; nobody changes another user's email.
 *   Values sent back as stored are no change (whole-record saves).
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
  if (entity.name === 'MehubAccountEntity') {
    if ((await changedOn(db, entity, input, ids, ['role'])).length) throw new ForbiddenError(fieldWriteMessages.role);
    if ((await changedOn(db, entity, input, ids, MEMBERSHIP_FIELDS)).length) throw new ForbiddenError(fieldWriteMessages.membership);
  }
  if (others.length && 'email' in input) {
    // The stored address may be repeated (a whole-record save); changing it may not.
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${ident(entity.table)} WHERE id = ANY($1::uuid[]) AND lower(email) IS DISTINCT FROM lower($2::text)`,
      [others, typeof input.email === 'string' ? input.email : null],
    );
    if (Number(rows[0].n) > 0) throw new ForbiddenError(fieldWriteMessages.email);
  }
}

// ---------------------------------------------------------------- reads

/**
 * An account's personal details: what a colleague held to their own record does not read
 * (member-site.md: a SafetyWorker views only their own user record). Ids, names, email, role,
 * organisation and the primary contact flag stay readable: user-select questions, assignees,
 * owners and reviewers need them.
 */
export const PERSONAL_ACCOUNT_FIELDS: ReadonlySet<string> = new Set([
  'mobileNumber',
  'streetAddress1',
  'streetAddress2',
  'streetAddress3',
  'postcode',
  'city',
  'state',
  'country',
  'startDate',
  'endDate',
  'memnetID',
]);

/**
 * The field-level read rule (architecture.md, Access): a SQL condition on row `alias` of
 * `entity` under which `caller` reads field `name`, or null when they read it wherever they read
 * the row. Members held to their own account (worker-type roles without back-end access) read a
 * colleague's personal details as empty, on every path that reads a field through crud (lists,
 * by id, nested references, search conditions, sorting, CSV exports, PDFs); a safety link's
 * Create address reads as empty to a role without cancreate on it. API tokens are
 * their organisation's system, not a colleague: their reads are the organisation's.
 */
export function fieldReadSql(entity: EntityDef, alias: string, name: string, caller: Caller | null, params: Params): string | null {
  // A safety link's Create address: only to roles that may create from it (access/role-scopes.ts).
  if (entity.name === 'SafetyLinkEntity' && name === 'create') return safetyLinkPermissionSql(alias, caller, params)?.canCreate ?? null;
  if (entity.name !== 'MehubAccountEntity' || !PERSONAL_ACCOUNT_FIELDS.has(name)) return null;
  if (!caller || caller.kind !== 'account' || editsOtherAccounts(caller)) return null;
  return `${alias}.id = ${params.add(caller.userId, 'uuid')}`;
}

/** `expr`, the value of field `name` of row `alias`, as `caller` reads it (fieldReadSql): empty where the rule hides it. */
export function readableSql(entity: EntityDef, alias: string, name: string, expr: string, caller: Caller | null, params: Params): string {
  const guard = fieldReadSql(entity, alias, name, caller, params);
  return guard ? `(CASE WHEN ${guard} THEN ${expr} END)` : expr;
}
