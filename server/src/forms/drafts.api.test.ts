import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riskAssessmentAnswers } from '../test/forms-fixtures';
import { SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';

/** Drafts of the form filler (member-site.md section 4) and the forms of a type. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const RISK = 'Job Safety Risk Assessment';

async function form(name = RISK): Promise<{ id: string; versionId: string }> {
  const { rows } = await h.db.query<{ id: string; v: string }>('SELECT id, published_version_id AS v FROM forms WHERE name = $1', [name]);
  return { id: rows[0].id, versionId: rows[0].v };
}

async function save(who: string, versionId: string, answers: Record<string, unknown>, isCompleted: boolean) {
  return h.gql<{ r: { id: string; isCompleted: boolean }[] }>(
    who,
    `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id isCompleted } }`,
    { m: [{ formVersionId: versionId, isCompleted, submissionData: JSON.stringify(answers) }] },
  );
}

const rest = (who: string | null, method: 'GET' | 'DELETE' | 'PUT', url: string, payload?: unknown) =>
  h.app.inject({
    method,
    url,
    headers: { ...h.headers(who), ...(payload ? { 'content-type': 'application/json' } : {}) },
    payload: payload as never,
  });

const drafts = async (formId: string, owner: string) =>
  (
    await h.db.query<{ id: string; submission_data: Record<string, unknown> }>(
      `SELECT s.id, s.submission_data FROM form_submissions s JOIN forms_entity_form_version v ON v.id = s.form_version_id
       WHERE v.form_id = $1 AND s.mehub_account_id = $2 AND NOT s.is_completed`,
      [formId, h.users[owner].id],
    )
  ).rows;

describe('drafts', () => {
  it('saves a draft, overwrites it keeping one, fetches it and reports it', async () => {
    const f = await form();
    expect((await rest(SPARK_WORKER, 'GET', `/api/entity/FormSubmissionsEntity/hasDraft/${f.id}`)).json()).toBe(false);
    const first = await save(SPARK_WORKER, f.versionId, { task: 'First try' }, false);
    expect(first.errors).toBeUndefined();
    expect(first.data!.r[0].isCompleted).toBe(false);
    const second = await save(SPARK_WORKER, f.versionId, { task: 'Second try', jobNumber: 'J-7' }, false);
    const id = second.data!.r[0].id;

    const rows = await drafts(f.id, SPARK_WORKER);
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect((await rest(SPARK_WORKER, 'GET', `/api/entity/FormSubmissionsEntity/hasDraft/${f.id}`)).json()).toBe(true);

    const fetched = await rest(SPARK_WORKER, 'GET', `/api/entity/FormSubmissionsEntity/fetchDraft/${f.id}`);
    expect(fetched.statusCode).toBe(200);
    const draft = fetched.json();
    expect(draft).toMatchObject({ id, formVersionId: f.versionId, formVersion: { id: f.versionId, version: 1, formId: f.id } });
    expect(draft.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(draft.submissionData)).toEqual({ task: 'Second try', jobNumber: 'J-7' });
    expect(JSON.parse(draft.formVersion.formData).slides.length).toBeGreaterThan(1);

    const types = await rest(SPARK_WORKER, 'GET', '/api/entity/FormsEntity/form_type/RISK_ASSESSMENT');
    expect(types.json()).toEqual([{ id: f.id, name: RISK, hasDraft: true }]);
  });

  it('removes the answers of hidden questions from a draft', async () => {
    const f = await form();
    const res = await save(SPARK_WORKER, f.versionId, { task: 'Roof work', heights: false, fallProtection: 'Harness' }, false);
    expect(res.errors).toBeUndefined();
    const [row] = await drafts(f.id, SPARK_WORKER);
    expect(row.submission_data).toEqual({ task: 'Roof work', heights: false });
  });

  it('is seen by its owner only: not by a colleague, nor by another organisation', async () => {
    const f = await form();
    const id = (await save(SPARK_WORKER, f.versionId, { task: 'Mine' }, false)).data!.r[0].id;
    for (const who of [SPARK_MANAGER, VOLT_MANAGER]) {
      expect((await rest(who, 'GET', `/api/entity/FormSubmissionsEntity/hasDraft/${f.id}`)).json(), who).toBe(false);
      const fetched = await rest(who, 'GET', `/api/entity/FormSubmissionsEntity/fetchDraft/${f.id}`);
      expect(fetched.statusCode).toBe(200);
      expect(fetched.json(), who).toBeNull();
      const byId = await h.gql<{ s: unknown }>(who, `query($id: ID!) { s: formSubmissionsEntity(id: $id) { id } }`, { id });
      expect(byId.data!.s, who).toBeNull();
      // Their discard does not touch it.
      await rest(who, 'DELETE', `/api/entity/FormSubmissionsEntity/deleteDraft/${f.id}`);
    }
    expect((await drafts(f.id, SPARK_WORKER)).length).toBe(1);
    const types = await rest(SPARK_MANAGER, 'GET', '/api/entity/FormsEntity/form_type/RISK_ASSESSMENT');
    expect(types.json()).toEqual([{ id: f.id, name: RISK, hasDraft: false }]);
  });

  it('discards the draft', async () => {
    const f = await form();
    await save(SPARK_WORKER, f.versionId, { task: 'Discard me' }, false);
    const del = await rest(SPARK_WORKER, 'DELETE', `/api/entity/FormSubmissionsEntity/deleteDraft/${f.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'The draft has been discarded', deleted: 1 });
    expect(await drafts(f.id, SPARK_WORKER)).toEqual([]);
    expect((await rest(SPARK_WORKER, 'GET', `/api/entity/FormSubmissionsEntity/hasDraft/${f.id}`)).json()).toBe(false);
    expect((await rest(SPARK_WORKER, 'DELETE', `/api/entity/FormSubmissionsEntity/deleteDraft/${f.id}`)).json()).toMatchObject({
      deleted: 0,
    });
  });

  it('needs a signed-in user and a well-formed id', async () => {
    const f = await form();
    for (const [method, path] of [
      ['GET', 'hasDraft'],
      ['GET', 'fetchDraft'],
      ['DELETE', 'deleteDraft'],
    ] as const) {
      const anon = await rest(null, method, `/api/entity/FormSubmissionsEntity/${path}/${f.id}`);
      expect(anon.statusCode, path).toBe(401);
      const bad = await rest(SPARK_WORKER, method, `/api/entity/FormSubmissionsEntity/${path}/not-an-id`);
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json().errors[0].message).toBe("'not-an-id' is not a valid form id");
    }
    expect((await rest(null, 'GET', '/api/entity/FormsEntity/form_type/RISK_ASSESSMENT')).statusCode).toBe(401);
  });
});

describe('forms of a type', () => {
  it('lists the active, published forms the caller may fill in, by name', async () => {
    const f = await form('Incident Report');
    // A second active form without a published version, and an inactive one, are left out.
    await h.db.query(
      `INSERT INTO forms (name, form_type, is_active, is_default) VALUES ('A draft form', 'INCIDENT', true, true), ('Old incident', 'INCIDENT', false, true)`,
    );
    const res = await rest(SPARK_WORKER, 'GET', '/api/entity/FormsEntity/form_type/INCIDENT');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: f.id, name: 'Incident Report', hasDraft: false }]);
    // Forms assigned to another organisation only are not offered.
    await h.db.query(`DELETE FROM link_forms_member_organisations WHERE forms_id = $1 AND member_organisations_id = $2`, [
      f.id,
      h.org.spark,
    ]);
    expect((await rest(SPARK_WORKER, 'GET', '/api/entity/FormsEntity/form_type/INCIDENT')).json()).toEqual([]);
    expect((await rest(VOLT_MANAGER, 'GET', '/api/entity/FormsEntity/form_type/INCIDENT')).json()).toHaveLength(1);
  });

  it('refuses an unknown form type', async () => {
    const res = await rest(SPARK_WORKER, 'GET', '/api/entity/FormsEntity/form_type/COOKING');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toMatch(/^Unknown form type COOKING/);
  });
});

describe('submit', () => {
  it('completes the submission, removes the draft and hidden answers, and fills the job columns', async () => {
    const f = await form();
    await save(SPARK_WORKER, f.versionId, { task: 'Draft first' }, false);
    const answers = riskAssessmentAnswers({ heights: false, fallProtection: 'Not needed' });
    const res = await save(SPARK_WORKER, f.versionId, answers, true);
    expect(res.errors).toBeUndefined();
    expect(res.data!.r[0].isCompleted).toBe(true);
    expect(await drafts(f.id, SPARK_WORKER)).toEqual([]);
    const { rows } = await h.db.query<{
      submission_data: Record<string, unknown>;
      job_number: string;
      job_address: string;
      mehub_account_id: string;
    }>('SELECT submission_data, job_number, job_address, mehub_account_id FROM form_submissions WHERE id = $1', [res.data!.r[0].id]);
    expect(rows[0].submission_data).not.toHaveProperty('fallProtection');
    expect(rows[0].submission_data).toMatchObject({ task: 'Replace the main switchboard', heights: false });
    expect(rows[0]).toMatchObject({
      job_number: 'J-1001',
      job_address: '12 Example Street, Melbourne',
      mehub_account_id: h.users[SPARK_WORKER].id,
    });
  });

  it('keeps the member as owner whatever owner the input names', async () => {
    const f = await form();
    const res = await h.gql<{ r: { mehubAccountId: string }[] }>(
      SPARK_WORKER,
      `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { mehubAccountId } }`,
      { m: [{ formVersionId: f.versionId, isCompleted: false, mehubAccountId: h.users[SPARK_MANAGER].id, submissionData: '{}' }] },
    );
    expect(res.data!.r[0].mehubAccountId).toBe(h.users[SPARK_WORKER].id);
  });

  it('keeps the exact form version after a new version is published', async () => {
    const f = await form();
    const id = (await save(SPARK_WORKER, f.versionId, riskAssessmentAnswers(), true)).data!.r[0].id;
    const { rows } = await h.db.query<{ id: string }>(
      `INSERT INTO forms_entity_form_version (version, form_id, active, form_data) SELECT 2, form_id, true, form_data FROM forms_entity_form_version WHERE id = $1 RETURNING id`,
      [f.versionId],
    );
    await h.db.query('UPDATE forms SET published_version_id = $1 WHERE id = $2', [rows[0].id, f.id]);
    const res = await h.gql<{ s: { formVersionId: string; formVersion: { version: number } } }>(
      SPARK_WORKER,
      `query($id: ID!) { s: formSubmissionsEntity(id: $id) { formVersionId formVersion { version } } }`,
      { id },
    );
    expect(res.data!.s).toEqual({ formVersionId: f.versionId, formVersion: { version: 1 } });
    // A draft of the old version still counts as the draft of the form.
    await save(SPARK_WORKER, f.versionId, { task: 'Old version draft' }, false);
    expect((await rest(SPARK_WORKER, 'GET', `/api/entity/FormSubmissionsEntity/hasDraft/${f.id}`)).json()).toBe(true);
    await save(SPARK_WORKER, rows[0].id, { task: 'New version draft' }, false);
    const left = await drafts(f.id, SPARK_WORKER);
    expect(left.map((d) => d.submission_data)).toEqual([{ task: 'New version draft' }]);
  });
});

describe('attachments of a replaced draft', () => {
  /** An asset, a document and an additional file on a submission, as the attach pages save them. */
  async function attach(submissionId: string, label: string) {
    const asset = await h.db.query<{ id: string }>(
      `INSERT INTO asset (asset_type, description, status, member_organisation_id) VALUES ('LADDER', $1, 'IN_SERVICE', $2) RETURNING id`,
      [`Ladder ${label}`, h.org.spark],
    );
    const doc = await h.db.query<{ id: string }>(
      `INSERT INTO document (document_name, document_link, status, member_organisation_id) VALUES ($1, 'https://example.org/swms', 'ACTIVE', $2) RETURNING id`,
      [`SWMS ${label}`, h.org.spark],
    );
    const file = await h.db.query<{ id: string }>(
      `INSERT INTO file (file_name, content_type, size, storage_key) VALUES ($1, 'image/jpeg', 3, $2) RETURNING id`,
      [`photo-${label}.jpg`, `test/${label}`],
    );
    const extra = await h.db.query<{ id: string }>(
      `INSERT INTO additional_attachment (attachment_id, form_submissions_id) VALUES ($1, $2) RETURNING id`,
      [file.rows[0].id, submissionId],
    );
    await h.db.query(`UPDATE file SET owner_entity = 'AdditionalAttachmentEntity', owner_id = $1 WHERE id = $2`, [
      extra.rows[0].id,
      file.rows[0].id,
    ]);
    await h.db.query(`INSERT INTO link_form_submissions_assets (form_submissions_id, assets_id) VALUES ($1, $2)`, [
      submissionId,
      asset.rows[0].id,
    ]);
    await h.db.query(`INSERT INTO link_form_submissions_documents (form_submissions_id, documents_id) VALUES ($1, $2)`, [
      submissionId,
      doc.rows[0].id,
    ]);
    return { asset: asset.rows[0].id, document: doc.rows[0].id, attachment: extra.rows[0].id };
  }

  const attachedTo = async (submissionId: string) => ({
    assets: (
      await h.db.query<{ id: string }>('SELECT assets_id AS id FROM link_form_submissions_assets WHERE form_submissions_id = $1', [
        submissionId,
      ])
    ).rows.map((r) => r.id),
    documents: (
      await h.db.query<{ id: string }>('SELECT documents_id AS id FROM link_form_submissions_documents WHERE form_submissions_id = $1', [
        submissionId,
      ])
    ).rows.map((r) => r.id),
    attachments: (
      await h.db.query<{ id: string }>('SELECT id FROM additional_attachment WHERE form_submissions_id = $1', [submissionId])
    ).rows.map((r) => r.id),
  });

  it('moves to the completed submission that replaces the draft', async () => {
    const f = await form();
    const draftId = (await save(SPARK_WORKER, f.versionId, { task: 'Draft with photos' }, false)).data!.r[0].id;
    const on = await attach(draftId, 'one');
    const res = await save(SPARK_WORKER, f.versionId, riskAssessmentAnswers(), true);
    expect(res.errors).toBeUndefined();
    const id = res.data!.r[0].id;
    expect(await drafts(f.id, SPARK_WORKER)).toEqual([]);
    expect(await attachedTo(id)).toEqual({ assets: [on.asset], documents: [on.document], attachments: [on.attachment] });
    // The owner sees them on the submission.
    const seen = await h.gql<{
      s: { additionalAttachmentss: { attachment: { fileName: string } }[]; documentss: { documentName: string }[] };
    }>(
      SPARK_WORKER,
      `query($id: ID!) { s: formSubmissionsEntity(id: $id) { additionalAttachmentss { attachment { fileName } } documentss { documentName } } }`,
      { id },
    );
    expect(seen.data!.s).toEqual({
      additionalAttachmentss: [{ attachment: { fileName: 'photo-one.jpg' } }],
      documentss: [{ documentName: 'SWMS one' }],
    });
  });

  it('moves to a newer draft too, and keeps what the new submission already has', async () => {
    const f = await form();
    const first = (await save(SPARK_WORKER, f.versionId, { task: 'First' }, false)).data!.r[0].id;
    const a = await attach(first, 'a');
    const second = (await save(SPARK_WORKER, f.versionId, { task: 'Second' }, false)).data!.r[0].id;
    expect(await attachedTo(second)).toEqual({ assets: [a.asset], documents: [a.document], attachments: [a.attachment] });
    const b = await attach(second, 'b');
    const done = (await save(SPARK_WORKER, f.versionId, riskAssessmentAnswers(), true)).data!.r[0].id;
    const moved = await attachedTo(done);
    expect(moved.assets.sort()).toEqual([a.asset, b.asset].sort());
    expect(moved.documents.sort()).toEqual([a.document, b.document].sort());
    expect(moved.attachments.sort()).toEqual([a.attachment, b.attachment].sort());
    // Nothing was deleted on the way.
    expect((await h.db.query('SELECT 1 FROM asset WHERE id = ANY($1::uuid[])', [[a.asset, b.asset]])).rows).toHaveLength(2);
    expect((await h.db.query(`SELECT 1 FROM file WHERE file_name IN ('photo-a.jpg', 'photo-b.jpg')`)).rows).toHaveLength(2);
  });

  it('stays with the draft when the completion is refused', async () => {
    const f = await form();
    const draftId = (await save(SPARK_WORKER, f.versionId, { task: 'Draft' }, false)).data!.r[0].id;
    const on = await attach(draftId, 'kept');
    const answers = riskAssessmentAnswers();
    delete answers.task;
    expect((await save(SPARK_WORKER, f.versionId, answers, true)).errors).toBeDefined();
    expect(await attachedTo(draftId)).toEqual({ assets: [on.asset], documents: [on.document], attachments: [on.attachment] });
  });
});

describe('the Complete Slide default recipient', () => {
  const me = async (who: string) => (await rest(who, 'GET', '/api/account/me')).json() as { primaryContactId?: string | null };

  it("is the organisation's primary contact, given by GET /api/account/me (null when none)", async () => {
    const { rows } = await h.db.query<{ p: string }>('SELECT primary_contact_id AS p FROM member_organisation WHERE id = $1', [
      h.org.spark,
    ]);
    expect(rows[0].p).toBeTruthy();
    expect((await me(SPARK_WORKER)).primaryContactId).toBe(rows[0].p);
    await h.db.query('UPDATE member_organisation SET primary_contact_id = NULL WHERE id = $1', [h.org.volt]);
    expect((await me(VOLT_MANAGER)).primaryContactId).toBeNull();
    expect((await me('admin@hub.example')).primaryContactId).toBeNull();
  });
});
