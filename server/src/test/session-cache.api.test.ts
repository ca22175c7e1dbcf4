import { ROLES } from '@hub/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPARK_WORKER, startHarness, type Harness } from './harness';

/** The caller cache of an exclusive (embedded) database never outlives a change to what it read. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const me = () => h.app.inject({ method: 'GET', url: '/api/account/me', headers: h.headers(SPARK_WORKER) });

describe('sessions read on every request, or cached until the next write', () => {
  it('a session ended on the server is refused at once, even right after a read', async () => {
    await h.reset();
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    await h.db.query('DELETE FROM session WHERE user_id = $1', [h.users[SPARK_WORKER].id]);
    expect((await me()).statusCode).toBe(401);
  });

  it('a changed role shows on the next request', async () => {
    await h.reset();
    const before = (await me()).json() as { roleName: string };
    expect(before.roleName).toBe(ROLES.worker);
    await h.db.query(`UPDATE mehub_account SET role_id = (SELECT id FROM role WHERE name = $2) WHERE id = $1`, [
      h.users[SPARK_WORKER].id,
      ROLES.safetyManager,
    ]);
    const after = (await me()).json() as { roleName: string };
    expect(after.roleName).toBe(ROLES.safetyManager);
  });

  it('signing out through the route ends the session for the next request', async () => {
    await h.reset();
    expect((await me()).statusCode).toBe(200);
    const out = await h.app.inject({ method: 'GET', url: '/api/authorization/logout?clean=true', headers: h.headers(SPARK_WORKER) });
    expect(out.statusCode).toBeLessThan(400);
    expect((await me()).statusCode).toBe(401);
  });
});
