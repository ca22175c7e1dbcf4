import { COMPARISONS, allEntities, getEntity, isJoin, isRelation, kinds, type EntityDef, type EntityName, type Field } from '@hub/model';
import { serverKindOf } from '../../kinds';
import { PROTO_KEYS, hostileString, hostileValue, put, someId, type KnownIds } from './hostile';
import { fieldInput, fieldSelection, fieldValue, list } from './kinds';
import type { Rng } from './prng';

/** The pieces of generated operations: where conditions, list arguments, selections and inputs. */

const entities = allEntities();

/** Paths of a where condition: valid ones of the entity, one level through references, and hostile ones. */
export function wherePath(r: Rng, entity: EntityDef): string {
  const fields = Object.entries(entity.fields);
  const kind = r.weighted<string>([
    [5, 'field'],
    [2, 'related'],
    [1, 'proto'],
    [1, 'proto-nested'],
    [0.5, 'deep'],
    [1, 'junk'],
  ]);
  switch (kind) {
    case 'field': {
      const [name, field] = r.pick(fields);
      return kinds[field.kind].holdsId ? r.pick([name, `${name}Id`, `${name}.id`]) : r.pick([name, 'id', 'created', 'modified']);
    }
    case 'related': {
      const refs = fields.filter(([, f]) => isJoin(f)) as [string, Field & { target?: EntityName }][];
      if (!refs.length) return 'id';
      const [name, field] = r.pick(refs);
      const target = getEntity(field.target!);
      const [inner] = r.pick(Object.entries(target.fields));
      r.mark('path:related');
      return r.chance(0.8) ? `${name}.${inner}` : `${name}.${r.pick(PROTO_KEYS)}`;
    }
    case 'proto': {
      const key = r.pick([...PROTO_KEYS, 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']);
      r.mark(`path:${key}`);
      return key;
    }
    case 'proto-nested':
      r.mark('path:proto-nested');
      return r.pick([
        '__proto__.id',
        'constructor.prototype',
        'constructor.name',
        'prototype.id',
        'id.__proto__',
        'memberOrganisation.constructor.prototype',
      ]);
    case 'deep': {
      const depth = r.pick([20, 200, 1000]);
      r.mark(`path:deep-${depth}`);
      const [name, field] = r.pick(fields);
      return serverKindOf(field).rowOf && r.chance(0.5)
        ? Array.from({ length: depth }, () => name).join('.') + '.id'
        : Array.from({ length: depth }, () => 'a').join('.');
    }
    default:
      r.mark('path:junk');
      return r.chance(0.5) ? hostileString(r).slice(0, 2000) : r.pick(['', '.', '..', 'id.', '.id', 'ID', 'Id', 'id id', 'id;', '*']);
  }
}

function whereValue(r: Rng, ids: KnownIds, entity: EntityDef, path: string): (string | null)[] | null | undefined {
  if (r.chance(0.08)) return r.chance(0.5) ? null : undefined;
  const n = r.weighted<number>([
    [1, 0],
    [6, 1],
    [2, 2],
    [0.3, 1200],
  ]);
  if (n === 1200) r.mark('where:many-values');
  const field = entity.fields[path];
  if (n > 100) return Array.from({ length: n }, (_, i) => (path === 'id' ? someId(r, ids, entity.name) : `v${i}`));
  return Array.from({ length: n }, () => {
    if (r.chance(0.05)) return null;
    if (path === 'id' || path.endsWith('Id')) return someId(r, ids, entity.name);
    if (field && r.chance(0.4)) {
      const v = fieldValue(r, field, ids);
      return typeof v === 'string' ? v : (JSON.stringify(v) ?? 'x');
    }
    return hostileString(r);
  });
}

export function condition(r: Rng, ids: KnownIds, entity: EntityDef): Record<string, unknown> {
  const path = wherePath(r, entity);
  const comparison = r.chance(0.97) ? r.pick(COMPARISONS) : 'startsWith';
  if (comparison === 'like') r.mark('cmp:like');
  const c: Record<string, unknown> = { path, comparison };
  const value = whereValue(r, ids, entity, path);
  if (value !== undefined) c.value = value;
  if (r.chance(0.15)) c.case = r.pick(['ORDINAL_IGNORE_CASE', 'INVARIANT_CULTURE', 'CURRENT_CULTURE_IGNORE_CASE']);
  if (r.chance(0.03)) {
    r.mark('where:extra-key');
    put(c, r.pick(PROTO_KEYS), { polluted: true });
  }
  return c;
}

export { list };

/** Arguments of lists, counts and bulk operations, each present or not. */
export function filterArgs(
  r: Rng,
  ids: KnownIds,
  entity: EntityDef,
  page: boolean,
): { decl: string[]; args: string[]; vars: Record<string, unknown> } {
  const decl: string[] = [];
  const args: string[] = [];
  const vars: Record<string, unknown> = {};
  const add = (name: string, type: string, value: unknown) => {
    decl.push(`$${name}: ${type}`);
    args.push(`${name}: $${name}`);
    vars[name] = value;
  };
  if (r.chance(0.5))
    add(
      'where',
      '[WhereExpressionGraph!]',
      list(r, 3, () => condition(r, ids, entity)),
    );
  if (r.chance(0.3))
    add(
      'conditions',
      '[[WhereExpressionGraph!]!]',
      list(r, 2, () => list(r, 2, () => condition(r, ids, entity))),
    );
  if (r.chance(0.25))
    add(
      'ids',
      '[ID!]',
      list(r, 3, () => someId(r, ids, entity.name)),
    );
  if (r.chance(0.15)) {
    const rel = Object.entries(entity.fields).filter(([, f]) => isRelation(f));
    const path = rel.length && r.chance(0.7) ? r.pick(rel)[0] : wherePath(r, entity);
    const target = rel.find(([n]) => n === path)?.[1] as { target?: EntityName } | undefined;
    const inner = target?.target ? getEntity(target.target) : entity;
    add('has', '[HasConditionGraph!]', [
      { path, negate: r.chance(0.3), conditions: list(r, 2, () => list(r, 2, () => condition(r, ids, inner))) },
    ]);
  }
  if (page) {
    if (r.chance(0.3)) {
      const skip = r.pick([0, 5, -1, 2147483647, 1_000_000]);
      if (skip < 0 || skip > 1000) r.mark('page:skip-out-of-range');
      add('skip', 'Int', skip);
    }
    if (r.chance(0.3)) {
      const take = r.pick([0, 1, 20, 1000, 1001, -5, 2147483647]);
      if (take < 0 || take > 1000) r.mark('page:take-out-of-range');
      add('take', 'Int', take);
    }
    if (r.chance(0.35))
      add(
        'orderBy',
        '[OrderByGraph!]',
        list(r, 3, () => ({ path: wherePath(r, entity), descending: r.pick([true, false, null]) })),
      );
  }
  // Sometimes a variable of the wrong type altogether.
  if (decl.length && r.chance(0.08)) {
    const name = r.pick(Object.keys(vars));
    r.mark('var:wrong-type');
    vars[name] = hostileValue(r, ids);
  }
  return { decl, args, vars };
}

export function selection(r: Rng, entity: EntityDef, depth = 0): string {
  const out = ['id'];
  const nested = (name: string, target: EntityName, chance: number) =>
    depth < 2 && r.chance(chance) ? `${name} { ${selection(r, getEntity(target), depth + 1)} }` : null;
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.writeOnly || !r.chance(0.3)) continue;
    const s = fieldSelection(r, name, field, nested);
    if (s) out.push(s);
  }
  return out.join(' ');
}

/** A create or update input for an entity: valid-looking fields, hostile values, wrong and prototype keys. */
export function entityInput(r: Rng, ids: KnownIds, entity: EntityDef, update: boolean): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (update || r.chance(0.1)) input.id = someId(r, ids, entity.name);
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly) continue;
    if (!field.required && !r.chance(0.35)) continue;
    Object.assign(input, fieldInput(r, name, field, ids));
  }
  if (entity.rules?.includes('confirmPassword') && 'password' in input)
    input.confirmPassword = r.chance(0.7) ? input.password : hostileString(r);
  if (r.chance(0.06)) {
    const key = r.pick([...PROTO_KEYS, 'colour', 'isAdmin']);
    r.mark(`input-key:${key}`);
    put(input, key, r.chance(0.5) ? { polluted: true } : hostileValue(r, ids));
  }
  return input;
}

export function mergeReferences(r: Rng, entity: EntityDef): string[] | undefined {
  if (!r.chance(0.25)) return undefined;
  const names = Object.entries(entity.fields)
    .filter(([, f]) => isRelation(f))
    .map(([n]) => n);
  return list(r, 3, () => {
    if (names.length && r.chance(0.5)) return r.pick(names);
    r.mark('merge:junk');
    return r.chance(0.4) ? r.pick([...PROTO_KEYS, 'toString', 'id', '', 'memberOrganisation']) : hostileString(r).slice(0, 300);
  });
}

export { entities as fuzzEntities };
