import { MAX_CONDITIONS, MAX_PATH_DEPTH, MAX_TAKE, fieldOf, getEntity, type EntityDef } from '@hub/model';
import type { Caller } from '../access/caller';
import { assertAllowed } from '../access/rules';
import { scopeSql, writeScopeSql } from '../access/scope';
import { readableSql } from '../access/fields';
import type { Db } from '../db/client';
import { columnOf } from '../db/columns';
import { checkSearchCost, compileFilter, pathJoins, type Filter } from './conditions';
import { translateDbError } from '../db/db-errors';
import { BadInputError } from '../core/errors';
import { Params, ident } from '../db/params';
import { answerJson, selectJson, type Pick, type Selection } from './select';
import { derivedSql } from './derived';

export interface OrderBy {
  path: string;
  descending?: boolean | null;
}

export interface ListArgs extends Filter {
  skip?: number | null;
  take?: number | null;
  orderBy?: OrderBy[] | null;
}

const SORTABLE = new Set(['text', 'textarea', 'email', 'url', 'integer', 'number', 'boolean', 'date', 'datetime', 'enum']);

/**
 * The sort expression of `path` on row `alias`: a sortable field of its own (a derived value
 * included), or one reached through references (`memberOrganisation.name`) as a correlated
 * subquery joined on primary keys, carrying the caller's scope at each step, so a member never
 * orders by a row they may not read (it sorts as empty).
 */
function sortExpr(entity: EntityDef, alias: string, path: string, params: Params, caller: Caller | null, whole = path): string {
  if (path === 'created' || path === 'modified') return `${alias}.${path}`;
  const [head, ...rest] = path.split('.');
  const field = fieldOf(entity, head);
  const refuse = () => new BadInputError(`Cannot sort ${entity.name} by '${whole}'`);
  if (rest.length) {
    if (field?.kind !== 'reference') throw refuse();
    const target = getEntity(field.target);
    assertAllowed(caller, target, 'read');
    const x = params.alias('o');
    const scope = scopeSql(target, x, caller, params);
    const inner = sortExpr(target, x, rest.join('.'), params, caller, whole);
    return `(SELECT ${inner} FROM ${ident(target.table)} ${x} WHERE ${x}.id = ${alias}.${ident(columnOf(head, field))}${scope ? ` AND ${scope}` : ''})`;
  }
  if (field?.kind === 'derived' && field.of !== 'object') return derivedSql(entity, alias, field, params);
  if (!field || !SORTABLE.has(field.kind) || field.writeOnly) throw refuse();
  return readableSql(entity, alias, path, `${alias}.${ident(columnOf(path, field))}`, caller, params);
}

function orderSql(entity: EntityDef, alias: string, orderBy: OrderBy[] | null | undefined, params: Params, caller: Caller | null): string {
  const parts: string[] = [];
  if ((orderBy?.length ?? 0) > MAX_CONDITIONS) throw new BadInputError(`At most ${MAX_CONDITIONS} sort orders can be given`);
  for (const o of orderBy ?? []) {
    if (o.path === 'id') continue;
    if (typeof o.path !== 'string' || o.path.split('.').length > MAX_PATH_DEPTH)
      throw new BadInputError(`A sort path can be at most ${MAX_PATH_DEPTH} levels deep`);
    const col = sortExpr(entity, alias, o.path, params, caller);
    parts.push(`${col} ${o.descending ? 'DESC' : 'ASC'}`);
  }
  const last = orderBy?.length ? orderBy[orderBy.length - 1] : null;
  if (!parts.length) return `${alias}.created DESC, ${alias}.id DESC`;
  // Ordering always ends with id, so pages never overlap or skip rows.
  parts.push(`${alias}.id ${last?.path === 'id' ? (last.descending ? 'DESC' : 'ASC') : last?.descending ? 'DESC' : 'ASC'}`);
  return parts.join(', ');
}

/** WHERE clause for a filter plus the caller's tenant scope, or '' when nothing restricts. */
export function whereSql(
  entity: EntityDef,
  alias: string,
  filter: Filter,
  params: Params,
  caller: Caller | null,
  purpose: 'read' | 'write' = 'read',
): string {
  const parts = compileFilter(entity, alias, filter, params, caller);
  const scope = (purpose === 'write' ? writeScopeSql : scopeSql)(entity, alias, caller, params);
  if (scope) parts.push(scope);
  return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}

function paging(args: ListArgs): { skip: number; take: number } {
  const skip = args.skip ?? 0;
  const take = args.take ?? MAX_TAKE;
  if (!Number.isInteger(skip) || skip < 0) throw new BadInputError('skip must be a whole number of 0 or more');
  if (!Number.isInteger(take) || take < 0 || take > MAX_TAKE) throw new BadInputError(`take must be a whole number from 0 to ${MAX_TAKE}`);
  return { skip, take };
}

/** The one statement of a list: SQL text and parameters. */
export function compileList(caller: Caller | null, entity: EntityDef, args: ListArgs, sel: Selection): { sql: string; params: unknown[] } {
  const params = new Params();
  return { sql: listSql(params, caller, entity, args, sel), params: params.values };
}

/** A list's SELECT (one jsonb `r` per row, in order) with its parameters added to `params`: a statement, or part of one. */
export function listSql(params: Params, caller: Caller | null, entity: EntityDef, args: ListArgs, sel: Selection): string {
  return pageSql(params, caller, entity, args, (joins) => selectJson(entity, 't', sel, params, caller, joins));
}

/** The same with each row as json in the answer's own shape (graphql/direct.ts). */
export function answerListSql(params: Params, caller: Caller | null, entity: EntityDef, args: ListArgs, picks: Pick[]): string {
  return pageSql(params, caller, entity, args, (joins) => answerJson(entity, 't', picks, params, caller, joins));
}

function pageSql(params: Params, caller: Caller | null, entity: EntityDef, args: ListArgs, object: (joins: string[]) => string): string {
  const { skip, take } = paging(args);
  // The filter's related records and the sort's, together, before anything is compiled.
  checkSearchCost(args, Array.isArray(args.orderBy) ? args.orderBy.reduce((n, o) => n + pathJoins(o?.path), 0) : 0);
  const joins: string[] = [];
  const json = object(joins);
  const where = whereSql(entity, 't', args, params, caller);
  // The page's rows are found first, as plain rows, and only they are selected as JSON (their
  // references joined): PostgreSQL would otherwise build the JSON of every row OFFSET skips, which
  // made deep pages of a long list (an account's 10,000 timeline events) slow. The outer ORDER BY
  // puts the page in order again.
  const page =
    `SELECT t.* FROM ${ident(entity.table)} t ${where} ORDER BY ${orderSql(entity, 't', args.orderBy, params, caller)} ` +
    `LIMIT ${params.add(take, 'int')} OFFSET ${params.add(skip, 'int')}`;
  const sql =
    `SELECT ${json} AS r FROM (${page}) t ${joins.map((j) => `${j} `).join('')}` +
    `ORDER BY ${orderSql(entity, 't', args.orderBy, params, caller)}`;
  return sql;
}

export function compileCount(caller: Caller | null, entity: EntityDef, filter: Filter): { sql: string; params: unknown[] } {
  const params = new Params();
  return { sql: countSql(params, caller, entity, filter), params: params.values };
}

/** A count's SELECT (one row, `n`) with its parameters added to `params`. */
export function countSql(params: Params, caller: Caller | null, entity: EntityDef, filter: Filter): string {
  const where = whereSql(entity, 't', filter, params, caller);
  return `SELECT count(*)::int AS n FROM ${ident(entity.table)} t ${where}`;
}

/** A page of records as the selection asks: one SQL statement, however deep the nesting. */
export async function listRecords(
  db: Db,
  caller: Caller | null,
  entity: EntityDef,
  args: ListArgs,
  sel: Selection,
  /** After a write the caller gets back the rows they just wrote, even without read rights on them. */
  justWritten = false,
): Promise<unknown[]> {
  if (!justWritten) assertAllowed(caller, entity, 'read');
  const { sql, params } = compileList(caller, entity, args, sel);
  const { rows } = await db
    .query<{ r: unknown }>(sql, params, { prepare: true })
    .catch((err: unknown) => Promise.reject(translateDbError(err, 'read')));
  return rows.map((row) => row.r);
}

export async function countRecords(db: Db, caller: Caller | null, entity: EntityDef, filter: Filter): Promise<number> {
  assertAllowed(caller, entity, 'read');
  const { sql, params } = compileCount(caller, entity, filter);
  const { rows } = await db
    .query<{ n: number | string }>(sql, params, { prepare: true })
    .catch((err: unknown) => Promise.reject(translateDbError(err, 'read')));
  return Number(rows[0].n);
}

export async function getRecord(db: Db, caller: Caller | null, entity: EntityDef, id: string, sel: Selection): Promise<unknown | null> {
  const rows = await listRecords(db, caller, entity, { ids: [id], take: 1 }, sel);
  return rows[0] ?? null;
}
