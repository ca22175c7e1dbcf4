import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { designerMessages } from '@hub/model/forms';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, SUPER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { recordApi } from '../test/records-api';
import { fillMessages } from './submission-hooks';
import { formVersionMessages } from './version-hooks';
import { versionRouteMessages } from './version-routes';

/**
 * An outsider's attacks on form versions (issue 12): visitors, members of the form's
 * organisation and of another one, and administrators sending hostile input, on every path a
 * client can take (GraphQL single and bulk, a form's nested versions, the REST routes, the
 * CSV export). Each test sends what the screens never send; the server must refuse it with a
 * message (never a crash) and change nothing. versions.api.test.ts holds the feature's own
 * rules; nothing here repeats them.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const api = recordApi(() => h);
const VOLT_WORKER = 'worker@voltline.example';

const definition = (title: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    slides: [{ name: 'Slide', contents: [{ id: 'task', title, questionType: 'text' }] }],
    pagination: { type: 'page' },
    customOptions: [],
    ...extra,
  });

/** A form offered to Sparkright only (active unless said otherwise). */
async function createForm(name = 'Attacked form', extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api.create(ADMIN, 'FormsEntity', [
    { name, formType: 'QUALITY', isActive: true, isDefault: false, memberOrganisationss: [{ id: h.org.spark }], ...extra },
  ]);
  expect(res.message).toBeNull();
  return res.r![0].id;
}

async function newVersion(formId: string, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api.create(ADMIN, 'FormsEntityFormVersion', [{ formId, active: true, formData: definition(title), ...extra }]);
  expect(res.message).toBeNull();
  return res.r![0].id;
}

interface StoredForm {
  published: string | null;
  isDraft: boolean;
  isActive: boolean;
  versions: { id: string; version: number; formData: string | null; active: boolean | null }[];
}

/** The form and its versions straight from the database (lowest number first). */
async function stored(formId: string): Promise<StoredForm> {
  const f = (
    await h.db.query<{ p: string | null; d: boolean; a: boolean }>(
      'SELECT published_version_id AS p, is_draft AS d, is_active AS a FROM forms WHERE id = $1',
      [formId],
    )
  ).rows[0];
  const { rows } = await h.db.query<{ id: string; version: number; form_data: unknown; active: boolean | null }>(
    'SELECT id, version, form_data, active FROM forms_entity_form_version WHERE form_id = $1 ORDER BY version, created',
    [formId],
  );
  return {
    published: f.p,
    isDraft: f.d,
    isActive: f.a,
    versions: rows.map((r) => ({
      id: r.id,
      version: r.version,
      formData: r.form_data === null ? null : typeof r.form_data === 'string' ? r.form_data : JSON.stringify(r.form_data),
      active: r.active,
    })),
  };
}
const titleOf = (formData: string | null) => (formData ? JSON.parse(formData).slides[0].contents[0].title : null);

const post = (who: string | null, url: string, payload: string | undefined, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, headers: { ...h.headers(who), 'content-type': 'application/json', ...headers }, payload });
const promoteUrl = (formId: string) => `/api/entity/FormsEntity/promoteActiveVersion/${formId}`;
const discardUrl = (formId: string) => `/api/entity/FormsEntity/discardDraft/${formId}`;

/** A form with a published version 1 and a draft version 2. */
async function publishedWithDraft() {
  const formId = await createForm();
  const v1 = await newVersion(formId, 'One', { publishVersion: true });
  const v2 = await newVersion(formId, 'Two');
  return { formId, v1, v2 };
}

describe('visitors', () => {
  it('read no version, and create, update, publish, promote and discard nothing', async () => {
    const { formId, v1, v2 } = await publishedWithDraft();
    const list = await h.gql<{ l: unknown[] }>(null, `query { l: formsEntityFormVersions { id formData } }`);
    expect(list.data?.l ?? []).toEqual([]);
    const one = await h.gql<{ v: unknown }>(null, `query($id: ID!) { v: formsEntityFormVersion(id: $id) { formData } }`, { id: v1 });
    expect(one.data?.v ?? null).toBeNull();
    expect((await api.create(null as never, 'FormsEntityFormVersion', [{ formId, formData: definition('X') }])).code).not.toBeNull();
    expect((await api.update(null as never, 'FormsEntityFormVersion', [{ id: v2, publishVersion: true }])).code).not.toBeNull();
    expect((await post(null, promoteUrl(formId), JSON.stringify(v1))).statusCode).toBe(401);
    const csv = await h.app.inject({ method: 'GET', url: '/api/entity/FormsEntityFormVersion/export', headers: h.headers(null) });
    expect(csv.body).not.toContain('One');
    const after = await stored(formId);
    expect(after.published).toBe(v1);
    expect(after.versions.map((v) => titleOf(v.formData))).toEqual(['One', 'Two']);
  });
});

describe('members', () => {
  it('delete no version, one by one or by conditions, and change none in bulk', async () => {
    const { formId, v1, v2 } = await publishedWithDraft();
    for (const who of [SPARK_MANAGER, SPARK_WORKER]) {
      const del = await api.remove(who, 'FormsEntityFormVersion', [v1, v2]);
      expect(del.code, who).toBe('FORBIDDEN');
      const where = await h.gql(who, `mutation($w: [WhereExpressionGraph!]) { r: deleteFormsEntityFormVersionsConditional(where: $w) }`, {
        w: [{ path: 'formId', comparison: 'equal', value: [formId] }],
      });
      expect(where.errors?.[0]?.extensions?.code, who).toBe('FORBIDDEN');
      const bulk = await api.bulk(who, 'FormsEntityFormVersion', [v1, v2], ['formData'], { formData: definition('Mine') });
      expect(bulk.code, who).toBe('FORBIDDEN');
      const publish = await api.bulk(who, 'FormsEntityFormVersion', [v2], ['active'], { active: false });
      expect(publish.code, who).toBe('FORBIDDEN');
    }
    const after = await stored(formId);
    expect(after.published).toBe(v1);
    expect(after.versions.map((v) => [titleOf(v.formData), v.active])).toEqual([
      ['One', true],
      ['Two', true],
    ]);
  });

  it('neither make a form they are offered inactive nor delete it, nor take its versions into a form of their own', async () => {
    const { formId, v1, v2 } = await publishedWithDraft();
    const inactive = await api.update(SPARK_MANAGER, 'FormsEntity', [{ id: formId, isActive: false }]);
    expect(inactive.code).toBe('FORBIDDEN');
    const bulk = await api.bulk(SPARK_MANAGER, 'FormsEntity', [formId], ['isActive'], { isActive: false });
    expect(bulk.code).toBe('FORBIDDEN');
    expect((await api.remove(SPARK_MANAGER, 'FormsEntity', [formId])).code).toBe('FORBIDDEN');
    // Members may create forms of their own: never with another form's versions in them.
    const own = await api.create(SPARK_MANAGER, 'FormsEntity', [
      { name: 'Mine', formType: 'QUALITY', isActive: true, formVersions: [{ id: v1 }, { id: v2 }] },
    ]);
    expect(own.message).not.toBeNull();
    const after = await stored(formId);
    expect(after.isActive).toBe(true);
    expect(after.versions.map((v) => v.id)).toEqual([v1, v2]);
    expect(after.published).toBe(v1);
    const links = await h.db.query('SELECT 1 FROM link_forms_member_organisations WHERE forms_id = $1', [formId]);
    expect(links.rows).toHaveLength(1);
  });

  it('of another organisation read no version of a form offered to Sparkright only, by id, list, count or CSV', async () => {
    const { formId, v1, v2 } = await publishedWithDraft();
    for (const who of [VOLT_MANAGER, VOLT_WORKER]) {
      const one = await h.gql<{ v: unknown }>(who, `query($id: ID!) { v: formsEntityFormVersion(id: $id) { formData } }`, { id: v1 });
      expect(one.data?.v ?? null, who).toBeNull();
      const list = await h.gql<{ l: { id: string }[]; n: number }>(
        who,
        `query($w: [WhereExpressionGraph!]) { l: formsEntityFormVersions(where: $w) { id } n: countFormsEntityFormVersions(where: $w) }`,
        { w: [{ path: 'formId', comparison: 'equal', value: [formId] }] },
      );
      expect(list.errors).toBeUndefined();
      expect(list.data!.l).toEqual([]);
      expect(list.data!.n).toBe(0);
      const csv = await h.app.inject({ method: 'GET', url: '/api/entity/FormsEntityFormVersion/export', headers: h.headers(who) });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toContain(v1);
      expect(csv.body).not.toContain(v2);
      // Nor through the derived form or a filter on the form's name.
      const byName = await h.gql<{ l: { id: string }[] }>(
        who,
        `query { l: formsEntityFormVersions(where: [{ path: "form.name", comparison: equal, value: ["Attacked form"] }]) { id } }`,
      );
      expect(byName.data?.l ?? []).toEqual([]);
    }
  });

  it('cannot fill in the draft version of a form (the member site fills the published one), which would lock the draft', async () => {
    const { formId, v2 } = await publishedWithDraft();
    const onDraft = await api.create(SPARK_WORKER, 'FormSubmissionsEntity', [
      { formVersionId: v2, isCompleted: true, submissionData: JSON.stringify({ task: 'On the draft' }) },
    ]);
    expect(onDraft.message).toBe(fillMessages.notPublished);
    expect((await api.update(ADMIN, 'FormsEntityFormVersion', [{ id: v2, formData: definition('Two, edited') }])).message).toBeNull();
    expect((await post(ADMIN, discardUrl(formId), 'null')).json().versions).toHaveLength(1);
  });

  it('cannot fill in an archived version of a form', async () => {
    const { formId } = await publishedWithDraft();
    const v1 = (await stored(formId)).versions[0].id;
    await newVersion(formId, 'Three', { publishVersion: true });
    expect((await api.update(ADMIN, 'FormsEntityFormVersion', [{ id: v1, active: false }])).message).toBeNull();
    const onArchived = await api.create(SPARK_WORKER, 'FormSubmissionsEntity', [
      { formVersionId: v1, isCompleted: true, submissionData: JSON.stringify({ task: 'On the archived one' }) },
    ]);
    expect(onArchived.message).toBe(fillMessages.notPublished);
  });

  it('stop reading the versions of a form made inactive, but keep reading the version of their completed submission', async () => {
    const { formId, v1, v2 } = await publishedWithDraft();
    const sub = await api.create(SPARK_WORKER, 'FormSubmissionsEntity', [
      { formVersionId: v1, isCompleted: true, submissionData: JSON.stringify({ task: 'Done' }) },
    ]);
    expect(sub.message).toBeNull();
    expect((await api.update(ADMIN, 'FormsEntity', [{ id: formId, isActive: false }])).message).toBeNull();
    const links = await h.db.query('SELECT 1 FROM link_forms_member_organisations WHERE forms_id = $1', [formId]);
    expect(links.rows).toEqual([]);
    const list = await h.gql<{ l: { id: string }[] }>(
      SPARK_WORKER,
      `query($w: [WhereExpressionGraph!]) { l: formsEntityFormVersions(where: $w) { id } }`,
      { w: [{ path: 'formId', comparison: 'equal', value: [formId] }] },
    );
    expect(list.data!.l.map((v) => v.id)).toEqual([v1]);
    const draft = await h.gql<{ v: unknown }>(SPARK_WORKER, `query($id: ID!) { v: formsEntityFormVersion(id: $id) { formData } }`, {
      id: v2,
    });
    expect(draft.data?.v ?? null).toBeNull();
    const read = await h.gql<{ s: { formVersion: { id: string; formData: string } } }>(
      SPARK_WORKER,
      `query($id: ID!) { s: formSubmissionsEntity(id: $id) { formVersion { id formData } } }`,
      { id: sub.r![0].id },
    );
    expect(read.data!.s.formVersion.id).toBe(v1);
    expect(titleOf(read.data!.s.formVersion.formData)).toBe('One');
    // Making it active again does not give it back to Sparkright.
    expect((await api.update(ADMIN, 'FormsEntity', [{ id: formId, isActive: true }])).message).toBeNull();
    const again = await h.gql<{ f: unknown }>(SPARK_WORKER, `query($id: ID!) { f: formsEntity(id: $id) { id } }`, { id: formId });
    expect(again.data?.f ?? null).toBeNull();
  });
});

describe('the REST routes', () => {
  it('refuse an administrator’s request without the anti-forgery header, and change nothing', async () => {
    const { formId, v1 } = await publishedWithDraft();
    const v3 = await newVersion(formId, 'Three', { publishVersion: true });
    const noHeader = { cookie: h.headers(ADMIN).cookie, 'content-type': 'application/json' };
    for (const url of [discardUrl(formId), promoteUrl(formId)]) {
      const res = await h.app.inject({ method: 'POST', url, headers: noHeader, payload: JSON.stringify(v1) });
      expect(res.statusCode, url).toBe(403);
      const wrong = await h.app.inject({
        method: 'POST',
        url,
        headers: { ...noHeader, 'x-xsrf-token': 'forged' },
        payload: JSON.stringify(v1),
      });
      expect(wrong.statusCode, url).toBe(403);
    }
    const after = await stored(formId);
    expect(after.published).toBe(v3);
    expect(after.versions).toHaveLength(3);
  });

  it('answer 400 to a promote body that is malformed JSON, a number, an array or an id with SQL, and 404 to an id of no version', async () => {
    const { formId } = await publishedWithDraft();
    const v3 = await newVersion(formId, 'Three', { publishVersion: true });
    for (const payload of ['{"versionId":', '42', '[]', JSON.stringify(`' OR 1=1 --`), JSON.stringify({ versionId: [v3] })]) {
      const res = await post(ADMIN, promoteUrl(formId), payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().errors[0].message, payload).toBeTruthy();
    }
    const unknown = await post(ADMIN, promoteUrl(formId), JSON.stringify('2f1d5c1e-8b7a-4c3d-9e2f-0a1b2c3d4e5f'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].message).toBe(versionRouteMessages.noVersion);
    expect((await stored(formId)).published).toBe(v3);
  });

  it('let a Member Back-office holder neither discard nor promote', async () => {
    const { formId, v1 } = await publishedWithDraft();
    await newVersion(formId, 'Three', { publishVersion: true });
    const groups = await h.db.query<{ name: string }>(`SELECT group_name AS name FROM user_group WHERE user_id = $1`, [
      h.users[SPARK_MANAGER].id,
    ]);
    expect(groups.rows.map((r) => r.name)).toContain('Member Back-office');
    expect((await post(SPARK_MANAGER, discardUrl(formId), 'null')).statusCode).toBe(403);
    expect((await post(SPARK_MANAGER, promoteUrl(formId), JSON.stringify(v1))).statusCode).toBe(403);
    expect((await stored(formId)).versions).toHaveLength(3);
  });
});

describe('administrators with hostile input', () => {
  it('cannot point a form’s published version at a version of another form by writing publishedVersion', async () => {
    const { formId, v1 } = await publishedWithDraft();
    const other = await createForm('Other form');
    const o1 = await newVersion(other, 'Elsewhere');
    await api.update(ADMIN, 'FormsEntity', [{ id: formId, publishedVersionId: o1 }]);
    await api.update(ADMIN, 'FormsEntity', [{ id: formId, publishedVersion: { id: o1 } }]);
    const bulk = await api.bulk(ADMIN, 'FormsEntity', [formId], ['publishedVersionId'], { publishedVersionId: o1 });
    expect(bulk.message).not.toBeNull();
    // A member's own new form neither.
    await api.create(SPARK_MANAGER, 'FormsEntity', [{ name: 'Mine', formType: 'QUALITY', isActive: true, publishedVersionId: o1 }]);
    const mine = await h.db.query<{ p: string | null }>(`SELECT published_version_id AS p FROM forms WHERE name = 'Mine'`);
    for (const row of mine.rows) expect(row.p).toBeNull();
    expect((await stored(formId)).published).toBe(v1);
    expect((await stored(other)).published).toBeNull();
  });

  it('cannot change the published version’s definition through a bulk conditional update, nor move versions in bulk', async () => {
    const { formId, v1, v2 } = await publishedWithDraft();
    const other = await createForm('Other form');
    const bulk = await api.bulk(ADMIN, 'FormsEntityFormVersion', [v1, v2], ['formData'], { formData: definition('Bulk') });
    expect(bulk.message).toBe(formVersionMessages.published);
    const move = await api.bulk(ADMIN, 'FormsEntityFormVersion', [v2], ['formId'], { formId: other });
    expect(move.message).toBe(formVersionMessages.otherForm);
    const byWhere = await h.gql(
      ADMIN,
      `mutation($w: [WhereExpressionGraph!], $v: FormsEntityFormVersionInput!) { r: updateFormsEntityFormVersionsConditional(where: $w, fieldsToUpdate: ["formData"], values: $v) }`,
      { w: [{ path: 'status', comparison: 'equal', value: ['Published version'] }], v: { formData: definition('Everywhere') } },
    );
    expect(byWhere.errors?.[0]?.message).toBe(formVersionMessages.published);
    const after = await stored(formId);
    expect(after.versions.map((v) => titleOf(v.formData))).toEqual(['One', 'Two']);
    expect((await stored(other)).versions).toEqual([]);
  });

  it('publishing a version of another form publishes it on its own form only', async () => {
    const { formId, v1 } = await publishedWithDraft();
    const other = await createForm('Other form');
    const o1 = await newVersion(other, 'Elsewhere');
    // The version's own id with another form's id in the same update.
    const res = await api.update(ADMIN, 'FormsEntityFormVersion', [{ id: o1, formId, publishVersion: true }]);
    expect(res.message).toBe(formVersionMessages.otherForm);
    expect((await stored(formId)).published).toBe(v1);
    expect((await stored(other)).published).toBeNull();
    // A create naming a form and publishing: the new version is that form's.
    const created = await api.create(ADMIN, 'FormsEntityFormVersion', [
      { formId: other, formData: definition('New'), publishVersion: true },
    ]);
    expect(created.message).toBeNull();
    expect((await stored(other)).published).toBe(created.r![0].id);
    expect((await stored(formId)).published).toBe(v1);
  });

  it('concurrent publishes of two versions leave the form on exactly one of its own versions, with a consistent status', async () => {
    const formId = await createForm();
    const v1 = await newVersion(formId, 'One');
    await newVersion(formId, 'Two');
    const v3 = await newVersion(formId, 'Three');
    const [a, b] = await Promise.all([
      api.update(ADMIN, 'FormsEntityFormVersion', [{ id: v1, publishVersion: true }]),
      api.update(SUPER, 'FormsEntityFormVersion', [{ id: v3, publishVersion: true }]),
    ]);
    expect([a.message, b.message]).toEqual([null, null]);
    const after = await stored(formId);
    expect([v1, v3]).toContain(after.published);
    const read = await h.gql<{ f: { status: string; isDraft: boolean; formVersions: { id: string; status: string }[] } }>(
      ADMIN,
      `query($id: ID!) { f: formsEntity(id: $id) { status isDraft formVersions { id status } } }`,
      { id: formId },
    );
    const statuses = read.data!.f.formVersions.filter((v) => v.status === 'Published version');
    expect(statuses.map((v) => v.id)).toEqual([after.published]);
    expect(read.data!.f.isDraft).toBe(read.data!.f.status === 'Draft');
    expect(read.data!.f.status).toBe(after.published === v3 ? 'Published' : 'Draft');
  });

  it('cannot move a version to another form through the other form’s formVersions list', async () => {
    const { formId, v1, v2 } = await publishedWithDraft();
    const other = await createForm('Other form');
    const o1 = await newVersion(other, 'Elsewhere', { publishVersion: true });
    const res = await api.update(ADMIN, 'FormsEntity', [{ id: other, formVersions: [{ id: o1 }, { id: v1 }] }]);
    expect(res.message).toBe("'formVersions' cannot be changed through a form: save each form version itself");
    // Nor emptied, nor given to a new form.
    expect((await api.update(SUPER, 'FormsEntity', [{ id: formId, formVersions: [] }])).message).not.toBeNull();
    expect(
      (await api.create(ADMIN, 'FormsEntity', [{ name: 'Taker', formType: 'QUALITY', formVersions: [{ id: v2 }] }])).message,
    ).not.toBeNull();
    const a = await stored(formId);
    expect(a.versions.map((v) => v.id)).toEqual([v1, v2]);
    expect(a.published).toBe(v1);
    expect((await stored(other)).versions.map((v) => v.id)).toEqual([o1]);
  });

  it('a publish of the draft racing a discard of it ends with one of the two, never a crash nor a form pointing at nothing', async () => {
    for (let round = 0; round < 3; round++) {
      const { formId, v1, v2 } = await publishedWithDraft();
      const [published, discarded] = await Promise.all([
        api.update(ADMIN, 'FormsEntityFormVersion', [{ id: v2, publishVersion: true }]),
        post(SUPER, discardUrl(formId), 'null'),
      ]);
      expect(published.code).not.toBe('INTERNAL_SERVER_ERROR');
      expect(discarded.statusCode).toBeLessThan(500);
      const after = await stored(formId);
      if (after.versions.some((v) => v.id === v2)) expect(after.published).toBe(v2);
      else expect(after.published).toBe(v1);
      expect(after.isDraft).toBe(false);
    }
  });

  it('two versions of one form never share a number, even written straight to the database', async () => {
    const { formId, v1 } = await publishedWithDraft();
    const dup = h.db.query(
      `INSERT INTO forms_entity_form_version (version, form_id, active) SELECT version, form_id, true FROM forms_entity_form_version WHERE id = $1`,
      [v1],
    );
    await expect(dup).rejects.toThrow(/forms_entity_form_version_form_id_version_unique/);
    expect((await stored(formId)).versions.map((v) => v.version)).toEqual([1, 2]);
  });

  it('deleting a version members filled in is refused with a message; deleting the unused published one leaves the form a draft', async () => {
    const { formId, v1 } = await publishedWithDraft();
    const sub = await api.create(SPARK_WORKER, 'FormSubmissionsEntity', [
      { formVersionId: v1, isCompleted: true, submissionData: JSON.stringify({ task: 'Done' }) },
    ]);
    expect(sub.message).toBeNull();
    const del = await api.remove(ADMIN, 'FormsEntityFormVersion', [v1]);
    expect(del.message).not.toBeNull();
    expect(del.code).not.toBe('INTERNAL_SERVER_ERROR');
    const form = await api.remove(ADMIN, 'FormsEntity', [formId]);
    expect(form.message).not.toBeNull();
    expect(form.code).not.toBe('INTERNAL_SERVER_ERROR');
    expect((await stored(formId)).published).toBe(v1);

    const other = await createForm('Unused form');
    const o1 = await newVersion(other, 'Only', { publishVersion: true });
    expect((await api.remove(ADMIN, 'FormsEntityFormVersion', [o1])).message).toBeNull();
    const after = await stored(other);
    expect(after).toMatchObject({ published: null, isDraft: true, versions: [] });
    // The member sees the form without a published version (the member site says so), not an error.
    const seen = await h.gql<{ f: { publishedVersion: unknown; latestFormVersion: number } }>(
      SPARK_WORKER,
      `query($id: ID!) { f: formsEntity(id: $id) { publishedVersion { id } latestFormVersion } }`,
      { id: other },
    );
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.f).toEqual({ publishedVersion: null, latestFormVersion: 0 });
  });

  it('discarding never deletes a draft that a member has started on it', async () => {
    const { formId } = await publishedWithDraft();
    const formRow = await stored(formId);
    const v2 = formRow.versions[1].id;
    // A member's own draft submission on the published version survives a discard.
    const draft = await api.create(SPARK_WORKER, 'FormSubmissionsEntity', [
      { formVersionId: formRow.published, isCompleted: false, submissionData: JSON.stringify({ task: 'Half' }) },
    ]);
    expect(draft.message).toBeNull();
    const res = await post(ADMIN, discardUrl(formId), 'null');
    expect(res.statusCode).toBe(200);
    expect(res.json().versions.map((v: { id: string }) => v.id)).toEqual([formRow.published]);
    const kept = await h.db.query('SELECT 1 FROM form_submissions WHERE id = $1', [draft.r![0].id]);
    expect(kept.rows).toHaveLength(1);
    expect((await stored(formId)).versions.map((v) => v.id)).not.toContain(v2);
  });
});

describe('hostile definitions', () => {
  const createDef = (formId: string, formData: string) => api.create(ADMIN, 'FormsEntityFormVersion', [{ formId, formData }]);

  it('refuses duplicate question ids, also across slides and inside form sections, with the path', async () => {
    const formId = await createForm();
    const dup = JSON.stringify({
      slides: [
        { name: 'A', contents: [{ id: 'q', title: 'Q', questionType: 'text' }] },
        {
          name: 'B',
          contents: [{ id: 's', title: 'S', questionType: 'formSection', contents: [{ id: 'q', title: 'Again', questionType: 'text' }] }],
        },
      ],
      pagination: { type: 'page' },
      customOptions: [],
    });
    const res = await createDef(formId, dup);
    expect(res.message).toBe(`The form definition is not valid: Duplicate question id 'q' at slides.1.contents.0.contents.0.id`);
    expect((await stored(formId)).versions).toEqual([]);
  });

  it('stores question ids with SQL and HTML as data, and members fill them in', async () => {
    const formId = await createForm();
    const id = `x'); DROP TABLE forms; --<img src=x onerror=alert(1)>`;
    const formData = JSON.stringify({
      slides: [{ name: '<b>S</b>', contents: [{ id, title: '<script>alert(1)</script>', questionType: 'text' }] }],
      pagination: { type: 'page' },
      customOptions: [],
    });
    const created = await createDef(formId, formData);
    expect(created.message).toBeNull();
    expect((await api.update(ADMIN, 'FormsEntityFormVersion', [{ id: created.r![0].id, publishVersion: true }])).message).toBeNull();
    const sub = await api.create(SPARK_WORKER, 'FormSubmissionsEntity', [
      { formVersionId: created.r![0].id, isCompleted: true, submissionData: JSON.stringify({ [id]: 'answer' }) },
    ]);
    expect(sub.message).toBeNull();
    const row = await api.row<{ submission_data: unknown }>('form_submissions', sub.r![0].id, 'submission_data');
    const data = typeof row!.submission_data === 'string' ? JSON.parse(row!.submission_data) : row!.submission_data;
    expect(data[id]).toBe('answer');
    expect((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM forms')).rows[0].n).toBeGreaterThan(0);
  });

  it('keeps a definition whose show condition points at its own question or a cycle, and members still submit', async () => {
    const formId = await createForm();
    const formData = JSON.stringify({
      slides: [
        {
          name: 'S',
          contents: [
            { id: 'a', title: 'A', questionType: 'text', showConditions: [{ path: 'a', condition: 'equal', value: 'x' }] },
            { id: 'b', title: 'B', questionType: 'text', showConditions: [{ path: 'c', condition: 'notEqual', value: 'y' }] },
            { id: 'c', title: 'C', questionType: 'text', showConditions: [{ path: 'b', condition: 'notEqual', value: 'y' }] },
          ],
        },
      ],
      pagination: { type: 'page' },
      customOptions: [],
    });
    const created = await api.create(ADMIN, 'FormsEntityFormVersion', [{ formId, formData, publishVersion: true }]);
    expect(created.message).toBeNull();
    const sub = await api.create(SPARK_WORKER, 'FormSubmissionsEntity', [
      { formVersionId: created.r![0].id, isCompleted: true, submissionData: JSON.stringify({ a: 'x', b: 'z', c: 'z' }) },
    ]);
    expect(sub.code).not.toBe('INTERNAL_SERVER_ERROR');
    expect(sub.message).toBeNull();
  });

  it('answers a message, never a crash, to an unknown key nested 300,000 deep, on create and on update', async () => {
    const formId = await createForm();
    const deep = '['.repeat(300_000) + ']'.repeat(300_000);
    const formData = `{"slides":[],"pagination":{"type":""},"customOptions":[],"junk":${deep}}`;
    const created = await createDef(formId, formData);
    expect(created.code).not.toBe('INTERNAL_SERVER_ERROR');
    const v1 = await newVersion(formId, 'One');
    const updated = await api.update(ADMIN, 'FormsEntityFormVersion', [{ id: v1, formData }]);
    expect(updated.code).not.toBe('INTERNAL_SERVER_ERROR');
  });

  it('answers a message, never a crash, to form sections nested thousands deep', async () => {
    const formId = await createForm();
    const depth = 12_000;
    let open = '';
    for (let i = 0; i < depth; i++) open += `{"id":"s${i}","title":"","questionType":"formSection","contents":[`;
    const leaf = '{"id":"leaf","title":"Leaf","questionType":"text"}';
    const formData = `{"slides":[{"name":"S","contents":[${open}${leaf}${']}'.repeat(depth)}]}],"pagination":{"type":"page"},"customOptions":[]}`;
    expect(formData.length).toBeLessThan(1_000_000);
    const res = await createDef(formId, formData);
    expect(res.code).not.toBe('INTERNAL_SERVER_ERROR');
    expect(res.message).toMatch(/nested too deeply/);
  });

  it('keeps constructor and prototype keys as plain data through a save and a published-version comparison', async () => {
    const formId = await createForm();
    // A question id naming a built-in property is refused (issue 26); other keys are plain data.
    const reserved = await createDef(
      formId,
      '{"slides":[{"name":"S","contents":[{"id":"constructor","title":"T","questionType":"text"}]}],"pagination":{"type":"page"},"customOptions":[]}',
    );
    expect(reserved.message).toContain(designerMessages.reservedId('constructor'));
    const formData =
      '{"slides":[{"name":"S","contents":[{"id":"q1","title":"T","questionType":"text","__proto__":{"x":1}}]}],"pagination":{"type":"page"},"customOptions":[],"constructor":{"prototype":{"polluted":true}}}';
    const created = await api.create(ADMIN, 'FormsEntityFormVersion', [{ formId, formData, publishVersion: true }]);
    expect(created.message).toBeNull();
    // The same text is no change of the published version.
    const same = await api.update(ADMIN, 'FormsEntityFormVersion', [{ id: created.r![0].id, formData }]);
    expect(same.message).toBeNull();
    const sub = await api.create(SPARK_WORKER, 'FormSubmissionsEntity', [
      { formVersionId: created.r![0].id, isCompleted: true, submissionData: '{"constructor":"answer","q1":"x"}' },
    ]);
    expect(sub.code).not.toBe('INTERNAL_SERVER_ERROR');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('refuses a formData that is not JSON text of an object, and a publishVersion that is not a boolean, with messages', async () => {
    const formId = await createForm();
    for (const formData of ['[]', '"text"', '42', 'null x', '{"slides":"all"}']) {
      const res = await createDef(formId, formData);
      expect(res.message, formData).toMatch(/^The form definition is not valid: /);
    }
    const bad = await h.gql(
      ADMIN,
      `mutation { r: createFormsEntityFormVersion(formsEntityFormVersionModels: [{ formId: "${formId}", publishVersion: "yes" }]) { id } }`,
    );
    expect(bad.errors?.[0]?.message).toBeTruthy();
    expect((await stored(formId)).versions).toEqual([]);
  });
});

describe('paths through the derived status', () => {
  it('refuses injected paths in where and orderBy with a message, never a crash', async () => {
    await publishedWithDraft();
    for (const path of [`status" DESC, (SELECT 1) --`, `status'; DROP TABLE forms; --`, 'form.status.x', '__proto__', 'constructor']) {
      const where = await h.gql(ADMIN, `query($w: [WhereExpressionGraph!]) { l: formsEntityFormVersions(where: $w) { id } }`, {
        w: [{ path, comparison: 'equal', value: ['Draft'] }],
      });
      expect(where.errors?.[0]?.extensions?.code, path).not.toBe('INTERNAL_SERVER_ERROR');
      expect(where.errors?.[0]?.message, path).toBeTruthy();
      const order = await h.gql(ADMIN, `query($o: [OrderByGraph!]) { l: formsEntityFormVersions(orderBy: $o) { id } }`, {
        o: [{ path }],
      });
      expect(order.errors?.[0]?.extensions?.code, path).not.toBe('INTERNAL_SERVER_ERROR');
      expect(order.errors?.[0]?.message, path).toBeTruthy();
    }
    const forms = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM forms');
    expect(forms.rows[0].n).toBeGreaterThan(0);
    // A member filtering versions by status sees only their forms' versions.
    const mine = await h.gql<{ l: { id: string; form: { name: string } }[] }>(
      VOLT_MANAGER,
      `query { l: formsEntityFormVersions(where: [{ path: "status", comparison: equal, value: ["Draft"] }]) { id form { name } } }`,
    );
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.l.map((v) => v.form.name)).not.toContain('Attacked form');
  });
});
