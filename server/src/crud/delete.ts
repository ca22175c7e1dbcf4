import { MAX_TAKE, isUuid, type EntityDef } from '@hub/model';
import type { Caller } from '../access/caller';
import { assertAllowed } from '../access/rules';
import { writeScopeSql } from '../access/scope';
import { assertDeleteRules } from '../access/records';
import type { Db } from '../db/client';
import type { Filter } from './conditions';
import { translateDbError } from '../db/db-errors';
import { BadInputError, NotFoundError } from '../core/errors';
import { whereSql } from './list';
import { Params, ident } from '../db/params';

async function removeRows(tx: Db, entity: EntityDef, ids: string[]): Promise<void> {
  if (!ids.length) return;
  // Deleting an asset or a licence also deletes reminder logs whose entityID is its id.
  if (entity.deletesReminderLogs) await tx.query('DELETE FROM reminder_log WHERE entity_id = ANY($1::text[])', [ids]);
  await tx.query(`DELETE FROM ${ident(entity.table)} WHERE id = ANY($1::uuid[])`, [ids]);
}

/** Deletes the given records, all or none; every id must be one the caller may see. */
export async function deleteRecords(db: Db, caller: Caller | null, entity: EntityDef, ids: string[]): Promise<string[]> {
  assertAllowed(caller, entity, 'delete');
  if (ids.length > MAX_TAKE) throw new BadInputError(`At most ${MAX_TAKE} records can be deleted at once`);
  for (const id of ids) if (!isUuid(id)) throw new BadInputError(`'${id}' is not a valid id`);
  const unique = [...new Set(ids)];
  try {
    return await db.transaction(async (tx) => {
      const params = new Params();
      const scope = writeScopeSql(entity, 't', caller, params);
      const arr = params.add(unique, 'uuid[]');
      const { rows } = await tx.query<{ id: string }>(
        `SELECT t.id FROM ${ident(entity.table)} t WHERE t.id = ANY(${arr})${scope ? ` AND ${scope}` : ''} FOR UPDATE`,
        params.values,
      );
      if (rows.length !== unique.length) throw new NotFoundError();
      await assertDeleteRules(tx, caller, entity, unique);
      await removeRows(tx, entity, unique);
      return unique;
    });
  } catch (err) {
    throw translateDbError(err, unique.length > 1 ? 'deleteMany' : 'delete');
  }
}

/** Bulk delete of every visible record matching the filter ("all pages" excludes ids with notIn). */
export async function deleteWhere(db: Db, caller: Caller | null, entity: EntityDef, filter: Filter): Promise<string[]> {
  assertAllowed(caller, entity, 'delete');
  guardEmpty(filter);
  try {
    return await db.transaction(async (tx) => {
      const params = new Params();
      const where = whereSql(entity, 't', filter, params, caller, 'write');
      const { rows } = await tx.query<{ id: string }>(`SELECT t.id FROM ${ident(entity.table)} t ${where} FOR UPDATE`, params.values);
      const ids = rows.map((r) => r.id);
      await assertDeleteRules(tx, caller, entity, ids);
      await removeRows(tx, entity, ids);
      return ids;
    });
  } catch (err) {
    throw translateDbError(err, 'deleteMany');
  }
}

/** A bulk operation needs some filter: an empty one would touch every row by mistake. */
export function guardEmpty(filter: Filter): void {
  const empty =
    !filter.ids?.length && !(filter.where ?? []).length && !(filter.conditions ?? []).some((g) => g?.length) && !(filter.has ?? []).length;
  if (empty) throw new BadInputError('A bulk operation needs conditions or ids; to act on every record, say so with a condition');
}
