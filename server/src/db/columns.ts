import { kinds, snake, type EntityDef, type Field } from '@hub/model';
import { serverKindOf } from '../kinds';

/** Column names by field definition and name (the definitions never change: every compile asks again). */
const columns = new WeakMap<Field, Map<string, string>>();

/** Column name of a stored field: snake_case, references and files end in _id. */
export function columnOf(name: string, field: Field): string {
  if (field.column) return field.column;
  let byName = columns.get(field);
  if (!byName) columns.set(field, (byName = new Map()));
  let column = byName.get(name);
  if (column === undefined) {
    const base = snake(name);
    column = kinds[field.kind].holdsId ? `${base}_id` : base;
    byName.set(name, column);
  }
  return column;
}

export function isStored(field: Field): boolean {
  return serverKindOf(field).column !== 'not a column';
}

/** The entity's stored fields with their column names. */
export function storedFields(entity: EntityDef): { name: string; field: Field; column: string }[] {
  return Object.entries(entity.fields)
    .filter(([, field]) => isStored(field))
    .map(([name, field]) => ({ name, field, column: columnOf(name, field) }));
}
