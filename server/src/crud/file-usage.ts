import { allEntities, kinds } from '@hub/model';
import type { Db } from '../db/client';
import { storedFields } from '../db/columns';
import { ident } from '../db/params';

/**
 * The bytes of stored files that count against `organisationId`'s storage quota
 * (files/limits.ts): the files its members and API tokens uploaded (file.organisation_id) that
 * a row still holds in one of its file fields, and those not yet claimed by a row (an upload
 * being saved). A file whose record was deleted, or replaced by another upload, no longer counts.
 * Read from the database on every admission, so every server of the hub counts the same.
 */
export async function organisationFileBytes(db: Db, organisationId: string): Promise<number> {
  const held = allEntities().flatMap((entity) => {
    const columns = storedFields(entity).filter(({ field }) => kinds[field.kind].upload);
    if (!columns.length) return [];
    const refs = columns.map(({ column }) => `t.${ident(column)}`).join(', ');
    // Entity names come from the registry: safe to spell in the statement.
    return [`WHEN '${entity.name}' THEN EXISTS (SELECT 1 FROM ${ident(entity.table)} t WHERE t.id = f.owner_id AND f.id IN (${refs}))`];
  });
  const { rows } = await db.query<{ n: string | number }>(
    `SELECT COALESCE(SUM(f.size), 0)::bigint AS n FROM file f
     WHERE f.organisation_id = $1::uuid AND (f.owner_entity IS NULL OR CASE f.owner_entity ${held.join(' ')} ELSE false END)`,
    [organisationId],
  );
  return Number(rows[0].n);
}
