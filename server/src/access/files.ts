import { findEntity, isUuid, kinds, messages, type EntityDef } from '@hub/model';
import { accepts } from '../files/types';
import { ValidationError } from '../core/errors';
import { Params, ident } from '../db/params';
import type { Db } from '../db/client';
import { columnOf } from '../db/columns';
import { StagedUpload } from '../files/upload';
import type { Caller } from './caller';
import { allowed } from './rules';
import { scopeSql } from './scope';

export interface FileRow {
  id: string;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  owner_entity: string | null;
  owner_id: string | null;
}

export const fileMessages = {
  notExist: 'The selected file does not exist',
  invalidId: 'The value is not a valid id',
} as const;

/**
 * The file `id` when the caller may read it: the record it belongs to is one they may
 * read (the same rule for downloads and for references). A file of no record (an upload
 * whose save never happened) is nobody's: the hub does not record who uploaded it.
 */
export async function readableFile(db: Db, caller: Caller | null, id: string): Promise<FileRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<FileRow>('SELECT * FROM file WHERE id = $1', [id]);
  const file = rows[0];
  const owner = file?.owner_entity ? findEntity(file.owner_entity) : undefined;
  if (!file || !owner || !file.owner_id || !allowed(caller, owner, 'read')) return null;
  const params = new Params();
  const self = params.add(file.owner_id, 'uuid');
  const scope = scopeSql(owner, 'x', caller, params);
  const visible = await db.query(
    `SELECT 1 FROM ${ident(owner.table)} x WHERE x.id = ${self}${scope ? ` AND ${scope}` : ''}`,
    params.values,
  );
  return visible.rows.length ? file : null;
}

/**
 * File ids an input puts in its file fields (`attachmentsId`) must be files the caller
 * may read, like references must be rows they may see; a file uploaded in the same
 * request comes as an upload instead. On update, a record may keep the file it has.
 */
export async function assertFileRefs(
  db: Db,
  caller: Caller | null,
  entity: EntityDef,
  input: Record<string, unknown>,
  mode: 'create' | 'update',
  id: string | null,
): Promise<void> {
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!kinds[field.kind].upload || field.readOnly || (mode === 'update' && field.immutable)) continue;
    const key = `${name}Id`;
    const value = input[key];
    // An upload of the same input wins over an id (crud/values.ts).
    if (typeof value !== 'string' || value === '' || input[name] instanceof StagedUpload) continue;
    if (!isUuid(value)) throw new ValidationError([{ path: key, code: 'invalid', message: fileMessages.invalidId }]);
    if (mode === 'update' && id) {
      const { rows } = await db.query<{ f: string | null }>(
        `SELECT ${ident(columnOf(name, field))} AS f FROM ${ident(entity.table)} WHERE id = $1`,
        [id],
      );
      if (rows[0]?.f === value) continue;
    }
    const file = await readableFile(db, caller, value);
    if (!file) throw new ValidationError([{ path: key, code: 'notExist', message: fileMessages.notExist }]);
    // A file named by id meets the field's types as an upload must (crud/values.ts storeUpload).
    const accept = field.kind === 'file' ? field.accept : undefined;
    if (accept && !accepts(accept, file.content_type))
      throw new ValidationError([{ path: key, code: 'invalid', message: messages.fileType(file.content_type, accept.join(', ')) }]);
  }
}
