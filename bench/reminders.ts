/**
 * The reminder job at scale (issue 13, item 6): 100,000 assets and 50,000 licences across
 * 1,000 organisations of 5 accounts each, due dates spread over a year and a half around the
 * run's day, a third of the assets with an assignee and a tenth of the licences pending. The
 * job runs twice for the same day: the first sends (within 30 s is the goal), the second must
 * send nothing. On PostgreSQL (a database of its own beside BENCH_DATABASE_URL) and on PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres, type Db } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { runReminders } from '../server/src/jobs/reminders';
import type { JobContext } from '../server/src/jobs/types';
import { seedDemo } from '../server/src/seed/demo';
import { seedOrganisations } from './seed';

const MIGRATIONS = new URL('../server/src/db/migrations', import.meta.url).pathname;
const DAY = '2026-06-01';
const ORGS = 1_000;
const ASSETS = 100_000;
const LICENCES = 50_000;
const GOAL_MS = 30_000;

type Line = (name: string, value: string, goal: string) => void;

async function seed(db: Db): Promise<void> {
  await migrate(db, MIGRATIONS);
  await seedDemo(db, { force: true });
  const orgs = await seedOrganisations(db, ORGS);
  // Five accounts per organisation: a SafetyManager, a Manager and three Workers.
  await db.query(
    `INSERT INTO mehub_account (email, firstname, surname, member_organisation_id, role_id)
     SELECT 'bench' || o.n || '-' || k || '@bench.example', 'Bench', 'Person ' || k, o.id,
            (SELECT id FROM role WHERE name = (ARRAY['SafetyManager', 'Manager', 'Worker', 'Worker', 'Worker'])[k])
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM member_organisation WHERE id = ANY($1::uuid[])) o,
            generate_series(1, 5) k
     ON CONFLICT DO NOTHING`,
    [orgs],
  );
  // Assets: dates spread from 60 days before the day to 480 after, each kind on its own cycle.
  await db.query(
    `INSERT INTO asset (asset_type, description, status, next_inspection, service_due_date, registration_renewal_date, member_organisation_id)
     SELECT 'TOOL', 'Bench asset ' || g, CASE WHEN g % 10 = 0 THEN 'OUT_OF_SERVICE' ELSE 'IN_SERVICE' END,
            $2::date - 60 + (g % 540), $2::date - 60 + ((g * 7) % 540), CASE WHEN g % 4 = 0 THEN $2::date - 60 + ((g * 13) % 540) END,
            ($1::uuid[])[1 + g % array_length($1::uuid[], 1)]
       FROM generate_series(1, $3::int) g`,
    [orgs, DAY, ASSETS],
  );
  await db.query(
    `INSERT INTO link_assets_mehub_accounts (assets_id, mehub_accounts_id)
     SELECT a.id, (SELECT m.id FROM mehub_account m WHERE m.member_organisation_id = a.member_organisation_id ORDER BY m.email LIMIT 1 OFFSET 2)
       FROM asset a WHERE a.description LIKE 'Bench asset %' AND substr(a.id::text, 1, 1) < '6'`,
  );
  // Licences of the workers: renewal dates spread the same way, a tenth pending (saved over the last 60 days).
  await db.query(
    `WITH workers AS (
       SELECT m.id, row_number() OVER (ORDER BY m.id) AS n FROM mehub_account m JOIN role r ON r.id = m.role_id
        WHERE r.name = 'Worker' AND m.email LIKE '%@bench.example'),
     total AS (SELECT count(*) AS c FROM workers)
     INSERT INTO licence (licence_name, licence_issuer, licence_type, renewal_date, status, mehub_account_id, modified)
     SELECT 'Bench licence ' || g, 'Bench issuer', 'ELECTRICAL', $1::date - 60 + ((g * 11) % 540),
            CASE WHEN g % 10 = 0 THEN 'PENDING' ELSE 'ACTIVE' END, w.id, $1::date - (g % 60)
       FROM generate_series(1, $2::int) g JOIN total t ON true JOIN workers w ON w.n = 1 + g % t.c`,
    [DAY, LICENCES],
  );
  await db.query('ANALYZE');
}

function context(db: Db): JobContext {
  return {
    db,
    storage: {} as JobContext['storage'],
    mailer: { send: async () => {} },
    publicUrl: 'http://localhost:3000',
    now: new Date(`${DAY}T19:00:00Z`),
    attempt: 1,
    signal: new AbortController().signal,
    log: () => {},
  };
}

const settings = { cron: '0 19 * * *', timeZone: 'UTC', reminderOneDays: 30, reminderTwoDays: 7, lateDays: 7 };

async function benchOn(engine: 'postgres' | 'pglite', open: () => Promise<Db>, line: Line): Promise<void> {
  const db = await open();
  try {
    const seeding = Date.now();
    await seed(db);
    const { rows } = await db.query<{ a: number; l: number }>(
      `SELECT (SELECT count(*)::int FROM asset) AS a, (SELECT count(*)::int FROM licence) AS l`,
    );
    console.log(
      `seeded ${rows[0].a.toLocaleString('en')} assets and ${rows[0].l.toLocaleString('en')} licences in ${Date.now() - seeding} ms`,
    );
    const first = Date.now();
    const one = await runReminders(context(db), settings);
    const firstMs = Date.now() - first;
    const second = Date.now();
    const two = await runReminders(context(db), settings);
    const secondMs = Date.now() - second;
    const { rows: logged } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reminder_log`);
    line(`${engine} reminder job, 100k assets + 50k licences`, `${(firstMs / 1000).toFixed(1)} s`, '<= 30 s');
    line(`${engine}   reminders recorded, mails written`, `${one.counts!.sent} / ${one.counts!.mails}`, '-');
    line(`${engine}   longest single step (requests wait)`, `${one.counts!.longestStepMs} ms`, '-');
    line(`${engine} second run for the same day`, `${(secondMs / 1000).toFixed(1)} s`, '-');
    line(`${engine}   reminders and mails it sent`, `${two.counts!.sent} / ${two.counts!.mails}`, '0 / 0');
    if (!one.counts!.sent || logged[0].n !== one.counts!.sent)
      throw new Error(`The first run recorded ${logged[0].n} logs for ${one.counts!.sent} reminders`);
    if (two.counts!.sent || two.counts!.mails) throw new Error(`The second run sent ${two.counts!.sent} reminders again`);
    if (firstMs > GOAL_MS) console.log(`  (over the goal of ${GOAL_MS / 1000} s)`);
  } finally {
    await db.close();
  }
}

export async function benchReminders(line: Line, pgUrl: string, only?: string): Promise<void> {
  console.log('\n== Reminders');
  if (!only || only === 'postgres') {
    const url = pgUrl.replace(/\/([^/?]+)(\?.*)?$/, (_, name: string, q = '') => `/${name}_reminders${q}`);
    const admin = await openPostgres(pgUrl.replace(/\/[^/]*$/, '/postgres'), 1);
    const name = url.split('/').pop()!.split('?')[0];
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.close();
    await benchOn('postgres', () => openPostgres(url, 4), line);
  }
  if (!only || only === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'hub-bench-reminders-'));
    try {
      await benchOn('pglite', () => openPglite(dir), line);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
