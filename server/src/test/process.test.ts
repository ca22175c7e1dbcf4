import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { killAll, startHub } from './startup-spawn';

/** The real server process on the embedded database: start, refuse a second start, stop cleanly. */
const dataDir = mkdtempSync(join(tmpdir(), 'hub-process-'));
const start = (port: number) => startHub(port, { DATA_DIR: dataDir });

afterAll(killAll);

describe('the hub process on the embedded database', () => {
  it('migrates, seeds, serves, refuses a second process on the same data, and shuts down cleanly', async () => {
    const first = start(3811);
    await first.ready();
    expect(first.output()).toContain('Demo sign-ins (password demo-password-12)');
    const health = await fetch('http://127.0.0.1:3811/api/health');
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });

    const second = start(3812);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Another hub process \(pid \d+\) is already using the database/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(readdirSync(dataDir).filter((f) => f.startsWith('hub.'))).toEqual([]);

    // Reopening the same data: no second seeding, the demo is still there.
    const again = start(3813);
    await again.ready(60_000);
    const res = await fetch('http://127.0.0.1:3813/api/health');
    expect(res.status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 180_000);

  it('starts on data whose demo rows an administrator changed or deleted, and seeds nothing', async () => {
    const pg = new PGlite(join(dataDir, 'pgdata'));
    await pg.waitReady;
    await pg.query(`UPDATE member_organisation SET member_code = 'SPARK' WHERE member_code = 'DEMO1'`);
    await pg.query(`UPDATE mehub_account SET email = 'new.' || email, user_name = 'new.' || user_name`);
    await pg.query(`UPDATE mehub_admin SET email = 'new.' || email, user_name = 'new.' || user_name`);
    await pg.query(`DELETE FROM news`);
    const counts = `SELECT (SELECT count(*) FROM member_organisation) AS orgs, (SELECT count(*) FROM mehub_account) AS accounts,
      (SELECT count(*) FROM mehub_admin) AS admins, (SELECT count(*) FROM news) AS news`;
    const before = (await pg.query(counts)).rows[0];
    await pg.close();

    const hub = start(3814);
    await hub.ready(60_000);
    expect(hub.output()).not.toContain('Demo sign-ins');
    expect((await fetch('http://127.0.0.1:3814/api/health')).status).toBe(200);
    hub.child.kill('SIGTERM');
    expect(await hub.exited).toBe(0);

    const check = new PGlite(join(dataDir, 'pgdata'));
    expect((await check.query(counts)).rows[0]).toEqual(before);
    await check.close();
  }, 180_000);
});
