import { inputKey, opNames, organisationPath, type EntityDef, type Field, type FieldKind } from '@hub/model';
import { dateRangeActive, type ListState } from './list-state';
import { webKindOf, type ListColumn } from '../kinds';

/** The column of a field listed as a fallback: its own value, sortable. */
const plain: ListColumn<FieldKind> = { select: (path) => path, sortable: true, text: false };

export interface Where {
  path: string;
  comparison: string;
  value: (string | null)[];
  /** .NET-style comparison names; any *IGNORE_CASE* compares case-insensitively. */
  case?: string;
}

export interface Column {
  path: string;
  label: string;
  field: Field;
  /** The GraphQL selection of this column. */
  select: string;
  sortable: boolean;
  /** Long text (a list's fallback column): shown clamped. */
  long: boolean;
  /** The cell's value when it is not the row's own `path` (a nested one). */
  value?(row: Record<string, unknown>): unknown;
}

/**
 * The Organisation column of a member record's list (administrators see every organisation's
 * rows): the organisation's name through the record's owner references, sorted on the server
 * by `memberOrganisation.name` (or `mehubAccount.memberOrganisation.name`). Null for shared entities.
 */
export function organisationColumn(entity: EntityDef): Column | null {
  const path = organisationPath(entity);
  if (!path) return null;
  const steps = path.split('.');
  const select = steps.reduceRight((inner, step) => `${step} { id ${inner} }`, 'name');
  return {
    path: `${path}.name`,
    label: 'Organisation',
    field: { kind: 'text', label: 'Organisation' },
    select,
    sortable: true,
    long: false,
    value: (row) => {
      const org = steps.reduce<unknown>((at, step) => (at as Record<string, unknown> | null)?.[step] ?? null, row);
      return (org as { name?: string } | null)?.name ?? null;
    },
  };
}

/**
 * The list columns of an entity: its visible scalar and reference fields in their order, up
 * to seven; an entity with no other text column lists its first textarea (e.g. News notice).
 */
export function columnsOf(entity: EntityDef): Column[] {
  const visible = Object.entries(entity.fields).filter(([, f]) => !f.hidden && !f.writeOnly);
  const listed = visible.flatMap(([path, field]) => {
    const column = webKindOf(field).column;
    return typeof column === 'object' ? [{ path, field, column, long: false }] : [];
  });
  const fallback = visible.find(([, f]) => webKindOf(f).column === 'when no text column');
  if (fallback && !listed.some((c) => c.column.text)) listed.push({ path: fallback[0], field: fallback[1], column: plain, long: true });
  return listed
    .sort((a, b) => (a.field.order ?? 1000) - (b.field.order ?? 1000))
    .slice(0, 7)
    .map(({ path, field, column, long }) => ({
      path,
      label: field.label ?? path,
      field,
      select: column.select(path, field),
      sortable: typeof column.sortable === 'function' ? column.sortable(field) : column.sortable,
      long,
    }));
}

/** The search box and the filters as condition groups: the term ORed over searchable fields, filters ANDed. */
export function conditionsOf(entity: EntityDef, state: Pick<ListState, 'search' | 'filters'>, base: Where[][] = []): Where[][] {
  const groups: Where[][] = [...base];
  const term = state.search.trim();
  if (term) {
    const searchable = Object.entries(entity.fields).filter(([, f]) => f.searchable && !f.writeOnly);
    const fields = searchable.length ? searchable : Object.entries(entity.fields).filter(([n]) => n === entity.display);
    const group = fields.flatMap(([path, field]): Where[] => {
      // An enumeration (a form version's form type) is searched by its labels: the values whose label holds the term.
      const def = field.kind === 'enum' ? field.enum : field.kind === 'derived' && field.of === 'enum' ? field.enum : undefined;
      if (!def) return [{ path, comparison: 'contains', value: [term] }];
      const values = Object.entries(def.values)
        .filter(([value, label]) => `${label} ${value}`.toLowerCase().includes(term.toLowerCase()))
        .map(([value]) => value);
      return values.length ? [{ path, comparison: 'in', value: values }] : [];
    });
    // A term no field can hold matches nothing (never every row).
    groups.push(group.length ? group : [{ path: 'id', comparison: 'equal', value: ['00000000-0000-4000-8000-000000000000'] }]);
  }
  for (const [path, values] of Object.entries(state.filters)) {
    const field = entity.fields[path];
    if (!field) continue;
    const filter = webKindOf(field).filter;
    if (filter?.kind === 'range') {
      // Active only when both ends exist (a lone start date is copied to the end when edited).
      if (!dateRangeActive(values)) continue;
      const [from, to] = values;
      groups.push([{ path, comparison: 'greaterThanOrEqual', value: [filter.from(from)] }]);
      groups.push([{ path, comparison: 'lessThanOrEqual', value: [filter.to(to)] }]);
    } else groups.push([{ path: inputKey(path, field), comparison: 'in', value: values }]);
  }
  return groups;
}

/** The list query of an entity's columns (or `columns`), plus `extra` fields per row (a member list's own columns). */
export function listQuery(entity: EntityDef, extra = '', columns: Column[] = columnsOf(entity)): string {
  const n = opNames(entity.name);
  const cols = [...columns.map((c) => c.select), extra].join(' ').trim();
  return `query($c: [[WhereExpressionGraph!]!], $skip: Int, $take: Int, $o: [OrderByGraph!]) {
    rows: ${n.list}(conditions: $c, skip: $skip, take: $take, orderBy: $o) { id created ${cols} }
    total: ${n.count}(conditions: $c) }`;
}

export function orderOf(state: ListState): { path: string; descending: boolean }[] {
  // Default: created descending; ordering always ends with id (the server adds it).
  return state.sort ? [{ path: state.sort.path, descending: state.sort.direction === 'desc' }] : [{ path: 'created', descending: true }];
}

/** The records a bulk action applies to: picked ids, or every match minus exclusions. */
export function selectionConditions(entity: EntityDef, state: ListState, base: Where[][]): Where[][] {
  if (!state.allPages) return [[{ path: 'id', comparison: 'in', value: state.selected }]];
  const groups = conditionsOf(entity, state, base);
  if (state.selected.length) groups.push([{ path: 'id', comparison: 'notIn', value: state.selected }]);
  // "Every record" still needs a condition for the server's bulk guard.
  if (!groups.length) groups.push([{ path: 'id', comparison: 'notEqual', value: ['00000000-0000-4000-8000-000000000000'] }]);
  return groups;
}
