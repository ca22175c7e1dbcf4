import { FORM_TYPE_DOCUMENT_TYPES, messages } from '@hub/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inUseMessages } from '../crud/delete';
import { insertRow } from './rows';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from './harness';

/** Data-layer rules of issue 11 item 6 (data-layer.md sections 3, 4, 6, 7), by group. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const typeIdsOf = async (formId: string) =>
  (
    await h.db.query<{ name: string }>(
      'SELECT dt.name FROM link_forms_document_types l JOIN document_types dt ON dt.id = l.document_types_id WHERE l.forms_id = $1 ORDER BY dt.name',
      [formId],
    )
  ).rows.map((r) => r.name);
const typeId = async (name: string) =>
  (await h.db.query<{ id: string }>('SELECT id FROM document_types WHERE name = $1 LIMIT 1', [name])).rows[0].id;
const createForm = async (as: string, input: Record<string, unknown>) => {
  const res = await h.gql<{ r: { id: string }[] }>(
    as,
    `mutation($m: [FormsEntityInput!]!) { r: createFormsEntity(formsEntityModels: $m) { id } }`,
    {
      m: [input],
    },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.r[0].id;
};
const updateForm = (as: string, input: Record<string, unknown>) =>
  h.gql(as, `mutation($m: [FormsEntityInput!]!) { r: updateFormsEntity(formsEntityModels: $m) { id } }`, { m: [input] });

describe("a form's document types follow its type", () => {
  it("a new form gets its type's document types, whatever the client sent", async () => {
    const id = await createForm(ADMIN, { name: 'Rules incident', formType: 'INCIDENT', documentTypess: [{ id: await typeId('SDS') }] });
    expect(await typeIdsOf(id)).toEqual([...FORM_TYPE_DOCUMENT_TYPES.INCIDENT].sort());
  });

  it('changing the type resets and refills them; saving the same type keeps a hand-made choice', async () => {
    const id = await createForm(ADMIN, { name: 'Rules inspection', formType: 'INSPECTIONS' });
    expect(await typeIdsOf(id)).toEqual(['Field', 'Workshop / Warehouse']);
    expect((await updateForm(ADMIN, { id, documentTypess: [{ id: await typeId('SDS') }] })).errors).toBeUndefined();
    expect((await updateForm(ADMIN, { id, formType: 'INSPECTIONS', name: 'Renamed' })).errors).toBeUndefined();
    expect(await typeIdsOf(id)).toEqual(['SDS']);
    expect((await updateForm(ADMIN, { id, formType: 'QUALITY', documentTypess: [{ id: await typeId('SDS') }] })).errors).toBeUndefined();
    expect(await typeIdsOf(id)).toEqual(['Office']);
    expect((await updateForm(ADMIN, { id, formType: 'MEETING_AND_TRAINING' })).errors).toBeUndefined();
    expect(await typeIdsOf(id)).toEqual([]);
  });

  it('a named type the hub does not have is skipped', async () => {
    await h.db.query("UPDATE document_types SET name = 'Workplace Relations (old)' WHERE name = 'Workplace Relations'");
    try {
      const id = await createForm(ADMIN, { name: 'Rules relations', formType: 'WORKPLACE_RELATIONS' });
      expect(await typeIdsOf(id)).toEqual([]);
    } finally {
      await h.db.query("UPDATE document_types SET name = 'Workplace Relations' WHERE name = 'Workplace Relations (old)'");
    }
  });

  it("a member's new form follows the same rule", async () => {
    // A member's new form is inactive (not readable back): found by its name.
    const res = await h.gql(
      SPARK_MANAGER,
      `mutation { createFormsEntity(formsEntityModels: [{name: "Member risk form", formType: RISK_ASSESSMENT}]) { id } }`,
    );
    expect(res.errors).toBeUndefined();
    const id = (await h.db.query<{ id: string }>("SELECT id FROM forms WHERE name = 'Member risk form'")).rows[0].id;
    expect(await typeIdsOf(id)).toEqual(['SWMS']);
  });
});

describe('making a form inactive', () => {
  const links = async (id: string) =>
    (await h.db.query('SELECT 1 FROM link_forms_member_organisations WHERE forms_id = $1', [id])).rows.length;

  it('removes its organisation links; an inactive form saved again keeps new ones', async () => {
    const id = await createForm(ADMIN, {
      name: 'Rules offered',
      formType: 'PERMITS',
      isActive: true,
      memberOrganisationss: [{ id: h.org.spark }, { id: h.org.volt }],
    });
    expect(await links(id)).toBe(2);
    expect((await updateForm(ADMIN, { id, name: 'Rules offered again' })).errors).toBeUndefined();
    expect(await links(id)).toBe(2);
    expect((await updateForm(ADMIN, { id, isActive: false })).errors).toBeUndefined();
    expect(await links(id)).toBe(0);
    // Already inactive: links given now are kept (the rule is the change to inactive).
    expect((await updateForm(ADMIN, { id, memberOrganisationss: [{ id: h.org.spark }] })).errors).toBeUndefined();
    expect(await links(id)).toBe(1);
  });
});

describe('a document type in use', () => {
  const del = (as: string, ids: string[]) =>
    h.gql(as, `mutation($ids: [ID!]!) { r: deleteDocumentTypesEntity(documentTypesEntityIds: $ids) }`, { ids });

  it('is not deleted, with a message naming its uses; nothing changes', async () => {
    const swms = await typeId('SWMS');
    const before = (await h.db.query('SELECT count(*)::int AS n FROM link_document_types_templates')).rows[0];
    const res = await del(ADMIN, [swms]);
    expect(res.errors?.[0].message).toMatch(
      /^This record could not be deleted because it is in use: document type 'SWMS' is linked to .*1 template/,
    );
    expect(res.errors?.[0].extensions?.code).toBe('ASSOCIATION');
    expect((await h.db.query('SELECT 1 FROM document_types WHERE id = $1', [swms])).rows).toHaveLength(1);
    expect((await h.db.query('SELECT count(*)::int AS n FROM link_document_types_templates')).rows[0]).toEqual(before);
  });

  it('in bulk: none of the records is deleted, the unused one neither', async () => {
    const unused = (
      await h.gql<{ r: { id: string }[] }>(
        ADMIN,
        `mutation { r: createDocumentTypesEntity(documentTypesEntityModels: [{name: "Unused type"}]) { id } }`,
      )
    ).data!.r[0].id;
    const used = await typeId('SDS');
    const res = await del(ADMIN, [unused, used]);
    expect(res.errors?.[0].message).toMatch(/^These records could not be deleted because they are in use: they are linked to /);
    const cond = await h.gql(ADMIN, `mutation($ids: [ID!]) { r: deleteDocumentTypesEntitysConditional(ids: $ids) }`, {
      ids: [unused, used],
    });
    expect(cond.errors?.[0].message).toMatch(/^These records could not be deleted because they are in use/);
    expect((await h.db.query('SELECT 1 FROM document_types WHERE id = ANY($1::uuid[])', [[unused, used]])).rows).toHaveLength(2);
    // Unused alone: deleted.
    expect((await del(ADMIN, [unused])).errors).toBeUndefined();
  });

  it('a form using it keeps it too', async () => {
    const t = (
      await h.gql<{ r: { id: string }[] }>(
        ADMIN,
        `mutation { r: createDocumentTypesEntity(documentTypesEntityModels: [{name: "Form only type"}]) { id } }`,
      )
    ).data!.r[0].id;
    const form = await createForm(ADMIN, { name: 'Uses a type', formType: 'MEETING_AND_TRAINING' });
    await updateForm(ADMIN, { id: form, documentTypess: [{ id: t }] });
    expect((await del(ADMIN, [t])).errors?.[0].message).toBe(inUseMessages.one("document type 'Form only type'", '1 form'));
  });
});

describe('derived fields', () => {
  it('submission formName, formType and owner; never accepted as input', async () => {
    const version = (await h.db.query<{ id: string }>('SELECT id FROM forms_entity_form_version LIMIT 1')).rows[0].id;
    await insertRow(h.db, 'form_submissions', {
      is_completed: true,
      form_version_id: version,
      mehub_account_id: h.users[SPARK_MANAGER].id,
    });
    await insertRow(h.db, 'form_submissions', { is_completed: true, form_version_id: version, mehub_account_id: null });
    const res = await h.gql<{
      r: { formName: string; formType: string; owner: Record<string, string | null> | null; formVersion: { form: { name: string } } }[];
    }>(
      SPARK_MANAGER,
      `{ r: formSubmissionsEntitys(take: 5, where: [{path: "isCompleted", comparison: equal, value: ["true"]}]) { formName formType owner { email firstName surname } formVersion { form { name formType } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.r.length).toBeGreaterThan(0);
    for (const s of res.data!.r) {
      expect(s.formName).toBe(s.formVersion.form.name);
      expect(s.owner?.email).toMatch(/@sparkright\.example$/);
      expect(Object.keys(s.owner!)).toEqual(['email', 'firstName', 'surname']);
    }
    // No owner: null, not an object of nulls.
    const orphan = await h.gql<{ r: { owner: unknown }[] }>(
      ADMIN,
      `{ r: formSubmissionsEntitys(where: [{path: "mehubAccountId", comparison: equal, value: [null]}]) { owner { email } } }`,
    );
    expect(orphan.data!.r[0]).toEqual({ owner: null });
    const input = await h.gql(ADMIN, `mutation { createFormSubmissionsEntity(formSubmissionsEntityModels: [{formName: "x"}]) { id } }`);
    expect(input.status).toBe(400);
    expect(input.errors?.[0].message).toMatch(/formName/);
  });

  it('searches and sorts by a derived value; filters check its kind', async () => {
    const byName = await h.gql<{ r: { formName: string }[] }>(
      ADMIN,
      `{ r: formSubmissionsEntitys(orderBy: [{path: "formName"}], take: 50) { formName } }`,
    );
    expect(byName.errors).toBeUndefined();
    const names = byName.data!.r.map((r) => r.formName ?? '');
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const versions = await h.gql<{ r: { formType: string; form: { formType: string } }[] }>(
      ADMIN,
      `{ r: formsEntityFormVersions(where: [{path: "formType", comparison: in, value: ["INCIDENT"]}]) { formType form { formType } } }`,
    );
    expect(versions.errors).toBeUndefined();
    expect(versions.data!.r.length).toBeGreaterThan(0);
    for (const v of versions.data!.r) expect(v).toEqual({ formType: 'INCIDENT', form: { formType: 'INCIDENT' } });
    const bad = await h.gql(ADMIN, `{ r: formsEntitys(where: [{path: "latestFormVersion", comparison: equal, value: ["x"]}]) { id } }`);
    expect(bad.errors?.[0].message).toMatch(/not a whole number/);
  });

  it('form latestFormVersion: the published version number, 0 without one', async () => {
    const res = await h.gql<{ r: { latestFormVersion: number; publishedVersion: { version: number } | null }[] }>(
      ADMIN,
      `{ r: formsEntitys(take: 100) { latestFormVersion publishedVersion { version } } }`,
    );
    expect(res.errors).toBeUndefined();
    for (const f of res.data!.r) expect(f.latestFormVersion).toBe(f.publishedVersion?.version ?? 0);
    expect(res.data!.r.some((f) => f.latestFormVersion === 0)).toBe(true);
  });

  it('document pendingApproval, in lists and in nested references', async () => {
    const doc = (
      await h.gql<{ r: { id: string }[] }>(
        ADMIN,
        `mutation($m: [DocumentEntityInput!]!) { r: createDocumentEntity(documentEntityModels: $m) { id } }`,
        {
          m: [
            {
              documentName: 'Pending one',
              documentLink: 'https://example.org/p',
              memberOrganisationId: h.org.spark,
              documentTypess: [{ id: await typeId('SWMS') }],
            },
          ],
        },
      )
    ).data!.r[0].id;
    await h.db.query("UPDATE document SET status = 'PENDING' WHERE id = $1", [doc]);
    const res = await h.gql<{ r: { id: string; pendingApproval: boolean }[] }>(
      SPARK_MANAGER,
      `{ r: documentEntitys(where: [{path: "pendingApproval", comparison: equal, value: ["true"]}]) { id pendingApproval } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.r).toContainEqual({ id: doc, pendingApproval: true });
    const nested = await h.gql<{ r: { documentss: { id: string; pendingApproval: boolean }[] }[] }>(
      SPARK_MANAGER,
      `{ r: documentTypesEntitys(where: [{path: "name", comparison: equal, value: ["SWMS"]}]) { documentss { id pendingApproval } } }`,
    );
    expect(nested.data!.r[0].documentss).toContainEqual({ id: doc, pendingApproval: true });
    // Voltline sees none of it.
    const volt = await h.gql<{ r: { id: string }[] }>(
      VOLT_MANAGER,
      `{ r: documentEntitys(where: [{path: "pendingApproval", comparison: equal, value: ["true"]}]) { id } }`,
    );
    expect(volt.data!.r.map((r) => r.id)).not.toContain(doc);
  });
});

describe('nested sort', () => {
  it('orders by memberOrganisation.name for an administrator', async () => {
    const res = await h.gql<{ r: { memberOrganisation: { name: string } | null }[] }>(
      ADMIN,
      `{ r: assetEntitys(orderBy: [{path: "memberOrganisation.name", descending: true}], take: 100) { memberOrganisation { name } } }`,
    );
    expect(res.errors).toBeUndefined();
    const names = res.data!.r.map((r) => r.memberOrganisation?.name ?? '');
    expect(new Set(names).size).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort().reverse());
  });

  it("goes through two references (licences by their account's organisation)", async () => {
    const res = await h.gql(ADMIN, `{ r: licenceEntitys(orderBy: [{path: "mehubAccount.memberOrganisation.name"}]) { id } }`);
    expect(res.errors).toBeUndefined();
  });

  it("a member's sorted list holds their own organisation's rows only", async () => {
    const res = await h.gql<{ r: { memberOrganisationId: string }[] }>(
      VOLT_MANAGER,
      `{ r: assetEntitys(orderBy: [{path: "memberOrganisation.name"}]) { memberOrganisationId } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.r.length).toBeGreaterThan(0);
    for (const r of res.data!.r) expect(r.memberOrganisationId).toBe(h.org.volt);
  });

  it('refuses paths that are not references to a sortable field', async () => {
    for (const path of [
      'memberOrganisation.apiKeys',
      'assetss.description',
      'memberOrganisation.nope',
      'description.name',
      'mehubAccountss.email',
    ])
      expect((await h.gql(ADMIN, `{ r: assetEntitys(orderBy: [{path: "${path}"}]) { id } }`)).errors?.[0].message).toMatch(/Cannot sort/);
    const deep = Array(9).fill('parentAsset').join('.');
    expect((await h.gql(ADMIN, `{ r: assetEntitys(orderBy: [{path: "${deep}"}]) { id } }`)).errors?.[0].message).toMatch(
      /at most 8 levels/,
    );
  });
});

describe('an administrator chooses the organisation of a member record', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['AssetEntity', 'assetEntityModels', { assetType: 'TOOL', description: 'Orphan drill' }, 'memberOrganisationId'],
    ['LicenceEntity', 'licenceEntityModels', { licenceName: 'Orphan', licenceIssuer: 'X', licenceType: 'OTHER' }, 'mehubAccountId'],
    ['ReminderLogEntity', 'reminderLogEntityModels', { description: 'Orphan reminder' }, 'mehubAccountId'],
    [
      'DocumentEntity',
      'documentEntityModels',
      { documentName: 'Orphan doc', documentLink: 'https://example.org/o' },
      'memberOrganisationId',
    ],
  ];
  it.each(cases)('%s without it: This field is required, nothing saved', async (entity, arg, input, path) => {
    const extra = entity === 'DocumentEntity' ? { documentTypess: [{ id: await typeId('SWMS') }] } : {};
    const res = await h.gql(ADMIN, `mutation($m: [${entity}Input!]!) { r: create${entity}(${arg}: $m) { id } }`, {
      m: [{ ...input, ...extra }],
    });
    expect(res.errors?.[0].extensions?.issues).toEqual([{ path, code: 'required', message: messages.required }]);
  });

  it('a member-body document (an MEA type) belongs to no organisation', async () => {
    const mea = await typeId('MEA Guides');
    const res = await h.gql(ADMIN, `mutation($m: [DocumentEntityInput!]!) { r: createDocumentEntity(documentEntityModels: $m) { id } }`, {
      m: [{ documentName: 'Association guide', documentLink: 'https://example.org/g', documentTypess: [{ id: mea }] }],
    });
    expect(res.errors).toBeUndefined();
  });

  it("a member's record takes the caller's organisation as before", async () => {
    const res = await h.gql<{ r: { memberOrganisationId: string }[] }>(
      SPARK_WORKER,
      `mutation { r: createAssetEntity(assetEntityModels: [{assetType: TOOL, description: "Own drill"}]) { memberOrganisationId } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.r[0].memberOrganisationId).toBe(h.org.spark);
  });
});

describe('GuidanceTopicEntity', () => {
  it('administrators create, update and delete; members read only', async () => {
    const standard = (await h.db.query<{ id: string }>('SELECT id FROM standard LIMIT 1')).rows[0].id;
    const made = await h.gql<{ r: { id: string; standard: { id: string } }[] }>(
      ADMIN,
      `mutation($m: [GuidanceTopicEntityInput!]!) { r: createGuidanceTopicEntity(guidanceTopicEntityModels: $m) { id standard { id } } }`,
      { m: [{ name: 'Earthing', description: 'Earthing arrangements', standardId: standard }] },
    );
    expect(made.errors).toBeUndefined();
    const id = made.data!.r[0].id;
    const read = await h.gql<{ r: { name: string } | null }>(SPARK_WORKER, `query($id: ID!) { r: guidanceTopicEntity(id: $id) { name } }`, {
      id,
    });
    expect(read.data!.r).toEqual({ name: 'Earthing' });
    const memberCreate = await h.gql(
      SPARK_MANAGER,
      `mutation { createGuidanceTopicEntity(guidanceTopicEntityModels: [{name: "No"}]) { id } }`,
    );
    expect(memberCreate.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const memberDelete = await h.gql(SPARK_MANAGER, `mutation($ids: [ID!]!) { deleteGuidanceTopicEntity(guidanceTopicEntityIds: $ids) }`, {
      ids: [id],
    });
    expect(memberDelete.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const required = await h.gql(ADMIN, `mutation { createGuidanceTopicEntity(guidanceTopicEntityModels: [{description: "x"}]) { id } }`);
    expect(required.errors?.[0].extensions?.issues).toEqual([{ path: 'name', code: 'required', message: messages.required }]);
    expect(
      (await h.gql(ADMIN, `mutation($ids: [ID!]!) { deleteGuidanceTopicEntity(guidanceTopicEntityIds: $ids) }`, { ids: [id] })).errors,
    ).toBeUndefined();
  });
});
