import type { Db } from '../db/client';

/** Inserts one row of test data straight into `table` (column names as given) and returns its id. */
export async function insertRow(db: Db, table: string, row: Record<string, unknown>): Promise<string> {
  const keys = Object.keys(row);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO ${table} (${keys.map((k) => `"${k}"`).join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(row),
  );
  return rows[0].id;
}
