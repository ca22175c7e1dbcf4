import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../core/errors';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { servingHeaders } from '../files/types';
import { readableFile as readable, type FileRow } from '../access/files';
import type { Caller } from '../access/caller';
import { bulkRoutes } from './bulk-documents';

/** A file is readable when the record it belongs to is readable by the caller (access/files.ts). */
async function readableFile(db: Db, caller: Caller | null, id: string): Promise<FileRow> {
  const file = await readable(db, caller, id);
  if (!file) throw new NotFoundError('File not found');
  return file;
}

export function fileRoutes(app: FastifyInstance, db: Db, storage: FileStorage): void {
  // Before /api/files/:id in reading order; the router prefers the static path anyway.
  bulkRoutes(app, db, storage);
  app.get<{ Params: { id: string } }>('/api/files/metadata/:id', async (req) => {
    const file = await readableFile(db, req.caller, req.params.id);
    return { id: file.id, fileName: file.file_name, contentType: file.content_type, size: file.size };
  });

  // User files never run in the hub's origin: the headers come from allow-lists (files/types.ts).
  app.get<{ Params: { id: string }; Querystring: { download?: string } }>('/api/files/:id', async (req, reply) => {
    const file = await readableFile(db, req.caller, req.params.id);
    reply.headers(servingHeaders(file.content_type, file.file_name, req.query.download === 'true')).header('content-length', file.size);
    return reply.send(storage.open(file.storage_key));
  });
}
