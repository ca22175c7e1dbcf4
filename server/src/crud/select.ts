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

/**
 * One field of an object as it is built: the key it has in the answer (a GraphQL alias), the
 * field it reads, and what of it (true: the value; a list: the fields of the row(s) it names).
 */
export interface Pick {
  key: string;
  field: string;
  sub: Pick[] | true;
}

/** How objects are built: jsonb (the driver parses them for graphql-js) or json text in the answer's own key order. */
interface Build {
  params: Params;
  caller: Caller | null;
  /** json: the answer itself (graphql/direct.ts), keys in the query's order, `__typename` spelt out. */
  json: boolean;
}

/** The objects of an answer may have at most this many keys (json_build_object takes 100 arguments). */
export const MAX_ANSWER_KEYS = 50;

/** jsonb_build_object takes at most 100 arguments: build in chunks and concatenate (jsonb only). */
function buildObject(pairs: [string, string][], json: boolean): string {
  if (json) {
    if (pairs.length > MAX_ANSWER_KEYS) throw new BadInputError(`An object of the answer can have at most ${MAX_ANSWER_KEYS} fields`);
    return `json_build_object(${pairs.map(([k, v]) => `${literal(k)}, ${v}`).join(', ')})`;
  }
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

/** A text as an SQL literal (keys are GraphQL names, [_A-Za-z][_0-9A-Za-z]*; quoted all the same). */
export const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

const sub = (s: Pick[] | true, path: string): Pick[] => {
  if (s === true) throw new BadInputError(`${path} needs a selection of fields`);
  return s;
};

/** A client's selection (field name to true or a nested selection) as picks keyed by field name. */
const picksOf = (sel: Selection): Pick[] =>
  Object.entries(sel)
    .filter(([key]) => key !== '__typename')
    .map(([key, s]) => ({ key, field: key, sub: s === true ? true : picksOf(s) }));

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
  return objectSql(entity, alias, picksOf(sel), { params, caller, json: false }, joins);
}

/** The same, as json in the answer's own shape: keys as the query spells them (aliases), in its order, `__typename` spelt out. */
export function answerJson(
  entity: EntityDef,
  alias: string,
  picks: Pick[],
  params: Params,
  caller: Caller | null,
  joins?: string[],
): string {
  return objectSql(entity, alias, picks, { params, caller, json: true }, joins);
}

function objectSql(entity: EntityDef, alias: string, picks: Pick[], b: Build, joins?: string[]): string {
  const pairs: [string, string][] = [];
  for (const { key, field, sub: s } of picks) {
    if (field === '__typename') {
      if (b.json) pairs.push([key, literal(entity.name)]);
    } else if (field === 'id') pairs.push([key, `${alias}.id`]);
    else if (field === 'created' || field === 'modified') pairs.push([key, stampSql(`${alias}.${field}`)]);
    else pairs.push([key, fieldExpr(entity, alias, field, s, b, joins)]);
  }
  return buildObject(pairs, b.json);
}

function fieldExpr(entity: EntityDef, alias: string, key: string, s: Pick[] | true, b: Build, joins?: string[]): string {
  const { params, caller } = b;
  const field = fieldOf(entity, key);
  if (!field) {
    const base = key.endsWith('Id') ? fieldOf(entity, key.slice(0, -2)) : undefined;
    if (base && kinds[base.kind].holdsId) return `${alias}.${ident(columnOf(key.slice(0, -2), base))}`;
    throw new BadInputError(`Unknown field ${key} on ${entity.name}`);
  }
  const { select } = serverKindOf(field).codec;
  if (select !== 'subquery') return readableSql(entity, alias, key, select(`${alias}.${ident(columnOf(key, field))}`), caller, params);
  const build = subqueries[field.kind as SubqueryKind] as (q: SubqueryArgs<Field>) => string;
  return build({ entity, field, alias, key, s, b, joins });
}

interface SubqueryArgs<F> {
  entity: EntityDef;
  field: F;
  alias: string;
  key: string;
  s: Pick[] | true;
  b: Build;
  /** Where a to-one reference's LATERAL join goes, when the row's FROM clause takes joins. */
  joins?: string[];
}

/** A list of rows' objects in order: jsonb, or json for the answer. */
const agg = (b: Build, inner: string, order: string) =>
  b.json ? `coalesce(json_agg(${inner} ORDER BY ${order}), '[]'::json)` : `coalesce(jsonb_agg(${inner} ORDER BY ${order}), '[]'::jsonb)`;

/** The kinds whose value is built from other rows, each as a correlated subquery carrying the caller's scope. */
const subqueries: { [K in SubqueryKind]: (q: SubqueryArgs<Field & { kind: K }>) => string } = {
  file: ({ field, alias, key, s, b }) => {
    const col = `${alias}.${ident(columnOf(key, field))}`;
    const f = b.params.alias('f');
    const pairs = sub(s, key)
      .filter((p) => Object.hasOwn(FILE_FIELDS, p.field) || (b.json && p.field === '__typename'))
      .map((p): [string, string] => [p.key, p.field === '__typename' ? literal('File') : `${f}.${FILE_FIELDS[p.field]}`]);
    return `(SELECT ${buildObject(pairs, b.json)} FROM file ${f} WHERE ${f}.id = ${col})`;
  },
  reference: ({ field, alias, key, s, b, joins }) => {
    const { params, caller } = b;
    const col = `${alias}.${ident(columnOf(key, field))}`;
    const target = getEntity(field.target);
    assertAllowed(caller, target, 'read');
    const x = params.alias('t');
    const scope = scopeSql(target, x, caller, params);
    const where = `WHERE ${x}.id = ${col}${scope ? ` AND ${scope}` : ''}`;
    if (!joins) return `(SELECT ${objectSql(target, x, sub(s, key), b)} FROM ${ident(target.table)} ${x} ${where})`;
    // The referenced row's own references join inside the lateral, on its row.
    const inner: string[] = [];
    const json = objectSql(target, x, sub(s, key), b, inner);
    const j = params.alias('j');
    joins.push(
      `LEFT JOIN LATERAL (SELECT ${json} AS v FROM ${ident(target.table)} ${x}${inner.map((i) => ` ${i}`).join('')} ${where}) ${j} ON true`,
    );
    return `${j}.v`;
  },
  children: ({ field, alias, key, s, b }) => {
    const { params, caller } = b;
    const target = getEntity(field.target);
    assertAllowed(caller, target, 'read');
    const x = params.alias('t');
    const scope = scopeSql(target, x, caller, params);
    const inverseCol = columnOf(field.inverse, target.fields[field.inverse]);
    const rowJoins: string[] = [];
    const inner = objectSql(target, x, sub(s, key), b, rowJoins);
    return (
      `(SELECT ${agg(b, inner, `${x}.created, ${x}.id`)} FROM ${ident(target.table)} ${x} ` +
      `${rowJoins.map((j) => `${j} `).join('')}WHERE ${x}.${ident(inverseCol)} = ${alias}.id${scope ? ` AND ${scope}` : ''})`
    );
  },
  derived: ({ field, alias, key, s, b, entity }) => {
    if (field.of === 'object') {
      sub(s, key);
      // Its object holds every key of the derived value: graphql-js picks the asked ones, the answer cannot.
      if (b.json) throw new BadInputError(`${key} cannot be part of a direct answer`);
    } else if (s !== true) throw new BadInputError(`${key} is a value: it takes no selection of fields`);
    return derivedSql(entity, alias, field, b.params);
  },
  links: ({ field, alias, key, s, b }) => {
    const { params, caller } = b;
    const target = getEntity(field.target!);
    const link = getEntity(field.link);
    assertAllowed(caller, target, 'read');
    const x = params.alias('t');
    const l = params.alias('l');
    const scope = scopeSql(target, x, caller, params);
    const rowJoins: string[] = [];
    const inner = objectSql(target, x, sub(s, key), b, rowJoins);
    const selfCol = columnOf(field.self, link.fields[field.self]);
    const otherCol = columnOf(field.other, link.fields[field.other]);
    return (
      `(SELECT ${agg(b, inner, `${x}.created, ${x}.id`)} FROM ${ident(link.table)} ${l} ` +
      `JOIN ${ident(target.table)} ${x} ON ${x}.id = ${l}.${ident(otherCol)} ${rowJoins.map((j) => `${j} `).join('')}` +
      `WHERE ${l}.${ident(selfCol)} = ${alias}.id${scope ? ` AND ${scope}` : ''})`
    );
  },
};
