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

/**
 * Adds `perOrg` accounts to every organisation and `licencesPerAccount` licences to each of
 * them (two statements), for the nested list (organisation, its accounts, their licences).
 * Idempotent: organisations that already have bench accounts are skipped.
 */
export async function seedAccounts(db: Db, orgs: string[], perOrg: number, licencesPerAccount: number): Promise<void> {
  await db.query(
    `INSERT INTO mehub_account (email, firstname, surname, member_organisation_id, created)
     SELECT 'bench' || o.i || '.' || g || '@bench.example', 'Bench' || g, 'Member' || o.i, o.id,
            timestamp '2025-01-01' + (o.i * $2::int + g) * interval '1 minute'
     FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, i), generate_series(1, $2::int) g
     WHERE NOT EXISTS (SELECT 1 FROM mehub_account a WHERE a.member_organisation_id = o.id AND a.email LIKE 'bench%@bench.example')`,
    [orgs, perOrg],
  );
  await db.query(
    `INSERT INTO licence (licence_name, licence_issuer, licence_type, licence_number, renewal_date, status, mehub_account_id, created)
     SELECT 'Licence ' || g || ' of ' || a.email, 'Bench issuer', (ARRAY['ELECTRICAL','DRIVER','PERMIT','COMPETENCY','INDUCTION','OTHER'])[1 + g % 6],
            'L-' || g, timestamp '2027-01-01' + g * interval '1 day', CASE WHEN g % 3 = 0 THEN 'PENDING' ELSE 'ACTIVE' END, a.id,
            a.created + g * interval '1 second'
     FROM mehub_account a, generate_series(1, $1::int) g
     WHERE a.email LIKE 'bench%@bench.example' AND NOT EXISTS (SELECT 1 FROM licence l WHERE l.mehub_account_id = a.id)`,
    [licencesPerAccount],
  );
  await db.query('VACUUM ANALYZE mehub_account');
  await db.query('VACUUM ANALYZE licence');
}

/** Words of the bench safety links' names: a search by one word's prefix matches about 2% of the links. */
export const LINK_WORDS = [
  'switchboard',
  'isolation',
  'ladder',
  'harness',
  'asbestos',
  'confined',
  'electrical',
  'excavation',
  'hazard',
  'incident',
  'induction',
  'inspection',
  'lockout',
  'manual',
  'noise',
  'permit',
  'register',
  'rescue',
  'scaffold',
  'signage',
  'solar',
  'testing',
  'toolbox',
  'traffic',
  'training',
  'trench',
  'vehicle',
  'welding',
  'working',
  'heights',
  'battery',
  'cable',
  'chemical',
  'crane',
  'demolition',
  'dust',
  'emergency',
  'fatigue',
  'firstaid',
  'forklift',
  'generator',
  'glove',
  'helmet',
  'hotwork',
  'lifting',
  'lighting',
  'meter',
  'overhead',
  'plant',
  'roof',
];

/**
 * Adds safety links until the table holds `target` rows: names of two words of LINK_WORDS and a
 * number, in 50 sections, every 100th with role permission rows (so the permission test has rows to look at).
 */
export async function seedSafetyLinks(db: Db, target: number): Promise<void> {
  await db.query(
    `INSERT INTO safety_link_section (name, "order") SELECT 'Bench section ' || g, g FROM generate_series(1, 50) g
     WHERE NOT EXISTS (SELECT 1 FROM safety_link_section WHERE name LIKE 'Bench section %')`,
  );
  const { rows: sections } = await db.query<{ id: string }>("SELECT id FROM safety_link_section WHERE name LIKE 'Bench section %'");
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM safety_link');
  let have = Number(rows[0].n);
  while (have < target) {
    const batch = Math.min(20_000, target - have);
    await db.query(
      `INSERT INTO safety_link (name, "create", view, "order", safety_link_section_id)
       SELECT initcap(($1::text[])[1 + g % 50]) || ' ' || ($1::text[])[1 + (g / 50) % 50] || ' ' || g,
              '/safety-form/bench-' || g, '/mesafety', g % 10, ($2::uuid[])[1 + g % array_length($2::uuid[], 1)]
       FROM generate_series($3::int, $4::int) g`,
      [LINK_WORDS, sections.map((s) => s.id), have + 1, have + batch],
    );
    have += batch;
  }
  await db.query(
    `INSERT INTO role_safety_link_permission (safety_link_id, role_id, canview, cancreate)
     SELECT l.id, r.id, true, r.name = 'SafetyManager' FROM safety_link l CROSS JOIN role r
     WHERE l.view = '/mesafety' AND l."order" = 0 AND l.name LIKE '% %00'
       AND NOT EXISTS (SELECT 1 FROM role_safety_link_permission p WHERE p.safety_link_id = l.id)`,
  );
  await db.query('VACUUM ANALYZE safety_link');
  await db.query('VACUUM ANALYZE role_safety_link_permission');
}
