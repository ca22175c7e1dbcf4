import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { allEntities } from '@hub/model';
import { describe, expect, it } from 'vitest';

/**
 * Entity rows are read and written only through crud/ (architecture.md, Request path): no
 * source file outside crud/, db/ (tables, migrations) and seed/ names an entity's table in
 * SQL, nor builds SQL from an entity's table (`ident(entity.table)`, crud/system.ts's
 * `tableSql`/`columnSql`). The table names come from the registry, so a new entity is
 * covered as soon as it is declared. Tests may look at rows directly (they are witnesses).
 */
const src = join(__dirname, '..');
const ALLOWED = ['crud', 'db', 'seed', 'test'];

/**
 * Folders that may read (never write) entity rows in SQL, each with its reason. Keep it short.
 * - access/: the permission checks are SQL predicates and counts that crud's reads and write
 *   plans run inside their own statements and transactions (tenant scopes, reference checks,
 *   the row lock of an update); access/ sits below crud/ and cannot call it.
 */
const READ_ONLY = ['access'];

const tables = [...new Set(allEntities().map((e) => e.table))].sort((a, b) => b.length - a.length);
const names = tables.map((t) => t.replace(/[^a-z0-9_]/g, '')).join('|');
/** A keyword that reads or writes a table, then an entity's table, quoted or not. */
const named = new RegExp(`\\b(FROM|JOIN|INTO|UPDATE|TABLE)\\s+"?(${names})"?(?![\\w])`, 'g');
/** An entity's table spelt as a string of its own ('mehub_admin'), as code that picks a table does. */
const spelt = new RegExp(`['"\`](${tables.filter((t) => t.includes('_')).join('|')})['"\`]`, 'g');
/** SQL built from an entity definition's table, or with crud's helpers for it. */
const built = /ident\([^()]*\.table\)|\b(tableSql|columnSql)\(/g;
/** A write: what READ_ONLY folders may not do, whichever way the table is named. */
const write = new RegExp(`\\b(INSERT INTO|UPDATE|DELETE FROM)\\s+("?(${names})"?(?![\\w])|\\$\\{ident\\()`, 'g');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

/** Line numbers and the matched text of a pattern in `text`. */
function hits(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => `line ${text.slice(0, m.index).split('\n').length}: ${m[0]}`);
}

describe('entity rows only through crud/', () => {
  it('finds the tables of the registry', () => {
    expect(tables).toContain('mehub_account');
    expect(tables).toContain('apikey');
    expect('SELECT id FROM "apikey" WHERE x'.match(named)).toHaveLength(1);
    expect(`const t = 'mehub_admin'`.match(spelt)).toHaveLength(1);
    expect('UPDATE ${ident(e.table)} SET'.match(write)).toHaveLength(1);
  });

  it('no file outside crud/, db/ and seed/ names an entity table in SQL', () => {
    const found: string[] = [];
    for (const file of sources(src)) {
      const rel = relative(src, file).split(sep).join('/');
      const folder = rel.includes('/') ? rel.split('/')[0] : '';
      if (ALLOWED.includes(folder)) continue;
      const text = readFileSync(file, 'utf8');
      const patterns = READ_ONLY.includes(folder) ? [write] : [named, spelt, built];
      for (const p of patterns) for (const h of hits(text, p)) found.push(`server/src/${rel} ${h}`);
    }
    expect(found, 'read and write entity rows through crud/ (listRecords, saveRecords, deleteRecords, crud/system.ts)').toEqual([]);
  });
});
