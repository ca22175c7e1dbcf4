import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, ADMIN, startHarness, type Harness } from '../test/harness';
import { bulkRoutes } from './bulk-documents';
import { BULK_MAX, bulkMessages, safeEntryName, uniqueNames } from '../files/bulk';
import { diskStorage, type FileStorage } from '../files/storage';

/** GET/POST /api/files/bulkDocuments: the zip, its names and bytes, and who gets it. */

let h: Harness;
let storage: FileStorage;
const dataDir = mkdtempSync(join(tmpdir(), 'hub-bulk-'));
beforeAll(async () => {
  h = await startHarness({ config: { dataDir } });
  storage = diskStorage(join(dataDir, 'files'));
});
beforeEach(() => h.reset());
afterAll(async () => {
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An entry of a zip read back: its name and its bytes, the CRC and sizes checked. */
interface Entry {
  name: string;
  data: Buffer;
}

/** Reads a STORE zip from its central directory, checking every entry's local header, sizes and CRC-32. */
function unzip(zip: Buffer): Entry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThan(-1);
  const total = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out: Entry[] = [];
  for (let i = 0; i < total; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(method, name).toBe(0); // stored
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    expect(crc32(data) >>> 0, name).toBe(crc);
    out.push({ name, data: Buffer.from(data) });
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

/** Stores `data` as the file of a document or template row (`table`, `column`) and returns the file id. */
async function attachFile(table: 'document' | 'template', rowId: string, fileName: string, data: Buffer): Promise<string> {
  const key = await storage.put(data);
  const entity = table === 'document' ? 'DocumentEntity' : 'TemplateEntity';
  const { rows } = await h.db.query<{ id: string }>(
    `INSERT INTO file (file_name, content_type, size, storage_key, owner_entity, owner_id) VALUES ($1, 'application/pdf', $2, $3, $4, $5) RETURNING id`,
    [fileName, data.length, key, entity, rowId],
  );
  const column = table === 'document' ? 'document_upload_id' : 'template_upload_id';
  await h.db.query(`UPDATE ${table} SET ${column} = $1 WHERE id = $2`, [rows[0].id, rowId]);
  return rows[0].id;
}

const documentsOf = async (org: string | null) =>
  (
    await h.db.query<{ id: string; document_name: string }>(
      `SELECT id, document_name FROM document WHERE member_organisation_id ${org ? '= $1' : 'IS NULL'} ORDER BY document_name`,
      org ? [org] : [],
    )
  ).rows;
const templates = async () =>
  (await h.db.query<{ id: string; template_name: string }>('SELECT id, template_name FROM template ORDER BY template_name')).rows;

const pdf = (label: string, n = 2000) => Buffer.concat([Buffer.from(`%PDF-1.4 ${label}\n`), Buffer.alloc(n, label.length % 250)]);

const get = (who: string | null, ids: string[], headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'GET',
    url: `/api/files/bulkDocuments?${ids.map((id) => `documentId=${encodeURIComponent(id)}`).join('&')}`,
    headers: { ...h.headers(who), ...headers },
  });

describe('bulk download of documents', () => {
  it('zips the files of the chosen documents with safe, unique names, exact length and the bytes stored', async () => {
    const [a, b] = await documentsOf(h.org.spark);
    const one = pdf('one');
    const two = pdf('two', 5000);
    await attachFile('document', a.id, '../../etc/passwd', one);
    await attachFile('document', b.id, '..\\..\\etc\\passwd', two);
    const res = await get(SPARK_MANAGER, [a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="documents.zip"');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.headers['x-total-bytes']).toBe(String(one.length + two.length));
    const entries = unzip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['etc passwd', 'etc passwd (2)']);
    for (const e of entries) expect(e.name).not.toMatch(/[\\/]|\.\./);
    expect(entries[0].data.equals(one)).toBe(true);
    expect(entries[1].data.equals(two)).toBe(true);
  });

  it('skips documents without a file and says so when none has one', async () => {
    const [a, b] = await documentsOf(h.org.spark);
    let res = await get(SPARK_WORKER, [a.id, b.id]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [{ message: bulkMessages.noDocuments, code: 'NOT_FOUND' }] });
    await attachFile('document', b.id, 'Procedures.pdf', pdf('p'));
    res = await get(SPARK_WORKER, [a.id, b.id]);
    expect(res.statusCode).toBe(200);
    expect(unzip(res.rawPayload).map((e) => e.name)).toEqual(['Procedures.pdf']);
  });

  it("refuses the whole request when another organisation's document is mixed in (no partial zip)", async () => {
    const [mine] = await documentsOf(h.org.spark);
    const [theirs] = await documentsOf(h.org.volt);
    await attachFile('document', mine.id, 'Mine.pdf', pdf('m'));
    await attachFile('document', theirs.id, 'Theirs.pdf', pdf('t'));
    for (const [who, ids] of [
      [SPARK_MANAGER, [mine.id, theirs.id]],
      [VOLT_MANAGER, [theirs.id, mine.id]],
      [SPARK_WORKER, [theirs.id]],
    ] as const) {
      const res = await get(who, [...ids]);
      expect(res.statusCode, who).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.json().errors[0].message).toBe(bulkMessages.notReadable);
    }
    // Their own alone works, and an administrator may take both.
    expect((await get(VOLT_MANAGER, [theirs.id])).statusCode).toBe(200);
    const both = await get(ADMIN, [mine.id, theirs.id]);
    expect(unzip(both.rawPayload).map((e) => e.name)).toEqual(['Mine.pdf', 'Theirs.pdf']);
  });

  it('gives member-body documents only to the roles with access to their type', async () => {
    const mea = await documentsOf(null);
    const guide = mea.find((d) => d.document_name === 'Guide to live work')!;
    await attachFile('document', guide.id, 'Live work.pdf', pdf('g'));
    expect((await get(SPARK_MANAGER, [guide.id])).statusCode).toBe(200);
    expect((await get(SPARK_WORKER, [guide.id])).statusCode).toBe(404);
  });

  it('refuses ids of other entities, malformed ids, too many ids and visitors', async () => {
    const { rows } = await h.db.query<{ id: string }>('SELECT id FROM asset LIMIT 1');
    let res = await get(SPARK_MANAGER, [rows[0].id]);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toBe(bulkMessages.notReadable);
    res = await get(SPARK_MANAGER, ['not-an-id']);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(bulkMessages.invalidId);
    res = await get(SPARK_MANAGER, ["'; DROP TABLE document; --"]);
    expect(res.statusCode).toBe(400);
    res = await get(SPARK_MANAGER, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(bulkMessages.none);
    const many = Array.from({ length: 2000 }, () => crypto.randomUUID());
    res = await get(SPARK_MANAGER, many);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(bulkMessages.tooMany);
    res = await get(SPARK_MANAGER, many.slice(0, BULK_MAX + 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(bulkMessages.tooMany);
    // Repeats count as sent: 2,000 copies of one readable id are as many ids, by GET and by POST.
    const [readable] = await documentsOf(h.org.spark);
    await attachFile('document', readable.id, 'Once.pdf', pdf('o'));
    const copies = Array.from({ length: 2000 }, () => readable.id);
    for (const ids of [copies, copies.slice(0, BULK_MAX + 1)]) {
      res = await get(SPARK_MANAGER, ids);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toBe(bulkMessages.tooMany);
      res = await h.app.inject({
        method: 'POST',
        url: '/api/files/bulkDocuments',
        headers: { ...h.headers(SPARK_MANAGER), 'content-type': 'application/json' },
        payload: JSON.stringify({ documentId: ids }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toBe(bulkMessages.tooMany);
    }
    // Up to the limit, a repeated id is one entry of the zip.
    res = await get(SPARK_MANAGER, copies.slice(0, BULK_MAX));
    expect(res.statusCode).toBe(200);
    expect(unzip(res.rawPayload).map((e) => e.name)).toEqual(['Once.pdf']);
    const [doc] = await documentsOf(h.org.spark);
    res = await get(null, [doc.id]);
    expect(res.statusCode).toBe(401);
    // Another parameter repeated is still refused.
    res = await h.app.inject({
      method: 'GET',
      url: `/api/files/bulkDocuments?documentId=${doc.id}&x=1&x=2`,
      headers: h.headers(SPARK_MANAGER),
    });
    expect(res.statusCode).toBe(400);
  });

  it('takes the same ids as JSON by POST (a selection too long for an address)', async () => {
    const docs = await documentsOf(h.org.spark);
    await attachFile('document', docs[0].id, 'A.pdf', pdf('a'));
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/files/bulkDocuments',
      headers: { ...h.headers(SPARK_MANAGER), 'content-type': 'application/json' },
      payload: JSON.stringify({ documentId: docs.map((d) => d.id) }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(unzip(res.rawPayload).map((e) => e.name)).toEqual(['A.pdf']);
  });

  it('refuses before sending anything when a file is missing from storage', async () => {
    const [a, b] = await documentsOf(h.org.spark);
    await attachFile('document', a.id, 'Here.pdf', pdf('h'));
    const gone = await attachFile('document', b.id, 'Gone.pdf', pdf('g'));
    const { rows } = await h.db.query<{ storage_key: string }>('SELECT storage_key FROM file WHERE id = $1', [gone]);
    await storage.remove(rows[0].storage_key);
    const res = await get(SPARK_MANAGER, [a.id, b.id]);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toBe(bulkMessages.missing(b.document_name));
  });
});

describe('bulk download of templates', () => {
  it('is named templates.zip and says so when no template has a file', async () => {
    const [t1, t2] = await templates();
    let res = await get(SPARK_WORKER, [t1.id, t2.id]);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toBe(bulkMessages.noTemplates);
    await attachFile('template', t1.id, 'SWMS template.pdf', pdf('s'));
    await attachFile('template', t2.id, 'SWMS template.pdf', pdf('r'));
    for (const who of [SPARK_WORKER, VOLT_MANAGER, ADMIN]) {
      res = await get(who, [t1.id, t2.id]);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="templates.zip"');
      expect(unzip(res.rawPayload).map((e) => e.name)).toEqual(['SWMS template.pdf', 'SWMS template (2).pdf']);
    }
  });
});

describe('a file failing mid-stream', () => {
  it('breaks the connection short of Content-Length: never a complete-looking zip', async () => {
    const [a, b] = await documentsOf(h.org.spark);
    await attachFile('document', a.id, 'First.pdf', pdf('f', 200_000));
    const second = await attachFile('document', b.id, 'Second.pdf', pdf('s', 200_000));
    const { rows } = await h.db.query<{ storage_key: string }>('SELECT storage_key FROM file WHERE id = $1', [second]);
    // Storage whose second file is fine when checked, then fails half-way while streamed.
    let opens = 0;
    const flaky: FileStorage = {
      ...storage,
      open(key) {
        if (key !== rows[0].storage_key || ++opens === 1) return storage.open(key);
        return Readable.from(
          (async function* () {
            yield Buffer.alloc(50_000);
            throw new Error('disk went away');
          })(),
        );
      },
    };
    const app = Fastify();
    app.decorateRequest('caller', null);
    app.addHook('onRequest', async (req) => {
      req.caller = {
        userId: h.users[SPARK_MANAGER].id,
        kind: 'account',
        groups: ['MehubAccount'],
        role: 'SafetyManager',
        roleId: null,
        organisationId: h.org.spark,
        email: SPARK_MANAGER,
      };
    });
    bulkRoutes(app, h.db, flaky);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/files/bulkDocuments?documentId=${a.id}&documentId=${b.id}`);
      expect(res.status).toBe(200);
      const expected = Number(res.headers.get('content-length'));
      expect(expected).toBeGreaterThan(400_000);
      await expect(res.arrayBuffer()).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});

describe('entry names', () => {
  it('keeps no path, no reserved characters and no hidden names, and numbers duplicates', () => {
    expect(safeEntryName('../../a/b.pdf')).toBe('a b.pdf');
    expect(safeEntryName('C:\\Windows\\x.exe')).toBe('C Windows x.exe');
    expect(safeEntryName('.bashrc')).toBe('bashrc');
    expect(safeEntryName('...')).toBe('file');
    expect(safeEntryName('a\u0000b\nc.pdf')).toBe('a b c.pdf');
    expect(safeEntryName('CON.pdf')).toBe('_CON.pdf');
    expect(safeEntryName(`${'x'.repeat(300)}.pdf`)).toHaveLength(150);
    expect(safeEntryName(`${'x'.repeat(300)}.pdf`).endsWith('.pdf')).toBe(true);
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b'])).toEqual(['a.pdf', 'A (2).pdf', 'a (3).pdf', 'b']);
  });
});
