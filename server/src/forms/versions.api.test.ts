import { formStatus, hasDraft, versionStatus, type VersionSummary } from '@hub/model/forms/versions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riskAssessmentAnswers } from '../test/forms-fixtures';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, SUPER, startHarness, type Harness } from '../test/harness';
import { formVersionMessages } from './version-hooks';
import { versionRouteMessages } from './version-routes';

/**
 * Form versions (back-office.md sections 2.7-2.9, 4 and 7): numbering, publishing, the derived
 * statuses, immutability of published and used versions, discarding drafts and promoting.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const definition = (title: string) =>
  JSON.stringify({
    slides: [{ name: 'Slide', contents: [{ id: 'task', title, questionType: 'text' }] }],
    pagination: { type: 'page' },
    customOptions: [],
  });

type Gql<T> = Awaited<ReturnType<Harness['gql']>> & { data: T | null };

const VERSION_FIELDS = 'id version active status inUse publishVersion formData';

async function createForm(name = 'Versioned form'): Promise<string> {
  const res = await h.gql<{ r: { id: string }[] }>(
    ADMIN,
    `mutation($m: [FormsEntityInput!]!) { r: createFormsEntity(formsEntityModels: $m) { id } }`,
    { m: [{ name, formType: 'QUALITY', isActive: true, isDefault: false, memberOrganisationss: [{ id: h.org.spark }] }] },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.r[0].id;
}

function createVersions(who: string, inputs: Record<string, unknown>[]) {
  return h.gql<{ r: { id: string; version: number }[] }>(
    who,
    `mutation($m: [FormsEntityFormVersionInput!]!) { r: createFormsEntityFormVersion(formsEntityFormVersionModels: $m) { id version } }`,
    { m: inputs },
  ) as Promise<Gql<{ r: { id: string; version: number }[] }>>;
}

function updateVersion(who: string, input: Record<string, unknown>) {
  return h.gql<{ r: { id: string }[] }>(
    who,
    `mutation($m: [FormsEntityFormVersionInput!]!) { r: updateFormsEntityFormVersion(formsEntityFormVersionModels: $m) { id } }`,
    { m: [input] },
  );
}

async function newVersion(formId: string, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await createVersions(ADMIN, [{ formId, active: true, formData: definition(title), ...extra }]);
  expect(res.errors).toBeUndefined();
  return res.data!.r[0].id;
}

interface FormRead {
  id: string;
  status: string;
  isDraft: boolean;
  publishedVersionId: string | null;
  latestFormVersion: number;
  formVersions: (VersionSummary & { id: string; status: string; publishVersion: boolean; formData: string | null })[];
}

async function readForm(formId: string, who = ADMIN): Promise<FormRead> {
  const res = await h.gql<{ f: FormRead | null }>(
    who,
    `query($id: ID!) { f: formsEntity(id: $id) { id status isDraft publishedVersionId latestFormVersion formVersions { ${VERSION_FIELDS} } } }`,
    { id: formId },
  );
  expect(res.errors).toBeUndefined();
  const form = res.data!.f!;
  form.formVersions.sort((a, b) => a.version - b.version);
  return form;
}

/** The server's statuses agree with the model's pure rules, and isDraft follows the form's status. */
function expectStatusesAgree(form: FormRead): void {
  expect(form.status).toBe(formStatus(form));
  expect(form.isDraft).toBe(form.status === 'Draft');
  for (const v of form.formVersions) {
    expect(v.status, `version ${v.version}`).toBe(versionStatus(form, v));
    expect(v.publishVersion).toBe(v.id === form.publishedVersionId);
  }
}

const rest = (who: string | null, url: string, payload?: unknown) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { ...h.headers(who), 'content-type': 'application/json' },
    payload: JSON.stringify(payload ?? null),
  });
const discard = (who: string | null, formId: string) => rest(who, `/api/entity/FormsEntity/discardDraft/${formId}`);
const promote = (who: string | null, formId: string, body: unknown) =>
  rest(who, `/api/entity/FormsEntity/promoteActiveVersion/${formId}`, body);

async function submitOn(versionId: string, answers: Record<string, unknown> = { task: 'Checked the board' }): Promise<string> {
  const res = await h.gql<{ r: { id: string }[] }>(
    SPARK_WORKER,
    `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
    { m: [{ formVersionId: versionId, isCompleted: true, submissionData: JSON.stringify(answers) }] },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.r[0].id;
}

describe('numbering and publishing', () => {
  it('numbers versions from 1 whatever the client sends, and publishes with publishVersion', async () => {
    const formId = await createForm();
    let form = await readForm(formId);
    expect(form).toMatchObject({ status: 'Draft', publishedVersionId: null, latestFormVersion: 0, formVersions: [] });

    const v1 = await newVersion(formId, 'One', { version: 42 });
    form = await readForm(formId);
    expect(form.formVersions.map((v) => [v.version, v.status])).toEqual([[1, 'Draft']]);
    expect(form.status).toBe('Draft');
    expectStatusesAgree(form);

    const published = await updateVersion(ADMIN, { id: v1, publishVersion: true, version: 9 });
    expect(published.errors).toBeUndefined();
    form = await readForm(formId);
    expect(form).toMatchObject({ status: 'Published', isDraft: false, publishedVersionId: v1, latestFormVersion: 1 });
    expect(form.formVersions.map((v) => [v.version, v.status])).toEqual([[1, 'Published version']]);
    expectStatusesAgree(form);

    const v2 = await newVersion(formId, 'Two');
    form = await readForm(formId);
    expect(form.formVersions.map((v) => [v.version, v.status])).toEqual([
      [1, 'Published version'],
      [2, 'Draft'],
    ]);
    expect(form.status).toBe('Draft');
    expect(hasDraft(form)).toBe(true);
    expectStatusesAgree(form);

    await newVersion(formId, 'Three', { publishVersion: true });
    form = await readForm(formId);
    expect(form.formVersions.map((v) => [v.version, v.status])).toEqual([
      [1, 'Active version'],
      [2, 'Active version'],
      [3, 'Published version'],
    ]);
    expect(form).toMatchObject({ status: 'Published', isDraft: false, latestFormVersion: 3 });
    expectStatusesAgree(form);
    expect(form.formVersions.find((v) => v.id === v2)!.status).toBe('Active version');
  });

  it('gives concurrent creates of one form distinct numbers, and several in one save consecutive ones', async () => {
    const formId = await createForm();
    const [a, b] = await Promise.all([
      createVersions(ADMIN, [{ formId, active: true, formData: definition('A') }]),
      createVersions(ADMIN, [{ formId, active: true, formData: definition('B') }]),
    ]);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    const batch = await createVersions(ADMIN, [
      { formId, version: 1, active: true },
      { formId, version: 1, active: true },
    ]);
    expect(batch.errors).toBeUndefined();
    const numbers = (await readForm(formId)).formVersions.map((v) => v.version);
    expect(numbers).toEqual([1, 2, 3, 4]);
    expect(batch.data!.r.map((r) => r.version)).toEqual([3, 4]);
  });

  it('lists and sorts versions by status in one query, and filters forms by status', async () => {
    const formId = await createForm();
    await newVersion(formId, 'One');
    await newVersion(formId, 'Two', { publishVersion: true });
    await newVersion(formId, 'Three');
    const res = await h.gql<{ l: { version: number; status: string }[] }>(
      ADMIN,
      `query($w: [WhereExpressionGraph!]) { l: formsEntityFormVersions(where: $w, orderBy: [{ path: "status" }, { path: "id" }]) { version status } }`,
      { w: [{ path: 'formId', comparison: 'equal', value: [formId] }] },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.l).toEqual([
      { version: 1, status: 'Active version' },
      { version: 3, status: 'Draft' },
      { version: 2, status: 'Published version' },
    ]);
    const drafts = await h.gql<{ l: { name: string }[] }>(
      ADMIN,
      `query { l: formsEntitys(where: [{ path: "status", comparison: equal, value: ["Draft"] }]) { name } }`,
    );
    expect(drafts.errors).toBeUndefined();
    expect(drafts.data!.l.map((f) => f.name)).toContain('Versioned form');
    expect(drafts.data!.l.map((f) => f.name)).not.toContain('Job Safety Risk Assessment');
  });
});

describe('what cannot change', () => {
  it('refuses to change the published version, but accepts its unchanged definition and other fields', async () => {
    const formId = await createForm();
    const v1 = await newVersion(formId, 'One', { publishVersion: true });
    const changed = await updateVersion(ADMIN, { id: v1, formData: definition('Changed') });
    expect(changed.errors![0].message).toBe(formVersionMessages.published);
    expect(changed.errors![0].extensions).toMatchObject({ path: 'formData' });
    // The same definition with other spacing is no change (a whole-record save of the generic screen).
    const same = await updateVersion(ADMIN, { id: v1, formData: JSON.stringify(JSON.parse(definition('One')), null, 2) });
    expect(same.errors).toBeUndefined();
    const form = await readForm(formId);
    expect(JSON.parse(form.formVersions[0].formData!).slides[0].contents[0].title).toBe('One');
  });

  it('refuses to change a version with submissions, which still read their own definition after a new version is published', async () => {
    const { rows } = await h.db.query<{ id: string; v: string }>(
      `SELECT id, published_version_id AS v FROM forms WHERE form_type = 'RISK_ASSESSMENT'`,
    );
    const [{ id: formId, v: v1 }] = rows;
    const submission = await submitOn(v1, riskAssessmentAnswers());
    const before = (await readForm(formId)).formVersions.find((v) => v.id === v1)!;
    expect(before.inUse).toBe(true);

    await newVersion(formId, 'Rewritten', { publishVersion: true });
    const form = await readForm(formId);
    expect(form.publishedVersionId).not.toBe(v1);
    expect(form.formVersions.find((v) => v.id === v1)).toMatchObject({ status: 'Active version', inUse: true });
    expectStatusesAgree(form);

    const changed = await updateVersion(ADMIN, { id: v1, formData: definition('Changed') });
    expect(changed.errors![0].message).toBe(formVersionMessages.inUse);

    const read = await h.gql<{ s: { formVersion: { id: string; formData: string } } }>(
      SPARK_WORKER,
      `query($id: ID!) { s: formSubmissionsEntity(id: $id) { formVersion { id formData } } }`,
      { id: submission },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data!.s.formVersion.id).toBe(v1);
    expect(read.data!.s.formVersion.formData).toBe(before.formData);
    expect(JSON.parse(read.data!.s.formVersion.formData).slides[0].contents[0].title).not.toBe('Rewritten');
  });

  it('refuses to archive the published version, or to publish an archived one in the same save', async () => {
    const formId = await createForm();
    const v1 = await newVersion(formId, 'One');
    const v2 = await newVersion(formId, 'Two', { publishVersion: true });
    const archive = await updateVersion(ADMIN, { id: v2, active: false });
    expect(archive.errors![0].message).toBe(formVersionMessages.archivePublished);
    expect(archive.errors![0].extensions).toMatchObject({ path: 'active' });
    const both = await updateVersion(ADMIN, { id: v1, active: false, publishVersion: true });
    expect(both.errors![0].message).toBe(formVersionMessages.archivePublished);
    expect((await updateVersion(ADMIN, { id: v1, active: false })).errors).toBeUndefined();
    const form = await readForm(formId);
    expect(form.formVersions.map((v) => v.active)).toEqual([false, true]);
  });

  it('keeps a version with its form and refuses a malformed definition with its path', async () => {
    const formId = await createForm();
    const other = await createForm('Other form');
    const v1 = await newVersion(formId, 'One');
    const moved = await updateVersion(ADMIN, { id: v1, formId: other });
    expect(moved.errors![0].message).toBe(formVersionMessages.otherForm);
    const bad = await createVersions(ADMIN, [
      { formId, formData: JSON.stringify({ slides: [{ name: 'S', contents: [{ id: 'q', title: 'Q', questionType: 'nope' }] }] }) },
    ]);
    expect(bad.errors![0].message).toBe('The form definition is not valid: slides.0.contents.0.questionType: Unknown question type "nope"');
    expect((await readForm(formId)).formVersions).toHaveLength(1);
  });
});

describe('discardDraft', () => {
  it('deletes the versions newer than the published one and answers the remaining versions', async () => {
    const formId = await createForm();
    const v1 = await newVersion(formId, 'One');
    const v2 = await newVersion(formId, 'Two', { publishVersion: true });
    await newVersion(formId, 'Three');
    await newVersion(formId, 'Four');
    expect((await readForm(formId)).isDraft).toBe(true);

    const res = await discard(ADMIN, formId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.publishedVersionId).toBe(v2);
    expect(body.status).toBe('Published');
    expect(
      body.versions.map((v: { id: string; version: number; status: string; inUse: boolean }) => [v.id, v.version, v.status, v.inUse]),
    ).toEqual([
      [v1, 1, 'Active version', false],
      [v2, 2, 'Published version', false],
    ]);
    expect(body.versions[0].created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const form = await readForm(formId);
    expect(form).toMatchObject({ status: 'Published', isDraft: false });
    expectStatusesAgree(form);
    // Nothing left to discard: the same answer.
    expect((await discard(ADMIN, formId)).json().versions).toHaveLength(2);
  });

  it('without a published version deletes every version but those with submissions', async () => {
    const formId = await createForm();
    const v1 = await newVersion(formId, 'One', { publishVersion: true });
    await submitOn(v1);
    await newVersion(formId, 'Two');
    // The published version is deleted by an administrator: none is published any more.
    const v3 = await newVersion(formId, 'Three', { publishVersion: true });
    const del = await h.gql(ADMIN, `mutation($ids: [ID!]!) { deleteFormsEntityFormVersion(formsEntityFormVersionIds: $ids) }`, {
      ids: [v3],
    });
    expect(del.errors).toBeUndefined();
    let form = await readForm(formId);
    expect(form).toMatchObject({ publishedVersionId: null, status: 'Draft', isDraft: true });

    const res = await discard(SUPER, formId);
    expect(res.statusCode).toBe(200);
    expect(res.json().versions.map((v: { id: string }) => v.id)).toEqual([v1]);
    form = await readForm(formId);
    expect(form.formVersions.map((v) => [v.version, v.inUse])).toEqual([[1, true]]);
    expectStatusesAgree(form);
  });

  it('answers 400 for a malformed id and 404 for an unknown form', async () => {
    const bad = await discard(ADMIN, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(versionRouteMessages.badFormId('not-an-id'));
    const unknown = await discard(ADMIN, '2f1d5c1e-8b7a-4c3d-9e2f-0a1b2c3d4e5f');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].message).toBe(versionRouteMessages.noForm);
  });
});

describe('promoteActiveVersion', () => {
  it('publishes an older active version given as a JSON string or as {versionId}', async () => {
    const formId = await createForm();
    const v1 = await newVersion(formId, 'One');
    const v2 = await newVersion(formId, 'Two');
    const v3 = await newVersion(formId, 'Three', { publishVersion: true });
    await newVersion(formId, 'Four');

    const res = await promote(ADMIN, formId, v1);
    expect(res.statusCode).toBe(200);
    expect(res.json().publishedVersionId).toBe(v1);
    expect(res.json().versions.map((v: { status: string }) => v.status)).toEqual([
      'Published version',
      'Active version',
      'Active version',
      'Draft',
    ]);
    let form = await readForm(formId);
    expect(form).toMatchObject({ publishedVersionId: v1, status: 'Draft', isDraft: true, latestFormVersion: 1 });
    expectStatusesAgree(form);

    const again = await promote(SUPER, formId, { versionId: v3 });
    expect(again.statusCode).toBe(200);
    form = await readForm(formId);
    expect(form.publishedVersionId).toBe(v3);
    expect(form.formVersions.find((v) => v.id === v2)!.status).toBe('Active version');
  });

  it('refuses the published version, the latest draft, an archived version and another form’s version', async () => {
    const formId = await createForm();
    const v1 = await newVersion(formId, 'One');
    const v2 = await newVersion(formId, 'Two', { publishVersion: true });
    const v3 = await newVersion(formId, 'Three');
    const published = await promote(ADMIN, formId, v2);
    expect(published.statusCode).toBe(409);
    expect(published.json().errors[0].message).toBe(versionRouteMessages.promotePublished);
    const draft = await promote(ADMIN, formId, v3);
    expect(draft.statusCode).toBe(409);
    expect(draft.json().errors[0].message).toBe(versionRouteMessages.promoteDraft);
    expect((await updateVersion(ADMIN, { id: v1, active: false })).errors).toBeUndefined();
    const archived = await promote(ADMIN, formId, v1);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().errors[0].message).toBe(versionRouteMessages.promoteArchived);

    const other = await createForm('Other form');
    const foreign = await newVersion(other, 'Elsewhere');
    await newVersion(other, 'Elsewhere 2');
    const wrong = await promote(ADMIN, formId, foreign);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().errors[0].message).toBe(versionRouteMessages.noVersion);
    expect((await readForm(other)).publishedVersionId).toBeNull();

    for (const body of ['nope', { versionId: 12 }, [v1], null, { __proto__: { versionId: v1 } }]) {
      const bad = await promote(ADMIN, formId, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().errors[0].message).toBe(versionRouteMessages.badVersionId);
    }
    expect((await readForm(formId)).publishedVersionId).toBe(v2);
  });
});

describe('who may', () => {
  it('refuses members everywhere: GraphQL creates and updates, and both routes', async () => {
    const formId = await createForm();
    const v1 = await newVersion(formId, 'One', { publishVersion: true });
    await newVersion(formId, 'Two');
    for (const who of [SPARK_MANAGER, SPARK_WORKER]) {
      const created = await createVersions(who, [{ formId, formData: definition('Mine'), publishVersion: true }]);
      expect(created.errors![0].extensions).toMatchObject({ code: 'FORBIDDEN' });
      const updated = await updateVersion(who, { id: v1, formData: definition('Mine') });
      expect(updated.errors![0].extensions).toMatchObject({ code: 'FORBIDDEN' });
      const d = await discard(who, formId);
      expect(d.statusCode).toBe(403);
      expect(d.json().errors[0].message).toBe(versionRouteMessages.forbidden);
      expect((await promote(who, formId, v1)).statusCode).toBe(403);
    }
    expect((await discard(null, formId)).statusCode).toBe(401);
    const form = await readForm(formId);
    expect(form.formVersions).toHaveLength(2);
    expect(form.publishedVersionId).toBe(v1);
  });

  it('shows members the statuses of the versions they read, never another organisation’s draft form', async () => {
    const formId = await createForm();
    await newVersion(formId, 'One', { publishVersion: true });
    const seen = await readForm(formId, SPARK_WORKER);
    expect(seen.formVersions.map((v) => v.status)).toEqual(['Published version']);
  });
});

describe('hostile input', () => {
  it('stores a definition with __proto__ keys as data, without polluting objects', async () => {
    const formId = await createForm();
    const formData = '{"slides":[],"pagination":{"type":""},"customOptions":[],"__proto__":{"polluted":true}}';
    const res = await createVersions(ADMIN, [{ formId, formData }]);
    expect(res.errors).toBeUndefined();
    const [stored] = (await readForm(formId)).formVersions;
    const parsed = JSON.parse(stored.formData!) as Record<string, unknown>;
    expect(parsed.slides).toEqual([]);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Publishing it compares definitions key by key: no prototype is reached either.
    expect((await updateVersion(ADMIN, { id: stored.id, formData, publishVersion: true })).errors).toBeUndefined();
    expect((await updateVersion(ADMIN, { id: stored.id, formData: definition('Changed') })).errors![0].message).toBe(
      formVersionMessages.published,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a definition over the body limit with 413', async () => {
    const formId = await createForm();
    const huge = definition('x'.repeat(1_100_000));
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { ...h.headers(ADMIN), 'content-type': 'application/json' },
      payload: JSON.stringify({
        query: `mutation($m: [FormsEntityFormVersionInput!]!) { createFormsEntityFormVersion(formsEntityFormVersionModels: $m) { id } }`,
        variables: { m: [{ formId, formData: huge }] },
      }),
    });
    expect(res.statusCode).toBe(413);
    expect((await readForm(formId)).formVersions).toHaveLength(0);
  });
});

describe('the demo history', () => {
  it('has a form with an older version, the published one members fill and a newer draft', async () => {
    const { rows } = await h.db.query<{ id: string }>(`SELECT id FROM forms WHERE name = 'Quality Check'`);
    const form = await readForm(rows[0].id);
    expect(form.formVersions.map((v) => [v.version, v.status, v.active])).toEqual([
      [1, 'Active version', true],
      [2, 'Published version', true],
      [3, 'Draft', true],
    ]);
    expect(form).toMatchObject({ status: 'Draft', isDraft: true, latestFormVersion: 2 });
    expect(hasDraft(form)).toBe(true);
    expectStatusesAgree(form);
    const others = await h.gql<{ l: { name: string; status: string; isDraft: boolean; latestFormVersion: number }[] }>(
      ADMIN,
      `query { l: formsEntitys { name status isDraft latestFormVersion } }`,
    );
    for (const f of others.data!.l.filter((f) => f.name !== 'Quality Check'))
      expect(f, f.name).toMatchObject({ status: 'Published', isDraft: false, latestFormVersion: 1 });
  });
});
