import { getEntity, type EntityDef } from '@hub/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../access/caller';
import { requireSignedIn } from '../access/guards';
import { allowed } from '../access/rules';
import { NotFoundError } from '../core/errors';
import { listRecords } from '../crud/list';
import type { Db } from '../db/client';
import { BULK_MAX, assertStored, bulkMessages, parseIds, safeEntryName, uniqueNames, zipOf, type BulkEntry } from '../files/bulk';
import type { FileStorage } from '../files/storage';
import { parseBody } from './body';

/**
 * GET (and POST) /api/files/bulkDocuments: the files of documents and templates the caller may
 * read, as one zip streamed from storage (files/bulk.ts), with an exact Content-Length.
 */

interface FileOf {
  id: string;
  fileName: string;
  size: number;
}

const SOURCES = [
  { entity: 'DocumentEntity', file: 'documentUpload', label: 'documentName' },
  { entity: 'TemplateEntity', file: 'templateUpload', label: 'templateName' },
] as const;

interface FileOf {
  id: string;
  fileName: string;
  size: number;
}

/**
 * What `ids` name for `caller`: every id must be a document or template they may read (their
 * organisation's documents, member-body documents of their role, any template), else the
 * whole request is refused with 404 and no zip. The answer lists the files in the order asked,
 * records without a file left out.
 */
export async function resolveBulk(db: Db, caller: Caller, ids: string[]): Promise<{ allTemplates: boolean; entries: BulkEntry[] }> {
  const found = new Map<string, { entity: EntityDef; label: string; file: FileOf | null }>();
  for (const source of SOURCES) {
    const entity = getEntity(source.entity);
    if (!allowed(caller, entity, 'read')) continue;
    const rows = (await listRecords(
      db,
      caller,
      entity,
      { ids, take: BULK_MAX },
      {
        id: true,
        [source.label]: true,
        [source.file]: { id: true, fileName: true, size: true },
      },
    )) as Record<string, unknown>[];
    for (const r of rows)
      found.set(r.id as string, { entity, label: String(r[source.label] ?? ''), file: (r[source.file] as FileOf | null) ?? null });
  }
  if (ids.some((id) => !found.has(id))) throw new NotFoundError(bulkMessages.notReadable);
  const allTemplates = ids.every((id) => found.get(id)!.entity.name === 'TemplateEntity');
  const wanted = ids.map((id) => ({ id, ...found.get(id)! })).filter((r) => r.file);
  if (!wanted.length) throw new NotFoundError(allTemplates ? bulkMessages.noTemplates : bulkMessages.noDocuments);
  // A file belongs to the one row that holds it (crud/save.ts claims it); its storage key is the hub's own.
  const { rows } = await db.query<{ id: string; storage_key: string; size: number; created: Date; owner_id: string }>(
    'SELECT id, storage_key, size, created, owner_id FROM file WHERE id = ANY($1::uuid[])',
    [wanted.map((w) => w.file!.id)],
  );
  const stored = new Map(rows.map((r) => [r.id, r]));
  const names = uniqueNames(wanted.map((w) => safeEntryName(w.file!.fileName || w.label)));
  const entries: BulkEntry[] = [];
  wanted.forEach((w, i) => {
    const row = stored.get(w.file!.id);
    if (!row || row.owner_id !== w.id) return; // not this record's own file: never served through it
    entries.push({ name: names[i], key: row.storage_key, size: Number(row.size), mtime: new Date(row.created), record: w.label });
  });
  if (!entries.length) throw new NotFoundError(allTemplates ? bulkMessages.noTemplates : bulkMessages.noDocuments);
  return { allTemplates, entries };
}

// The list's length is parseIds' to refuse (the same message as by GET); the body limit bounds what is read.
const postBody = z.object({ documentId: z.union([z.string(), z.array(z.string())]) });

async function answer(db: Db, storage: FileStorage, req: FastifyRequest, reply: FastifyReply, raw: unknown) {
  const ids = parseIds(raw);
  const { allTemplates, entries } = await resolveBulk(db, req.caller!, ids);
  await assertStored(storage, entries);
  // A file that fails mid-stream (removed, shorter than recorded): end the response abruptly.
  let failed = false;
  const fail = (err: unknown) => {
    if (failed) return;
    failed = true;
    req.log.error({ err }, 'A bulk download failed while streaming');
    reply.raw.destroy();
    stream.destroy();
  };
  const { stream, size, zip, abandon } = zipOf(storage, entries, fail);
  zip.on('error', fail);
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) abandon();
  });
  stream.on('error', fail);
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${allTemplates ? 'templates.zip' : 'documents.zip'}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('x-file-count', String(entries.length))
    .header('x-total-bytes', String(entries.reduce((n, e) => n + e.size, 0)));
  if (size >= 0) reply.header('content-length', String(size));
  return reply.send(stream);
}

/**
 * GET /api/files/bulkDocuments?documentId=..&documentId=.. (the spec's call) and POST with
 * `{documentId: [...]}` (for a selection whose address would pass the 16 kB header limit).
 */
export function bulkRoutes(app: FastifyInstance, db: Db, storage: FileStorage): void {
  app.get<{ Querystring: { documentId?: string | string[] } }>('/api/files/bulkDocuments', { preHandler: requireSignedIn }, (req, reply) =>
    answer(db, storage, req, reply, req.query.documentId),
  );
  app.post('/api/files/bulkDocuments', { preHandler: requireSignedIn }, (req, reply) =>
    answer(db, storage, req, reply, parseBody(postBody, req.body).documentId),
  );
}
