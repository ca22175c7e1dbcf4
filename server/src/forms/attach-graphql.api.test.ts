import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attachAccessMessages } from '../access/attach';
import { riskAssessmentAnswers } from '../test/forms-fixtures';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { recordApi } from '../test/records-api';
import { insertRow } from '../test/rows';
import { attachMessages } from './attach-rules';

/**
 * The attach rule of the attach routes (member-site.md 2 and 7) holds on the generic GraphQL
 * saves of a submission too: creates one by one and in bulk, updates and conditional updates.
 * A member's new links are checked (role, organisation, status); links a submission already
 * has may stay; administrators correct anything.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const api = recordApi(() => h);
const SPARK_PRO_MANAGER = 'promanager@sparkright.example';
const SPARK_MANAGER2 = 'manager@sparkright.example';
const S = 'FormSubmissionsEntity';

async function riskVersion(): Promise<string> {
  const { rows } = await h.db.query<{ v: string }>(
    `SELECT published_version_id AS v FROM forms WHERE form_type = 'RISK_ASSESSMENT' ORDER BY name LIMIT 1`,
  );
  return rows[0].v;
}
const doc = (name: string, status: string, org: string | null) =>
  insertRow(h.db, 'document', { document_name: name, document_link: 'https://example.org/d', status, member_organisation_id: org });
const asset = (description: string, status: string, org: string) =>
  insertRow(h.db, 'asset', { asset_type: 'LADDER', description, status, member_organisation_id: org, asset_id: 'A-1' });
const count = async (sql: string, params: unknown[] = []) => (await h.db.query<{ n: number }>(sql, params)).rows[0].n;
const submissionsOf = (who: string) =>
  count('SELECT count(*)::int AS n FROM form_submissions WHERE mehub_account_id = $1', [h.users[who].id]);
const linked = async (kind: 'assets' | 'documents', id: string) =>
  (
    await h.db.query<{ id: string }>(
      `SELECT ${kind}_id AS id FROM link_form_submissions_${kind} WHERE form_submissions_id = $1 ORDER BY 1`,
      [id],
    )
  ).rows.map((r) => r.id);
const draft = async (links: Record<string, unknown>) => ({
  formVersionId: await riskVersion(),
  isCompleted: false,
  submissionData: '{}',
  ...links,
});
const issuesOf = async (res: Promise<unknown>) => {
  const r = (await res) as { errors?: { message: string; extensions?: { issues?: unknown } }[] };
  return r.errors?.[0]?.extensions?.issues;
};

describe('a new submission through GraphQL', () => {
  it("refuses an out-of-service asset, a pending, inactive or member-body document, and another organisation's rows; saves nothing", async () => {
    const before = await submissionsOf(SPARK_MANAGER);
    const cases: [string, Record<string, unknown>][] = [
      [attachMessages.assets, { assetss: [{ id: await asset('Broken ladder', 'OUT_OF_SERVICE', h.org.spark) }] }],
      [attachMessages.assets, { assetss: [{ id: await asset('Voltline ladder', 'IN_SERVICE', h.org.volt) }] }],
      [attachMessages.documents, { documentss: [{ id: await doc('Pending SWMS', 'PENDING', h.org.spark) }] }],
      [attachMessages.documents, { documentss: [{ id: await doc('Old SWMS', 'INACTIVE', h.org.spark) }] }],
      [attachMessages.documents, { documentss: [{ id: await doc('MEA guide', 'ACTIVE', null) }] }],
      [attachMessages.documents, { documentss: [{ id: await doc('Voltline SWMS', 'ACTIVE', h.org.volt) }] }],
    ];
    for (const [message, links] of cases) {
      const res = await api.create(SPARK_MANAGER, S, [await draft(links)]);
      expect(res.message, JSON.stringify(links)).toBe(message);
    }
    expect(await submissionsOf(SPARK_MANAGER)).toBe(before);
    // The refusal names the list, as the attach routes name theirs.
    const res = h.gql(
      SPARK_MANAGER,
      `mutation($m: [FormSubmissionsEntityInput!]!) { createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
      { m: [await draft({ assetss: [{ id: await asset('Broken', 'OUT_OF_SERVICE', h.org.spark) }] })] },
    );
    expect(await issuesOf(res)).toEqual([{ path: 'assetss', code: 'invalid', message: attachMessages.assets }]);
  });

  it('accepts active documents and in-service assets of the caller’s organisation, as the attach routes do', async () => {
    const d = await doc('Active SWMS', 'ACTIVE', h.org.spark);
    const a = await asset('Ladder', 'IN_SERVICE', h.org.spark);
    for (const who of [SPARK_MANAGER, SPARK_MANAGER2]) {
      const res = await api.create(who, S, [await draft({ documentss: [{ id: d }], assetss: [{ id: a }] })]);
      expect(res.message, who).toBeNull();
      expect(await linked('documents', res.r![0].id)).toEqual([d]);
      expect(await linked('assets', res.r![0].id)).toEqual([a]);
    }
  });

  it('refuses the roles of the limited toolbar, whatever they attach; a draft without attachments is still theirs to save', async () => {
    const d = await doc('Active SWMS', 'ACTIVE', h.org.spark);
    const a = await asset('Ladder', 'IN_SERVICE', h.org.spark);
    for (const who of [SPARK_WORKER, SPARK_PRO_MANAGER]) {
      const before = await submissionsOf(who);
      const assets = await api.create(who, S, [await draft({ assetss: [{ id: a }] })]);
      expect(assets.message, who).toBe(attachAccessMessages.limited('assets'));
      expect(assets.code).toBe('FORBIDDEN');
      const docs = await api.create(who, S, [await draft({ documentss: [{ id: d }] })]);
      expect(docs.message, who).toBe(attachAccessMessages.limited('documents'));
      expect(await submissionsOf(who)).toBe(before);
      expect((await api.create(who, S, [await draft({ assetss: [], documentss: [] })])).message, who).toBeNull();
    }
  });

  it('refuses a bulk create when any one of its submissions carries a refused row, saving none of them', async () => {
    const good = await asset('Ladder', 'IN_SERVICE', h.org.spark);
    const bad = await asset('Broken ladder', 'OUT_OF_SERVICE', h.org.spark);
    const before = await submissionsOf(SPARK_MANAGER);
    const res = h.gql(
      SPARK_MANAGER,
      `mutation($m: [FormSubmissionsEntityInput!]!) { createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
      { m: [await draft({ assetss: [{ id: good }] }), await draft({ assetss: [{ id: bad }] })] },
    );
    expect(await issuesOf(res)).toEqual([{ path: '1.assetss', code: 'invalid', message: attachMessages.assets }]);
    expect(await submissionsOf(SPARK_MANAGER)).toBe(before);
  });

  it("keeps Voltline away from Sparkright's rows (tenant probe)", async () => {
    const a = await asset('Sparkright ladder', 'IN_SERVICE', h.org.spark);
    const d = await doc('Sparkright SWMS', 'ACTIVE', h.org.spark);
    const version = await h.gql<{ r: { publishedVersionId: string | null }[] }>(VOLT_MANAGER, '{ r: formsEntitys { publishedVersionId } }');
    const formVersionId = version.data!.r.find((f) => f.publishedVersionId)!.publishedVersionId;
    const base = { formVersionId, isCompleted: false, submissionData: '{}' };
    expect((await api.create(VOLT_MANAGER, S, [{ ...base, assetss: [{ id: a }] }])).message).toBe(attachMessages.assets);
    expect((await api.create(VOLT_MANAGER, S, [{ ...base, documentss: [{ id: d }] }])).message).toBe(attachMessages.documents);
    expect(await count('SELECT count(*)::int AS n FROM link_form_submissions_assets WHERE assets_id = $1', [a])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM link_form_submissions_documents WHERE documents_id = $1', [d])).toBe(0);
  });
});

describe('an update of a completed submission through GraphQL', () => {
  async function completed(links: Record<string, unknown>): Promise<string> {
    const res = await api.create(SPARK_MANAGER, S, [
      { formVersionId: await riskVersion(), isCompleted: true, submissionData: JSON.stringify(riskAssessmentAnswers()), ...links },
    ]);
    expect(res.message).toBeNull();
    return res.r![0].id;
  }

  it('refuses a new refused row, one by one and in bulk; the links already there stay, even once their asset is out of service', async () => {
    const kept = await asset('Ladder', 'IN_SERVICE', h.org.spark);
    const id = await completed({ assetss: [{ id: kept }] });
    await h.db.query(`UPDATE asset SET status = 'OUT_OF_SERVICE' WHERE id = $1`, [kept]);
    const broken = await asset('Broken ladder', 'OUT_OF_SERVICE', h.org.spark);
    const pending = await doc('Pending SWMS', 'PENDING', h.org.spark);

    expect((await api.update(SPARK_MANAGER, S, [{ id, assetss: [{ id: kept }, { id: broken }] }])).message).toBe(attachMessages.assets);
    expect((await api.update(SPARK_MANAGER, S, [{ id, documentss: [{ id: pending }] }])).message).toBe(attachMessages.documents);
    // Several at once go through the same save; a conditional update sets no lists at all.
    const two = await api.update(SPARK_MANAGER, S, [
      { id, jobNumber: 'J-1' },
      { id, assetss: [{ id: broken }] },
    ]);
    expect(two.message).toBe(attachMessages.assets);
    expect((await api.bulk(SPARK_MANAGER, S, [id], ['assetss'], { assetss: [{ id: broken }] })).message).toMatch(
      /cannot be updated in bulk/,
    );
    expect(await linked('assets', id)).toEqual([kept]);
    expect(await linked('documents', id)).toEqual([]);

    // Saving it with the list it has is no new attachment.
    const same = await api.update(SPARK_MANAGER, S, [{ id, jobNumber: 'J-1', assetss: [{ id: kept }] }]);
    expect(same.message).toBeNull();
    expect(await linked('assets', id)).toEqual([kept]);
    // An active document of the organisation may be added.
    const active = await doc('Active SWMS', 'ACTIVE', h.org.spark);
    expect((await api.update(SPARK_MANAGER, S, [{ id, documentss: [{ id: active }] }])).message).toBeNull();
    expect(await linked('documents', id)).toEqual([active]);
  });

  it('lets an administrator correct the attachments of any submission', async () => {
    const id = await completed({});
    const broken = await asset('Broken ladder', 'OUT_OF_SERVICE', h.org.spark);
    expect((await api.update(ADMIN, S, [{ id, assetss: [{ id: broken }] }])).message).toBeNull();
    expect(await linked('assets', id)).toEqual([broken]);
  });
});

describe('the link rows of a submission written on their own', () => {
  async function ownDraft(who: string): Promise<string> {
    const res = await api.create(who, S, [await draft({})]);
    expect(res.message).toBeNull();
    return res.r![0].id;
  }

  it('follow the attach rule when created or moved; a link saved as it is stays', async () => {
    const id = await ownDraft(SPARK_MANAGER);
    const broken = await asset('Broken ladder', 'OUT_OF_SERVICE', h.org.spark);
    const pending = await doc('Pending SWMS', 'PENDING', h.org.spark);
    const bad = await api.create(SPARK_MANAGER, 'FormSubmissionsAssets', [{ formSubmissionsId: id, assetsId: broken }]);
    expect(bad.message).toBe(attachMessages.assets);
    const badDoc = await api.create(SPARK_MANAGER, 'FormSubmissionsDocuments', [{ formSubmissionsId: id, documentsId: pending }]);
    expect(badDoc.message).toBe(attachMessages.documents);
    expect(await linked('assets', id)).toEqual([]);
    expect(await linked('documents', id)).toEqual([]);

    const active = await doc('Active SWMS', 'ACTIVE', h.org.spark);
    const made = await api.create(SPARK_MANAGER, 'FormSubmissionsDocuments', [{ formSubmissionsId: id, documentsId: active }]);
    expect(made.message).toBeNull();
    const link = made.r![0].id;
    expect((await api.update(SPARK_MANAGER, 'FormSubmissionsDocuments', [{ id: link, documentsId: pending }])).message).toBe(
      attachMessages.documents,
    );
    expect(await linked('documents', id)).toEqual([active]);
    // Its document since made inactive: saved as it is, the link stays.
    await h.db.query(`UPDATE document SET status = 'INACTIVE' WHERE id = $1`, [active]);
    expect((await api.update(SPARK_MANAGER, 'FormSubmissionsDocuments', [{ id: link, documentsId: active }])).message).toBeNull();
  });

  it('are refused to the roles of the limited toolbar', async () => {
    const id = await ownDraft(SPARK_WORKER);
    const a = await asset('Ladder', 'IN_SERVICE', h.org.spark);
    const res = await api.create(SPARK_WORKER, 'FormSubmissionsAssets', [{ formSubmissionsId: id, assetsId: a }]);
    expect(res.message).toBe(attachAccessMessages.limited('assets'));
    expect(await linked('assets', id)).toEqual([]);
  });

  // Open: the asset's and the document's own saves (records/, not forms/) write their
  // formSubmissionss list without the attach rule. Turn into `it` once they refuse it.
  it.fails("FINDING: a submission's list of the asset or document side adds no out-of-service asset nor pending document", async () => {
    const id = await ownDraft(SPARK_WORKER);
    const broken = await asset('Broken ladder', 'OUT_OF_SERVICE', h.org.spark);
    await api.update(SPARK_WORKER, 'AssetEntity', [{ id: broken, formSubmissionss: [{ id }] }]);
    const managerDraft = await ownDraft(SPARK_MANAGER);
    const pending = await doc('Pending SWMS', 'PENDING', h.org.spark);
    await api.update(SPARK_MANAGER, 'DocumentEntity', [{ id: pending, formSubmissionss: [{ id: managerDraft }] }]);
    expect(await linked('assets', id)).toEqual([]);
    expect(await linked('documents', managerDraft)).toEqual([]);
  });
});
