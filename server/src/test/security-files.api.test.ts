import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from './harness';

/**
 * Uploaded files (issue 8): what is stored and how it is served (1), multipart requests
 * bounded before they are read (5), map paths that reach a prototype (2), file references
 * checked like rows (7), and GraphQL introspection for visitors (11).
 */
let h: Harness;
const dataDir = mkdtempSync(join(tmpdir(), 'hub-security-files-'));
beforeAll(async () => {
  h = await startHarness({ config: { dataDir } });
});
beforeEach(async () => {
  await h.reset();
  mkdirSync(join(dataDir, 'files'), { recursive: true });
  for (const name of readdirSync(join(dataDir, 'files'), { withFileTypes: true }).filter((e) => e.isFile()))
    rmSync(join(dataDir, 'files', name.name));
});
afterAll(() => h.close());

/** Files kept on disk by the storage (none may stay behind a refused request). */
const storedOnDisk = (): number => {
  try {
    return readdirSync(join(dataDir, 'files')).length;
  } catch {
    return 0;
  }
};
const fileRows = async () => Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM file')).rows[0].n);

type Part = { name: string; value: string } | { name: string; data: Buffer | Uint8Array; filename: string; type?: string };
interface Answer {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

/** A raw multipart request, parts in the order given. */
async function multipart(who: string | null, parts: Part[]): Promise<Answer> {
  const form = new FormData();
  for (const p of parts)
    if ('value' in p) form.append(p.name, p.value);
    else form.append(p.name, new Blob([new Uint8Array(p.data)], { type: p.type ?? '' }), p.filename);
  const req = new Request('http://x/api/graphql', { method: 'POST', body: form });
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { 'content-type': req.headers.get('content-type')!, ...h.headers(who) },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() };
}

const ATTACH = `mutation($m: [AssetAttachmentsEntityInput!]!) {
  r: createAssetAttachmentsEntity(assetAttachmentsEntityModels: $m) { id attachmentsId attachments { fileName contentType size } } }`;

async function assetOf(who: string): Promise<string> {
  const res = await h.gql<{ assetEntitys: { id: string }[] }>(who, `{ assetEntitys(take: 1) { id } }`);
  return res.data!.assetEntitys[0].id;
}

/** Uploads one file as an asset attachment of the caller's organisation. */
async function attach(who: string, data: Buffer | Uint8Array, filename: string, type: string): Promise<Answer> {
  return multipart(who, [
    {
      name: 'operations',
      value: JSON.stringify({ query: ATTACH, variables: { m: [{ assetId: await assetOf(who), attachments: null }] } }),
    },
    { name: 'map', value: JSON.stringify({ 0: ['variables.m.0.attachments'] }) },
    { name: '0', data, filename, type },
  ]);
}

const saved = (a: Answer) =>
  (a.body.data as { r: { id: string; attachmentsId: string; attachments: { fileName: string; contentType: string; size: number } }[] })
    .r[0];

const download = (who: string, id: string, query = '') =>
  h.app.inject({ url: `/api/files/${id}${query}`, headers: { cookie: `${SESSION_COOKIE}=${h.users[who].cookie}` } });

// Smallest real files of a few types.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HTML = Buffer.from(
  '<!doctype html><html><body><script src="/api/files/00000000-0000-4000-8000-000000000000"></script></body></html>',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><circle r="5"/></svg>');
const JS = Buffer.from('fetch("/api/account/me").then((r) => r.text()).then(alert);');

describe('uploaded files never run in the hub (issue 8, item 1)', () => {
  it('stores the type found in the content, not the type the client claimed', async () => {
    const html = await attach(SPARK_MANAGER, HTML, 'page.html', 'text/html');
    expect(html.body.errors).toBeUndefined();
    expect(saved(html).attachments.contentType).toBe('text/plain');
    const png = await attach(SPARK_MANAGER, PNG, 'photo.png', 'text/html');
    expect(saved(png).attachments.contentType).toBe('image/png');
    const script = await attach(SPARK_MANAGER, JS, 'tool.js', 'text/javascript');
    expect(saved(script).attachments.contentType).toBe('text/plain');
    const binary = await attach(SPARK_MANAGER, Buffer.from([0x80, 0x81, 0x00, 0x9f, 0xc3, 0x28]), 'notes.txt', 'text/plain');
    expect(saved(binary).attachments.contentType).toBe('application/octet-stream');
    const csv = await attach(SPARK_MANAGER, Buffer.from('Asset,Due\nLadder,2025-01-01\n'), 'assets.csv', 'text/csv');
    expect(saved(csv).attachments.contentType).toBe('text/csv');
  });

  it('serves active content as a sandboxed download, never inline with its own type', async () => {
    for (const [data, name, type] of [
      [HTML, 'page.html', 'text/html'],
      [SVG, 'logo.svg', 'image/svg+xml'],
      [JS, 'tool.js', 'application/javascript'],
    ] as const) {
      const file = saved(await attach(SPARK_MANAGER, data, name, type));
      const res = await download(SPARK_MANAGER, file.attachmentsId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(res.headers['content-type']).not.toMatch(/html|svg|xml|javascript/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/\bsandbox\b/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });

  it('shows images and PDFs inline with their own type, under a locked-down policy', async () => {
    const png = saved(await attach(SPARK_MANAGER, PNG, 'photo.png', 'image/png'));
    const image = await download(SPARK_MANAGER, png.attachmentsId);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline;/);
    expect(image.headers['content-security-policy']).toMatch(/\bsandbox\b/);
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const pdf = saved(await attach(SPARK_MANAGER, PDF, 'tag.pdf', 'application/octet-stream'));
    const shown = await download(SPARK_MANAGER, pdf.attachmentsId);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toMatch(/^inline;/);
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect((await download(SPARK_MANAGER, pdf.attachmentsId, '?download=true')).headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('serves rows stored earlier with a dangerous type as a download', async () => {
    const file = saved(await attach(SPARK_MANAGER, HTML, 'page.html', 'text/html'));
    for (const type of ['text/html', 'image/svg+xml', 'text/xml', 'application/xhtml+xml', 'text/javascript', 'IMAGE/PNG; x=<y>']) {
      await h.db.query('UPDATE file SET content_type = $1 WHERE id = $2', [type, file.attachmentsId]);
      const res = await download(SPARK_MANAGER, file.attachmentsId);
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-security-policy']).toMatch(/\bsandbox\b/);
    }
  });

  it('refuses a file whose content is not of a type the field accepts, whatever the client claims', async () => {
    const query = `mutation($m: [StandardEntityInput!]!) { r: createStandardEntity(standardEntityModels: $m) { id icon { contentType } } }`;
    const send = (data: Buffer, filename: string, type: string) =>
      multipart(ADMIN, [
        { name: 'operations', value: JSON.stringify({ query, variables: { m: [{ name: 'Ladders', icon: null }] } }) },
        { name: 'map', value: JSON.stringify({ 0: ['variables.m.0.icon'] }) },
        { name: '0', data, filename, type },
      ]);
    const svg = await send(SVG, 'icon.svg', 'image/svg+xml');
    expect(svg.body.errors?.[0].message).toBe('Content type text/plain is not valid for image/');
    const html = await send(HTML, 'icon.png', 'image/png');
    expect(html.body.errors?.[0].message).toBe('Content type text/plain is not valid for image/');
    expect(await fileRows()).toBe(0);
    expect(storedOnDisk()).toBe(0);
    const png = await send(PNG, 'icon.png', 'application/octet-stream');
    expect(png.body.errors).toBeUndefined();
    expect((png.body.data as { r: { icon: { contentType: string } }[] }).r[0].icon.contentType).toBe('image/png');
  });
});

describe('multipart requests are bounded before they are read (issue 8, item 5)', () => {
  const ops = (assetId: string) => JSON.stringify({ query: ATTACH, variables: { m: [{ assetId, attachments: null }] } });

  it('refuses uploads from visitors before reading a part', async () => {
    const res = await multipart(null, [
      { name: 'operations', value: ops('00000000-0000-4000-8000-000000000000') },
      { name: 'map', value: JSON.stringify({ 0: ['variables.m.0.attachments'] }) },
      { name: '0', data: PDF, filename: 'tag.pdf', type: 'application/pdf' },
    ]);
    expect(res.status).toBe(401);
    expect(res.body.errors?.[0].message).toBe('You need to sign in to upload files');
    expect(storedOnDisk()).toBe(0);
  });

  it('refuses file parts that map does not name, and files sent before the map', async () => {
    const assetId = await assetOf(SPARK_MANAGER);
    const big = Buffer.alloc(5_000_000, 1);
    const unnamed = await multipart(SPARK_MANAGER, [
      { name: 'operations', value: ops(assetId) },
      { name: 'map', value: JSON.stringify({ 0: ['variables.m.0.attachments'] }) },
      { name: 'extra', data: big, filename: 'a.bin' },
      { name: '0', data: PDF, filename: 'tag.pdf' },
    ]);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.errors?.[0].message).toBe("The file part 'extra' is not named in map.");
    const early = await multipart(SPARK_MANAGER, [
      { name: 'operations', value: ops(assetId) },
      { name: '0', data: PDF, filename: 'tag.pdf' },
      { name: 'map', value: JSON.stringify({ 0: ['variables.m.0.attachments'] }) },
    ]);
    expect(early.status).toBe(400);
    expect(early.body.errors?.[0].message).toBe('A multipart request must send operations and map before its files.');
    expect(await fileRows()).toBe(0);
    expect(storedOnDisk()).toBe(0);
  });

  it("stops reading a file at its field's limit and keeps nothing of it", async () => {
    const assetId = await assetOf(SPARK_MANAGER);
    const res = await multipart(SPARK_MANAGER, [
      { name: 'operations', value: ops(assetId) },
      { name: 'map', value: JSON.stringify({ 0: ['variables.m.0.attachments'] }) },
      { name: '0', data: Buffer.alloc(20_000_001, 7), filename: 'big.bin' },
    ]);
    expect(res.status).toBe(413);
    expect(res.body.errors?.[0].message).toBe('The provided file is too large, the maximum file size is 20MB.');
    expect(await fileRows()).toBe(0);
    expect(storedOnDisk()).toBe(0);
  });

  it('refuses a map path that names no file of the operation', async () => {
    const assetId = await assetOf(SPARK_MANAGER);
    for (const path of ['variables.m.0.assetId', 'variables.m.5.attachments', 'variables.nothing', 'query']) {
      const res = await multipart(SPARK_MANAGER, [
        { name: 'operations', value: ops(assetId) },
        { name: 'map', value: JSON.stringify({ 0: [path] }) },
        { name: '0', data: PDF, filename: 'tag.pdf' },
      ]);
      expect(res.status, path).toBe(400);
      expect(res.body.errors?.[0].message, path).toBe(`The map path '${path}' does not name a file of the operation.`);
    }
    expect(storedOnDisk()).toBe(0);
  });

  it('keeps no file of a save that fails', async () => {
    const res = await multipart(SPARK_MANAGER, [
      { name: 'operations', value: ops('00000000-0000-4000-8000-000000000000') },
      { name: 'map', value: JSON.stringify({ 0: ['variables.m.0.attachments'] }) },
      { name: '0', data: PDF, filename: 'tag.pdf' },
    ]);
    expect(res.body.errors?.[0].message).toBe('The selected asset does not exist');
    expect(await fileRows()).toBe(0);
    expect(storedOnDisk()).toBe(0);
  });

  it('keeps the file of a save that succeeds', async () => {
    const res = await attach(SPARK_MANAGER, PDF, 'tag.pdf', 'application/pdf');
    expect(res.body.errors).toBeUndefined();
    expect(await fileRows()).toBe(1);
    expect(storedOnDisk()).toBe(1);
    expect((await download(SPARK_MANAGER, saved(res).attachmentsId)).body).toBe(PDF.toString());
  });
});

describe('a multipart map never reaches a prototype (issue 8, item 2)', () => {
  it('refuses __proto__, prototype and constructor, and changes nothing', async () => {
    const assetId = await assetOf(SPARK_MANAGER);
    for (const path of [
      '__proto__.AssetEntity',
      '__proto__.password',
      'variables.__proto__.password',
      'constructor.prototype.AssetEntity',
      'variables.m.constructor.prototype.password',
      'variables.m.0.__proto__',
    ]) {
      const res = await multipart(SPARK_MANAGER, [
        { name: 'operations', value: JSON.stringify({ query: ATTACH, variables: { m: [{ assetId, attachments: null }] } }) },
        { name: 'map', value: JSON.stringify({ 0: [path] }) },
        { name: '0', data: PDF, filename: 'tag.pdf' },
      ]);
      expect(res.status, path).toBe(400);
    }
    expect(({} as Record<string, unknown>).AssetEntity).toBeUndefined();
    expect(({} as Record<string, unknown>).password).toBeUndefined();
    const assets = await h.gql(VOLT_MANAGER, `{ assetEntitys { id description } }`);
    expect(assets.errors).toBeUndefined();
    expect((assets.data as { assetEntitys: unknown[] }).assetEntitys.length).toBeGreaterThan(0);
    const account = await h.gql(
      SPARK_WORKER,
      `mutation($m: [MehubAccountEntityInput!]!) { updateMehubAccountEntity(mehubAccountEntityModels: $m) { firstname } }`,
      { m: [{ id: h.users[SPARK_WORKER].id, firstname: 'Still' }] },
    );
    expect(account.errors).toBeUndefined();
  });

  it('refuses a map part name that is a property of every object', async () => {
    const res = await multipart(SPARK_MANAGER, [
      { name: 'operations', value: JSON.stringify({ query: ATTACH, variables: { m: [] } }) },
      { name: 'map', value: JSON.stringify({}) },
      { name: 'constructor', data: PDF, filename: 'tag.pdf' },
    ]);
    expect(res.status).toBe(400);
  });
});

describe('file references are checked like rows (issue 8, item 7)', () => {
  /** A file row belonging to `owner` (a record of `entity`), or to nothing. */
  async function fileOf(entity: string | null, owner: string | null, name = 'secret-plan.pdf'): Promise<string> {
    const { rows } = await h.db.query<{ id: string }>(
      `INSERT INTO file (file_name, content_type, size, storage_key, owner_entity, owner_id) VALUES ($1, 'application/pdf', 1234, 'none', $2, $3) RETURNING id`,
      [name, entity, owner],
    );
    return rows[0].id;
  }
  const create = (who: string, input: Record<string, unknown>) =>
    h.gql(
      who,
      `mutation($m: [AssetAttachmentsEntityInput!]!) { r: createAssetAttachmentsEntity(assetAttachmentsEntityModels: $m) { id attachments { fileName contentType size } } }`,
      {
        m: [input],
      },
    );

  it("refuses another organisation's file, or a file of no record, and never shows it", async () => {
    const voltAsset = await assetOf(VOLT_MANAGER);
    const foreign = await fileOf('AssetEntity', voltAsset);
    const orphan = await fileOf(null, null);
    const assetId = await assetOf(SPARK_MANAGER);
    for (const id of [foreign, orphan, '00000000-0000-4000-8000-000000000000']) {
      const res = await create(SPARK_MANAGER, { assetId, attachmentsId: id });
      expect(res.errors?.[0].message).toBe('The selected file does not exist');
      expect(res.errors?.[0].extensions).toMatchObject({ path: 'attachmentsId', validation: 'notExist' });
      expect(JSON.stringify(res)).not.toContain('secret-plan');
    }
    const { rows } = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM asset_attachments WHERE attachments_id = ANY($1::uuid[])',
      [[foreign, orphan]],
    );
    expect(rows[0].n).toBe(0);
    // The same through an update of a record that has a file field: a document's link replaced
    // by an upload (the file-or-link rule: one of them, so the link goes).
    const doc = await h.gql<{ documentEntitys: { id: string }[] }>(SPARK_MANAGER, `{ documentEntitys(take: 1) { id } }`);
    const update = await h.gql(
      SPARK_MANAGER,
      `mutation($m: [DocumentEntityInput!]!) { updateDocumentEntity(documentEntityModels: $m) { id } }`,
      { m: [{ id: doc.data!.documentEntitys[0].id, documentLink: null, documentUploadId: foreign }] },
    );
    expect(update.errors?.[0].message).toBe('The selected file does not exist');
    const kept = await h.db.query('SELECT document_link IS NOT NULL AS link, document_upload_id AS upload FROM document WHERE id = $1', [
      doc.data!.documentEntitys[0].id,
    ]);
    expect(kept.rows).toEqual([{ link: true, upload: null }]);
  });

  it("accepts a file of a record the caller can see, and keeps a record's own file on update", async () => {
    const assetId = await assetOf(SPARK_MANAGER);
    const own = await fileOf('AssetEntity', assetId, 'own.pdf');
    const res = await create(SPARK_MANAGER, { assetId, attachmentsId: own });
    expect(res.errors).toBeUndefined();
    expect((res.data as { r: { attachments: { fileName: string } }[] }).r[0].attachments.fileName).toBe('own.pdf');
    // An administrator reads every organisation's files.
    const voltFile = await fileOf('AssetEntity', await assetOf(VOLT_MANAGER));
    expect((await create(ADMIN, { assetId, attachmentsId: voltFile })).errors).toBeUndefined();
    // A record keeps a file it already has, even one the caller could not pick today.
    const id = (res.data as { r: { id: string }[] }).r[0].id;
    await h.db.query(`UPDATE file SET owner_entity = NULL, owner_id = NULL WHERE id = $1`, [own]);
    const keep = await h.gql(
      SPARK_MANAGER,
      `mutation($m: [AssetAttachmentsEntityInput!]!) { r: updateAssetAttachmentsEntity(assetAttachmentsEntityModels: $m) { id } }`,
      { m: [{ id, attachmentsId: own }] },
    );
    expect(keep.errors).toBeUndefined();
  });
});

describe('GraphQL introspection and suggestions (issue 8, item 11)', () => {
  const INTROSPECT = '{ __schema { queryType { name } } }';

  it('answers no introspection and no suggestions to visitors', async () => {
    const schema = await h.gql(null, INTROSPECT);
    expect(schema.status).toBe(400);
    expect(schema.errors?.[0].message).toMatch(/introspection/i);
    const type = await h.gql(null, '{ __type(name: "AssetEntity") { fields { name } } }');
    expect(type.status).toBe(400);
    const typo = await h.gql(null, '{ assetEntitys { descriptio } }');
    expect(typo.errors?.[0].message).toBe('Cannot query field "descriptio" on type "AssetEntity".');
    const enumTypo = await h.gql(null, '{ assetEntitys(where: [{ path: "x", comparison: equa }]) { id } }');
    expect(enumTypo.errors?.map((e) => e.message).join(' ')).not.toContain('Did you mean');
    const variableTypo = await h.gql(null, 'query($w: [WhereExpressionGraph!]) { assetEntitys(where: $w) { id } }', {
      w: [{ path: 'x', comparison: 'equa' }],
    });
    expect(variableTypo.errors?.map((e) => e.message).join(' ')).not.toContain('Did you mean');
  });

  it('keeps introspection and suggestions for signed-in users, whoever asked the same query first', async () => {
    expect((await h.gql(null, INTROSPECT)).status).toBe(400);
    const user = await h.gql(SPARK_MANAGER, INTROSPECT);
    expect(user.errors).toBeUndefined();
    expect(user.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    expect((await h.gql(null, INTROSPECT)).status).toBe(400);
    const typo = await h.gql(ADMIN, '{ assetEntitys { descriptio } }');
    expect(typo.errors?.[0].message).toContain('Did you mean "description"?');
  });
});
