import { DEFAULT_MAX_UPLOAD_BYTES, MB, inputKey, kinds, messages, type EntityDef, type Field } from '@hub/model';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/client';
import { columnOf, storedFields } from '../db/columns';
import type { FileStorage } from '../files/storage';
import { StagedUpload } from '../files/upload';
import { accepts } from '../files/types';
import { serverKindOf } from '../kinds';
import { ValidationError } from '../core/errors';

/** An uploaded file: staged in storage by the multipart reader, its type found from its content. */
export type UploadLike = StagedUpload;

/** Only the multipart reader makes uploads: a client's JSON never passes for one. */
export const isUpload = (v: unknown): v is StagedUpload => v instanceof StagedUpload;

export interface SaveEnv {
  db: Db;
  storage: FileStorage;
}

/**
 * Records an upload for a file field after checking its size and its detected type
 * against the field; returns the new file row's id. The contents are already in storage
 * (files/upload.ts); a refused or rolled-back save leaves them to be discarded.
 */
export async function storeUpload(env: SaveEnv, path: string, field: Field, upload: StagedUpload): Promise<string> {
  const max = (field.kind === 'file' && field.maxBytes) || DEFAULT_MAX_UPLOAD_BYTES;
  if (upload.size > max) throw new ValidationError([{ path, code: 'range', message: messages.fileTooLarge(max / MB) }]);
  const accept = field.kind === 'file' ? field.accept : undefined;
  if (accept && !accepts(accept, upload.type))
    throw new ValidationError([{ path, code: 'invalid', message: messages.fileType(upload.type, accept.join(', ')) }]);
  const { rows } = await env.db.query<{ id: string }>(
    'INSERT INTO file (file_name, content_type, size, storage_key, organisation_id) VALUES ($1, $2, $3, $4, $5::uuid) RETURNING id',
    [upload.name, upload.type, upload.size, upload.key, upload.organisationId],
  );
  return rows[0].id;
}

/** Column values of an input's stored fields, converted for SQL; server-managed fields skipped. */
export async function columnValues(
  env: SaveEnv,
  entity: EntityDef,
  input: Record<string, unknown>,
  mode: 'create' | 'update',
): Promise<{ column: string; value: unknown; cast?: string }[]> {
  const out: { column: string; value: unknown; cast?: string }[] = [];
  for (const { name, field, column } of storedFields(entity)) {
    if (field.readOnly || (mode === 'update' && field.immutable)) continue;
    const kind = serverKindOf(field);
    const key = inputKey(name, field);
    if (kinds[field.kind].upload && isUpload(input[name])) {
      out.push({ column, value: await storeUpload(env, key, field, input[name]), cast: 'uuid' });
      continue;
    }
    if (!(key in input)) {
      if (mode === 'create' && field.default !== undefined) out.push({ column, value: field.default });
      continue;
    }
    const raw = input[key];
    if (raw === null || raw === undefined || raw === '') {
      out.push({ column, value: null });
      continue;
    }
    if (kind.codec.write === 'not a column') continue;
    out.push({ column, ...(await kind.codec.write(raw, { hashPassword })) });
  }
  return out;
}

export { columnOf };
