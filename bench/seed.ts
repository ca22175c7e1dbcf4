import type { Db } from '../server/src/db/client';

/** Member organisations beyond the demo's two, then assets spread evenly across all of them. */
export async function seedOrganisations(db: Db, total: number): Promise<string[]> {
  await db.query(
    `INSERT INTO member_organisation (name, member_code, is_active)
     SELECT 'Bench Contractor ' || g, 'BENCH' || g, true FROM generate_series(1, $1::int) g`,
    [Math.max(0, total - 2)],
  );
  const { rows } = await db.query<{ id: string }>('SELECT id FROM member_organisation ORDER BY member_code');
  return rows.map((r) => r.id);
}

/** Adds assets until the table holds `target` rows, round-robin over the organisations (one statement per 20,000). */
export async function seedAssets(db: Db, orgs: string[], target: number): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM asset');
  let have = Number(rows[0].n);
  while (have < target) {
    const batch = Math.min(20_000, target - have);
    await db.query(
      `INSERT INTO asset (asset_type, asset_id, description, status, inspection_frequency, next_inspection, member_organisation_id, created)
       SELECT (ARRAY['PLANT','LADDER','HARNESS','INSTRUMENT','TOOL','OTHER'])[1 + g % 6], 'B-' || g, 'Bench asset ' || g,
              CASE WHEN g % 5 = 0 THEN 'OUT_OF_SERVICE' ELSE 'IN_SERVICE' END, 'THREE_MONTHS',
              timestamp '2026-01-01' + (g % 365) * interval '1 day', ($1::uuid[])[1 + g % array_length($1::uuid[], 1)],
              timestamp '2025-01-01' + g * interval '1 minute'
       FROM generate_series($2::int, $3::int) g`,
      [orgs, have + 1, have + batch],
    );
    have += batch;
  }
  // Every third bench asset belongs to the one before it in its organisation, so the
  // list's second nested reference (parentAsset) has something to fetch.
  await db.query(
    `WITH n AS (
       SELECT id, member_organisation_id AS org, row_number() OVER (PARTITION BY member_organisation_id ORDER BY created) AS rn
       FROM asset WHERE asset_id LIKE 'B-%')
     UPDATE asset a SET parent_asset_id = p.id
     FROM n c JOIN n p ON p.org = c.org AND p.rn = c.rn - 1
     WHERE a.id = c.id AND c.rn % 3 = 0 AND a.parent_asset_id IS NULL`,
  );
  await db.query('VACUUM ANALYZE asset');
}
