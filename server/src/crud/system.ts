import { getEntity, isRelation, type EntityDef, type EntityName, type Field, type RelationKind } from '@hub/model';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/client';
import { columnOf } from '../db/columns';
import { Params, ident } from '../db/params';
import { serverKindOf } from '../kinds';

/**
 * The hub's own work on entity rows, where no caller's rights apply because the route or hook
 * has already decided who may (sign-in, a password reset by a mailed token, an API token's
 * caller, a save hook's follow-up write). Like the rest of crud/, it goes through the entity
 * definitions: table and column names come from the registry, values through the field
 * kinds' codecs. Code outside crud/ never names an entity's table in SQL (entity-sql.test.ts).
 *
 * For reads and writes a caller could make, use listRecords, saveRecords and deleteRecords
 * with SYSTEM_CALLER (every row, no matrix) once the route's guard has decided.
 */
export { SYSTEM_CALLER } from './hooks';

/** The quoted table of an entity. */
export const tableSql = (entity: EntityName): string => ident(getEntity(entity).table);

/** The quoted column of an entity's stored field, after `alias.` when given. */
export function columnSql(entity: EntityName | EntityDef, field: string, alias?: string): string {
  const def = typeof entity === 'string' ? getEntity(entity) : entity;
  const f = def.fields[field];
  if (!f) throw new Error(`${def.name} has no field ${field}`);
  const col = ident(columnOf(field, f));
  return alias ? `${alias}.${col}` : col;
}

export interface SystemUpdateOptions {
  /** Also sets `modified` to now (a change the person made, such as a new password). */
  touch?: boolean;
  /** Password fields' values are already hashes made by the password codec (kept in a token). */
  passwordHashed?: boolean;
}

/**
 * Sets fields of one row (by field name; a reference takes the target's id), each value
 * through its kind's codec. Returns whether the row exists.
 */
export async function systemUpdate(
  db: Db,
  entityName: EntityName,
  id: string,
  values: Record<string, unknown>,
  options: SystemUpdateOptions = {},
): Promise<boolean> {
  return (await systemUpdateMany(db, entityName, [id], values, options)) > 0;
}

/**
 * systemUpdate for many rows in one statement, all set to the same values (the membership
 * sync's stamp of Lastsyncdate). Returns how many rows exist of `ids`.
 */
export async function systemUpdateMany(
  db: Db,
  entityName: EntityName,
  ids: readonly string[],
  values: Record<string, unknown>,
  options: SystemUpdateOptions = {},
): Promise<number> {
  const entity = getEntity(entityName);
  const params = new Params();
  const sets: string[] = [];
  for (const [name, raw] of Object.entries(values)) {
    const field = entity.fields[name];
    if (!field) throw new Error(`${entity.name} has no field ${name}`);
    const { codec } = serverKindOf(field);
    if (codec.write === 'not a column') throw new Error(`${entity.name}.${name} is not a column`);
    const hash = options.passwordHashed ? async (given: string) => given : hashPassword;
    const { value, cast } =
      raw === null || raw === undefined ? { value: null, cast: undefined } : await codec.write(raw, { hashPassword: hash });
    sets.push(`${columnSql(entity, name)} = ${params.add(value, cast)}`);
  }
  if (options.touch) sets.push('modified = now()');
  if (!ids.length) return 0;
  if (!sets.length) return ids.length;
  const where = ids.length === 1 ? `id = ${params.add(ids[0], 'uuid')}` : `id = ANY(${params.add([...ids], 'uuid[]')})`;
  const { affectedRows } = await db.query(`UPDATE ${ident(entity.table)} SET ${sets.join(', ')} WHERE ${where}`, params.values);
  return affectedRows;
}

type RelationField<K extends RelationKind> = Field & { kind: K };
type Move<K extends RelationKind> = (db: Db, field: RelationField<K>, fromIds: string[], toId: string) => Promise<void>;

/** How each relation kind moves to another row: children are re-parented, link rows copied (the old ones go with their row). */
const moves: { [K in RelationKind]: Move<K> } = {
  async children(db, field, fromIds, toId) {
    const target = getEntity(field.target);
    const col = columnSql(target, field.inverse);
    await db.query(`UPDATE ${ident(target.table)} SET ${col} = $1, modified = now() WHERE ${col} = ANY($2::uuid[])`, [toId, fromIds]);
  },
  async links(db, field, fromIds, toId) {
    const link = getEntity(field.link);
    const selfCol = columnSql(link, field.self);
    const otherCol = columnSql(link, field.other);
    await db.query(
      `INSERT INTO ${ident(link.table)} (${selfCol}, ${otherCol}) SELECT $1::uuid, ${otherCol} FROM ${ident(link.table)}
       WHERE ${selfCol} = ANY($2::uuid[]) ON CONFLICT DO NOTHING`,
      [toId, fromIds],
    );
  },
};

/**
 * The reference lists (children and links) of rows `fromIds` join row `toId` of the same
 * entity, except the lists named in `except`: a draft's attachments moving to the submission
 * that replaces it. Children are moved; link rows are copied (the old ones go with their row).
 */
export async function moveRelations(
  db: Db,
  entity: EntityDef,
  fromIds: string[],
  toId: string,
  except: ReadonlySet<string>,
): Promise<void> {
  for (const [name, field] of Object.entries(entity.fields)) {
    if (except.has(name) || !isRelation(field)) continue;
    await (moves[field.kind] as Move<RelationKind>)(db, field, fromIds, toId);
  }
}
