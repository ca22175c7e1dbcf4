import { BACKEND_GROUPS, GROUPS, GROUP_NAMES } from '@hub/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, openTestDb, startHarness, type Harness } from './harness';

it('migrations create the groups and their back-end access flag, demo or not', async () => {
  const db = await openTestDb();
  // A PostgreSQL test database may already hold seeded rows; the migration's own rows are these.
  const { rows } = await db.query<{ name: string; has_backend_access: boolean }>(
    'SELECT name, has_backend_access FROM user_group_def ORDER BY name',
  );
  expect(rows).toEqual([
    { name: GROUPS.member, has_backend_access: false },
    { name: GROUPS.admin, has_backend_access: true },
    { name: GROUPS.memberBackoffice, has_backend_access: true },
    { name: GROUPS.superAdministrators, has_backend_access: true },
    { name: GROUPS.visitors, has_backend_access: false },
  ]);
  // The flags are the model's BACKEND_GROUPS, which the back-office screen gates use.
  expect(rows.filter((r) => r.has_backend_access).map((r) => r.name)).toEqual([...BACKEND_GROUPS].sort());
  expect(rows.map((r) => r.name).sort()).toEqual([...GROUP_NAMES].sort());
  await db.close();
});

describe('back-end access of the demo accounts (GET /api/account/me)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  const me = async (email: string) => {
    const res = await h.app.inject({ url: '/api/account/me', headers: h.headers(email) });
    expect(res.statusCode, email).toBe(200);
    return res.json() as { email: string; groups: { name: string; hasBackendAccess: boolean }[] };
  };

  it('gives ordinary members no group with back-end access', async () => {
    for (const email of [SPARK_WORKER, VOLT_MANAGER, 'manager@sparkright.example', 'safetyworker@sparkright.example']) {
      const { groups } = await me(email);
      expect(groups, email).toEqual([{ name: GROUPS.member, hasBackendAccess: false }]);
    }
  });

  it("gives Sparkright's safety manager Member Back-office, which has it, and keeps them a scoped member", async () => {
    const { groups } = await me(SPARK_MANAGER);
    expect(groups).toEqual([
      { name: GROUPS.member, hasBackendAccess: false },
      { name: GROUPS.memberBackoffice, hasBackendAccess: true },
    ]);
    // Still a member of one organisation: another organisation's rows stay out of reach.
    const { data } = await h.gql(SPARK_MANAGER, '{ assetEntitys { memberOrganisationId } }');
    const orgs = new Set((data as { assetEntitys: { memberOrganisationId: string }[] }).assetEntitys.map((a) => a.memberOrganisationId));
    expect([...orgs]).toEqual([h.org.spark]);
  });

  it('gives administrators back-end access as before', async () => {
    expect((await me(ADMIN)).groups).toEqual([{ name: GROUPS.admin, hasBackendAccess: true }]);
  });
});
