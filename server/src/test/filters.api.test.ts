import { ROLES } from '@hub/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, startHarness, type Harness } from './harness';

/** Every search comparison, through the API, on a small known set of assets. */
let h: Harness;
let ids: Record<string, string>;
beforeAll(async () => {
  h = await startHarness();
  await h.db.query('DELETE FROM asset');
  const res = await h.gql<{ createAssetEntity: { id: string; description: string }[] }>(
    SUPER,
    `mutation($m: [AssetEntityInput!]!) { createAssetEntity(assetEntityModels: $m) { id description } }`,
    {
      m: [
        {
          assetType: 'LADDER',
          description: 'Step ladder 100%',
          brand: 'Bailey',
          nextInspection: '2026-01-10 08:00:00',
          memberOrganisationId: h.org.spark,
        },
        {
          assetType: 'TOOL',
          description: 'Cordless drill',
          brand: 'Makita',
          nextInspection: '2026-03-01 00:00:00',
          memberOrganisationId: h.org.spark,
        },
        {
          assetType: 'TOOL',
          description: 'Impact driver',
          brand: null,
          nextInspection: '2026-06-30 23:59:59',
          status: 'OUT_OF_SERVICE',
          memberOrganisationId: h.org.volt,
        },
        { assetType: 'HARNESS', description: 'Harness_A', brand: 'bailey', memberOrganisationId: h.org.volt },
      ],
    },
  );
  ids = Object.fromEntries(res.data!.createAssetEntity.map((a) => [a.description, a.id]));
});
afterAll(() => h.close());

async function names(where: object[], extra = ''): Promise<string[]> {
  const res = await h.gql<{ assetEntitys: { description: string }[] }>(
    SUPER,
    `query($w: [WhereExpressionGraph!]) { assetEntitys(where: $w, orderBy: [{path: "description"}] ${extra}) { description } }`,
    { w: where },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.assetEntitys.map((a) => a.description);
}

describe('search comparisons', () => {
  it('contains is case-insensitive and treats % and _ literally', async () => {
    expect(await names([{ path: 'description', comparison: 'contains', value: ['LADDER'] }])).toEqual(['Step ladder 100%']);
    expect(await names([{ path: 'description', comparison: 'contains', value: ['100%'] }])).toEqual(['Step ladder 100%']);
    expect(await names([{ path: 'description', comparison: 'contains', value: ['_'] }])).toEqual(['Harness_A']);
  });
  it('the case option makes text comparisons exact or case-insensitive', async () => {
    expect(await names([{ path: 'brand', comparison: 'equal', value: ['bailey'] }])).toEqual(['Harness_A']);
    expect(await names([{ path: 'brand', comparison: 'equal', value: ['bailey'], case: 'CURRENT_CULTURE_IGNORE_CASE' }])).toEqual([
      'Harness_A',
      'Step ladder 100%',
    ]);
    expect(await names([{ path: 'description', comparison: 'contains', value: ['DRILL'], case: 'ORDINAL' }])).toEqual([]);
  });
  it('like takes the client wildcard pattern', async () => {
    expect(await names([{ path: 'description', comparison: 'like', value: ['%dr%'] }])).toEqual(['Cordless drill', 'Impact driver']);
  });
  it('in, notIn, equal and notEqual on enums, with nulls counted as not equal', async () => {
    expect(await names([{ path: 'assetType', comparison: 'in', value: ['LADDER', 'HARNESS'] }])).toEqual(['Harness_A', 'Step ladder 100%']);
    expect(await names([{ path: 'assetType', comparison: 'notIn', value: ['TOOL'] }])).toEqual(['Harness_A', 'Step ladder 100%']);
    expect(await names([{ path: 'status', comparison: 'equal', value: ['OUT_OF_SERVICE'] }])).toEqual(['Impact driver']);
    expect(await names([{ path: 'brand', comparison: 'notEqual', value: ['Makita'] }])).toEqual([
      'Harness_A',
      'Impact driver',
      'Step ladder 100%',
    ]);
    expect(await names([{ path: 'brand', comparison: 'equal', value: [null] }])).toEqual(['Impact driver']);
  });
  it('date bounds compare the wire format', async () => {
    expect(await names([{ path: 'nextInspection', comparison: 'greaterThanOrEqual', value: ['2026-03-01 00:00:00'] }])).toEqual([
      'Cordless drill',
      'Impact driver',
    ]);
    expect(await names([{ path: 'nextInspection', comparison: 'lessThanOrEqual', value: ['2026-03-01'] }])).toEqual([
      'Cordless drill',
      'Step ladder 100%',
    ]);
    expect(await names([{ path: 'nextInspection', comparison: 'greaterThan', value: ['2026-06-30 23:59:59'] }])).toEqual([]);
    expect(await names([{ path: 'nextInspection', comparison: 'lessThan', value: ['2026-01-10 08:00:00'] }])).toEqual([]);
  });
  it('text that is a version-4 id also matches the id', async () => {
    expect(await names([{ path: 'description', comparison: 'contains', value: [ids['Impact driver']] }])).toEqual(['Impact driver']);
  });
  it('paths through references filter on the related record', async () => {
    expect(await names([{ path: 'memberOrganisation.memberCode', comparison: 'equal', value: ['DEMO2'] }])).toEqual([
      'Harness_A',
      'Impact driver',
    ]);
  });
  it('conditions OR inside a group and AND across groups', async () => {
    const res = await h.gql<{ assetEntitys: { description: string }[]; countAssetEntitys: number }>(
      SUPER,
      `query($c: [[WhereExpressionGraph!]!]) { assetEntitys(conditions: $c, orderBy: [{path: "description"}]) { description } countAssetEntitys(conditions: $c) }`,
      {
        c: [
          [
            { path: 'assetType', comparison: 'equal', value: ['TOOL'] },
            { path: 'assetType', comparison: 'equal', value: ['LADDER'] },
          ],
          [{ path: 'brand', comparison: 'notEqual', value: ['Makita'] }],
        ],
      },
    );
    expect(res.data).toEqual({
      assetEntitys: [{ description: 'Impact driver' }, { description: 'Step ladder 100%' }],
      countAssetEntitys: 2,
    });
  });
  it('has filters on related records', async () => {
    const res = await h.gql<{ roleEntitys: { name: string }[] }>(
      SUPER,
      `{ roleEntitys(has: [{path: "mehubAccounts", conditions: [[{path: "email", comparison: "contains", value: ["voltline"]}]]}], orderBy: [{path: "name"}]) { name } }`.replace(
        '"contains"',
        'contains',
      ),
    );
    expect(res.data!.roleEntitys.map((r) => r.name)).toEqual([ROLES.safetyManager, ROLES.worker]);
  });
});

describe('paging and ordering', () => {
  it('pages with skip and take in a stable order ending with id', async () => {
    const all = await names([], ', skip: 0, take: 10');
    expect(await names([], ', skip: 1, take: 2')).toEqual(all.slice(1, 3));
    const desc = await h.gql<{ assetEntitys: { description: string }[] }>(
      SUPER,
      `{ assetEntitys(orderBy: [{path: "description", descending: true}]) { description } }`,
    );
    expect(desc.data!.assetEntitys.map((a) => a.description)).toEqual([...all].reverse());
  });
  it('defaults to newest first', async () => {
    const res = await h.gql<{ assetEntitys: { created: string }[] }>(SUPER, `{ assetEntitys { created } }`);
    const created = res.data!.assetEntitys.map((a) => a.created);
    expect(created).toEqual([...created].sort().reverse());
    expect(created[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
