export type { Me } from '@hub/model';
import type { Me } from '@hub/model';
import type { Caller } from '../access/caller';
import type { Db } from '../db/client';

export async function loadMe(db: Db, caller: Caller): Promise<Me> {
  const table = caller.kind === 'admin' ? 'mehub_admin' : 'mehub_account';
  const names =
    caller.kind === 'admin'
      ? 'NULL::text AS firstname, NULL::text AS surname, false AS is_duplicate'
      : 'u.firstname, u.surname, u.is_duplicate';
  const { rows } = await db.query<{
    user_name: string | null;
    firstname: string | null;
    surname: string | null;
    is_duplicate: boolean;
    method: string | null;
    groups: { name: string; hasBackendAccess: boolean }[] | null;
    primary_contact_id: string | null;
  }>(
    `SELECT u.user_name, ${names}, s.two_factor_method AS method,
       (SELECT json_agg(json_build_object('name', g.group_name, 'hasBackendAccess', coalesce(d.has_backend_access, false)) ORDER BY g.group_name)
          FROM user_group g LEFT JOIN user_group_def d ON d.name = g.group_name WHERE g.user_id = u.id) AS groups,
       (SELECT o.primary_contact_id FROM member_organisation o WHERE o.id = $2::uuid) AS primary_contact_id
     FROM ${table} u LEFT JOIN auth_state s ON s.user_id = u.id WHERE u.id = $1`,
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
