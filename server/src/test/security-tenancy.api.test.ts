import { ROLES, GROUPS, allEntities, can } from '@hub/model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasOwner } from '../access/scope';
import { SPARK_MANAGER, SUPER, VOLT_MANAGER, startHarness, type Harness } from './harness';

/**
 * A member's writes never change what another organisation sees (issue 8, item 6). Shared
 * rows (default forms, forms offered to several organisations, their links and versions) are
 * written only by administrators; a member's new form is their organisation's alone; form
 * versions follow their form's visibility.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

type Res = Awaited<ReturnType<Harness['gql']>>;
const code = (res: Res) => res.errors?.[0]?.extensions?.code;
const message = (res: Res) => res.errors?.[0]?.message;
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

const save = (who: string, entity: string, op: 'create' | 'update', input: Record<string, unknown>, merge?: string[]) =>
  h.gql<{ r: { id: string }[] }>(
    who,
    `mutation($m: [${entity}Input!]!, $merge: [String!]) { r: ${op}${entity}(${lower(entity)}Models: $m, mergeReferences: $merge) { id } }`,
    { m: [input], merge: merge ?? null },
  );
const remove = (who: string, entity: string, ids: string[]) =>
  h.gql(who, `mutation($ids: [ID!]!) { r: delete${entity}(${lower(entity)}Ids: $ids) }`, { ids });
const where = (path: string, value: string) => [[{ path, comparison: 'equal', value: [value] }]];
const removeWhere = (who: string, entity: string, path: string, value: string) =>
  h.gql<{ r: string[] }>(who, `mutation($c: [[WhereExpressionGraph!]!]) { r: delete${entity}sConditional(conditions: $c) }`, {
    c: where(path, value),
  });
const updateWhere = (who: string, entity: string, path: string, value: string, values: Record<string, unknown>) =>
  h.gql<{ r: string[] }>(
    who,
    `mutation($c: [[WhereExpressionGraph!]!], $f: [String!]!, $v: ${entity}Input!) { r: update${entity}sConditional(conditions: $c, fieldsToUpdate: $f, values: $v) }`,
    { c: where(path, value), f: Object.keys(values), v: values },
  );

/** Everything a Voltline member is offered of forms: the rows a Sparkright member must not change. */
async function voltlineView() {
  const res = await h.gql(
    VOLT_MANAGER,
    `{ formsEntitys(take: 1000) { id name isDefault isActive formType publishedVersionId
         documentTypess { id } formVersions { id version active formData } }
       formsEntityFormVersions(take: 1000) { id version active formId formData }
       formsEntityFormTileEntitys(take: 1000) { id tile formId }
       formsDocumentTypess(take: 1000) { id formsId documentTypesId }
       documentEntitys(take: 1000) { id documentName memberOrganisationId documentTypess { id } } }`,
  );
  expect(res.errors).toBeUndefined();
  return res.data;
}

async function typeId(name: string): Promise<string> {
  const { rows } = await h.db.query<{ id: string }>('SELECT id FROM document_types WHERE name = $1', [name]);
  return rows[0].id;
}

/** The demo's forms are offered to both organisations; this one is default and offered to all. */
async function sharedForms() {
  const { rows } = await h.db.query<{ id: string }>(`SELECT id FROM forms WHERE form_type = 'RISK_ASSESSMENT'`);
  const both = rows[0].id;
  const created = await save(SUPER, 'FormsEntity', 'create', {
    name: 'Everyone’s toolbox talk',
    formType: 'MEETING_AND_TRAINING',
    isActive: true,
    isDefault: true,
  });
  expect(created.errors).toBeUndefined();
  const def = created.data!.r[0].id;
  // A new form gets its type's document types (none for this type); an administrator's own choice is kept afterwards.
  const typed = await save(SUPER, 'FormsEntity', 'update', { id: def, documentTypess: [{ id: await typeId('SWMS') }] });
  expect(typed.errors).toBeUndefined();
  const version = await save(SUPER, 'FormsEntityFormVersion', 'create', {
    formId: def,
    version: 1,
    active: true,
    formData: '{"slides":[]}',
  });
  expect(version.errors).toBeUndefined();
  const tile = await save(SUPER, 'FormsEntityFormTileEntity', 'create', { formId: def, tile: 'FORM_TILE' });
  expect(tile.errors).toBeUndefined();
  const { rows: links } = await h.db.query<{ id: string }>('SELECT id FROM link_forms_document_types WHERE forms_id = $1', [def]);
  return { both, def, version: version.data!.r[0].id, link: links[0].id };
}

describe("a member's writes on shared forms", () => {
  it('cannot make a default form, nor offer a new form to another organisation', async () => {
    const before = await voltlineView();
    const plain = await save(SPARK_MANAGER, 'FormsEntity', 'create', {
      name: 'Sparkright default',
      formType: 'MEETING_AND_TRAINING',
      isActive: true,
      isDefault: true,
    });
    expect(plain.errors).toBeUndefined();
    const offered = await save(SPARK_MANAGER, 'FormsEntity', 'create', {
      name: 'Sparkright for Voltline',
      formType: 'MEETING_AND_TRAINING',
      isActive: true,
      isDefault: true,
      memberOrganisationss: [{ id: h.org.volt }, { id: h.org.spark }],
    });
    expect(offered.errors).toBeUndefined();
    // Both are Sparkright's own forms: not default, offered to Sparkright alone.
    const { rows } = await h.db.query<{ name: string; is_default: boolean; orgs: string[] }>(
      `SELECT f.name, f.is_default, array_agg(l.member_organisations_id::text) AS orgs FROM forms f
       LEFT JOIN link_forms_member_organisations l ON l.forms_id = f.id WHERE f.name LIKE 'Sparkright%' GROUP BY f.id ORDER BY f.name`,
    );
    expect(rows).toEqual([
      { name: 'Sparkright default', is_default: false, orgs: [h.org.spark] },
      { name: 'Sparkright for Voltline', is_default: false, orgs: [h.org.spark] },
    ]);
    expect(await voltlineView()).toEqual(before);
    // ...which Sparkright is offered.
    const own = await h.gql<{ formsEntitys: { name: string }[] }>(
      SPARK_MANAGER,
      `{ formsEntitys(where: [{path: "name", comparison: like, value: ["Sparkright%"]}]) { name } }`,
    );
    expect(own.data!.formsEntitys.map((f) => f.name).sort()).toEqual(['Sparkright default', 'Sparkright for Voltline']);
  });

  it('cannot add or remove document types of a shared form, by any operation', async () => {
    const { both, def, link } = await sharedForms();
    const before = await voltlineView();
    const sds = await typeId('SDS');
    for (const form of [both, def]) {
      const add = await save(SPARK_MANAGER, 'FormsDocumentTypes', 'create', { formsId: form, documentTypesId: sds });
      expect(code(add)).toBe('FORBIDDEN');
      expect(message(add)).toBe('Only administrators can change a form that other organisations are offered');
      // Through the form itself, replacing or merging its list.
      for (const merge of [undefined, ['documentTypess']]) {
        const through = await save(SPARK_MANAGER, 'FormsEntity', 'update', { id: form, documentTypess: [{ id: sds }] }, merge);
        expect(code(through)).toBe('FORBIDDEN');
      }
      const bulkDelete = await removeWhere(SPARK_MANAGER, 'FormsDocumentTypes', 'formsId', form);
      expect(bulkDelete.errors ?? bulkDelete.data!.r).toEqual([]);
      const bulkUpdate = await updateWhere(SPARK_MANAGER, 'FormsDocumentTypes', 'formsId', form, { documentTypesId: sds });
      expect(bulkUpdate.errors ?? bulkUpdate.data!.r).toEqual([]);
    }
    const single = await remove(SPARK_MANAGER, 'FormsDocumentTypes', [link]);
    expect(code(single)).toBe('NOT_FOUND');
    const moved = await save(SPARK_MANAGER, 'FormsDocumentTypes', 'update', { id: link, documentTypesId: sds });
    expect(code(moved)).toBe('NOT_FOUND');
    expect(await voltlineView()).toEqual(before);
  });

  it("cannot move a link of its own form onto a shared form, nor a shared form's link onto its own", async () => {
    const { def, link } = await sharedForms();
    const mine = await save(SPARK_MANAGER, 'FormsEntity', 'create', {
      name: 'Sparkright checklist',
      formType: 'PERMITS', // a new form gets its type's document types: Field
      isActive: true,
    });
    expect(mine.errors).toBeUndefined();
    const own = mine.data!.r[0].id;
    const { rows } = await h.db.query<{ id: string }>('SELECT id FROM link_forms_document_types WHERE forms_id = $1', [own]);
    const before = await voltlineView();
    const onto = await save(SPARK_MANAGER, 'FormsDocumentTypes', 'update', { id: rows[0].id, formsId: def });
    expect(code(onto)).toBe('FORBIDDEN');
    const from = await save(SPARK_MANAGER, 'FormsDocumentTypes', 'update', { id: link, formsId: own });
    expect(code(from)).toBe('NOT_FOUND');
    const bulk = await updateWhere(SPARK_MANAGER, 'FormsDocumentTypes', 'formsId', own, { formsId: def });
    expect(code(bulk)).toBe('FORBIDDEN');
    expect(await voltlineView()).toEqual(before);
    // Its own form's links are its own to change.
    const added = await save(SPARK_MANAGER, 'FormsDocumentTypes', 'create', { formsId: own, documentTypesId: await typeId('SDS') });
    expect(added.errors).toBeUndefined();
    const removed = await removeWhere(SPARK_MANAGER, 'FormsDocumentTypes', 'formsId', own);
    expect(removed.data!.r).toHaveLength(2);
  });

  it('cannot write the forms, versions or tiles themselves', async () => {
    const { def, version } = await sharedForms();
    const before = await voltlineView();
    const attempts: Res[] = [
      await save(SPARK_MANAGER, 'FormsEntity', 'update', { id: def, name: 'Renamed', isActive: false }),
      await updateWhere(SPARK_MANAGER, 'FormsEntity', 'id', def, { isActive: false }),
      await remove(SPARK_MANAGER, 'FormsEntity', [def]),
      await removeWhere(SPARK_MANAGER, 'FormsEntity', 'id', def),
      await save(SPARK_MANAGER, 'FormsEntityFormVersion', 'create', { formId: def, version: 2, formData: '{"slides":[]}' }),
      await save(SPARK_MANAGER, 'FormsEntityFormVersion', 'update', { id: version, formData: '{"slides":[]}' }),
      await updateWhere(SPARK_MANAGER, 'FormsEntityFormVersion', 'id', version, { active: false }),
      await remove(SPARK_MANAGER, 'FormsEntityFormVersion', [version]),
      await removeWhere(SPARK_MANAGER, 'FormsEntityFormVersion', 'id', version),
      await save(SPARK_MANAGER, 'FormsEntityFormTileEntity', 'create', { formId: def, tile: 'FORM_TILE' }),
      await removeWhere(SPARK_MANAGER, 'FormsEntityFormTileEntity', 'formId', def),
      // A new form of its own taking the shared form's version away.
      await save(SPARK_MANAGER, 'FormsEntity', 'create', {
        name: 'Thief',
        formType: 'MEETING_AND_TRAINING',
        formVersions: [{ id: version }],
      }),
      await save(
        SPARK_MANAGER,
        'FormsEntity',
        'create',
        { name: 'Thief', formType: 'MEETING_AND_TRAINING', formVersions: [{ id: version }] },
        ['formVersions'],
      ),
    ];
    for (const res of attempts) expect(code(res)).toBe('FORBIDDEN');
    expect(await voltlineView()).toEqual(before);
  });

  it('cannot turn its own document into a member-body document other organisations read', async () => {
    const mea = await typeId('MEA Guides');
    const created = await save(SPARK_MANAGER, 'DocumentEntity', 'create', {
      documentName: 'SR shared by stealth',
      documentLink: 'https://example.org/stealth',
      documentTypess: [{ id: await typeId('SWMS') }],
    });
    expect(created.errors).toBeUndefined();
    const id = created.data!.r[0].id;
    const before = await voltlineView();
    const res = await save(SPARK_MANAGER, 'DocumentEntity', 'update', { id, memberOrganisationId: null, documentTypess: [{ id: mea }] });
    expect(code(res)).toBe('FORBIDDEN');
    const bulk = await updateWhere(SPARK_MANAGER, 'DocumentEntity', 'id', id, { memberOrganisationId: null });
    expect(code(bulk)).toBe('FORBIDDEN');
    expect(await voltlineView()).toEqual(before);
    const { rows } = await h.db.query('SELECT member_organisation_id AS org FROM document WHERE id = $1', [id]);
    expect(rows).toEqual([{ org: h.org.spark }]);
  });

  it('has no write right on an entity every organisation reads, unless members cannot read it', () => {
    // Shared rows are nobody's: members may only create rows of them that only administrators read (feedback, searches).
    for (const e of allEntities().filter((x) => !hasOwner(x))) {
      for (const op of ['update', 'delete'] as const)
        expect(can([GROUPS.member], ROLES.safetyManager, e.name, op), `${op} ${e.name}`).toBe(false);
      if (can([GROUPS.member], ROLES.safetyManager, e.name, 'create'))
        expect(can([GROUPS.member], ROLES.safetyManager, e.name, 'read'), `create ${e.name}`).toBe(false);
    }
  });
});

describe('form versions of forms a caller cannot see', () => {
  async function sparkOnly() {
    const form = await save(SUPER, 'FormsEntity', 'create', {
      name: 'Sparkright induction',
      formType: 'MEETING_AND_TRAINING',
      isActive: true,
      memberOrganisationss: [{ id: h.org.spark }],
    });
    expect(form.errors).toBeUndefined();
    const formId = form.data!.r[0].id;
    const version = await save(SUPER, 'FormsEntityFormVersion', 'create', {
      formId,
      version: 1,
      active: true,
      formData: '{"slides":[]}',
    });
    expect(version.errors).toBeUndefined();
    const tile = await save(SUPER, 'FormsEntityFormTileEntity', 'create', { formId, tile: 'FORM_TILE' });
    return { formId, version: version.data!.r[0].id, tile: tile.data!.r[0].id };
  }

  const READ = `query($id: ID!, $ids: [ID!], $sid: String!, $t: ID!) {
    one: formsEntityFormVersion(id: $id) { id formData }
    list: formsEntityFormVersions(ids: $ids) { id }
    count: countFormsEntityFormVersions(ids: $ids)
    byForm: formsEntityFormVersions(where: [{path: "formId", comparison: equal, value: [$sid]}]) { id }
    tile: formsEntityFormTileEntity(id: $t) { id form { id } }
  }`;

  it('are not readable by id, in lists, counts or through a tile', async () => {
    const { formId, version, tile } = await sparkOnly();
    const volt = await h.gql(VOLT_MANAGER, READ, { id: version, ids: [version], sid: formId, t: tile });
    expect(volt.errors).toBeUndefined();
    expect(volt.data).toEqual({ one: null, list: [], count: 0, byForm: [], tile: null });
    const spark = await h.gql(SPARK_MANAGER, READ, { id: version, ids: [version], sid: formId, t: tile });
    expect(spark.data).toEqual({
      one: { id: version, formData: expect.stringMatching(/^\{"slides": ?\[\]\}$/) },
      list: [{ id: version }],
      count: 1,
      byForm: [{ id: version }],
      tile: { id: tile, form: { id: formId } },
    });
  });

  it('are not readable once the form is withdrawn, except through a submission made on it', async () => {
    const form = await save(SUPER, 'FormsEntity', 'create', {
      name: 'Both organisations',
      formType: 'MEETING_AND_TRAINING',
      isActive: true,
      memberOrganisationss: [{ id: h.org.spark }, { id: h.org.volt }],
    });
    const formId = form.data!.r[0].id;
    const version = await save(SUPER, 'FormsEntityFormVersion', 'create', {
      formId,
      version: 1,
      active: true,
      formData: '{"slides":[]}',
      publishVersion: true,
    });
    const v = version.data!.r[0].id;
    const submitted = await save(SPARK_MANAGER, 'FormSubmissionsEntity', 'create', {
      formVersionId: v,
      isCompleted: true,
      submissionData: '{}',
    });
    expect(submitted.errors).toBeUndefined();
    const withdrawn = await save(SUPER, 'FormsEntity', 'update', { id: formId, isActive: false });
    expect(withdrawn.errors).toBeUndefined();
    const volt = await h.gql(VOLT_MANAGER, `query($id: ID!) { one: formsEntityFormVersion(id: $id) { id } }`, { id: v });
    expect(volt.data).toEqual({ one: null });
    const spark = await h.gql(
      SPARK_MANAGER,
      `query($id: ID!, $s: ID!) { one: formsEntityFormVersion(id: $id) { id } s: formSubmissionsEntity(id: $s) { formVersion { id } } }`,
      { id: v, s: submitted.data!.r[0].id },
    );
    expect(spark.data).toEqual({ one: { id: v }, s: { formVersion: { id: v } } });
  });
});
