import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPARK_MANAGER, SPARK_WORKER, SUPER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { recordApi } from '../test/records-api';
import { fieldWriteMessages } from '../access/fields';

/**
 * An outsider's attacks on the member records of issue 11 (assets, documents, licences, user
 * accounts, attachments on forms, files, the integration API). Each test is a request a
 * hostile client can send whatever the screens offer; the server must refuse it and change
 * nothing. Tests marked FINDING (`it.fails`) describe an open bug: a rule enforced on one path
 * (the record's own save, the attach route, the screen) and bypassed on another. Once the bug is
 * fixed the test passes and `it.fails` reports it: turn it into `it`.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const api = recordApi(() => h);
const SAFETY_WORKER = 'safetyworker@sparkright.example';
const MANAGER = 'manager@sparkright.example';
const VOLT_WORKER = 'worker@voltline.example';

const one = async <T = { id: string }>(sql: string, params: unknown[] = []) =>
  (await h.db.query<T & Record<string, unknown>>(sql, params)).rows[0];
const orgOf = (code: string) => one<{ id: string }>('SELECT id FROM member_organisation WHERE member_code = $1', [code]).then((r) => r.id);
/** An asset of the organisation with no parent; out of service: taken out by its SafetyManager first. */
const assetOf = async (code: string, status: 'IN_SERVICE' | 'OUT_OF_SERVICE') => {
  const { id } = await one(
    `SELECT a.id FROM asset a JOIN member_organisation o ON o.id = a.member_organisation_id
     WHERE o.member_code = $1 AND a.status = 'IN_SERVICE' AND a.parent_asset_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM asset c WHERE c.parent_asset_id = a.id) ORDER BY a.description LIMIT 1`,
    [code],
  );
  if (status === 'OUT_OF_SERVICE') {
    const manager = code === 'DEMO1' ? SPARK_MANAGER : VOLT_MANAGER;
    expect((await api.update(manager, 'AssetEntity', [{ id, status }])).message).toBeNull();
  }
  return id;
};
/** A document: Sparkright's or Voltline's (pending: created by its worker), or a member-body one (code null). */
const documentOf = async (code: string | null, status: 'ACTIVE' | 'PENDING') => {
  if (status === 'PENDING') {
    const type = await one<{ id: string }>(`SELECT id FROM document_types WHERE NOT mea_document ORDER BY name LIMIT 1`);
    const res = await api.create(code === 'DEMO1' ? SPARK_WORKER : VOLT_WORKER, 'DocumentEntity', [
      { documentName: 'Pending', documentLink: 'https://example.org/pending', documentTypess: [{ id: type.id }] },
    ]);
    expect(res.message).toBeNull();
    return res.r![0].id;
  }
  return (
    await one(
      `SELECT d.id FROM document d LEFT JOIN member_organisation o ON o.id = d.member_organisation_id
       WHERE ${code ? 'o.member_code = $1' : 'd.member_organisation_id IS NULL AND $1::text IS NULL'} AND d.status = 'ACTIVE' ORDER BY d.document_name LIMIT 1`,
      [code],
    )
  ).id;
};
const assignees = async (assetId: string) =>
  (
    await h.db.query<{ id: string }>('SELECT mehub_accounts_id AS id FROM link_assets_mehub_accounts WHERE assets_id = $1', [assetId])
  ).rows.map((r) => r.id);
const attachmentCount = async (assetId: string) =>
  Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM asset_attachments WHERE asset_id = $1', [assetId])).n);

/** A form the Sparkright worker may fill in, with its published version. */
async function fillableForm(who: string) {
  const res = await h.gql<{ r: { id: string; publishedVersionId: string | null }[] }>(who, '{ r: formsEntitys { id publishedVersionId } }');
  return res.data!.r.find((f) => f.publishedVersionId)!;
}
const draftWith = async (who: string, links: Record<string, unknown>) => {
  const form = await fillableForm(who);
  return api.create<{ id: string }>(who, 'FormSubmissionsEntity', [
    { formVersionId: form.publishedVersionId, isCompleted: false, submissionData: '{}', ...links },
  ]);
};

describe('an out-of-service asset is read-only but its status, on every path', () => {
  it('bulk updates and single updates of its fields are refused', async () => {
    const out = await assetOf('DEMO1', 'OUT_OF_SERVICE');
    const single = await api.update(SPARK_MANAGER, 'AssetEntity', [{ id: out, description: 'changed' }]);
    expect(single.message).toBe('This asset is out of service: only its status can be changed');
    const bulk = await api.bulk(SPARK_MANAGER, 'AssetEntity', [out], ['description'], { description: 'changed' });
    expect(bulk.message).toBe('This asset is out of service: only its status can be changed');
    const both = await api.bulk(SPARK_MANAGER, 'AssetEntity', [out], ['status', 'description'], { status: 'IN_SERVICE', description: 'x' });
    expect(both.message).toBe('This asset is out of service: only its status can be changed');
    expect((await api.row<{ status: string }>('asset', out))!.status).toBe('OUT_OF_SERVICE');
  });

  it('no attachment is added to it through createAssetAttachmentsEntity', async () => {
    const out = await assetOf('DEMO1', 'OUT_OF_SERVICE');
    const before = await attachmentCount(out);
    const res = await api.create(SPARK_WORKER, 'AssetAttachmentsEntity', [{ assetId: out }]);
    expect(res.message).toBe('This asset is out of service: only its status can be changed');
    expect(await attachmentCount(out)).toBe(before);
  });

  it('no assignee is added to it from the account side (mehubAccountss through assetss of an account)', async () => {
    const out = await assetOf('DEMO1', 'OUT_OF_SERVICE');
    const worker = h.users[SPARK_WORKER].id;
    const res = await api.update(SPARK_MANAGER, 'MehubAccountEntity', [{ id: worker, assetss: [{ id: out }] }]);
    expect(res.message).toBe('This asset is out of service: only its status can be changed');
    expect(await assignees(out)).toEqual([]);
    const own = await api.update(SPARK_WORKER, 'MehubAccountEntity', [{ id: worker, assetss: [{ id: out }] }]);
    expect(own.message).toBe('This asset is out of service: only its status can be changed');
    expect(await assignees(out)).toEqual([]);
  });
});

describe('asset links never make a cycle nor cross organisations', () => {
  it('two assets made each other parent in one mutation are refused', async () => {
    const { rows } = await h.db.query<{ id: string }>(
      `SELECT a.id FROM asset a JOIN member_organisation o ON o.id = a.member_organisation_id
       WHERE o.member_code = 'DEMO1' AND a.status = 'IN_SERVICE' AND a.parent_asset_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM asset c WHERE c.parent_asset_id = a.id) ORDER BY a.id LIMIT 2`,
    );
    const [a, b] = rows.map((r) => r.id);
    const res = await api.update(SPARK_MANAGER, 'AssetEntity', [
      { id: a, parentAssetId: b },
      { id: b, parentAssetId: a },
    ]);
    expect(res.message).toBe('An asset cannot be linked to one of its own parent assets');
    expect((await api.row<{ p: string | null }>('asset', a, 'parent_asset_id AS p'))!.p).toBeNull();
    expect((await api.row<{ p: string | null }>('asset', b, 'parent_asset_id AS p'))!.p).toBeNull();
  });

  it("Voltline cannot link, assign, move or bulk-change Sparkright's rows", async () => {
    const volt = await assetOf('DEMO2', 'IN_SERVICE');
    const spark = await assetOf('DEMO1', 'IN_SERVICE');
    const spark$ = await orgOf('DEMO1');
    expect((await api.update(VOLT_MANAGER, 'AssetEntity', [{ id: volt, parentAssetId: spark }])).message).toBe(
      'The selected asset does not exist',
    );
    expect((await api.update(VOLT_MANAGER, 'AssetEntity', [{ id: volt, assetss: [{ id: spark }] }])).message).toBe(
      'The selected asset does not exist',
    );
    expect(
      (await api.update(VOLT_MANAGER, 'AssetEntity', [{ id: volt, mehubAccountss: [{ id: h.users[SPARK_WORKER].id }] }])).message,
    ).toBe('The selected mehub account does not exist');
    expect((await api.bulk(VOLT_MANAGER, 'AssetEntity', [volt], ['memberOrganisationId'], { memberOrganisationId: spark$ })).message).toBe(
      'The selected member organisation does not exist',
    );
    const bulk = await api.bulk(VOLT_MANAGER, 'AssetEntity', [spark], ['description'], { description: 'pwned' });
    expect(bulk.r).toEqual([]);
    expect((await api.remove(VOLT_MANAGER, 'AssetEntity', [spark])).code).toBe('NOT_FOUND');
    expect((await api.row<{ d: string }>('asset', spark, 'description AS d'))!.d).not.toBe('pwned');
  });
});

describe('attachments on a form follow the attach rules on every path', () => {
  it('a draft created through GraphQL carries no out-of-service asset', async () => {
    const res = await draftWith(SPARK_MANAGER, { assetss: [{ id: await assetOf('DEMO1', 'OUT_OF_SERVICE') }] });
    expect(res.message).not.toBeNull();
  });

  it('a draft created through GraphQL carries no pending and no member-body document', async () => {
    expect((await draftWith(SPARK_MANAGER, { documentss: [{ id: await documentOf('DEMO1', 'PENDING') }] })).message).not.toBeNull();
    expect((await draftWith(SPARK_MANAGER, { documentss: [{ id: await documentOf(null, 'ACTIVE') }] })).message).not.toBeNull();
  });

  it('a role refused by the attach routes attaches nothing through GraphQL either', async () => {
    const form = await fillableForm(SPARK_WORKER);
    const route = await h.app.inject({
      method: 'POST',
      url: '/api/entity/AssetEntity/attachAssets',
      headers: { 'content-type': 'application/json', ...h.headers(SPARK_WORKER) },
      payload: JSON.stringify({ formId: form.id, assets: [] }),
    });
    expect(route.statusCode).toBe(403);
    const res = await draftWith(SPARK_WORKER, { assetss: [{ id: await assetOf('DEMO1', 'IN_SERVICE') }] });
    expect(res.message).not.toBeNull();
  });
});

describe('user accounts', () => {
  it('a manager sets the primary contact (isPrimaryContact is accepted by the API the user page calls)', async () => {
    const worker = h.users[SPARK_WORKER].id;
    const res = await api.update(MANAGER, 'MehubAccountEntity', [{ id: worker, isPrimaryContact: true }]);
    expect(res.message).toBeNull();
    expect((await one<{ p: string }>('SELECT primary_contact_id AS p FROM member_organisation WHERE member_code = $1', ['DEMO1'])).p).toBe(
      worker,
    );
  });

  it("a SafetyWorker reads colleagues' names but only their own personal details (member-site.md section 4, roles)", async () => {
    await h.db.query(`UPDATE mehub_account SET mobile_number = '0400 111 222', city = 'Perth'`);
    const res = await h.gql<{ r: { id: string; firstname: string | null; mobileNumber: string | null; city: string | null }[] }>(
      SAFETY_WORKER,
      '{ r: mehubAccountEntitys { id firstname mobileNumber city } }',
    );
    const others = res.data!.r.filter((u) => u.id !== h.users[SAFETY_WORKER].id);
    expect(others.length).toBeGreaterThan(0);
    expect(others.some((u) => u.firstname)).toBe(true);
    expect(others.every((u) => u.mobileNumber === null && u.city === null)).toBe(true);
    expect(res.data!.r.find((u) => u.id === h.users[SAFETY_WORKER].id)!.mobileNumber).toBe('0400 111 222');
  });

  it('a worker changes neither a colleague, nor their own role, nor their organisation', async () => {
    const me = h.users[SPARK_WORKER];
    expect((await api.update(SPARK_WORKER, 'MehubAccountEntity', [{ id: h.users[SPARK_MANAGER].id, firstname: 'x' }])).message).toBe(
      'You can only edit your own user record',
    );
    const role = await one<{ id: string }>(`SELECT id FROM role WHERE name = 'SafetyManager'`);
    expect((await api.bulk(SPARK_WORKER, 'MehubAccountEntity', [me.id], ['roleId'], { roleId: role.id })).message).toBe(
      'You cannot change your own role',
    );
    expect(
      (await api.update(SPARK_WORKER, 'MehubAccountEntity', [{ id: me.id, memberOrganisationId: await orgOf('DEMO2') }])).message,
    ).toBe(fieldWriteMessages.membership);
    expect((await api.row<{ e: string }>('mehub_account', me.id, 'email AS e'))!.e).toBe(SPARK_WORKER);
  });
});

describe('documents and licences across organisations and roles', () => {
  it('Voltline neither approves nor removes a Sparkright document, nor reuses its file', async () => {
    const pending = await documentOf('DEMO1', 'PENDING');
    expect((await api.bulk(VOLT_MANAGER, 'DocumentEntity', [pending], ['status'], { status: 'ACTIVE' })).r).toEqual([]);
    expect((await api.remove(VOLT_MANAGER, 'DocumentEntity', [pending])).code).toBe('NOT_FOUND');
    expect((await api.row<{ status: string }>('document', pending))!.status).toBe('PENDING');
  });

  it('a worker sends ACTIVE and gets PENDING; a SafetyWorker approves nothing in bulk', async () => {
    const type = await one<{ id: string }>(`SELECT id FROM document_types WHERE NOT mea_document ORDER BY name LIMIT 1`);
    const made = await api.create<{ id: string; status: string }>(
      SAFETY_WORKER,
      'DocumentEntity',
      [{ documentName: 'Mine', documentLink: 'https://example.org/mine', status: 'ACTIVE', documentTypess: [{ id: type.id }] }],
      'id status',
    );
    expect(made.r![0].status).toBe('PENDING');
    const bulk = await api.bulk(SAFETY_WORKER, 'DocumentEntity', [made.r![0].id], ['status'], { status: 'ACTIVE' });
    expect(bulk.message).not.toBeNull();
    expect((await api.row<{ status: string }>('document', made.r![0].id))!.status).toBe('PENDING');
  });

  it('javascript:, data: and protocol-relative links are never stored', async () => {
    const type = await one<{ id: string }>(`SELECT id FROM document_types WHERE NOT mea_document ORDER BY name LIMIT 1`);
    for (const link of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x'])
      expect(
        (await api.create(SPARK_MANAGER, 'DocumentEntity', [{ documentName: 'L', documentLink: link, documentTypess: [{ id: type.id }] }]))
          .message,
        link,
      ).toBe('The value is not a valid url');
  });

  it("Voltline's manager approves no Sparkright licence; a worker moves no licence to a colleague", async () => {
    const made = await api.create(SAFETY_WORKER, 'LicenceEntity', [
      { licenceName: 'Mine', licenceIssuer: 'Board', licenceType: 'ELECTRICAL', mehubAccountId: h.users[SAFETY_WORKER].id },
    ]);
    expect(made.message).toBeNull();
    const swLicence = made.r![0];
    expect((await api.bulk(VOLT_MANAGER, 'LicenceEntity', [swLicence.id], ['status'], { status: 'ACTIVE' })).r).toEqual([]);
    expect((await api.update(VOLT_MANAGER, 'LicenceEntity', [{ id: swLicence.id, status: 'ACTIVE' }])).code).toBe('NOT_FOUND');
    expect(
      (await api.bulk(SAFETY_WORKER, 'LicenceEntity', [swLicence.id], ['mehubAccountId'], { mehubAccountId: h.users[SPARK_MANAGER].id }))
        .message,
    ).toBe('You can only add or change licences of your own account');
    expect((await api.row<{ status: string }>('licence', swLicence.id))!.status).toBe('PENDING');
  });
  it("a worker's new attachment on their approved licence waits for approval like an edit of the licence", async () => {
    const made = await api.create<{ id: string; status: string }>(
      SPARK_MANAGER,
      'LicenceEntity',
      [{ licenceName: 'Approved', licenceIssuer: 'Board', licenceType: 'ELECTRICAL', mehubAccountId: h.users[SAFETY_WORKER].id }],
      'id status',
    );
    expect(made.r![0].status).toBe('ACTIVE');
    const res = await api.create(SAFETY_WORKER, 'LicenceAttachmentsEntity', [{ licenceId: made.r![0].id }]);
    const status = (await api.row<{ status: string }>('licence', made.r![0].id))!.status;
    expect(res.message !== null || status === 'PENDING').toBe(true);
  });
});

describe('routes across organisations', () => {
  it("Voltline gets another organisation's user PDF as not found, and a bulk download with one of Sparkright's documents refused whole", async () => {
    const pdf = await h.app.inject({
      url: `/api/entity/MehubAccountEntity/pdf/${h.users[SPARK_WORKER].id}`,
      headers: h.headers(VOLT_MANAGER),
    });
    expect(pdf.statusCode).toBe(404);
    const spark = await documentOf('DEMO1', 'ACTIVE');
    const volt = await documentOf('DEMO2', 'ACTIVE');
    const zip = await h.app.inject({
      url: `/api/files/bulkDocuments?documentId=${volt}&documentId=${spark}`,
      headers: h.headers(VOLT_WORKER),
    });
    expect(zip.statusCode).toBe(404);
    expect(zip.headers['content-type']).toMatch(/json/);
  });

  it('the integration API keeps a token to its organisation', async () => {
    const made = await h.app.inject({
      method: 'POST',
      url: '/api/account/generate-key',
      headers: { 'content-type': 'application/json', ...h.headers(VOLT_MANAGER) },
      payload: JSON.stringify({ name: 'attack' }),
    });
    const key = made.json<{ key: string; id: string }>();
    const bearer = { authorization: `Bearer ${key.key}` };
    const form = await fillableForm(SPARK_WORKER);
    const post = await h.app.inject({
      method: 'POST',
      url: '/api/integration/submissions',
      headers: { 'content-type': 'application/json', ...bearer },
      payload: JSON.stringify({ formId: form.id, mehubAccountId: h.users[SPARK_WORKER].id, jobNumber: 'J1', answers: {} }),
    });
    expect(post.statusCode).toBe(400);
    expect(post.json().errors[0].message).toBe('mehubAccountId must be the id of a user of your organisation');
    const users = await h.app.inject({ url: '/api/integration/users', headers: bearer });
    expect(users.json<{ items: { email: string }[] }>().items.every((u) => u.email.endsWith('@voltline.example'))).toBe(true);
    const gql = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json', ...bearer },
      payload: JSON.stringify({ query: `{ r: assetEntity(id: "${await assetOf('DEMO1', 'IN_SERVICE')}") { id } }` }),
    });
    expect(gql.json().data.r).toBeNull();
    await h.app.inject({
      method: 'POST',
      url: '/api/account/revoke-key',
      headers: { 'content-type': 'application/json', ...h.headers(VOLT_MANAGER) },
      payload: JSON.stringify({ id: key.id }),
    });
    expect((await h.app.inject({ url: '/api/integration/forms', headers: bearer })).statusCode).toBe(401);
  });

  it('an administrator still reads every organisation (the probes above are not vacuous)', async () => {
    const res = await h.gql<{ r: { memberOrganisationId: string }[] }>(SUPER, '{ r: assetEntitys { memberOrganisationId } }');
    expect(new Set(res.data!.r.map((a) => a.memberOrganisationId)).size).toBe(2);
  });
});
