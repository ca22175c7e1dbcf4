import { allEntities } from '@hub/model';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as internal from './internal';
import * as schema from './schema';

/**
 * drizzle-kit sees only the top-level named exports of schema.ts: a table the registry
 * declares but schema.ts does not export would silently get no migration.
 */
const tableNames = (module: Record<string, unknown>) =>
  new Set(
    Object.values(module)
      .filter((v) => is(v, PgTable))
      .map((t) => getTableName(t as PgTable)),
  );

describe('the schema module drizzle-kit reads', () => {
  it('exports a table for every entity of the registry', () => {
    const exported = tableNames(schema);
    expect(
      allEntities()
        .filter((e) => !exported.has(e.table))
        .map((e) => `${e.name} has no table export in server/src/db/schema.ts`),
    ).toEqual([]);
  });

  it("exports the hub's own tables", () => {
    const exported = tableNames(schema);
    expect(
      [...tableNames(internal)].filter((t) => !exported.has(t)).map((t) => `${t} has no table export in server/src/db/schema.ts`),
    ).toEqual([]);
  });

  it('exports nothing else: every export is a table of an entity of the registry or one of the hub’s own', () => {
    const known = new Set([...allEntities().map((e) => e.table), ...tableNames(internal)]);
    const strays = Object.entries(schema).flatMap(([name, value]) => {
      if (!is(value, PgTable)) return [`${name} is exported by server/src/db/schema.ts but is not a table`];
      const table = getTableName(value);
      return known.has(table) ? [] : [`${name} (table ${table}) is exported by server/src/db/schema.ts but is no entity of the registry`];
    });
    expect(strays).toEqual([]);
  });
});
