import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../core/errors';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { servingHeaders } from '../files/types';
import { readableFile as readable, type FileRow } from '../access/files';
import { isAdministrator, type Caller } from '../access/caller';
import { requireSignedIn } from '../access/guards';
import { organisationFileBytes } from '../crud/file-usage';
import { UPLOAD_LIMITS, uploadedThisHour } from '../files/limits';
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
  /**
   * The caller's upload figures (issue 26, 5): their organisation's stored files against its
   * storage quota, and what they uploaded this hour against the rate; null where no limit
   * binds them (an administrator; an account of no organisation has no quota).
   */
  app.get('/api/files/usage', { preHandler: requireSignedIn }, async (req) => {
    const caller = req.caller!;
    if (isAdministrator(caller))
      return { organisationBytes: null, organisationQuotaBytes: null, accountBytesLastHour: null, accountBytesPerHour: null };
    const organisationId = caller.organisationId;
    return {
      organisationBytes: organisationId ? await organisationFileBytes(db, organisationId) : null,
      organisationQuotaBytes: organisationId ? UPLOAD_LIMITS.organisationBytes : null,
      accountBytesLastHour: await uploadedThisHour(db, `${caller.kind}:${caller.userId}`),
      accountBytesPerHour: UPLOAD_LIMITS.accountBytesPerHour,
    };
  });
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
