import { BACKEND_GROUPS, GROUPS, GROUP_NAMES } from '@hub/model';
import { expect, it } from 'vitest';
import { openTestDb } from './harness';

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
