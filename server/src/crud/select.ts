import { fieldOf, getEntity, kinds, type EntityDef, type Field } from '@hub/model';
import type { Caller } from '../access/caller';
import { assertAllowed } from '../access/rules';
import { scopeSql } from '../access/scope';
import { readableSql } from '../access/fields';
import { columnOf } from '../db/columns';
import { serverKindOf, stampSql, type SubqueryKind } from '../kinds';
import { derivedSql } from './derived';
import { BadInputError } from '../core/errors';
import { Params, ident } from '../db/params';

/** What a client asked for: field name to true (a value) or to the nested selection. */
export interface Selection {
  [field: string]: Selection | true;
}

const FILE_FIELDS: Record<string, string> = { id: 'id', fileName: 'file_name', contentType: 'content_type', size: 'size' };

/** jsonb_build_object takes at most 100 arguments: build in chunks and concatenate. */
function buildObject(pairs: [string, string][]): string {
  if (!pairs.length) return `'{}'::jsonb`;
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 40)
    chunks.push(
      `jsonb_build_object(${pairs
        .slice(i, i + 40)
        .map(([k, v]) => `'${k}', ${v}`)
        .join(', ')})`,
    );
  return chunks.join(' || ');
}

const sub = (s: Selection | true, path: string): Selection => {
  if (s === true) throw new BadInputError(`${path} needs a selection of fields`);
  return s;
};

/**
 * The selection as one jsonb expression of row `alias`. Nested lists (children, links) become
 * correlated subqueries; a to-one reference becomes a LEFT JOIN LATERAL pushed on `joins`,
 * which the caller puts in the FROM clause of row `alias` (the joined row carries the caller's
 * scope, so a reference to a row they may not read is null). Without `joins`, references are
 * scalar subqueries.
 */
export function selectJson(
  entity: EntityDef,
  alias: string,
  sel: Selection,
  params: Params,
  caller: Caller | null,
  joins?: string[],
): string {
  const pairs: [string, string][] = [];
  for (const [key, s] of Object.entries(sel)) {
    if (key === '__typename') continue;
    if (key === 'id') pairs.push([key, `${alias}.id`]);
    else if (key === 'created' || key === 'modified') pairs.push([key, stampSql(`${alias}.${key}`)]);
    else pairs.push([key, fieldExpr(entity, alias, key, s, params, caller, joins)]);
  }
  return buildObject(pairs);
}

function fieldExpr(
  entity: EntityDef,
  alias: string,
  key: string,
  s: Selection | true,
  params: Params,
  caller: Caller | null,
  joins?: string[],
): string {
  const field = fieldOf(entity, key);
  if (!field) {
    const base = key.endsWith('Id') ? fieldOf(entity, key.slice(0, -2)) : undefined;
    if (base && kinds[base.kind].holdsId) return `${alias}.${ident(columnOf(key.slice(0, -2), base))}`;
    throw new BadInputError(`Unknown field ${key} on ${entity.name}`);
  }
  const { select } = serverKindOf(field).codec;
  if (select !== 'subquery') return readableSql(entity, alias, key, select(`${alias}.${ident(columnOf(key, field))}`), caller, params);
  const build = subqueries[field.kind as SubqueryKind] as (q: SubqueryArgs<Field>) => string;
  return build({ entity, field, alias, key, s, params, caller, joins });
}

interface SubqueryArgs<F> {
  entity: EntityDef;
  field: F;
  alias: string;
  key: string;
  s: Selection | true;
  params: Params;
  caller: Caller | null;
  /** Where a to-one reference's LATERAL join goes, when the row's FROM clause takes joins. */
  joins?: string[];
}

/** The kinds whose value is built from other rows, each as a correlated subquery carrying the caller's scope. */
const subqueries: { [K in SubqueryKind]: (q: SubqueryArgs<Field & { kind: K }>) => string } = {
  file: ({ field, alias, key, s, params }) => {
    const col = `${alias}.${ident(columnOf(key, field))}`;
    const f = params.alias('f');
    const fsel = sub(s, key);
    const pairs = Object.keys(fsel)
      .filter((k) => Object.hasOwn(FILE_FIELDS, k))
      .map((k): [string, string] => [k, `${f}.${FILE_FIELDS[k]}`]);
    return `(SELECT ${buildObject(pairs)} FROM file ${f} WHERE ${f}.id = ${col})`;
  },
  reference: ({ field, alias, key, s, params, caller, joins }) => {
    const col = `${alias}.${ident(columnOf(key, field))}`;
    const target = getEntity(field.target);
    assertAllowed(caller, target, 'read');
    const x = params.alias('t');
    const scope = scopeSql(target, x, caller, params);
    const where = `WHERE ${x}.id = ${col}${scope ? ` AND ${scope}` : ''}`;
    if (!joins) return `(SELECT ${selectJson(target, x, sub(s, key), params, caller)} FROM ${ident(target.table)} ${x} ${where})`;
    // The referenced row's own references join inside the lateral, on its row.
    const inner: string[] = [];
    const json = selectJson(target, x, sub(s, key), params, caller, inner);
    const j = params.alias('j');
    joins.push(
      `LEFT JOIN LATERAL (SELECT ${json} AS v FROM ${ident(target.table)} ${x}${inner.map((i) => ` ${i}`).join('')} ${where}) ${j} ON true`,
    );
    return `${j}.v`;
  },
  children: ({ field, alias, key, s, params, caller }) => {
    const target = getEntity(field.target);
    assertAllowed(caller, target, 'read');
    const x = params.alias('t');
    const scope = scopeSql(target, x, caller, params);
    const inverseCol = columnOf(field.inverse, target.fields[field.inverse]);
    const rowJoins: string[] = [];
    const inner = selectJson(target, x, sub(s, key), params, caller, rowJoins);
    return (
      `(SELECT coalesce(jsonb_agg(${inner} ORDER BY ${x}.created, ${x}.id), '[]'::jsonb) FROM ${ident(target.table)} ${x} ` +
      `${rowJoins.map((j) => `${j} `).join('')}WHERE ${x}.${ident(inverseCol)} = ${alias}.id${scope ? ` AND ${scope}` : ''})`
    );
  },
  derived: ({ field, alias, key, s, params, entity }) => {
    if (field.of === 'object') sub(s, key);
    else if (s !== true) throw new BadInputError(`${key} is a value: it takes no selection of fields`);
    return derivedSql(entity, alias, field, params);
  },
  links: ({ field, alias, key, s, params, caller }) => {
    const target = getEntity(field.target!);
    const link = getEntity(field.link);
    assertAllowed(caller, target, 'read');
    const x = params.alias('t');
    const l = params.alias('l');
    const scope = scopeSql(target, x, caller, params);
    const rowJoins: string[] = [];
    const inner = selectJson(target, x, sub(s, key), params, caller, rowJoins);
    const selfCol = columnOf(field.self, link.fields[field.self]);
    const otherCol = columnOf(field.other, link.fields[field.other]);
    return (
      `(SELECT coalesce(jsonb_agg(${inner} ORDER BY ${x}.created, ${x}.id), '[]'::jsonb) FROM ${ident(link.table)} ${l} ` +
      `JOIN ${ident(target.table)} ${x} ON ${x}.id = ${l}.${ident(otherCol)} ${rowJoins.map((j) => `${j} `).join('')}` +
      `WHERE ${l}.${ident(selfCol)} = ${alias}.id${scope ? ` AND ${scope}` : ''})`
    );
  },
};
