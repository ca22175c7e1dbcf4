import { derivedPathTarget, getEntity, type DerivedField, type DerivedRule, type EntityDef, type EntityName } from '@hub/model';
import { columnOf } from '../db/columns';
import { serverKindOf } from '../kinds';
import { Params, ident } from '../db/params';

/**
 * A derived field as SQL on row `alias` of `entity`: a path through references becomes one
 * correlated subquery joined on primary keys (so a list stays one statement and each step is
 * an index lookup); an equality is a comparison of the row's own column; a reference pointing
 * back is the path's value compared with the row's id. The values are
 * facts of the row itself, shown wherever the row is readable.
 */
export function pathSql(entity: EntityDef, alias: string, path: string, params: Params): string {
  const { refs, last } = derivedPathTarget(entity, path);
  const wire = (a: string) => {
    const select = serverKindOf(last.field).codec.select;
    const col = `${a}.${ident(columnOf(last.name, last.field))}`;
    return select === 'subquery' ? col : select(col);
  };
  if (!refs.length) return wire(alias);
  const aliases = refs.map(() => params.alias('d'));
  const from = refs.map((r, i) => {
    const target = i + 1 < refs.length ? refs[i + 1].from : last.entity;
    return `${ident(target.table)} ${aliases[i]}`;
  });
  const on = refs.map((r, i) => `${aliases[i]}.id = ${i === 0 ? alias : aliases[i - 1]}.${ident(columnOf(r.name, r.field))}`);
  const joins = from.slice(1).map((f, i) => ` JOIN ${f} ON ${on[i + 1]}`);
  return `(SELECT ${wire(aliases[aliases.length - 1])} FROM ${from[0]}${joins.join('')} WHERE ${on[0]})`;
}

/** The value of a derived field (text, integer, boolean or enum) as a comparable SQL expression. */
export function derivedSql(entity: EntityDef, alias: string, field: DerivedField, params: Params): string {
  const from = field.from;
  if ('equals' in from) {
    const f = entity.fields[from.equals.field];
    return `(${alias}.${ident(columnOf(from.equals.field, f))} IS NOT DISTINCT FROM ${params.add(from.equals.value, 'text')})`;
  }
  if ('object' in from) {
    const pairs = Object.entries(from.object).map(([k, p]) => `'${k}', ${pathSql(entity, alias, p, params)}`);
    const refCol = objectGuard(entity, alias, from.object);
    const obj = `jsonb_build_object(${pairs.join(', ')})`;
    return refCol ? `CASE WHEN ${refCol} IS NULL THEN NULL ELSE ${obj} END` : obj;
  }
  if ('rule' in from) return RULES[from.rule](alias, params);
  if ('pointsHere' in from) return `coalesce(${pathSql(entity, alias, from.pointsHere, params)} = ${alias}.id, false)`;
  const expr = pathSql(entity, alias, from.path, params);
  return from.default === undefined
    ? expr
    : `coalesce(${expr}, ${params.add(from.default, typeof from.default === 'number' ? 'int' : undefined)})`;
}

/** An object of paths through one reference is null when that reference is. */
function objectGuard(entity: EntityDef, alias: string, object: Record<string, string>): string | null {
  const heads = new Set(Object.values(object).map((p) => p.split('.')[0]));
  if (heads.size !== 1) return null;
  const [head] = heads;
  const f = entity.fields[head];
  if (f?.kind !== 'reference') return null;
  return `${alias}.${ident(columnOf(head, f))}`;
}

/** A table and column of the registry, quoted, for the rules below. */
const tableOf = (name: EntityName) => ident(getEntity(name).table);
const colOf = (name: EntityName, field: string) => ident(columnOf(field, getEntity(name).fields[field]));

/**
 * The named derived facts (define.ts DERIVED_RULES), each one expression on row `alias`:
 * correlated subqueries on indexed columns (a version's form id, a submission's version id),
 * so a list stays one statement and the value sorts and filters like a column.
 */
const RULES: Record<DerivedRule, (alias: string, params: Params) => string> = {
  formStatus: (f, params) => {
    const v = tableOf('FormsEntityFormVersion');
    const form = colOf('FormsEntityFormVersion', 'form');
    const num = colOf('FormsEntityFormVersion', 'version');
    const published = colOf('FormsEntity', 'publishedVersion');
    const p = params.alias('r');
    const x = params.alias('r');
    return (
      `(CASE WHEN (SELECT ${p}.${num} FROM ${v} ${p} WHERE ${p}.id = ${f}.${published} AND ${p}.${form} = ${f}.id) ` +
      `>= (SELECT max(${x}.${num}) FROM ${v} ${x} WHERE ${x}.${form} = ${f}.id) THEN 'Published' ELSE 'Draft' END)`
    );
  },
  versionStatus: (a, params) => {
    const v = tableOf('FormsEntityFormVersion');
    const form = colOf('FormsEntityFormVersion', 'form');
    const num = colOf('FormsEntityFormVersion', 'version');
    const published = colOf('FormsEntity', 'publishedVersion');
    const f = params.alias('r');
    const x = params.alias('r');
    return (
      `(CASE WHEN EXISTS (SELECT 1 FROM ${tableOf('FormsEntity')} ${f} WHERE ${f}.id = ${a}.${form} AND ${f}.${published} = ${a}.id) ` +
      `THEN 'Published version' WHEN ${a}.${num} >= (SELECT max(${x}.${num}) FROM ${v} ${x} WHERE ${x}.${form} = ${a}.${form}) ` +
      `THEN 'Draft' ELSE 'Active version' END)`
    );
  },
  versionInUse: (a, params) => {
    const s = params.alias('r');
    return `EXISTS (SELECT 1 FROM ${tableOf('FormSubmissionsEntity')} ${s} WHERE ${s}.${colOf('FormSubmissionsEntity', 'formVersion')} = ${a}.id)`;
  },
  // The sign-in state (auth_state, one row per user at most) as crud/users.ts reads it: active unless set inactive.
  accountActive: (a, params) => {
    const s = params.alias('r');
    return `NOT EXISTS (SELECT 1 FROM auth_state ${s} WHERE ${s}.user_id = ${a}.id AND ${s}.active = false)`;
  },
};
