import {
  COMPARISONS,
  MAX_CONDITIONS,
  MAX_PATH_DEPTH,
  MAX_TAKE,
  fieldOf,
  getEntity,
  isUuid,
  isJoin,
  kinds,
  checkIdSearchTerm,
  checkSearchTermOf,
  comparisonsOf,
  type EntityName,
  type FieldKind,
  type JoinKind,
  type Comparison,
  type EntityDef,
  type Field,
} from '@hub/model';
import type { Caller } from '../access/caller';
import { assertAllowed } from '../access/rules';
import { scopeSql } from '../access/scope';
import { readableSql } from '../access/fields';
import { columnOf } from '../db/columns';
import { idFilter, serverKindOf, stampFilter, type ServerKind } from '../kinds';
import { derivedSql } from './derived';
import { BadInputError } from '../core/errors';
import { Params, ident } from '../db/params';
import { COST_LIMITS, costMessages } from './limits';

/** One search condition: data-layer.md section 7. */
export interface Where {
  path: string;
  comparison: Comparison;
  value?: (string | null)[] | null;
  /** .NET-style string comparison names; any *IGNORE_CASE* compares case-insensitively. */
  case?: string | null;
}

export interface Has {
  path: string;
  negate?: boolean | null;
  conditions?: Where[][] | null;
}

export interface Filter {
  /** ANDed. */
  where?: Where[] | null;
  /** Outer list ANDed, inner lists ORed. */
  conditions?: Where[][] | null;
  ids?: string[] | null;
  has?: Has[] | null;
}

interface Leaf {
  sql: string;
  /** The comparisons allowed. */
  comparisons: readonly Comparison[];
  /** Why a term is not a value of the leaf, or null. */
  check(value: string): string | null;
  filter: Pick<ServerKind<Field['kind']>['filter'], 'cast' | 'term'>;
}

/** The SQL cast of a derived value's kind when compared. */
const DERIVED_CASTS: Partial<Record<string, string>> = { integer: 'int', boolean: 'boolean' };

function leafOf(entity: EntityDef, alias: string, name: string, params: Params): Leaf | null {
  if (name === 'id') return { sql: `${alias}.id`, comparisons: kinds.reference.comparisons, check: checkIdSearchTerm, filter: idFilter };
  if (name === 'created' || name === 'modified')
    return { sql: `${alias}.${name}`, comparisons: kinds.datetime.comparisons, check: kinds.datetime.checkSearchTerm, filter: stampFilter };
  let field = fieldOf(entity, name);
  if (field?.kind === 'derived') {
    if (field.of === 'object') return null;
    const f = field;
    return {
      sql: derivedSql(entity, alias, f, params),
      comparisons: comparisonsOf(f),
      check: (value) => checkSearchTermOf(f, value),
      filter: { cast: DERIVED_CASTS[f.of] ?? null, term: (v) => v },
    };
  }
  if (!field && name.endsWith('Id')) {
    const base = fieldOf(entity, name.slice(0, -2));
    if (base && kinds[base.kind].holdsId) field = base;
    name = name.slice(0, -2);
  }
  if (!field || !kinds[field.kind].stored || field.writeOnly) return null;
  const { filter } = serverKindOf(field);
  const f = field;
  return {
    sql: filter.column(`${alias}.${ident(columnOf(name, field))}`),
    comparisons: kinds[field.kind].comparisons,
    check: (value) => filter.check(f, value),
    filter,
  };
}

function checkValue(path: string, leaf: Leaf, value: string): string {
  const problem = leaf.check(value);
  if (problem) throw new BadInputError(`Invalid search term for ${path}: ${problem}`);
  return leaf.filter.term(value);
}

/** `contains`: the value matches literally (%, _ and \ escaped). */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `like`: the client's % and _ stay wildcards; a backslash matches itself (even a trailing one). */
const likePattern = (s: string) => s.replace(/\\/g, '\\\\');

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A condition as a client may send it (the CSV export's JSON is not typed by GraphQL): a path
 * of at most MAX_PATH_DEPTH segments, a known comparison, at most MAX_TAKE string values.
 */
function checkShape(cond: unknown): asserts cond is Where {
  if (!isRecord(cond) || typeof cond.path !== 'string') throw new BadInputError('A search condition needs a path');
  if (typeof cond.comparison !== 'string' || !(COMPARISONS as readonly string[]).includes(cond.comparison))
    throw new BadInputError(`A search condition needs a comparison, one of ${COMPARISONS.join(', ')}`);
  const { value } = cond;
  if (value !== null && value !== undefined && (!Array.isArray(value) || value.some((v) => v !== null && typeof v !== 'string')))
    throw new BadInputError(`The value of a search condition on ${cond.path} must be a list of texts`);
  if (Array.isArray(value) && value.length > MAX_TAKE)
    throw new BadInputError(`At most ${MAX_TAKE} values can be given to one search condition`);
  if (cond.case !== null && cond.case !== undefined && typeof cond.case !== 'string')
    throw new BadInputError(`The case option of a search condition on ${cond.path} must be a text`);
  if (cond.path.split('.').length > MAX_PATH_DEPTH) throw new BadInputError(`A search path can be at most ${MAX_PATH_DEPTH} levels deep`);
}

/** Compiles one condition on `alias` (a row of `entity`) to SQL, checking path, comparison and value. */
export function compileWhere(entity: EntityDef, alias: string, cond: Where, params: Params, caller: Caller | null): string {
  checkShape(cond);
  const [head, ...rest] = cond.path.split('.');
  if (rest.length) {
    const field = fieldOf(entity, head);
    if (!field || !isJoin(field)) throw new BadInputError(`Unknown search path '${cond.path}' on ${entity.name}`);
    return relatedExists(entity, alias, head, [[{ ...cond, path: rest.join('.') }]], params, caller);
  }
  const leaf = leafOf(entity, alias, head, params);
  if (!leaf) throw new BadInputError(`Unknown search path '${head}' on ${entity.name}`);
  if (!leaf.comparisons.includes(cond.comparison))
    throw new BadInputError(`The comparison '${cond.comparison}' cannot be used on ${cond.path}`);
  const values = cond.value ?? [];
  const ignoreCase = (cond.case ?? '').toUpperCase().includes('IGNORE_CASE');
  const cast = leaf.filter.cast ?? undefined;
  const isText = !cast;
  // A field the caller may not read compares as empty (access/fields.ts fieldReadSql).
  const col = readableSql(entity, alias, head, leaf.sql, caller, params);

  if (cond.comparison === 'in' || cond.comparison === 'notIn') {
    const checked = values.filter((v): v is string => v !== null).map((v) => checkValue(cond.path, leaf, v));
    const arr = params.add(checked, `${cast ?? 'text'}[]`);
    const expr = isText && ignoreCase ? `lower(${col}) = ANY(SELECT lower(x) FROM unnest(${arr}) x)` : `${col} = ANY(${arr})`;
    return cond.comparison === 'in' ? expr : `(${col} IS NULL OR NOT (${expr}))`;
  }
  const raw = values[0];
  if (raw === null || raw === undefined) {
    if (cond.comparison === 'equal') return `${col} IS NULL`;
    if (cond.comparison === 'notEqual') return `${col} IS NOT NULL`;
    throw new BadInputError(`The comparison '${cond.comparison}' on ${cond.path} needs a value`);
  }
  const value = checkValue(cond.path, leaf, raw);
  let sql: string;
  switch (cond.comparison) {
    case 'contains':
    case 'like': {
      const pattern = cond.comparison === 'contains' ? `%${likeEscape(value)}%` : likePattern(value);
      // Searching is case-insensitive unless the client asks for an exact case.
      const op = cond.case && !ignoreCase ? 'LIKE' : 'ILIKE';
      sql = `${col} ${op} ${params.add(pattern)} ESCAPE '\\'`;
      break;
    }
    case 'equal':
    case 'notEqual': {
      const p = params.add(value, cast);
      const eq = isText && ignoreCase ? `lower(${col}) = lower(${p})` : `${col} = ${p}`;
      sql = cond.comparison === 'equal' ? eq : `(${col} IS NULL OR NOT (${eq}))`;
      break;
    }
    default: {
      const op = { greaterThan: '>', greaterThanOrEqual: '>=', lessThan: '<', lessThanOrEqual: '<=' }[cond.comparison];
      sql = `${col} ${op} ${params.add(value, cast)}`;
    }
  }
  // Text that is a version-4 id also matches the record's id.
  if (isText && isUuid(value) && ['contains', 'like', 'equal'].includes(cond.comparison))
    sql = `(${sql} OR ${alias}.id = ${params.add(value, 'uuid')})`;
  return sql;
}

type FieldOf<K extends FieldKind> = Field & { kind: K };

/** How a condition path reaches the rows a field names: their entity, and the SQL from `x` (those rows) to `alias` (this row, field `name`). */
interface JoinOf<K extends JoinKind> {
  target(field: FieldOf<K>): EntityName;
  sql(field: FieldOf<K>, at: { name: string; alias: string; x: string; target: EntityDef; params: Params }): { from: string; on: string };
}

const joinsOf: { [K in JoinKind]: JoinOf<K> } = {
  reference: {
    target: (field) => field.target,
    sql: (field, { name, alias, x, target }) => ({
      from: `${ident(target.table)} ${x}`,
      on: `${x}.id = ${alias}.${ident(columnOf(name, field))}`,
    }),
  },
  children: {
    target: (field) => field.target,
    sql: (field, { alias, x, target }) => ({
      from: `${ident(target.table)} ${x}`,
      on: `${x}.${ident(columnOf(field.inverse, target.fields[field.inverse]))} = ${alias}.id`,
    }),
  },
  links: {
    target: (field) => field.target!,
    sql: (field, { alias, x, target, params }) => {
      const link = getEntity(field.link);
      const l = params.alias('l');
      return {
        from: `${ident(link.table)} ${l} JOIN ${ident(target.table)} ${x} ON ${x}.id = ${l}.${ident(columnOf(field.other, link.fields[field.other]))}`,
        on: `${l}.${ident(columnOf(field.self, link.fields[field.self]))} = ${alias}.id`,
      };
    },
  },
};

/** EXISTS over a related reference, child list or link list, with conditions on the related rows. */
export function relatedExists(
  entity: EntityDef,
  alias: string,
  fieldName: string,
  conditions: Where[][] | null | undefined,
  params: Params,
  caller: Caller | null,
): string {
  const field = fieldOf(entity, fieldName);
  if (!field || !isJoin(field)) throw new BadInputError(`Unknown related path '${fieldName}' on ${entity.name}`);
  const join = joinsOf[field.kind] as JoinOf<JoinKind>;
  const target = getEntity(join.target(field));
  // A condition on related rows answers questions about them: the caller must be allowed to
  // read them, as when selecting them (else a count could spell out another's rows).
  assertAllowed(caller, target, 'read');
  const x = params.alias('r');
  const { from, on } = join.sql(field, { name: fieldName, alias, x, target, params });
  const parts = [on];
  const scope = scopeSql(target, x, caller, params);
  if (scope) parts.push(scope);
  const conds = compileConditions(target, x, conditions, params, caller);
  if (conds) parts.push(conds);
  return `EXISTS (SELECT 1 FROM ${from} WHERE ${parts.join(' AND ')})`;
}

export function compileConditions(
  entity: EntityDef,
  alias: string,
  conditions: Where[][] | null | undefined,
  params: Params,
  caller: Caller | null,
): string | null {
  if (
    conditions !== null &&
    conditions !== undefined &&
    (!Array.isArray(conditions) || !conditions.every((g) => g === null || Array.isArray(g)))
  )
    throw new BadInputError('conditions must be a list of condition lists');
  const groups = (conditions ?? []).filter((g) => g && g.length);
  if (!groups.length) return null;
  return groups.map((g) => `(${g.map((c) => compileWhere(entity, alias, c, params, caller)).join(' OR ')})`).join(' AND ');
}

/**
 * Related records a dotted path goes through: one per step past the first. A path that is not a
 * text counts none, one deeper than MAX_PATH_DEPTH as deep as that: their own checks refuse them.
 */
export const pathJoins = (path: unknown): number => (typeof path === 'string' ? Math.min(path.split('.').length, MAX_PATH_DEPTH) - 1 : 0);

/** Related records a filter goes through (COST_LIMITS.searchJoins): each condition's path steps, and each `has` with its conditions'. */
export function searchJoins(filter: Filter): number {
  const list = <T>(v: T[] | null | undefined): T[] => (Array.isArray(v) ? v : []);
  const ofGroups = (groups: Where[][] | null | undefined) =>
    list(groups).reduce((n, g) => n + list(g).reduce((m, c) => m + pathJoins((c as Where | null)?.path), 0), 0);
  return (
    list(filter.where).reduce((n, c) => n + pathJoins((c as Where | null)?.path), 0) +
    ofGroups(filter.conditions) +
    list(filter.has).reduce((n, h) => n + 1 + pathJoins((h as Has | null)?.path) + ofGroups((h as Has | null)?.conditions), 0)
  );
}

/** Refuses a search that goes through more related records than COST_LIMITS.searchJoins (`extra`: a list's sort paths). */
export function checkSearchCost(filter: Filter, extra = 0): void {
  const joins = searchJoins(filter) + extra;
  if (joins > COST_LIMITS.searchJoins) throw new BadInputError(costMessages.tooComplex(joins));
}

/** Bounds what one request may ask of the database, before any of it is compiled. */
function checkSize(filter: Filter): void {
  const count = (groups: Where[][] | null | undefined) =>
    Array.isArray(groups) ? groups.reduce((n, g) => n + (Array.isArray(g) ? g.length : 0), 0) : 0;
  const total =
    (filter.where?.length ?? 0) + count(filter.conditions) + (filter.has ?? []).reduce((n, h) => n + 1 + count(h?.conditions), 0);
  if (total > MAX_CONDITIONS) throw new BadInputError(`At most ${MAX_CONDITIONS} search conditions can be given at once`);
  if ((filter.ids?.length ?? 0) > MAX_TAKE) throw new BadInputError(`At most ${MAX_TAKE} ids can be given at once`);
  checkSearchCost(filter);
}

/** The whole filter of a list, count or bulk operation (without the tenant scope). */
export function compileFilter(entity: EntityDef, alias: string, filter: Filter, params: Params, caller: Caller | null): string[] {
  checkSize(filter);
  const parts: string[] = [];
  for (const w of filter.where ?? []) parts.push(compileWhere(entity, alias, w, params, caller));
  const conds = compileConditions(entity, alias, filter.conditions, params, caller);
  if (conds) parts.push(conds);
  if (filter.ids) {
    for (const id of filter.ids) if (!isUuid(id)) throw new BadInputError(`'${id}' is not a valid id`);
    parts.push(`${alias}.id = ANY(${params.add(filter.ids, 'uuid[]')})`);
  }
  for (const h of filter.has ?? []) {
    const exists = relatedExists(entity, alias, h.path, h.conditions, params, caller);
    parts.push(h.negate ? `NOT ${exists}` : exists);
  }
  return parts;
}
