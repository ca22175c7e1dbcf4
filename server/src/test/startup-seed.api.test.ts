import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { SEEDED_KEY, seedFirstStart } from '../seed/first-start';
import { openTestDb } from './harness';

/** Start-up seeds a database once, ever, and never fails because of the rows it finds. */
let db: Db;
const logged: string[] = [];
const log = (msg: string) => void logged.push(msg);

async function wipe() {
  const { rows } = await db.query<{ t: string }>(
    `SELECT string_agg(format('%I', tablename), ', ') AS t FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'hub_migrations'`,
  );
  await db.query(`TRUNCATE ${rows[0].t} CASCADE`);
  logged.length = 0;
}
const count = async (table: string) => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
const marker = async () => (await db.query<{ value: string }>('SELECT value FROM hub_setting WHERE key = $1', [SEEDED_KEY])).rows[0]?.value;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await wipe();
  await db.close();
});

it('seeds an empty database once, and not again after the demo rows were changed or deleted', async () => {
  await wipe();
  expect(await seedFirstStart(db, { demo: true }, log)).toBe('seeded');
  expect(await marker()).toBe('demo');
  const orgs = await count('member_organisation');

  await db.query(`UPDATE member_organisation SET member_code = 'RENAMED' WHERE member_code = 'DEMO1'`);
  await db.query(`UPDATE mehub_account SET email = 'x' || email, user_name = 'x' || user_name`);
  await db.query(`DELETE FROM member_organisation WHERE member_code = 'DEMO2'`).catch(() => {});
  await db.query(`DELETE FROM news`);
  const after = await count('member_organisation');
  expect(await seedFirstStart(db, { demo: true }, log)).toBe('none');
  expect(await count('member_organisation')).toBe(after);
  expect(after).toBeLessThanOrEqual(orgs);
  expect(await count('news')).toBe(0);
  expect(logged).toEqual([]);
});

it('seeds nothing into a database emptied after its seeding', async () => {
  await wipe();
  await seedFirstStart(db, { demo: true }, log);
  await db.query('DELETE FROM user_group');
  await db.query('DELETE FROM auth_state');
  await db.query('DELETE FROM mehub_account');
  await db.query('DELETE FROM mehub_admin');
  await db.query('DELETE FROM member_organisation');
  expect(await seedFirstStart(db, { demo: true }, log)).toBe('none');
  expect(await count('mehub_admin')).toBe(0);
});

it('recognises a database seeded or filled before the marker existed, and marks it without seeding', async () => {
  await wipe();
  await seedFirstStart(db, { demo: true }, log);
  await db.query('DELETE FROM hub_setting WHERE key = $1', [SEEDED_KEY]);
  await db.query(`UPDATE member_organisation SET member_code = 'CHANGED' || member_code`);
  await db.query(`UPDATE mehub_admin SET email = 'x' || email, user_name = 'x' || user_name`);
  const admins = await count('mehub_admin');
  expect(await seedFirstStart(db, { demo: true }, log)).toBe('none');
  expect(await count('mehub_admin')).toBe(admins);
  expect(await marker()).toBe('data found');
  expect(logged).toEqual([]);
});

it('leaves an empty database unmarked when it is not to be seeded, so it can be seeded later', async () => {
  await wipe();
  expect(await seedFirstStart(db, { demo: false }, log)).toBe('none');
  expect(await marker()).toBeUndefined();
  expect(await seedFirstStart(db, { demo: true }, log)).toBe('seeded');
});

it('logs a failed seeding and goes on, leaving nothing half seeded', async () => {
  await wipe();
  // A database whose demo seeding fails half way (a trigger refuses the news row): the
  // error is logged, the start goes on, and the rows seeded before it are rolled back.
  await db.query(
    `CREATE OR REPLACE FUNCTION hub_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`,
  );
  await db.query(`CREATE TRIGGER hub_test_refuse BEFORE INSERT ON news FOR EACH ROW EXECUTE FUNCTION hub_test_refuse()`);
  try {
    expect(await seedFirstStart(db, { demo: true }, log)).toBe('none');
    expect(logged).toHaveLength(1);
    expect(await count('member_organisation')).toBe(0);
    expect(await marker()).toBeUndefined();
  } finally {
    await db.query('DROP TRIGGER hub_test_refuse ON news');
    await db.query('DROP FUNCTION hub_test_refuse()');
  }
});
