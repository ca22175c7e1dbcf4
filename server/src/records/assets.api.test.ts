import { messages, recordMessages } from '@hub/model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { insertRow } from '../test/rows';
import { recordApi } from '../test/records-api';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const api = recordApi(() => h);
const A = 'AssetEntity';
const SAFETY_WORKER = 'safetyworker@sparkright.example';
const MANAGER = 'manager@sparkright.example';

const asset = async (who: string, extra: Record<string, unknown> = {}) => {
  const res = await api.create(who, A, [{ assetType: 'TOOL', description: 'Crimping tool', ...extra }]);
  expect(res.message).toBeNull();
  return res.r![0].id;
};
const parentOf = async (id: string) => (await api.row<{ p: string | null }>('asset', id, 'parent_asset_id AS p'))!.p;

describe('asset links', () => {
  it('links a child in service and refuses itself, cycles, taken and out-of-service children', async () => {
    const parent = await asset(SPARK_MANAGER);
    const child = await asset(SPARK_MANAGER);
    const grandchild = await asset(SPARK_MANAGER);
    expect((await api.update(SPARK_MANAGER, A, [{ id: parent, assetss: [{ id: child }] }])).message).toBeNull();
    expect(await parentOf(child)).toBe(parent);
    expect((await api.update(SPARK_MANAGER, A, [{ id: child, assetss: [{ id: grandchild }] }])).message).toBeNull();
    // Itself, an ancestor as a child, a descendant as a parent.
    expect((await api.update(SPARK_MANAGER, A, [{ id: parent, assetss: [{ id: parent }] }])).message).toBe(recordMessages.assetChildSelf);
    expect((await api.update(SPARK_MANAGER, A, [{ id: parent, parentAssetId: parent }])).message).toBe(recordMessages.assetChildSelf);
    expect((await api.update(SPARK_MANAGER, A, [{ id: grandchild, assetss: [{ id: parent }] }])).message).toBe(
      recordMessages.assetChildCycle,
    );
    expect((await api.update(SPARK_MANAGER, A, [{ id: parent, parentAssetId: grandchild }])).message).toBe(recordMessages.assetChildCycle);
    // A child that has another parent.
    const other = await asset(SPARK_MANAGER);
    expect((await api.update(SPARK_MANAGER, A, [{ id: other, assetss: [{ id: grandchild }] }])).message).toBe(
      recordMessages.assetChildTaken,
    );
    // An out-of-service child, on create too.
    const broken = await asset(SPARK_MANAGER, { status: 'OUT_OF_SERVICE' });
    expect((await api.update(SPARK_MANAGER, A, [{ id: other, assetss: [{ id: broken }] }])).message).toBe(
      recordMessages.assetChildOutOfService,
    );
    const created = await api.create(SPARK_MANAGER, A, [{ assetType: 'TOOL', description: 'x', assetss: [{ id: broken }] }]);
    expect(created.message).toBe(recordMessages.assetChildOutOfService);
    expect((await api.update(SPARK_MANAGER, A, [{ id: other, parentAssetId: broken }])).message).toBe(
      recordMessages.assetParentNotInService,
    );
  });

  it("Voltline cannot attach Sparkright's asset as a child or parent, nor assign Sparkright's account", async () => {
    const volt = await asset(VOLT_MANAGER);
    const spark = await asset(SPARK_MANAGER);
    expect((await api.update(VOLT_MANAGER, A, [{ id: volt, assetss: [{ id: spark }] }])).message).toBe('The selected asset does not exist');
    expect((await api.update(VOLT_MANAGER, A, [{ id: volt, parentAssetId: spark }])).message).toBe('The selected asset does not exist');
    expect((await api.update(VOLT_MANAGER, A, [{ id: volt, mehubAccountss: [{ id: h.users[SPARK_MANAGER].id }] }])).message).toMatch(
      /does not exist/,
    );
    expect(await parentOf(spark)).toBeNull();
  });

  it('holds an administrator to one organisation per link and assignees of the asset’s organisation', async () => {
    const volt = await asset(VOLT_MANAGER);
    const spark = await asset(SPARK_MANAGER);
    expect((await api.update(ADMIN, A, [{ id: volt, assetss: [{ id: spark }] }])).message).toBe(recordMessages.assetOtherOrganisation);
    expect((await api.update(ADMIN, A, [{ id: volt, parentAssetId: spark }])).message).toBe(recordMessages.assetOtherOrganisation);
    expect((await api.update(ADMIN, A, [{ id: volt, mehubAccountss: [{ id: h.users[SPARK_MANAGER].id }] }])).message).toBe(
      recordMessages.assetAssigneeOrganisation,
    );
    expect((await api.update(ADMIN, A, [{ id: volt, mehubAccountss: [{ id: h.users[VOLT_MANAGER].id }] }])).message).toBeNull();
  });
});

describe('out of service', () => {
  it('clears children, parent and assignees when saved out of service, then changes only its status', async () => {
    const top = await asset(SPARK_MANAGER);
    const middle = await asset(SPARK_MANAGER, { parentAssetId: top, mehubAccountss: [{ id: h.users[SPARK_WORKER].id }] });
    const bottom = await asset(SPARK_MANAGER, { parentAssetId: middle });
    const out = await api.update(SPARK_MANAGER, A, [{ id: middle, status: 'OUT_OF_SERVICE', assetss: [{ id: bottom }] }]);
    expect(out.message).toBeNull();
    expect(await parentOf(middle)).toBeNull();
    expect(await parentOf(bottom)).toBeNull();
    const { rows } = await h.db.query('SELECT 1 FROM link_assets_mehub_accounts WHERE assets_id = $1', [middle]);
    expect(rows).toHaveLength(0);
    // Read-only but its status, whether the other field comes alone or with the status.
    expect((await api.update(SPARK_MANAGER, A, [{ id: middle, description: 'Renamed' }])).message).toBe(recordMessages.assetOutOfService);
    expect((await api.update(SPARK_MANAGER, A, [{ id: middle, status: 'IN_SERVICE', comments: 'fixed' }])).message).toBe(
      recordMessages.assetOutOfService,
    );
    expect((await api.update(SPARK_MANAGER, A, [{ id: middle, assetss: [{ id: bottom }] }])).message).toBe(
      recordMessages.assetOutOfService,
    );
    // A whole-record resend with the same values is fine; so is the status alone.
    expect(
      (await api.update(SPARK_MANAGER, A, [{ id: middle, description: 'Crimping tool', assetType: 'TOOL', comments: null }])).message,
    ).toBeNull();
    expect((await api.update(SPARK_MANAGER, A, [{ id: middle, status: 'IN_SERVICE' }])).message).toBeNull();
    expect((await api.update(SPARK_MANAGER, A, [{ id: middle, description: 'Renamed' }])).message).toBeNull();
  });

  it('holds the bulk path and list inputs to the same rules', async () => {
    const a = await asset(SPARK_MANAGER, { status: 'OUT_OF_SERVICE' });
    const b = await asset(SPARK_MANAGER);
    const bulk = await api.bulk(SPARK_MANAGER, A, [a, b], ['description'], { description: 'Bulk' });
    expect(bulk.message).toContain(recordMessages.assetOutOfService);
    expect((await api.row<{ d: string }>('asset', b, 'description AS d'))!.d).toBe('Crimping tool');
    const list = await api.update(SPARK_MANAGER, A, [
      { id: b, comments: 'ok' },
      { id: a, comments: 'no' },
    ]);
    expect(list.message).toBe(recordMessages.assetOutOfService);
    expect((await api.row<{ c: string | null }>('asset', b, 'comments AS c'))!.c).toBeNull();
  });
});

describe('inspections', () => {
  it('computes the next inspection from the last and the frequency, whatever the client sent', async () => {
    const id = await asset(SPARK_WORKER, { lastInspection: '2025-01-31', inspectionFrequency: 'ONE_MONTH', nextInspection: '2030-01-01' });
    const next = async () => (await api.row<{ n: string | null }>('asset', id, 'next_inspection::text AS n'))!.n;
    expect(await next()).toBe('2025-02-28');
    await api.update(SPARK_WORKER, A, [{ id, inspectionFrequency: 'SIX_MONTHS' }]);
    expect(await next()).toBe('2025-07-31');
    await api.update(SPARK_WORKER, A, [{ id, nextInspection: '2031-01-01' }]);
    expect(await next()).toBe('2025-07-31');
    // The default frequency (3 months) on create.
    const three = await asset(SPARK_WORKER, { lastInspection: '2025-03-10' });
    expect((await api.row<{ n: string }>('asset', three, 'next_inspection::text AS n'))!.n).toBe('2025-06-10');
    // N/A, or no last inspection: kept as given.
    await api.update(SPARK_WORKER, A, [{ id, inspectionFrequency: 'NOT_APPLICABLE', nextInspection: '2031-01-01' }]);
    expect(await next()).toBe('2031-01-01');
    await api.update(SPARK_WORKER, A, [{ id, inspectionFrequency: 'ONE_MONTH', lastInspection: null, nextInspection: '2032-02-02' }]);
    expect(await next()).toBe('2032-02-02');
    // In bulk too.
    await api.update(SPARK_WORKER, A, [{ id, lastInspection: '2025-01-01' }]);
    await api.bulk(SPARK_MANAGER, A, [id], ['nextInspection'], { nextInspection: '2040-01-01' });
    expect(await next()).toBe('2025-02-01');
  });
});

describe('asset delete', () => {
  it('only a SafetyManager (or an administrator) deletes; the reminder logs go with the asset', async () => {
    const id = await asset(SPARK_MANAGER);
    await insertRow(h.db, 'reminder_log', { entity_id: id, description: 'due', mehub_account_id: h.users[SPARK_MANAGER].id });
    for (const who of [SAFETY_WORKER, MANAGER, SPARK_WORKER])
      expect((await api.remove(who, A, [id])).message).toBe(`${messages.accessDenied}: delete AssetEntity`);
    expect((await api.remove(VOLT_MANAGER, A, [id])).code).toBe('NOT_FOUND');
    expect((await api.remove(SPARK_MANAGER, A, [id])).message).toBeNull();
    const { rows } = await h.db.query('SELECT 1 FROM reminder_log WHERE entity_id = $1', [id]);
    expect(rows).toHaveLength(0);
  });

  it("refuses to delete an asset with a child with the spec's message", async () => {
    const parent = await asset(SPARK_MANAGER);
    await asset(SPARK_MANAGER, { parentAssetId: parent });
    const res = await api.remove(SPARK_MANAGER, A, [parent]);
    expect(res.message).toContain(messages.deleteAssociation);
    expect(await api.row('asset', parent)).toBeDefined();
  });
});
