import { findEntity, isUuid } from '@hub/model';
import type { FastifyInstance } from 'fastify';
import { listRecords } from '../crud/list';
import { NotFoundError } from '../crud/errors';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import type { Caller } from '../access/caller';

interface FileRow {
  id: string;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  owner_entity: string | null;
  owner_id: string | null;
}

/** A file is readable when the record it belongs to is readable by the caller. */
async function readableFile(db: Db, caller: Caller | null, id: string): Promise<FileRow> {
  if (!isUuid(id)) throw new NotFoundError('File not found');
  const { rows } = await db.query<FileRow>('SELECT * FROM file WHERE id = $1', [id]);
  const file = rows[0];
  const owner = file?.owner_entity ? findEntity(file.owner_entity) : undefined;
  if (!file || !owner || !file.owner_id) throw new NotFoundError('File not found');
  const visible = await listRecords(db, caller, owner, { ids: [file.owner_id], take: 1 }, { id: true });
  if (!visible.length) throw new NotFoundError('File not found');
  return file;
}

export function fileRoutes(app: FastifyInstance, db: Db, storage: FileStorage): void {
  app.get<{ Params: { id: string } }>('/api/files/metadata/:id', async (req) => {
    const file = await readableFile(db, req.caller, req.params.id);
    return { id: file.id, fileName: file.file_name, contentType: file.content_type, size: file.size };
  });

  app.get<{ Params: { id: string }; Querystring: { download?: string } }>('/api/files/:id', async (req, reply) => {
    const file = await readableFile(db, req.caller, req.params.id);
    const disposition = req.query.download === 'true' ? 'attachment' : 'inline';
    reply
      .header('content-type', file.content_type)
      .header('content-length', file.size)
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.file_name)}`)
      .header('x-content-type-options', 'nosniff');
    return reply.send(storage.open(file.storage_key));
  });
}
