import { MAX_TAKE, getEntity, isUuid, type EntityDef } from '@hub/model';
import type { Caller } from '../access/caller';
import { assertAllowed } from '../access/rules';
import { writeScopeSql } from '../access/scope';
import { assertDeleteRules } from '../access/records';
import type { Db } from '../db/client';
import type { Filter } from './conditions';
import { translateDbError } from '../db/db-errors';
import { BadInputError, NotFoundError, UserError } from '../core/errors';
import { columnOf } from '../db/columns';
import { whereSql } from './list';
import { hookServicesOf, saveHooksOf } from './hooks';
import { Params, ident } from '../db/params';
import { recordTimeline, snapshotRows } from './timeline';

/** The refusal of a delete of rows still in use (EntityDef.inUseBy), in the voice of the catalogue's delete failure. */
export const inUseMessages = {
  one: (what: string, uses: string) => `This record could not be deleted because it is in use: ${what} is linked to ${uses}`,
  many: (uses: string) => `These records could not be deleted because they are in use: they are linked to ${uses}`,
} as const;

const counted = (n: number, label: string) => `${n} ${label.toLowerCase()}${n === 1 ? '' : 's'}`;

/**
 * Refuses, with a message naming the uses, a delete of rows that a reference list named in the
 * entity's `inUseBy` still holds (a document type's documents, templates or forms): one
 * counting statement, before any row is removed.
 */
async function assertNotInUse(tx: Db, entity: EntityDef, ids: string[]): Promise<void> {
  if (!entity.inUseBy?.length || !ids.length) return;
  const counts: string[] = [];
  const labels: string[] = [];
  for (const name of entity.inUseBy) {
    const field = entity.fields[name];
    if (field.kind === 'links') {
      const link = getEntity(field.link);
      const self = columnOf(field.self, link.fields[field.self]);
      counts.push(`(SELECT count(*)::int FROM ${ident(link.table)} WHERE ${ident(self)} = ANY($1::uuid[]))`);
    } else if (field.kind === 'children') {
      const target = getEntity(field.target);
      const inverse = columnOf(field.inverse, target.fields[field.inverse]);
      counts.push(`(SELECT count(*)::int FROM ${ident(target.table)} WHERE ${ident(inverse)} = ANY($1::uuid[]))`);
    } else continue;
    labels.push(getEntity(field.kind === 'links' ? field.target! : field.target).label);
  }
  const { rows } = await tx.query<Record<string, number>>(`SELECT ${counts.map((c, i) => `${c} AS n${i}`).join(', ')}`, [ids]);
  const uses = labels.flatMap((label, i) => (rows[0][`n${i}`] ? [counted(rows[0][`n${i}`], label)] : []));
  if (!uses.length) return;
  const list = uses.length > 1 ? `${uses.slice(0, -1).join(', ')} and ${uses[uses.length - 1]}` : uses[0];
  if (ids.length > 1) throw new UserError(inUseMessages.many(list), 'ASSOCIATION', 409);
  const { rows: named } = await tx.query<{ d: string | null }>(
    `SELECT ${entity.display === 'id' ? 'id::text' : ident(columnOf(entity.display, entity.fields[entity.display]))} AS d FROM ${ident(entity.table)} WHERE id = $1`,
    [ids[0]],
  );
  const what = named[0]?.d ? `${entity.label.toLowerCase()} '${named[0].d}'` : `this ${entity.label.toLowerCase()}`;
  throw new UserError(inUseMessages.one(what, list), 'ASSOCIATION', 409);
}

async function removeRows(tx: Db, caller: Caller | null, entity: EntityDef, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await assertNotInUse(tx, entity, ids);
  // What the timeline tells of the rows, read before they go (one statement, however many).
  const before = await snapshotRows(tx, entity, ids);
  // Deleting an asset or a licence also deletes reminder logs whose entityID is its id, in any case
  // (entityID is text written by other systems: 'ABC…' names the same row as 'abc…').
  if (entity.deletesReminderLogs)
    await tx.query('DELETE FROM reminder_log WHERE lower(entity_id) = ANY($1::text[])', [ids.map((id) => id.toLowerCase())]);
  await tx.query(`DELETE FROM ${ident(entity.table)} WHERE id = ANY($1::uuid[])`, [ids]);
  await recordTimeline(
    tx,
    caller,
    entity,
    [...before.values()].map((row) => ({ action: 'DELETED', id: row.id, before: row })),
  );
}

/**
 * What a delete leaves for after its commit. `files`: given by a caller that deletes inside its
 * own transaction (the photo clean-up job), the storage keys the hooks dropped are handed to it
 * to remove once that transaction committed; otherwise the delete removes them itself after its
 * commit, through the storage the app gave the database's hooks (hookServicesOf).
 */
export interface DeleteOptions {
  files?: string[];
}

/** Removes dropped files' contents after the delete committed; a failure is logged, never undoes it. */
async function afterDelete(db: Db, entity: EntityDef, keys: string[], options: DeleteOptions | undefined): Promise<void> {
  if (!keys.length) return;
  if (options?.files) {
    options.files.push(...keys);
    return;
  }
  const services = hookServicesOf(db);
  if (!services?.storage) return;
  const storage = services.storage;
  const failed = (await Promise.allSettled(keys.map((k) => storage.remove(k)))).find((r) => r.status === 'rejected');
  if (failed)
    services.log(`Removing the files of deleted ${entity.plural ?? entity.label} records failed`, (failed as PromiseRejectedResult).reason);
}

/** Deletes the given records, all or none; every id must be one the caller may see. */
export async function deleteRecords(
  db: Db,
  caller: Caller | null,
  entity: EntityDef,
  ids: string[],
  options?: DeleteOptions,
): Promise<string[]> {
  assertAllowed(caller, entity, 'delete');
  if (ids.length > MAX_TAKE) throw new BadInputError(`At most ${MAX_TAKE} records can be deleted at once`);
  for (const id of ids) if (!isUuid(id)) throw new BadInputError(`'${id}' is not a valid id`);
  const unique = [...new Set(ids)];
  const files: string[] = [];
  const removeFilesAfterCommit = (keys: readonly string[]) => void files.push(...keys);
  let deleted: string[];
  try {
    deleted = await db.transaction(async (tx) => {
      const params = new Params();
      const scope = writeScopeSql(entity, 't', caller, params);
      const arr = params.add(unique, 'uuid[]');
      const { rows } = await tx.query<{ id: string }>(
        `SELECT t.id FROM ${ident(entity.table)} t WHERE t.id = ANY(${arr})${scope ? ` AND ${scope}` : ''} FOR UPDATE`,
        params.values,
      );
      if (rows.length !== unique.length) throw new NotFoundError();
      await assertDeleteRules(tx, caller, entity, unique);
      await saveHooksOf(entity.name)?.beforeDelete?.({ tx, caller, entity, ids: unique, removeFilesAfterCommit });
      await removeRows(tx, caller, entity, unique);
      return unique;
    });
  } catch (err) {
    throw translateDbError(err, unique.length > 1 ? 'deleteMany' : 'delete');
  }
  await afterDelete(db, entity, files, options);
  return deleted;
}

/** Bulk delete of every visible record matching the filter ("all pages" excludes ids with notIn). */
export async function deleteWhere(
  db: Db,
  caller: Caller | null,
  entity: EntityDef,
  filter: Filter,
  options?: DeleteOptions,
): Promise<string[]> {
  assertAllowed(caller, entity, 'delete');
  guardEmpty(filter);
  const files: string[] = [];
  const removeFilesAfterCommit = (keys: readonly string[]) => void files.push(...keys);
  let deleted: string[];
  try {
    deleted = await db.transaction(async (tx) => {
      const params = new Params();
      const where = whereSql(entity, 't', filter, params, caller, 'write');
      const { rows } = await tx.query<{ id: string }>(`SELECT t.id FROM ${ident(entity.table)} t ${where} FOR UPDATE`, params.values);
      const ids = rows.map((r) => r.id);
      await assertDeleteRules(tx, caller, entity, ids);
      if (ids.length) await saveHooksOf(entity.name)?.beforeDelete?.({ tx, caller, entity, ids, removeFilesAfterCommit });
      await removeRows(tx, caller, entity, ids);
      return ids;
    });
  } catch (err) {
    throw translateDbError(err, 'deleteMany');
  }
  await afterDelete(db, entity, files, options);
  return deleted;
}

/** A bulk operation needs some filter: an empty one would touch every row by mistake. */
export function guardEmpty(filter: Filter): void {
  const empty =
    !filter.ids?.length && !(filter.where ?? []).length && !(filter.conditions ?? []).some((g) => g?.length) && !(filter.has ?? []).length;
  if (empty) throw new BadInputError('A bulk operation needs conditions or ids; to act on every record, say so with a condition');
}
