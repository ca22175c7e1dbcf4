// A day is a calendar day: run far from UTC, so a day that slid through a time zone would show.
process.env.TZ = 'Pacific/Auckland';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { SPARK_MANAGER, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(() => h.close());

const create = (nextInspection: string) =>
  h.gql<{ createAssetEntity: { id: string; nextInspection: string }[] }>(
    SPARK_MANAGER,
    `mutation($m: [AssetEntityInput!]!) { createAssetEntity(assetEntityModels: $m) { id nextInspection } }`,
    { m: [{ assetType: 'TOOL', description: `Day ${nextInspection}`, nextInspection }] },
  );

const days = async (where: { path: string; comparison: string; value: string[] }[]) => {
  const res = await h.gql<{ assetEntitys: { nextInspection: string }[] }>(
    SPARK_MANAGER,
    `query($w: [WhereExpressionGraph!]) { assetEntitys(where: $w, orderBy: [{path: "nextInspection"}]) { nextInspection } }`,
    { w: [{ path: 'description', comparison: 'like', value: ['Day %'] }, ...where] },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.assetEntitys.map((a) => a.nextInspection);
};

describe('a date field is a day', () => {
  it('round-trips unchanged, keeping the day as written whatever the time or zone', async () => {
    expect(new Date('2026-01-01T12:00:00Z').getTimezoneOffset()).toBe(-780); // the test really runs in Auckland
    for (const [input, day] of [
      ['2026-12-01', '2026-12-01'],
      ['2026-12-02 23:30:00', '2026-12-02'],
      ['2026-12-03T00:30:00+13:00', '2026-12-03'],
      ['2026-12-04T23:00:00-11:00', '2026-12-04'],
    ]) {
      const res = await create(input);
      expect(res.errors, input).toBeUndefined();
      expect(res.data!.createAssetEntity[0].nextInspection, input).toBe(day);
      const { rows } = await h.db.query<{ t: string }>(`SELECT pg_typeof(next_inspection)::text AS t FROM asset WHERE id = $1`, [
        res.data!.createAssetEntity[0].id,
      ]);
      expect(rows[0].t).toBe('date');
    }
  });

  it('is refused when it is not a real day', async () => {
    const res = await create('2026-02-30');
    expect(res.errors?.[0].message).toBe('The value is not a valid date');
  });

  it('filters by day (YYYY-MM-DD, a time in the term is ignored)', async () => {
    expect(await days([{ path: 'nextInspection', comparison: 'equal', value: ['2026-12-02'] }])).toEqual(['2026-12-02']);
    expect(await days([{ path: 'nextInspection', comparison: 'greaterThanOrEqual', value: ['2026-12-03'] }])).toEqual([
      '2026-12-03',
      '2026-12-04',
    ]);
    expect(await days([{ path: 'nextInspection', comparison: 'lessThanOrEqual', value: ['2026-12-02 23:59:59'] }])).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(await days([{ path: 'nextInspection', comparison: 'in', value: ['2026-12-01', '2026-12-04'] }])).toEqual([
      '2026-12-01',
      '2026-12-04',
    ]);
  });

  it('is exported to CSV as the day', async () => {
    const conditions = encodeURIComponent(JSON.stringify([[{ path: 'nextInspection', comparison: 'equal', value: ['2026-12-03'] }]]));
    const res = await h.app.inject({
      url: `/api/entity/AssetEntity/export?stringConditions=${conditions}`,
      headers: { cookie: `${SESSION_COOKIE}=${h.users[SPARK_MANAGER].cookie}` },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',2026-12-03,');
  });

  it('is described in the GraphQL schema as a day', async () => {
    const res = await h.gql<{ __type: { fields: { name: string; description: string }[] } }>(
      SPARK_MANAGER,
      `{ __type(name: "AssetEntity") { fields { name description } } }`,
    );
    expect(res.data!.__type.fields.find((f) => f.name === 'nextInspection')?.description).toBe("Next Inspection: a day, as 'YYYY-MM-DD'");
  });
});
