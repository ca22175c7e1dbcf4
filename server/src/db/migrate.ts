import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './client';

interface Journal {
  entries: { idx: number; tag: string }[];
}

/**
 * Applies the committed SQL migrations (written by drizzle-kit) that the database has not
 * seen, each in its own transaction. An advisory lock keeps two servers starting at once
 * on one PostgreSQL from applying the same migration twice.
 */
export async function migrate(db: Db, dir: string): Promise<string[]> {
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as Journal;
  await db.query('CREATE TABLE IF NOT EXISTS hub_migrations (tag text PRIMARY KEY, applied timestamp NOT NULL DEFAULT now())');
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    // A migration (an index over a large table) and the wait for another server's may outlast STATEMENT_TIMEOUT_SECONDS.
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock(7301)');
    const { rows } = await tx.query<{ tag: string }>('SELECT tag FROM hub_migrations');
    const done = new Set(rows.map((r) => r.tag));
    for (const { tag } of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
      if (done.has(tag)) continue;
      const sql = readFileSync(join(dir, `${tag}.sql`), 'utf8');
      for (const statement of sql.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.query(statement);
      }
      await tx.query('INSERT INTO hub_migrations (tag) VALUES ($1)', [tag]);
      applied.push(tag);
    }
  });
  return applied;
}
