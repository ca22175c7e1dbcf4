import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeMultipart } from './multipart-body';
import { zipOf } from '../files/bulk';
import { UPLOAD_LIMITS } from '../files/limits';
import { cleanFileName, servingHeaders } from '../files/types';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from './harness';
import { TINY_JPEG, uploadPhoto } from './photo-fixtures';

/**
 * Uploads after the outsider's attack report (issue 26): a storage quota per organisation and
 * an upload rate per account, counted in the database (5); no staging key in an error (6a); an
 * unmapped part refused at once (6b); no bidirectional controls in any file name the hub writes
 * (6c); bulk zips past 4 GB in Zip64 (6d).
 */
let h: Harness;
const defaults = { ...UPLOAD_LIMITS };
const KB = 1000;
const MB = 1000 * KB;
beforeAll(async () => {
  h = await startHarness({ config: { dataDir: mkdtempSync(join(tmpdir(), 'hub-issue26-uploads-')) } });
});
beforeEach(() => h.reset());
afterEach(() => {
  Object.assign(UPLOAD_LIMITS, defaults);
});
afterAll(() => h.close());

const ATTACH = `mutation($m: [AssetAttachmentsEntityInput!]!) {
  r: createAssetAttachmentsEntity(assetAttachmentsEntityModels: $m) { id attachmentsId attachments { fileName size } } }`;

async function assetOf(who: string): Promise<string> {
  const res = await h.gql<{ assetEntitys: { id: string }[] }>(who, `{ assetEntitys(take: 1) { id } }`);
  return res.data!.assetEntitys[0].id;
}

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: { data?: { r?: { id: string; attachments: { fileName: string } }[] } | null; errors?: { message: string }[] };
}

/** An asset attachment of `size` bytes of text, uploaded by `who` to an asset they see (`assetId` for an administrator). */
async function attach(who: string, size: number, o: { assetId?: string; filename?: string } = {}): Promise<Answer> {
  const { body, type } = await encodeMultipart([
    {
      name: 'operations',
      value: JSON.stringify({ query: ATTACH, variables: { m: [{ assetId: o.assetId ?? (await assetOf(who)), attachments: null }] } }),
    },
    { name: 'map', value: JSON.stringify({ 0: ['variables.m.0.attachments'] }) },
    { name: '0', data: Buffer.alloc(size, 'a'), filename: o.filename ?? 'notes.txt' },
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { 'content-type': type, ...h.headers(who) },
    payload: body,
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

const fileRows = async () => Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM file')).rows[0].n);

/** Files another hub process stored for `organisation` (the quota is read from the database, never from memory). */
async function storedElsewhere(organisation: string, size: number): Promise<void> {
  await h.db.query(
    `INSERT INTO file (file_name, content_type, size, storage_key, organisation_id) VALUES ('big.pdf', 'application/pdf', $1, $2, $3)`,
    [size, `elsewhere-${randomUUID()}`, organisation],
  );
}

describe('a storage quota per member organisation (issue 26, 5)', () => {
  it("refuses an upload past the organisation's quota with the figures, and stores nothing of it", async () => {
    UPLOAD_LIMITS.organisationBytes = 1 * MB;
    expect((await attach(SPARK_WORKER, 600 * KB)).status).toBe(200);
    const before = await fileRows();
    const res = await attach(SPARK_MANAGER, 600 * KB);
    expect(res.status).toBe(413);
    expect(res.body.errors![0].message).toBe(
      'This upload would take your organisation past its 1 MB of storage. Delete files you no longer need or ask the association for more.',
    );
    expect(await fileRows()).toBe(before);
    // Another organisation has its own quota.
    expect((await attach(VOLT_MANAGER, 600 * KB)).status).toBe(200);
  });

  it('refuses before reading any file once the organisation is full, counting what another server stored', async () => {
    UPLOAD_LIMITS.organisationBytes = 1 * MB;
    await storedElsewhere(h.org.spark, 1 * MB);
    const res = await attach(SPARK_WORKER, 10);
    expect(res.status).toBe(413);
    expect(res.body.errors![0].message).toBe(
      'Your organisation has used its 1 MB of storage. Delete files you no longer need or ask the association for more.',
    );
    // Photos are uploads too.
    const photo = await uploadPhoto(h, SPARK_WORKER);
    expect(photo.status).toBe(413);
  });

  it('counts the files of the organisation only: deleting one frees its room', async () => {
    UPLOAD_LIMITS.organisationBytes = 1 * MB;
    const first = await attach(SPARK_WORKER, 700 * KB);
    expect(first.status).toBe(200);
    expect((await attach(SPARK_WORKER, 700 * KB)).status).toBe(413);
    const del = await h.gql(ADMIN, `mutation($ids: [ID!]!) { deleteAssetAttachmentsEntity(assetAttachmentsEntityIds: $ids) }`, {
      ids: [first.body.data!.r![0].id],
    });
    expect(del.errors).toBeUndefined();
    expect((await attach(SPARK_WORKER, 700 * KB)).status).toBe(200);
  });

  it('counts a replaced file while it is stored: uploading and replacing does not make room', async () => {
    UPLOAD_LIMITS.organisationBytes = 1 * MB;
    const first = await attach(SPARK_WORKER, 600 * KB);
    expect(first.status).toBe(200);
    const id = first.body.data!.r![0].id;
    const { body, type } = await encodeMultipart([
      {
        name: 'operations',
        value: JSON.stringify({
          query: `mutation($m: [AssetAttachmentsEntityInput!]!) { r: updateAssetAttachmentsEntity(assetAttachmentsEntityModels: $m) { id } }`,
          variables: { m: [{ id, attachments: null }] },
        }),
      },
      { name: 'map', value: JSON.stringify({ 0: ['variables.m.0.attachments'] }) },
      { name: '0', data: Buffer.alloc(10, 'b'), filename: 'tiny.txt' },
    ]);
    const replaced = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': type, ...h.headers(SPARK_WORKER) },
      payload: body,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().errors).toBeUndefined();
    const usage = await h.app.inject({ method: 'GET', url: '/api/files/usage', headers: h.headers(SPARK_MANAGER) });
    expect(usage.json().organisationBytes).toBeGreaterThanOrEqual(600 * KB + 10);
    expect((await attach(SPARK_WORKER, 600 * KB)).status).toBe(413);
  });

  it('does not bind administrators (their uploads count against no organisation)', async () => {
    UPLOAD_LIMITS.organisationBytes = 1 * MB;
    await storedElsewhere(h.org.spark, 2 * MB);
    const res = await attach(ADMIN, 600 * KB, { assetId: await assetOf(SPARK_MANAGER) });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
  });

  it("shows the organisation's usage against the quota to its members (GET /api/files/usage)", async () => {
    UPLOAD_LIMITS.organisationBytes = 5 * MB;
    await attach(SPARK_WORKER, 300 * KB);
    const res = await h.app.inject({ method: 'GET', url: '/api/files/usage', headers: h.headers(SPARK_MANAGER) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      organisationBytes: 300 * KB,
      organisationQuotaBytes: 5 * MB,
      accountBytesLastHour: 0,
      accountBytesPerHour: UPLOAD_LIMITS.accountBytesPerHour,
    });
    const volt = await h.app.inject({ method: 'GET', url: '/api/files/usage', headers: h.headers(VOLT_MANAGER) });
    expect(volt.json().organisationBytes).toBe(0);
    const visitor = await h.app.inject({ method: 'GET', url: '/api/files/usage', headers: h.headers(null) });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('an upload rate per account (issue 26, 5)', () => {
  it('refuses uploads past the hourly rate (429), whatever became of the earlier ones', async () => {
    UPLOAD_LIMITS.accountBytesPerHour = 1 * MB;
    expect((await attach(SPARK_WORKER, 600 * KB)).status).toBe(200);
    const res = await attach(SPARK_WORKER, 600 * KB);
    expect(res.status).toBe(429);
    expect(res.body.errors![0].message).toMatch(
      /^You have uploaded 1 MB in the last hour, the most one account may upload in an hour\. You can upload again in (60|59) minutes\.$/,
    );
    // Once over, nothing more is read, photos included; another account of the organisation may still upload.
    expect((await attach(SPARK_WORKER, 10)).status).toBe(429);
    expect((await uploadPhoto(h, SPARK_WORKER)).status).toBe(429);
    expect((await attach(SPARK_MANAGER, 10)).status).toBe(200);
    const usage = await h.app.inject({ method: 'GET', url: '/api/files/usage', headers: h.headers(SPARK_WORKER) });
    expect(usage.json().accountBytesLastHour).toBeGreaterThanOrEqual(1 * MB);
  });

  it('counts the bytes of a refused save too (they were received)', async () => {
    UPLOAD_LIMITS.accountBytesPerHour = 1 * MB;
    // No such asset: the save is refused, the file was received all the same.
    const bad = await attach(SPARK_WORKER, 900 * KB, { assetId: randomUUID() });
    expect(bad.status).toBe(200);
    expect(bad.body.errors).toBeDefined();
    expect((await attach(SPARK_WORKER, 200 * KB)).status).toBe(429);
  });

  it('is counted in the database: a second server on the same database refuses too', async () => {
    UPLOAD_LIMITS.accountBytesPerHour = 1 * MB;
    const other = await startHarness({ share: h });
    try {
      expect((await attach(SPARK_WORKER, 900 * KB)).status).toBe(200);
      const { body, type } = await encodeMultipart([
        {
          name: 'operations',
          value: JSON.stringify({ query: ATTACH, variables: { m: [{ assetId: await assetOf(SPARK_WORKER), attachments: null }] } }),
        },
        { name: 'map', value: JSON.stringify({ 0: ['variables.m.0.attachments'] }) },
        { name: '0', data: Buffer.alloc(200 * KB, 'a'), filename: 'notes.txt' },
      ]);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: { 'content-type': type, ...other.headers(SPARK_WORKER) },
        payload: body,
      });
      expect(res.json()).toEqual({
        errors: [
          expect.objectContaining({
            message: expect.stringMatching(
              /^You have uploaded 1 MB in the last hour, the most one account may upload in an hour\. You can upload again in \d+ minutes?\.$/,
            ),
          }),
        ],
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('multipart errors name no staging key (issue 26, 6a)', () => {
  it('answers a refused variable without the upload object', async () => {
    const { body, type } = await encodeMultipart([
      // A field the input does not have: the variable is refused with the object that carries the upload.
      { name: 'operations', value: JSON.stringify({ query: ATTACH, variables: { m: [{ attachments: null, bogus: 1 }] } }) },
      { name: 'map', value: JSON.stringify({ 0: ['variables.m.0.attachments'] }) },
      { name: '0', data: Buffer.from('hello'), filename: 'notes.txt' },
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': type, ...h.headers(SPARK_WORKER) },
      payload: body,
    });
    expect(res.statusCode).toBeLessThan(500);
    const text = res.body;
    expect(text).toContain('bogus');
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(text).not.toMatch(/key|staging|files-staging/i);
  });
});

describe('an unmapped part is refused at once (issue 26, 6b)', () => {
  it('answers and closes the connection within a second, however much the client still means to send', async () => {
    // A hub of its own on a real socket (the same database), closed after the test.
    const hub = await startHarness({ share: h });
    await hub.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = hub.app.server.address() as AddressInfo;
      const boundary = 'b0undary';
      const asset = await assetOf(SPARK_WORKER);
      const head = Buffer.from(
        [
          `--${boundary}`,
          'Content-Disposition: form-data; name="operations"',
          '',
          JSON.stringify({ query: ATTACH, variables: { m: [{ assetId: asset, attachments: null }] } }),
          `--${boundary}`,
          'Content-Disposition: form-data; name="map"',
          '',
          JSON.stringify({ 0: ['variables.m.0.attachments'] }),
          `--${boundary}`,
          'Content-Disposition: form-data; name="zz"; filename="big.bin"',
          'Content-Type: application/octet-stream',
          '',
          '',
        ].join('\r\n'),
      );
      const started = Date.now();
      const outcome = await new Promise<{ status: number; message: string; closedAfter: number }>((resolve, reject) => {
        const req = request({
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/graphql',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(500 * MB),
            ...hub.headers(SPARK_WORKER),
          },
        });
        req.on('error', () => {});
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('error', () => {});
          res.on('close', () => {
            const message = (JSON.parse(text || '{"errors":[{"message":""}]}') as { errors: { message: string }[] }).errors[0].message;
            resolve({ status: res.statusCode!, message, closedAfter: Date.now() - started });
          });
        });
        req.write(head);
        // The client sends a megabyte of the part, then waits (as a slow or hostile client would).
        req.write(Buffer.alloc(1 * MB, 'x'));
        setTimeout(() => reject(new Error('no answer within 5 s')), 5000);
      });
      expect(outcome.status).toBe(400);
      expect(outcome.message).toBe("The file part 'zz' is not named in map.");
      expect(outcome.closedAfter).toBeLessThan(2000);
    } finally {
      await hub.close();
    }
  }, 15_000);
});

const BIDI = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\ufeff';

describe('file names carry no bidirectional or invisible format characters (issue 26, 6c)', () => {
  it('cleans names the hub is given and names it writes', () => {
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName(`a${BIDI}b.pdf`)).toBe('ab.pdf');
    expect(cleanFileName('\u202E')).toBe('file');
    // Control characters become a space: C0 (ESC, BEL, BS, DEL, tab, line breaks) and C1 (NEL, CSI).
    expect(cleanFileName('a\u001b[31mb\u0007\u0008\u007f\t\r\nc\u0085\u009b.pdf')).toBe('a [31mb c .pdf');
    expect(cleanFileName('\u0007\u0000')).toBe('file');
    const headers = servingHeaders('application/pdf', 'report\u202Efdp.exe', true);
    expect(headers['content-disposition']).toBe("attachment; filename*=UTF-8''reportfdp.exe");
  });

  it('stores an uploaded name without them, and serves it without them', async () => {
    const res = await attach(SPARK_WORKER, 10, { filename: 'invoice\u202Etxt.exe' });
    expect(res.body.data!.r![0].attachments.fileName).toBe('invoicetxt.exe');
    const photo = await uploadPhoto(h, SPARK_WORKER, { name: 'ph\u2066oto\u200f.jpg', photo: TINY_JPEG });
    expect(photo.status).toBe(200);
    const { rows } = await h.db.query<{ file_name: string }>('SELECT file_name FROM file WHERE id = $1', [photo.body.data!.r[0].photoId]);
    expect(rows[0].file_name).toBe('photo.jpg');
  }, 15_000);
});

describe('bulk zips past 4 GB (issue 26, 6d)', () => {
  const storage = { open: () => new PassThrough(), put: async () => '', putStream: async () => '', remove: async () => {} };
  const entry = (i: number, size: number) => ({ name: `f${i}.pdf`, key: `k${i}`, size, mtime: new Date(0), record: `f${i}` });

  it('announces the exact size of a Zip64 archive when the entries pass 4 GB', () => {
    const small = zipOf(storage, [entry(1, 10), entry(2, 10), entry(3, 10)], () => {});
    const big = zipOf(storage, [entry(1, 2 ** 31), entry(2, 2 ** 31), entry(3, 2 ** 31)], () => {});
    small.abandon();
    big.abandon();
    expect(big.size).toBeGreaterThan(3 * 2 ** 31);
    // Zip64: the third entry starts past 4 GB (its extra field in the central directory; the
    // end record always has its Zip64 record and locator).
    const overhead = (z: { size: number }, payload: number) => z.size - payload;
    expect(overhead(big, 3 * 2 ** 31) - overhead(small, 30)).toBeGreaterThanOrEqual(28);
  });

  it('sends exactly the size it announces when the central directory passes 64 KiB (many long names)', async () => {
    const filled = { ...storage, open: () => Readable.from([Buffer.alloc(100, 1)]) };
    const name = (i: number) => `${'長い名前の文書'.repeat(20)}-${i}.pdf`;
    const entries = Array.from({ length: 400 }, (_, i) => ({ ...entry(i, 100), name: name(i) }));
    const z = zipOf(filled, entries, () => {});
    let sent = 0;
    for await (const chunk of z.stream) sent += (chunk as Buffer).length;
    expect(sent).toBe(z.size);
  });
});
