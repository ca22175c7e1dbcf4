import { allEntities, getEntity, type EntityDef, type EntityName, type Field, type TableName } from '@hub/model';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { serverKindOf, type ColumnEnv } from '../kinds';
import { storedFields } from './columns';
import { files } from './internal';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = PgTableWithColumns<any>;
const built = new Map<string, AnyTable>();

const stamp = (name: string) => timestamp(name, { precision: 3, mode: 'string' });

const columnEnv: ColumnEnv = {
  idOf: (entity): AnyPgColumn => tableOf(entity).id,
  fileId: (): AnyPgColumn => files.id,
};

function columnFor(field: Field, column: string): PgColumnBuilderBase {
  const { column: c } = serverKindOf(field);
  if (c === 'not a column') throw new Error(`A ${field.kind} field has no column`);
  return c.build(field, column, columnEnv);
}

/** The drizzle table of an entity, built from its declaration (used for migrations). */
export function tableFor(entity: EntityDef): AnyTable {
  const cols: Record<string, PgColumnBuilderBase> = {
    id: uuid('id').primaryKey().defaultRandom(),
    created: stamp('created').notNull().defaultNow(),
    modified: stamp('modified').notNull().defaultNow(),
  };
  const stored = storedFields(entity);
  for (const { name, field, column } of stored) cols[name] = columnFor(field, column);
  const table = pgTable(entity.table, cols, (t) => {
    const extras = [index(`${entity.table}_created_idx`).on(t.created, t.id)];
    for (const { name, field, column } of stored) {
      const kind = serverKindOf(field).index;
      if (kind.lookup) extras.push(index(`${entity.table}_${column}_idx`).on(t[name]));
      if (kind.check) extras.push(check(`${entity.table}_${column}_check`, kind.check(field, column)) as never);
      if (field.unique) extras.push(uniqueIndex(`${entity.table}_${column}_unique`).on(sql.raw(`lower("${column}")`)) as never);
    }
    if (entity.scope.kind === 'org') {
      // A member's lists always filter on their organisation: sort and filter paths start with it.
      const ref = entity.scope.ref;
      extras.push(index(`${entity.table}_scope_created_idx`).on(t[ref], t.created, t.id));
      for (const { name, field, column } of stored)
        if (serverKindOf(field).index.scope) extras.push(index(`${entity.table}_scope_${column}_idx`).on(t[ref], t[name]));
    }
    if (entity.link) extras.push(uniqueIndex(`${entity.table}_pair_unique`).on(t[entity.link.left], t[entity.link.right]));
    for (const names of entity.uniqueTogether ?? []) {
      const [first, ...rest] = names.map((name) => {
        const one = stored.find((s) => s.name === name);
        if (!one) throw new Error(`${entity.name}.uniqueTogether names '${name}', which is not a stored field`);
        return one;
      });
      const cols = [first, ...rest].map((s) => s.column).join('_');
      extras.push(uniqueIndex(`${entity.table}_${cols}_unique`).on(t[first.name], ...rest.map((s) => t[s.name])));
    }
    for (const names of entity.indexes ?? []) {
      const cols = names.map((name) => {
        if (name === 'created' || name === 'id') return { name, column: name };
        const one = stored.find((s) => s.name === name);
        if (!one) throw new Error(`${entity.name}.indexes names '${name}', which is not a stored field`);
        return one;
      });
      const [first, ...rest] = cols;
      extras.push(index(`${entity.table}_${cols.map((c) => c.column).join('_')}_idx`).on(t[first.name], ...rest.map((c) => t[c.name])));
    }
    return extras;
  });
  built.set(entity.name, table);
  return table;
}

export function tableOf(entityName: EntityName): AnyTable {
  return built.get(entityName) ?? tableFor(getEntity(entityName));
}

/** Every entity table, built once, keyed by table name (schema.ts exports each; its test checks none is missing). */
export function buildTables(): Record<TableName, AnyTable> {
  const out = {} as Record<TableName, AnyTable>;
  for (const e of allEntities()) out[e.table as TableName] = tableOf(e.name);
  return out;
}
