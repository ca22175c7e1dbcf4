import { getEntity, type EntityName, type LinksField } from '@hub/model';
import { columnOf } from '../db/columns';
import { ident } from '../db/params';
import type { Db } from '../db/client';

/** The ids of a links list `name` of row `id` of `entity`, as stored. */
export async function storedLinks(db: Db, entityName: EntityName, name: string, id: string): Promise<string[]> {
  const field = getEntity(entityName).fields[name] as LinksField;
  const link = getEntity(field.link);
  const self = ident(columnOf(field.self, link.fields[field.self]));
  const other = ident(columnOf(field.other, link.fields[field.other]));
  const { rows } = await db.query<{ id: string }>(`SELECT ${other} AS id FROM ${ident(link.table)} WHERE ${self} = $1`, [id]);
  return rows.map((r) => r.id);
}

/** The ids of a relation list in an input ([{id}, ...]); null when the input does not name it. */
export function givenIds(input: Record<string, unknown>, name: string): string[] | null {
  if (!Object.hasOwn(input, name)) return null;
  const list = input[name];
  if (!Array.isArray(list)) return [];
  return list.map((r) => (r && typeof r === 'object' ? String((r as { id?: unknown }).id ?? '') : String(r)));
}

export const sameSet = (a: readonly string[], b: readonly string[]) => {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
};
