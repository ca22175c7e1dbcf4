import { randomUUID } from 'node:crypto';
import { pdfText } from '../test/pdf-text';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riskAssessmentAnswers } from '../test/forms-fixtures';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { insertRow } from '../test/rows';
import { ATTACH_MAX, attachMessages } from './attach-rules';

/** Attaching documents and assets to a form's draft (member-site.md 2 and 7), by role and organisation. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const SPARK_MANAGER2 = 'manager@sparkright.example';
const SPARK_SAFETY_WORKER = 'safetyworker@sparkright.example';
const SPARK_PRO_MANAGER = 'promanager@sparkright.example';
const VOLT_WORKER = 'worker@voltline.example';
const DOCS = '/api/entity/DocumentEntity/attachDocuments';
const ASSETS = '/api/entity/AssetEntity/attachAssets';

async function riskForm(): Promise<{ id: string; versionId: string }> {
  const { rows } = await h.db.query<{ id: string; v: string }>(
    `SELECT id, published_version_id AS v FROM forms WHERE form_type = 'RISK_ASSESSMENT' ORDER BY name LIMIT 1`,
  );
  return { id: rows[0].id, versionId: rows[0].v };
}

const post = (who: string | null, url: string, payload: unknown) =>
  h.app.inject({ method: 'POST', url, headers: { ...h.headers(who), 'content-type': 'application/json' }, payload: payload as never });

const doc = (name: string, status: string, org: string | null) =>
  insertRow(h.db, 'document', {
    document_name: name,
    document_link: `https://example.org/${name.replace(/\W/g, '')}`,
    status,
    member_organisation_id: org,
  });
const asset = (description: string, status: string, org: string, assetID = 'A-1') =>
  insertRow(h.db, 'asset', { asset_type: 'LADDER', description, status, member_organisation_id: org, asset_id: assetID });

async function linked(table: 'documents' | 'assets', submissionId: string): Promise<string[]> {
  const { rows } = await h.db.query<{ id: string }>(
    `SELECT ${table}_id AS id FROM link_form_submissions_${table} WHERE form_submissions_id = $1 ORDER BY 1`,
    [submissionId],
  );
  return rows.map((r) => r.id);
}

async function draftsOf(who: string, formId: string) {
  const { rows } = await h.db.query<{ id: string; submission_data: Record<string, unknown> }>(
    `SELECT s.id, s.submission_data FROM form_submissions s JOIN forms_entity_form_version v ON v.id = s.form_version_id
     WHERE v.form_id = $1 AND s.mehub_account_id = $2 AND NOT s.is_completed`,
    [formId, h.users[who].id],
  );
  return rows;
}

async function saveSubmission(who: string, versionId: string, answers: Record<string, unknown>, isCompleted: boolean) {
  const res = await h.gql<{ r: { id: string }[] }>(
    who,
    `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
    { m: [{ formVersionId: versionId, isCompleted, submissionData: JSON.stringify(answers) }] },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.r[0].id;
}

describe('attaching to the draft', () => {
  it("creates the caller's draft when there is none, and the selection becomes the set attached", async () => {
    const f = await riskForm();
    const a = await doc('Switchboard SWMS', 'ACTIVE', h.org.spark);
    const b = await doc('Ladder SDS', 'ACTIVE', h.org.spark);
    expect(await draftsOf(SPARK_MANAGER, f.id)).toEqual([]);

    const res = await post(SPARK_MANAGER, DOCS, { formId: f.id, documents: [a, b, a] });
    expect(res.statusCode, res.body).toBe(200);
    const [draft] = await draftsOf(SPARK_MANAGER, f.id);
    expect(res.json()).toEqual({ formId: f.id, submissionId: draft.id, documents: [a, b] });
    expect(await linked('documents', draft.id)).toEqual([a, b].sort());
    // The filler finds it as the draft to resume.
    const fetched = await h.app.inject({
      method: 'GET',
      url: `/api/entity/FormSubmissionsEntity/fetchDraft/${f.id}`,
      headers: h.headers(SPARK_MANAGER),
    });
    expect(fetched.json().id).toBe(draft.id);

    // Finishing again with one of them: only that one stays; records as { id } work too.
    expect((await post(SPARK_MANAGER, DOCS, { formId: f.id, documents: [{ id: b }] })).statusCode).toBe(200);
    expect(await linked('documents', draft.id)).toEqual([b]);
    expect((await post(SPARK_MANAGER, DOCS, { formId: f.id, documents: [] })).statusCode).toBe(200);
    expect(await linked('documents', draft.id)).toEqual([]);
    expect((await draftsOf(SPARK_MANAGER, f.id)).length).toBe(1);
  });

  it("keeps the draft's answers, and a later draft save or submit carries the attachments over to the PDF", async () => {
    const f = await riskForm();
    const first = await saveSubmission(SPARK_MANAGER, f.versionId, { task: 'Roof work' }, false);
    const d = await doc('Switchboard SWMS', 'ACTIVE', h.org.spark);
    const l = await asset('3 m step ladder', 'IN_SERVICE', h.org.spark, 'L-007');
    expect((await post(SPARK_MANAGER, DOCS, { formId: f.id, documents: [d] })).json().submissionId).toBe(first);
    expect((await post(SPARK_MANAGER, ASSETS, { formId: f.id, assets: [l] })).statusCode).toBe(200);
    const [draft] = await draftsOf(SPARK_MANAGER, f.id);
    expect(draft).toEqual({ id: first, submission_data: { task: 'Roof work' } });

    // The filler saves the draft again (a new row replaces it): the attachments follow.
    const second = await saveSubmission(SPARK_MANAGER, f.versionId, { task: 'Roof work, day 2' }, false);
    expect(await linked('documents', second)).toEqual([d]);
    expect(await linked('assets', second)).toEqual([l]);
    const done = await saveSubmission(SPARK_MANAGER, f.versionId, riskAssessmentAnswers(), true);
    expect(await linked('documents', done)).toEqual([d]);
    expect(await linked('assets', done)).toEqual([l]);
    expect(await draftsOf(SPARK_MANAGER, f.id)).toEqual([]);

    // Completed submissions keep their attachments: attaching again makes a new draft, never changes them.
    const other = await doc('Other SWMS', 'ACTIVE', h.org.spark);
    const again = await post(SPARK_MANAGER, DOCS, { formId: f.id, documents: [other] });
    expect(again.json().submissionId).not.toBe(done);
    expect(await linked('documents', done)).toEqual([d]);

    // The PDF names the document (with its link) and the asset (with its asset ID).
    const pdf = await post(SPARK_WORKER, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: done, TimeZoneId: 'UTC' });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Attachments');
    expect(text).toContain('Switchboard SWMS (https://example.org/SwitchboardSWMS)');
    expect(text).toContain('3 m step ladder (L-007)');
  });

  it('is for the SafetyManager and the Manager; the limited toolbar roles, administrators and visitors are refused', async () => {
    const f = await riskForm();
    const d = await doc('Switchboard SWMS', 'ACTIVE', h.org.spark);
    const l = await asset('Ladder', 'IN_SERVICE', h.org.spark);
    for (const who of [SPARK_MANAGER, SPARK_MANAGER2]) {
      expect((await post(who, DOCS, { formId: f.id, documents: [d] })).statusCode, who).toBe(200);
      expect((await post(who, ASSETS, { formId: f.id, assets: [l] })).statusCode, who).toBe(200);
    }
    // The limited toolbar (roleFacts.limitedAttachToolbar): refused on the server too, nothing saved.
    for (const who of [SPARK_WORKER, SPARK_SAFETY_WORKER, SPARK_PRO_MANAGER]) {
      const res = await post(who, DOCS, { formId: f.id, documents: [d] });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().errors[0].message).toBe('Your role cannot attach documents to a form; you can add files instead');
      expect((await post(who, ASSETS, { formId: f.id, assets: [l] })).statusCode, who).toBe(403);
      expect(await draftsOf(who, f.id), who).toEqual([]);
    }
    const admin = await post(ADMIN, DOCS, { formId: f.id, documents: [d] });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().errors[0].message).toBe('Only members of an organisation can attach documents to their forms');
    expect((await post(null, DOCS, { formId: f.id, documents: [d] })).statusCode).toBe(401);
  });
});

describe('what may be attached', () => {
  it('refuses pending, inactive and member-body documents and out-of-service assets, saving nothing', async () => {
    const f = await riskForm();
    const active = await doc('Active SWMS', 'ACTIVE', h.org.spark);
    for (const bad of [
      await doc('Pending SWMS', 'PENDING', h.org.spark),
      await doc('Old SWMS', 'INACTIVE', h.org.spark),
      await doc('MEA guide', 'ACTIVE', null),
    ]) {
      const res = await post(SPARK_MANAGER, DOCS, { formId: f.id, documents: [active, bad] });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toBe(attachMessages.documents);
    }
    const out = await asset('Broken ladder', 'OUT_OF_SERVICE', h.org.spark);
    const res = await post(SPARK_MANAGER, ASSETS, { formId: f.id, assets: [out] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe('Only assets in service of your organisation can be attached');
    expect(await draftsOf(SPARK_MANAGER, f.id)).toEqual([]);
  });

  it("never reaches another organisation: Voltline cannot attach Sparkright's rows nor touch Sparkright's draft", async () => {
    const f = await riskForm();
    const sparkDoc = await doc('Spark SWMS', 'ACTIVE', h.org.spark);
    const sparkAsset = await asset('Spark ladder', 'IN_SERVICE', h.org.spark);
    await post(SPARK_MANAGER, DOCS, { formId: f.id, documents: [sparkDoc] });
    const [sparkDraft] = await draftsOf(SPARK_MANAGER, f.id);

    const d = await post(VOLT_MANAGER, DOCS, { formId: f.id, documents: [sparkDoc] });
    expect(d.statusCode).toBe(400);
    expect(d.json().errors[0].message).toBe(attachMessages.documents);
    const a = await post(VOLT_MANAGER, ASSETS, { formId: f.id, assets: [sparkAsset] });
    expect(a.statusCode).toBe(400);
    expect(await draftsOf(VOLT_MANAGER, f.id)).toEqual([]);

    // Voltline's own attach goes on Voltline's own draft; Sparkright's stays as it was.
    const voltDoc = await doc('Volt SWMS', 'ACTIVE', h.org.volt);
    const own = await post(VOLT_MANAGER, DOCS, { formId: f.id, documents: [voltDoc] });
    expect(own.statusCode).toBe(200);
    expect(own.json().submissionId).not.toBe(sparkDraft.id);
    expect(await linked('documents', sparkDraft.id)).toEqual([sparkDoc]);
    expect((await post(VOLT_WORKER, DOCS, { formId: f.id, documents: [voltDoc] })).statusCode).toBe(403);

    // A form offered to Sparkright only is not Voltline's to fill: 404, as for an unknown form.
    await h.db.query('UPDATE forms SET is_default = false WHERE id = $1', [f.id]);
    await h.db.query('DELETE FROM link_forms_member_organisations WHERE forms_id = $1 AND member_organisations_id = $2', [
      f.id,
      h.org.volt,
    ]);
    await h.db.query(
      'INSERT INTO link_forms_member_organisations (forms_id, member_organisations_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [f.id, h.org.spark],
    );
    h.uncacheSessions();
    const hidden = await post(VOLT_MANAGER, DOCS, { formId: f.id, documents: [voltDoc] });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().errors[0].message).toBe(attachMessages.formNotFound);
    expect((await post(SPARK_MANAGER, DOCS, { formId: f.id, documents: [sparkDoc] })).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('refuses malformed ids, unknown forms, unknown fields and long lists with a 400 or 404 and a message', async () => {
    const f = await riskForm();
    const d = await doc('Switchboard SWMS', 'ACTIVE', h.org.spark);
    const cases: [unknown, number, string][] = [
      [{ formId: 'nope', documents: [d] }, 400, 'formId must be a valid id'],
      [{ formId: f.id, documents: ['../etc/passwd'] }, 400, 'Each of documents must be a valid id'],
      [{ formId: f.id, documents: [{ id: 42 }] }, 400, ''],
      [{ formId: f.id, documents: 'x' }, 400, ''],
      [{ formId: f.id }, 400, ''],
      [{ formId: f.id, documents: [d], extra: 1 }, 400, 'extra'],
      [
        { formId: f.id, documents: Array.from({ length: 2000 }, () => randomUUID()) },
        400,
        `At most ${ATTACH_MAX} documents can be attached to a form`,
      ],
      [{ formId: randomUUID(), documents: [d] }, 404, attachMessages.formNotFound],
      [{ formId: f.id, documents: [randomUUID()] }, 400, attachMessages.documents],
    ];
    for (const [payload, status, message] of cases) {
      const res = await post(SPARK_MANAGER, DOCS, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().errors[0].message).toContain(message);
    }
    const assets = await post(SPARK_MANAGER, ASSETS, { formId: f.id, assets: Array.from({ length: 2000 }, () => randomUUID()) });
    expect(assets.statusCode).toBe(400);
    expect(assets.json().errors[0].message).toContain(`At most ${ATTACH_MAX} assets`);
    expect(await draftsOf(SPARK_MANAGER, f.id)).toEqual([]);
  });
});
