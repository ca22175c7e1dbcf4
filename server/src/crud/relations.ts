import { getEntity, isRelation, type EntityDef, type Field, type ReferenceField, type RelationKind } from '@hub/model';
import type { WritePlan } from '../access/write-plan';
import type { Db } from '../db/client';
import { columnOf } from '../db/columns';
import { Params, ident } from '../db/params';

type Input = Record<string, unknown>;

/** One relation list of row `id` as written: `ids` the rows named, `merge` adds to the stored list instead of replacing it. */
interface RelationWrite {
  db: Db;
  plan: WritePlan;
  id: string;
  ids: string[];
  merge: boolean;
}
type RelationWriter<K extends RelationKind> = (w: RelationWrite, field: Field & { kind: K }) => Promise<void>;

/** How each relation kind writes its rows (the write plan has checked them first). */
const relationWriters: { [K in RelationKind]: RelationWriter<K> } = {
  async links({ db, id, ids, merge }, field) {
    const link = getEntity(field.link);
    const selfCol = ident(columnOf(field.self, link.fields[field.self]));
    const otherCol = ident(columnOf(field.other, link.fields[field.other]));
    if (!merge) await db.query(`DELETE FROM ${ident(link.table)} WHERE ${selfCol} = $1`, [id]);
    if (ids.length)
      await db.query(
        `INSERT INTO ${ident(link.table)} (${selfCol}, ${otherCol}) SELECT $1::uuid, x FROM unnest($2::uuid[]) x ON CONFLICT DO NOTHING`,
        [id, [...new Set(ids)]],
      );
  },
  async children({ db, plan, id, ids, merge }, field) {
    const target = getEntity(field.target);
    const inverse = target.fields[field.inverse] as ReferenceField;
    const col = ident(columnOf(field.inverse, inverse));
    // Both writes touch only children the caller may see.
    if (!merge && !inverse.required) {
      const params = new Params();
      const self = params.add(id, 'uuid');
      const keep = params.add(ids, 'uuid[]');
      const scope = plan.relationScope(target, 't', params);
      await db.query(
        `UPDATE ${ident(target.table)} AS t SET ${col} = NULL, modified = now() WHERE t.${col} = ${self} AND NOT (t.id = ANY(${keep}))${scope ? ` AND ${scope}` : ''}`,
        params.values,
      );
    }
    if (ids.length) {
      const params = new Params();
      const self = params.add(id, 'uuid');
      const given = params.add(ids, 'uuid[]');
      const scope = plan.relationScope(target, 't', params);
      await db.query(
        `UPDATE ${ident(target.table)} AS t SET ${col} = ${self}, modified = now() WHERE t.id = ANY(${given})${scope ? ` AND ${scope}` : ''}`,
        params.values,
      );
    }
  },
};

/** Writes the relation lists of row `id` named in `input`, each checked by the write plan first. */
export async function saveRelations(db: Db, plan: WritePlan, id: string, input: Input, merge: Set<string>): Promise<void> {
  const entity: EntityDef = plan.entity;
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!Object.hasOwn(input, name) || !isRelation(field)) continue;
    const ids = ((input[name] as { id: string }[] | null) ?? []).map((r) => r.id);
    await plan.checkRelation(db, name, id, ids, merge.has(name));
    await (relationWriters[field.kind] as RelationWriter<RelationKind>)({ db, plan, id, ids, merge: merge.has(name) }, field);
  }
}
