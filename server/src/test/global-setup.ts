import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client';
import { migrate } from '../db/migrate';
import { MIGRATIONS_DIR } from './paths';

/**
 * Creating a PGlite database takes seconds, loading a dump of one well under one: build
 * one migrated database per run and let every test file load its own copy. For
 * PostgreSQL, recreate the schema of TEST_DATABASE_URL once.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (project.config.env?.TEST_ENGINE === 'postgres') {
    const db = await openPostgres(process.env.TEST_DATABASE_URL!, 2);
    await db.query('DROP SCHEMA IF EXISTS public CASCADE');
    await db.query('CREATE SCHEMA public');
    await migrate(db, MIGRATIONS_DIR);
    await db.close();
    return;
  }
  const pg = new PGlite();
  await pg.waitReady;
  const db = {
    engine: 'pglite' as const,
    stats: { statements: 0, writes: 0 },
    exclusive: true,
    query: async (t: string, p?: unknown[]) => {
      const r = await pg.query(t, p);
      return { rows: r.rows as never[], affectedRows: r.affectedRows ?? 0 };
    },
    transaction: <T>(fn: (tx: never) => Promise<T>) => fn(db as never),
    close: () => pg.close(),
  };
  await migrate(db, MIGRATIONS_DIR);
  const dump = await pg.dumpDataDir('none');
  const dir = join(tmpdir(), `hub-test-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEMPLATE = file;
  project.provide('pgliteTemplate', file);
  await pg.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
