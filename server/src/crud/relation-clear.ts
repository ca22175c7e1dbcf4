import { getEntity, type EntityName } from '@hub/model';
import type { Db } from '../db/client';
import { Params, ident } from '../db/params';
import { columnSql } from './system';

/**
 * System follow-ups of a save hook on the reference lists of one row, where the hook has
 * already decided (crud/system.ts): an asset saved out of service loses its child assets and
 * its assignees. Table and column names come from the registry (entity-sql.test.ts).
 */

/** Empties the reference lists `names` (children or links) of row `id` of `entityName`: children are let go, link rows removed. */
export async function clearRelations(db: Db, entityName: EntityName, id: string, names: readonly string[]): Promise<void> {
  const entity = getEntity(entityName);
  for (const name of names) {
    const field = entity.fields[name];
    if (field?.kind === 'children') {
      const target = getEntity(field.target);
      const col = columnSql(target, field.inverse);
      await db.query(`UPDATE ${ident(target.table)} SET ${col} = NULL, modified = now() WHERE ${col} = $1`, [id]);
    } else if (field?.kind === 'links') {
      const link = getEntity(field.link);
      await db.query(`DELETE FROM ${ident(link.table)} WHERE ${columnSql(link, field.self)} = $1`, [id]);
    } else throw new Error(`${entityName}.${name} is not a reference list`);
  }
}

/**
 * `start` and the rows above it, following the self-reference `ref` of `entityName` (start
 * first), at most `maxDepth` steps up: an asset's parents, for the no-cycle rule.
 */
export async function ancestorIds(db: Db, entityName: EntityName, ref: string, start: string, maxDepth: number): Promise<string[]> {
  const entity = getEntity(entityName);
  const field = entity.fields[ref];
  if (field?.kind !== 'reference' || field.target !== entityName) throw new Error(`${entityName}.${ref} is not a reference to itself`);
  const table = ident(entity.table);
  const col = columnSql(entity, ref);
  const params = new Params();
  const from = params.add(start, 'uuid');
  const depth = params.add(maxDepth, 'int');
  const { rows } = await db.query<{ id: string }>(
    `WITH RECURSIVE up(id, parent, depth) AS (
       SELECT id, ${col}, 0 FROM ${table} WHERE id = ${from}
       UNION ALL SELECT t.id, t.${col}, up.depth + 1 FROM ${table} t JOIN up ON t.id = up.parent WHERE up.depth < ${depth}
     ) SELECT id FROM up`,
    params.values,
  );
  return rows.map((r) => r.id);
}
