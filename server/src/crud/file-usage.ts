import { allEntities } from '@hub/model';
import type { Db } from '../db/client';
import { ident } from '../db/params';

/**
 * The bytes of stored files that count against `organisationId`'s storage quota
 * (files/limits.ts): the files its members and API tokens uploaded (file.organisation_id) whose
 * row is still there (a file replaced by another upload stays stored, and can be downloaded, as
 * long as its row is: it counts), and those not yet claimed by a row (an upload being saved).
 * The files of a deleted record no longer count. Read from the database on every admission, so
 * every server of the hub counts the same.
 */
export async function organisationFileBytes(db: Db, organisationId: string): Promise<number> {
  // Entity names and tables come from the registry: safe to spell in the statement.
  const owners = allEntities().map(
    (entity) => `WHEN '${entity.name}' THEN EXISTS (SELECT 1 FROM ${ident(entity.table)} t WHERE t.id = f.owner_id)`,
  );
  const { rows } = await db.query<{ n: string | number }>(
    `SELECT COALESCE(SUM(f.size), 0)::bigint AS n FROM file f
     WHERE f.organisation_id = $1::uuid AND (f.owner_entity IS NULL OR CASE f.owner_entity ${owners.join(' ')} ELSE true END)`,
    [organisationId],
  );
  return Number(rows[0].n);
}
