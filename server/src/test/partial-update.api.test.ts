import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSample, type SampleContext } from './samples';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from './harness';

/**
 * An update changes only what its input names (crud/save.ts, relations.ts): fields and
 * reference lists (links and children) left out stay as stored; a list given, even empty,
 * replaces the stored one; another organisation's caller changes none of them.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const spark = (): SampleContext => ({ org: h.org.spark, account: h.users[SPARK_MANAGER].id });
const volt = (): SampleContext => ({ org: h.org.volt, account: h.users[VOLT_MANAGER].id });

const updateAsset = (as: string, input: Record<string, unknown>) =>
  h.gql(as, `mutation($m: [AssetEntityInput!]!) { r: updateAssetEntity(assetEntityModels: $m) { id } }`, { m: [input] });
const updateForm = (as: string, input: Record<string, unknown>) =>
  h.gql(as, `mutation($m: [FormsEntityInput!]!) { r: updateFormsEntity(formsEntityModels: $m) { id } }`, { m: [input] });

const assigneesOf = async (assetId: string) =>
  (
    await h.db.query<{ id: string }>('SELECT mehub_accounts_id AS id FROM link_assets_mehub_accounts WHERE assets_id = $1 ORDER BY 1', [
      assetId,
    ])
  ).rows.map((r) => r.id);
const childrenOf = async (assetId: string) =>
  (await h.db.query<{ id: string }>('SELECT id FROM asset WHERE parent_asset_id = $1 ORDER BY id', [assetId])).rows.map((r) => r.id);
const assetRow = async (id: string) =>
  (await h.db.query<{ comments: string | null; brand: string | null }>('SELECT comments, brand FROM asset WHERE id = $1', [id])).rows[0];
const orgLinksOf = async (formId: string) =>
  (
    await h.db.query<{ id: string }>(
      'SELECT member_organisations_id AS id FROM link_forms_member_organisations WHERE forms_id = $1 ORDER BY 1',
      [formId],
    )
  ).rows.map((r) => r.id);
const typeLinksOf = async (formId: string) =>
  (await h.db.query('SELECT 1 FROM link_forms_document_types WHERE forms_id = $1', [formId])).rows.length;

/** A Spark asset with a brand, two assignees and two child assets. */
async function sparkAsset(): Promise<{ id: string; assignees: string[]; children: string[] }> {
  const assignees = [h.users[SPARK_MANAGER].id, h.users[SPARK_WORKER].id].sort();
  const id = await createSample(h.db, 'AssetEntity', spark(), { brand: 'Kept brand', mehubAccountss: assignees.map((a) => ({ id: a })) });
  const children = [
    await createSample(h.db, 'AssetEntity', spark(), { parentAssetId: id }),
    await createSample(h.db, 'AssetEntity', spark(), { parentAssetId: id }),
  ].sort();
  return { id, assignees, children };
}

describe('a partial update keeps what it does not name', () => {
  for (const as of [SPARK_MANAGER, ADMIN]) {
    it(`an asset's assignees (links), child assets (children) and other fields, updated by ${as}`, async () => {
      const a = await sparkAsset();
      const res = await updateAsset(as, { id: a.id, comments: 'Only this changes' });
      expect(res.errors).toBeUndefined();
      expect(await assetRow(a.id)).toEqual({ comments: 'Only this changes', brand: 'Kept brand' });
      expect(await assigneesOf(a.id)).toEqual(a.assignees);
      expect(await childrenOf(a.id)).toEqual(a.children);
      // Naming one list changes that list only.
      expect((await updateAsset(as, { id: a.id, mehubAccountss: [{ id: a.assignees[0] }] })).errors).toBeUndefined();
      expect(await assigneesOf(a.id)).toEqual([a.assignees[0]]);
      expect(await childrenOf(a.id)).toEqual(a.children);
    });
  }

  it("a form's organisation and document type links and its versions, when an administrator renames it", async () => {
    const id = await createSample(h.db, 'FormsEntity', volt(), {
      isDefault: false,
      memberOrganisationss: [{ id: h.org.spark }, { id: h.org.volt }],
    });
    const version = await createSample(h.db, 'FormsEntityFormVersion', volt(), { formId: id, formData: '{"slides":[]}' });
    const types = await typeLinksOf(id);
    expect(types).toBeGreaterThan(0);
    expect((await updateForm(ADMIN, { id, name: 'Renamed partial form' })).errors).toBeUndefined();
    expect((await updateForm(ADMIN, { id, isDefault: false })).errors).toBeUndefined();
    expect(await orgLinksOf(id)).toEqual([h.org.spark, h.org.volt].sort());
    expect(await typeLinksOf(id)).toBe(types);
    expect((await h.db.query('SELECT 1 FROM forms_entity_form_version WHERE form_id = $1 AND id = $2', [id, version])).rows).toHaveLength(
      1,
    );
  });

  it('in bulk (updateXConditional): only fieldsToUpdate change; lists are kept', async () => {
    const a = await sparkAsset();
    const res = await h.gql(
      SPARK_MANAGER,
      `mutation($ids: [ID!], $v: AssetEntityInput!) { r: updateAssetEntitysConditional(ids: $ids, fieldsToUpdate: ["comments"], values: $v) }`,
      { ids: [a.id], v: { comments: 'Bulk comment', brand: 'Not named', mehubAccountss: [] } },
    );
    expect(res.errors).toBeUndefined();
    expect(await assetRow(a.id)).toEqual({ comments: 'Bulk comment', brand: 'Kept brand' });
    expect(await assigneesOf(a.id)).toEqual(a.assignees);
    expect(await childrenOf(a.id)).toEqual(a.children);
  });
});

describe('a list given explicitly replaces the stored one', () => {
  it('an empty list clears links and lets children go', async () => {
    const a = await sparkAsset();
    expect((await updateAsset(SPARK_MANAGER, { id: a.id, mehubAccountss: [], assetss: [] })).errors).toBeUndefined();
    expect(await assigneesOf(a.id)).toEqual([]);
    expect(await childrenOf(a.id)).toEqual([]);
    // The children themselves are kept, without a parent.
    expect((await h.db.query('SELECT 1 FROM asset WHERE id = ANY($1::uuid[])', [a.children])).rows).toHaveLength(2);
  });

  it("an empty memberOrganisationss clears a form's organisation links", async () => {
    const id = await createSample(h.db, 'FormsEntity', volt(), { isDefault: false, memberOrganisationss: [{ id: h.org.spark }] });
    expect((await updateForm(ADMIN, { id, memberOrganisationss: [] })).errors).toBeUndefined();
    expect(await orgLinksOf(id)).toEqual([]);
  });
});

describe("another organisation's caller", () => {
  it('cannot clear or change the links and children of a record it does not own', async () => {
    const a = await sparkAsset();
    for (const input of [
      { id: a.id, mehubAccountss: [] },
      { id: a.id, assetss: [] },
      { id: a.id, mehubAccountss: [{ id: h.users[VOLT_MANAGER].id }] },
    ]) {
      const res = await updateAsset(VOLT_MANAGER, input);
      expect(res.errors?.length).toBeGreaterThan(0);
    }
    const merged = await h.gql(
      VOLT_MANAGER,
      `mutation($m: [AssetEntityInput!]!) { r: updateAssetEntity(assetEntityModels: $m, mergeReferences: ["mehubAccountss"]) { id } }`,
      { m: [{ id: a.id, mehubAccountss: [{ id: h.users[VOLT_MANAGER].id }] }] },
    );
    expect(merged.errors?.length).toBeGreaterThan(0);
    expect(await assigneesOf(a.id)).toEqual(a.assignees);
    expect(await childrenOf(a.id)).toEqual(a.children);
  });

  it("cannot link its own record to another organisation's rows", async () => {
    const own = await createSample(h.db, 'AssetEntity', volt());
    const a = await sparkAsset();
    expect(
      (await updateAsset(VOLT_MANAGER, { id: own, mehubAccountss: [{ id: h.users[SPARK_WORKER].id }] })).errors?.length,
    ).toBeGreaterThan(0);
    expect((await updateAsset(VOLT_MANAGER, { id: own, assetss: [{ id: a.children[0] }] })).errors?.length).toBeGreaterThan(0);
    expect(await assigneesOf(own)).toEqual([]);
    expect(await childrenOf(a.id)).toEqual(a.children);
  });
});

describe("a form's members after an administrator makes it inactive and active again", () => {
  const seen = async (as: string, id: string) =>
    (await h.gql<{ r: { id: string }[] }>(as, `query($ids: [ID!]) { r: formsEntitys(ids: $ids) { id } }`, { ids: [id] })).data!.r.length;

  it('a default form is seen by every organisation again', async () => {
    const id = await createSample(h.db, 'FormsEntity', volt(), { isDefault: true });
    expect((await updateForm(ADMIN, { id, isActive: false })).errors).toBeUndefined();
    expect(await seen(SPARK_MANAGER, id)).toBe(0);
    expect((await updateForm(ADMIN, { id, isActive: true })).errors).toBeUndefined();
    expect(await seen(SPARK_MANAGER, id)).toBe(1);
    expect(await seen(VOLT_MANAGER, id)).toBe(1);
  });

  it('an assigned form loses its organisations when made inactive (back-office.md section 4) and is offered again by assigning them', async () => {
    const id = await createSample(h.db, 'FormsEntity', volt(), { isDefault: false, memberOrganisationss: [{ id: h.org.spark }] });
    expect(await seen(SPARK_MANAGER, id)).toBe(1);
    expect((await updateForm(ADMIN, { id, isActive: false })).errors).toBeUndefined();
    expect(await orgLinksOf(id)).toEqual([]);
    expect((await updateForm(ADMIN, { id, isActive: true })).errors).toBeUndefined();
    expect(await seen(SPARK_MANAGER, id)).toBe(0);
    expect((await updateForm(ADMIN, { id, memberOrganisationss: [{ id: h.org.spark }] })).errors).toBeUndefined();
    expect(await seen(SPARK_MANAGER, id)).toBe(1);
    expect(await seen(VOLT_MANAGER, id)).toBe(0);
  });
});
