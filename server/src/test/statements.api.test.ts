import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, SPARK_MANAGER, SUPER, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('one SQL statement per root list field', () => {
  it('answers a nested list of every row with one statement, plus the session lookup', async () => {
    const query = `{ assetEntitys(take: 50, orderBy: [{path: "description"}]) {
      id description memberOrganisation { id name mehubAccounts { id email role { name } } }
      parentAsset { id description } assetss { id } mehubAccountss { id email } formSubmissionss { id } } }`;
    for (const who of [SUPER, SPARK_MANAGER]) {
      h.uncacheSessions();
      const before = h.db.stats.statements;
      const res = await h.gql<{ assetEntitys: { memberOrganisation: { mehubAccounts: unknown[] } }[] }>(who, query);
      expect(res.errors).toBeUndefined();
      expect(res.data!.assetEntitys.length).toBeGreaterThanOrEqual(4);
      expect(res.data!.assetEntitys[0].memberOrganisation.mehubAccounts.length).toBeGreaterThan(0);
      expect(h.db.stats.statements - before).toBe(2);
    }
  });

  it('adds exactly one statement per further root field', async () => {
    h.uncacheSessions();
    const before = h.db.stats.statements;
    const res = await h.gql(SUPER, `{ a: assetEntitys(take: 20) { id } n: countAssetEntitys roles: roleEntitys { id name } }`);
    expect(res.errors).toBeUndefined();
    expect(h.db.stats.statements - before).toBe(4);
  });
});
