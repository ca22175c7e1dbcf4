import type { EntityDef, Field } from '@hub/model';

/**
 * The part of an entity a member screen shows and saves: the named fields in the given order, each
 * optionally adjusted (read-only, a default). The generic record controller then loads, validates
 * and sends only these, so a member screen never sends a field it does not show.
 */
export function entityView(entity: EntityDef, fields: Record<string, Partial<Field> | true>): EntityDef {
  const picked = Object.entries(fields).map(([name, over], i) => {
    const field = entity.fields[name];
    if (!field) throw new Error(`${entity.name} has no field ${name}`);
    return [name, { ...field, ...(over === true ? {} : over), order: i * 10 } as Field];
  });
  return { ...entity, fields: Object.fromEntries(picked) };
}
