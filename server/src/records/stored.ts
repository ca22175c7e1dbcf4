import { getEntity, type EntityName } from '@hub/model';
import { getRecord } from '../crud/list';
import { SYSTEM_CALLER } from '../crud/system';
import type { Db } from '../db/client';

/** The ids of a reference list `name` (links or children) of row `id` of `entity`, as stored (the save's transaction, every row). */
export async function storedLinks(db: Db, entityName: EntityName, name: string, id: string): Promise<string[]> {
  const row = (await getRecord(db, SYSTEM_CALLER, getEntity(entityName), id, { [name]: { id: true } })) as Record<
    string,
    { id: string }[]
  > | null;
  return row?.[name]?.map((r) => r.id) ?? [];
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
