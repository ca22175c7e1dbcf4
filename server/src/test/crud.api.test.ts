import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { SPARK_MANAGER, SUPER, startHarness, type Harness } from './harness';
import { parseCsv as parse } from './csv';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const createAsset = async (who: string, input: Record<string, unknown>) =>
  h.gql<{ createAssetEntity: { id: string }[] }>(
    who,
    `mutation($m: [AssetEntityInput!]!) { createAssetEntity(assetEntityModels: $m) { id } }`,
    { m: [input] },
  );

describe('create and update', () => {
  it('applies defaults, the caller organisation and the wire date format', async () => {
    const res = await h.gql<{ createAssetEntity: Record<string, unknown>[] }>(
      SPARK_MANAGER,
      `mutation($m: [AssetEntityInput!]!) { createAssetEntity(assetEntityModels: $m) { id status inspectionFrequency memberOrganisationId nextInspection reminderNotification created } }`,
      {
        m: [
          { assetType: 'TOOL', description: 'Drill', nextInspection: '2026-12-01T09:30:00Z', reminderNotification: '2026-12-01T09:30:00Z' },
        ],
      },
    );
    expect(res.errors).toBeUndefined();
    const asset = res.data!.createAssetEntity[0];
    expect(asset).toMatchObject({
      status: 'IN_SERVICE',
      inspectionFrequency: 'THREE_MONTHS',
      memberOrganisationId: h.org.spark,
      nextInspection: '2026-12-01',
      reminderNotification: '2026-12-01 09:30:00',
    });
    expect(asset.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('reports validation messages with their path and saves nothing', async () => {
    const res = await createAsset(SPARK_MANAGER, { assetType: 'TOOL', description: '   ' });
    expect(res.errors![0]).toMatchObject({
      message: 'This field is required',
      extensions: { code: 'VALIDATION', path: 'description', validation: 'required' },
    });
    const doc = await h.gql(
      SPARK_MANAGER,
      `mutation($m: [DocumentEntityInput!]!) { createDocumentEntity(documentEntityModels: $m) { id } }`,
      {
        m: [{ documentName: 'No file', documentTypess: [] }],
      },
    );
    const messages = (doc.errors![0].extensions!.issues as { message: string }[]).map((i) => i.message);
    expect(messages).toEqual(['At least one item must be selected', 'No document or link was provided']);
  });

  it("answers 'Could not save entity' with the unique-value message", async () => {
    const res = await h.gql(
      SUPER,
      `mutation($m: [MemberOrganisationEntityInput!]!) { createMemberOrganisationEntity(memberOrganisationEntityModels: $m) { id } }`,
      {
        m: [{ name: 'Copy', memberCode: 'demo1', isActive: true }],
      },
    );
    expect(res.errors![0].message).toBe('Could not save entity: This value entered has already been used');
  });

  it('never returns passwords and keeps email immutable', async () => {
    const res = await h.gql<{ updateMehubAccountEntity: { email: string }[] }>(
      SUPER,
      `mutation($m: [MehubAccountEntityInput!]!) { updateMehubAccountEntity(mehubAccountEntityModels: $m) { email } }`,
      { m: [{ id: h.users[SPARK_MANAGER].id, email: 'changed@example.org', firstname: 'Sam' }] },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateMehubAccountEntity[0].email).toBe(SPARK_MANAGER);
    const schema = await h.gql(SUPER, `{ mehubAccountEntitys { password } }`);
    expect(schema.errors![0].message).toContain('Cannot query field "password"');
    const { rows } = await h.db.query<{ password: string }>('SELECT password FROM mehub_account WHERE id = $1', [
      h.users[SPARK_MANAGER].id,
    ]);
    expect(rows[0].password).toMatch(/^\$argon2id\$/);
  });

  it('replaces reference lists unless mergeReferences names them', async () => {
    const types = await h.gql<{ documentTypesEntitys: { id: string; name: string }[] }>(
      SUPER,
      `{ documentTypesEntitys(orderBy: [{path: "order"}]) { id name } }`,
    );
    const [swms, sds, business] = types.data!.documentTypesEntitys;
    const created = await h.gql<{ createDocumentEntity: { id: string }[] }>(
      SPARK_MANAGER,
      `mutation($m: [DocumentEntityInput!]!) { createDocumentEntity(documentEntityModels: $m) { id } }`,
      { m: [{ documentName: 'Plan', documentLink: 'https://example.org/p', documentTypess: [{ id: swms.id }] }] },
    );
    const id = created.data!.createDocumentEntity[0].id;
    const update = (refs: { id: string }[], merge: string[] | null) =>
      h.gql<{ updateDocumentEntity: { documentTypess: { name: string }[] }[] }>(
        SUPER,
        `mutation($m: [DocumentEntityInput!]!, $r: [String!]) { updateDocumentEntity(documentEntityModels: $m, mergeReferences: $r) { documentTypess { name } } }`,
        { m: [{ id, documentTypess: refs }], r: merge },
      );
    const merged = await update([{ id: sds.id }], ['documentTypess']);
    expect(merged.errors).toBeUndefined();
    expect(merged.data!.updateDocumentEntity[0].documentTypess.map((t) => t.name).sort()).toEqual([swms.name, sds.name].sort());
    const replaced = await update([{ id: business.id }], null);
    expect(replaced.data!.updateDocumentEntity[0].documentTypess.map((t) => t.name)).toEqual([business.name]);
  });

  it('is all or nothing across a list of inputs', async () => {
    const before = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM asset');
    const res = await h.gql(SPARK_MANAGER, `mutation($m: [AssetEntityInput!]!) { createAssetEntity(assetEntityModels: $m) { id } }`, {
      m: [{ assetType: 'TOOL', description: 'Fine' }, { assetType: 'TOOL' }],
    });
    expect(res.errors![0].extensions).toMatchObject({ path: '1.description' });
    const after = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM asset');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('delete', () => {
  it('deletes the reminder logs of a deleted asset', async () => {
    const id = (await createAsset(SPARK_MANAGER, { assetType: 'TOOL', description: 'Old drill' })).data!.createAssetEntity[0].id;
    await h.gql(SPARK_MANAGER, `mutation($m: [ReminderLogEntityInput!]!) { createReminderLogEntity(reminderLogEntityModels: $m) { id } }`, {
      m: [{ entityID: id, triggerType: 'ASSET_INSPECTION', reminderType: 'DUE_DATE', description: 'Inspect' }],
    });
    const res = await h.gql(SPARK_MANAGER, `mutation($ids: [ID!]!) { deleteAssetEntity(assetEntityIds: $ids) }`, { ids: [id] });
    expect(res.errors).toBeUndefined();
    const { rows } = await h.db.query('SELECT 1 FROM reminder_log WHERE entity_id = $1', [id]);
    expect(rows).toEqual([]);
  });

  it("refuses to delete a parent asset with the spec's association message", async () => {
    const parent = (await createAsset(SPARK_MANAGER, { assetType: 'PLANT', description: 'Van' })).data!.createAssetEntity[0].id;
    await createAsset(SPARK_MANAGER, { assetType: 'TOOL', description: 'Van drill', parentAssetId: parent });
    const one = await h.gql(SPARK_MANAGER, `mutation($ids: [ID!]!) { deleteAssetEntity(assetEntityIds: $ids) }`, { ids: [parent] });
    expect(one.errors![0].message).toBe(
      'Detail redacted: This record could not be deleted because of an association or because it has linked child/parent assets',
    );
    const { rows } = await h.db.query('SELECT 1 FROM asset WHERE id = $1', [parent]);
    expect(rows.length).toBe(1);
  });

  it('bulk deletes all pages except the excluded ids, as one transaction', async () => {
    const res = await h.gql<{ assetEntitys: { id: string }[] }>(SPARK_MANAGER, `{ assetEntitys { id } }`);
    const [keep, ...rest] = res.data!.assetEntitys.map((a) => a.id);
    const del = await h.gql<{ deleteAssetEntitysConditional: string[] }>(
      SPARK_MANAGER,
      `mutation($c: [[WhereExpressionGraph!]!]) { deleteAssetEntitysConditional(conditions: $c) }`,
      { c: [[{ path: 'id', comparison: 'notIn', value: [keep] }]] },
    );
    expect(del.data!.deleteAssetEntitysConditional.sort()).toEqual(rest.sort());
    const left = await h.gql<{ assetEntitys: { id: string }[] }>(SPARK_MANAGER, `{ assetEntitys { id } }`);
    expect(left.data!.assetEntitys.map((a) => a.id)).toEqual([keep]);
    const volt = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM asset WHERE member_organisation_id = $1', [h.org.volt]);
    expect(volt.rows[0].n).toBe(4);
  });

  it('refuses a bulk operation without any filter', async () => {
    const res = await h.gql(SUPER, `mutation { deleteAssetEntitysConditional }`);
    expect(res.errors![0].message).toMatch(/needs conditions or ids/);
  });
});

describe('bulk update', () => {
  it('sets the named fields on the matching visible rows', async () => {
    const res = await h.gql<{ updateAssetEntitysConditional: string[] }>(
      SPARK_MANAGER,
      `mutation($c: [[WhereExpressionGraph!]!], $v: AssetEntityInput!) { updateAssetEntitysConditional(conditions: $c, fieldsToUpdate: ["comments"], values: $v) }`,
      { c: [[{ path: 'assetType', comparison: 'in', value: ['LADDER', 'HARNESS'] }]], v: { comments: 'Checked', description: 'ignored' } },
    );
    expect(res.data!.updateAssetEntitysConditional).toHaveLength(2);
    const { rows } = await h.db.query<{ comments: string | null; description: string }>(
      `SELECT comments, description FROM asset WHERE asset_type IN ('LADDER', 'HARNESS') ORDER BY member_organisation_id = $1 DESC`,
      [h.org.spark],
    );
    expect(rows.map((r) => r.comments)).toEqual(['Checked', 'Checked', null, null]);
    expect(rows.some((r) => r.description === 'ignored')).toBe(false);
  });
});

describe('files', () => {
  const upload = async (who: string, name: string, content: Buffer, type: string) => {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query:
          'mutation($m: [AssetAttachmentsEntityInput!]!) { createAssetAttachmentsEntity(assetAttachmentsEntityModels: $m) { id attachmentsId attachments { fileName size contentType } } }',
        variables: { m: [{ assetId: null, attachments: null }] },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.m.0.attachments'] }));
    form.append('0', new Blob([new Uint8Array(content)], { type }), name);
    const assets = await h.gql<{ assetEntitys: { id: string }[] }>(who, `{ assetEntitys(take: 1) { id } }`);
    const ops = JSON.parse(form.get('operations') as string);
    ops.variables.m[0].assetId = assets.data!.assetEntitys[0].id;
    form.set('operations', JSON.stringify(ops));
    const req = new Request('http://x/api/graphql', { method: 'POST', body: form });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': req.headers.get('content-type')!, ...h.headers(who) },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    return res.json() as {
      data?: { createAssetAttachmentsEntity: { id: string; attachmentsId: string; attachments: { fileName: string; size: number } }[] };
      errors?: { message: string }[];
    };
  };

  it('saves a file from a multipart request and serves it to its organisation only', async () => {
    const res = await upload(SPARK_MANAGER, 'test-tag.pdf', Buffer.from('%PDF-1.4 test tag certificate'), 'application/pdf');
    expect(res.errors).toBeUndefined();
    const saved = res.data!.createAssetAttachmentsEntity[0];
    expect(saved.attachments).toMatchObject({ fileName: 'test-tag.pdf', size: 29 });
    const get = (who: string, path: string) => h.app.inject({ url: path, headers: { cookie: `${SESSION_COOKIE}=${h.users[who].cookie}` } });
    const own = await get(SPARK_MANAGER, `/api/files/${saved.attachmentsId}?download=true`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('%PDF-1.4 test tag certificate');
    expect(own.headers['content-disposition']).toContain('attachment');
    const meta = await get(SPARK_MANAGER, `/api/files/metadata/${saved.attachmentsId}`);
    expect(meta.json()).toMatchObject({ fileName: 'test-tag.pdf' });
    expect((await get('safetymanager@voltline.example', `/api/files/${saved.attachmentsId}`)).statusCode).toBe(404);
  });

  it("refuses a file over the field's limit with the spec's message", async () => {
    const res = await upload(SPARK_MANAGER, 'big.bin', Buffer.alloc(20_000_001), 'application/octet-stream');
    expect(res.errors![0].message).toBe('The provided file is too large, the maximum file size is 20MB.');
    const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM file');
    expect(rows[0].n).toBe(0);
  });
});

describe('CSV export', () => {
  it('exports the filtered rows with labelled columns and display names', async () => {
    const conditions = encodeURIComponent(JSON.stringify([[{ path: 'assetType', comparison: 'equal', value: ['LADDER'] }]]));
    const res = await h.app.inject({
      url: `/api/entity/AssetEntity/export?stringConditions=${conditions}`,
      headers: { cookie: `${SESSION_COOKIE}=${h.users[SPARK_MANAGER].cookie}` },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toContain('Asset Name/Description');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Ladder');
    expect(lines[1]).toContain('Fibreglass step ladder');
  });

  it("names each reference beside its id, by the row's display value, as the caller may read it", async () => {
    const res = await h.app.inject({
      url: '/api/entity/LicenceEntity/export',
      headers: { cookie: `${SESSION_COOKIE}=${h.users[SPARK_MANAGER].cookie}` },
    });
    expect(res.statusCode).toBe(200);
    const [head, ...rows] = parse(res.body);
    const at = head.indexOf('Account');
    expect(at).toBeGreaterThan(0);
    expect(head[at + 1]).toBe('Account Name');
    expect(rows.length).toBeGreaterThan(0);
    const emails = new Set(Object.values(h.users).map((u) => u.email));
    for (const row of rows) {
      expect(row[at]).toMatch(/^[0-9a-f-]{36}$/);
      expect(emails.has(row[at + 1]), row[at + 1]).toBe(true);
      expect(h.users[row[at + 1]].id).toBe(row[at]);
    }
  });
});
