import { DEFAULT_MAX_UPLOAD_BYTES, MB, messages, parseWireDate, toWireDate, type EntityDef, type Field } from '@hub/model';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/client';
import { columnOf, storedFields } from '../db/columns';
import type { FileStorage } from '../files/storage';
import { ValidationError } from './errors';

/** An uploaded file as graphql-yoga hands it over (a web File). */
export interface UploadLike {
  name: string;
  type: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export const isUpload = (v: unknown): v is UploadLike =>
  !!v && typeof v === 'object' && typeof (v as UploadLike).arrayBuffer === 'function' && 'size' in (v as object);

export interface SaveEnv {
  db: Db;
  storage: FileStorage;
}

/** Stores an upload after checking its size and type; returns the new file row's id. */
export async function storeUpload(env: SaveEnv, path: string, field: Field, upload: UploadLike): Promise<string> {
  const max = (field.kind === 'file' && field.maxBytes) || DEFAULT_MAX_UPLOAD_BYTES;
  if (upload.size > max) throw new ValidationError([{ path, code: 'range', message: messages.fileTooLarge(max / MB) }]);
  const accept = field.kind === 'file' ? field.accept : undefined;
  const type = upload.type || 'application/octet-stream';
  if (accept && !accept.some((a) => (a.endsWith('/') ? type.startsWith(a) : type === a)))
    throw new ValidationError([{ path, code: 'invalid', message: messages.fileType(type, accept.join(', ')) }]);
  const data = new Uint8Array(await upload.arrayBuffer());
  const key = await env.storage.put(data);
  try {
    const { rows } = await env.db.query<{ id: string }>(
      'INSERT INTO file (file_name, content_type, size, storage_key) VALUES ($1, $2, $3, $4) RETURNING id',
      [upload.name.slice(0, 255) || 'file', type, data.byteLength, key],
    );
    return rows[0].id;
  } catch (err) {
    await env.storage.remove(key);
    throw err;
  }
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
    const key = field.kind === 'reference' || field.kind === 'file' ? `${name}Id` : name;
    if (field.kind === 'file' && isUpload(input[name])) {
      out.push({ column, value: await storeUpload(env, key, field, input[name] as UploadLike), cast: 'uuid' });
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
    switch (field.kind) {
      case 'date':
      case 'datetime':
        out.push({ column, value: toWireDate(parseWireDate(String(raw))!), cast: 'timestamp' });
        break;
      case 'json':
        out.push({ column, value: typeof raw === 'string' ? raw : JSON.stringify(raw), cast: 'jsonb' });
        break;
      case 'password':
        out.push({ column, value: await hashPassword(String(raw)) });
        break;
      case 'reference':
      case 'file':
        out.push({ column, value: raw, cast: 'uuid' });
        break;
      default:
        out.push({ column, value: raw });
    }
  }
  return out;
}

export { columnOf };
