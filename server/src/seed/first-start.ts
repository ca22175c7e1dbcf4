import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { seedDemo } from './demo';

/** The hub_setting row that says this database has been seeded, or held data before the marker existed. */
export const SEEDED_KEY = 'seeded';

export type SeedOutcome = 'seeded' | 'existing' | 'none';

/**
 * Seeds the demo into a database that has never been seeded, and never again: start-up does
 * not depend on demo rows, which administrators may change or delete. The first start
 * that finds the database seeded or holding data (organisations or accounts: a database
 * seeded before the marker existed, or one an operator filled) writes the marker;
 * `demo` says whether an empty, never-seeded database gets the demo.
 *
 * A failure here never stops the hub: it is logged and the hub starts on what is there
 * (a failed seed rolls back whole, so the next start tries again on the same empty database).
 * Returns 'seeded' when the demo was seeded now, 'existing' when the demo organisation is
 * there from before (for the sign-in hint), else 'none'.
 */
export async function seedFirstStart(
  db: Db,
  { demo, storage }: { demo: boolean; storage?: FileStorage },
  log: (msg: string, err: unknown) => void,
): Promise<SeedOutcome> {
  try {
    const seeded = await db.transaction(async (tx) => {
      // Two servers starting at once on one PostgreSQL: one seeds, the other then sees its marker.
      if (tx.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(7302)');
      const { rows } = await tx.query<{ marked: boolean; data: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM hub_setting WHERE key = $1) AS marked,
                EXISTS (SELECT 1 FROM member_organisation) OR EXISTS (SELECT 1 FROM mehub_account) OR EXISTS (SELECT 1 FROM mehub_admin) AS data`,
        [SEEDED_KEY],
      );
      if (rows[0].marked) return false;
      if (rows[0].data) {
        await tx.query('INSERT INTO hub_setting (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [SEEDED_KEY, 'data found']);
        return false;
      }
      if (!demo) return false; // stays unmarked: an empty database may still be seeded later
      await seedDemo(tx, { force: true, inUse: true, storage });
      await tx.query('INSERT INTO hub_setting (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [SEEDED_KEY, 'demo']);
      return true;
    });
    if (seeded) return 'seeded';
  } catch (err) {
    log('Seeding the database failed; the hub starts without the demo data', err);
    return 'none';
  }
  try {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM member_organisation WHERE member_code = 'DEMO1'`);
    return Number(rows[0].n) > 0 ? 'existing' : 'none';
  } catch {
    return 'none';
  }
}
