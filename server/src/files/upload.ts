import { Transform, pipeline, type Readable, type TransformCallback } from 'node:stream';
import { MB, messages } from '@hub/model';
import { UserError } from '../core/errors';
import type { Db } from '../db/client';
import type { FileStorage } from './storage';
import { DETECT_BYTES, cleanFileName, detectType } from './types';

/** At most this many files in one request. */
export const MAX_REQUEST_FILES = 20;
/** The files of one request together: each is also bounded by its field (100 MB, 20 MB for attachments). */
export const MAX_REQUEST_UPLOAD_BYTES = 200 * MB;

/**
 * The limit of a request's next file and the message past it: its field's limit, or what
 * is left of the request's total when that is less.
 */
export function partLimit(fieldMax: number, used: number, total = MAX_REQUEST_UPLOAD_BYTES): { maxBytes: number; message: string } {
  const left = Math.max(0, total - used);
  return fieldMax <= left
    ? { maxBytes: fieldMax, message: messages.fileTooLarge(fieldMax / MB) }
    : { maxBytes: left, message: `The files of one request may not be larger than ${total / MB}MB together.` };
}

/**
 * A file of a multipart request, already in storage (under `key`) with its type detected
 * from its content. Only the multipart reader makes these: a client's JSON can never
 * pass for one (the Upload scalar and `isUpload` check the class).
 */
export class StagedUpload {
  constructor(
    readonly name: string,
    /** What the client said; kept for messages only, never stored or served. */
    readonly claimedType: string,
    readonly type: string,
    readonly size: number,
    readonly key: string,
    /** The member organisation whose storage quota it counts against (files/limits.ts); null for an administrator's. */
    readonly organisationId: string | null = null,
  ) {}
  /**
   * What an error message may show of it (GraphQL prints a refused variable's value through
   * toJSON): its name and size, never its storage key.
   */
  toJSON(): { file: string; size: number } {
    return { file: this.name, size: this.size };
  }
}

/** A request or file over its limit (413), said in the error. */
export class UploadTooLargeError extends UserError {
  constructor(message: string) {
    super(message, 'PAYLOAD_TOO_LARGE', 413);
  }
}

/**
 * Counts bytes (refusing the one past `maxBytes`) and finds out whether the content is
 * UTF-8 text without control characters, while it streams to storage: nothing is held
 * in memory beyond one chunk.
 */
class Inspector extends Transform {
  size = 0;
  text = true;
  /** The file's first bytes, for type detection. */
  head: Buffer[] = [];
  private headBytes = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  constructor(
    private readonly maxBytes: number,
    private readonly tooLarge: string,
    /** Counts the bytes against the hub's staging total and the caller's quota and rate (may refuse them, at once or later). */
    private readonly count: (bytes: number) => void | Promise<void> = () => {},
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new UploadTooLargeError(this.tooLarge));
    let counted: void | Promise<void>;
    try {
      counted = this.count(chunk.length);
    } catch (err) {
      return done(err as Error);
    }
    if (counted) {
      counted.then(() => this.pass(chunk, done), done);
      return;
    }
    this.pass(chunk, done);
  }
  private pass(chunk: Buffer, done: TransformCallback): void {
    if (this.text) this.text = isText(chunk) && this.decodes(chunk, true);
    if (this.headBytes < DETECT_BYTES) {
      const part = chunk.subarray(0, DETECT_BYTES - this.headBytes);
      this.head.push(Buffer.from(part));
      this.headBytes += part.length;
    }
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    if (this.text) this.text = this.size > 0 && this.decodes(new Uint8Array(0), false);
    done();
  }
  private decodes(chunk: Uint8Array, stream: boolean): boolean {
    try {
      this.decoder.decode(chunk, { stream });
      return true;
    } catch {
      return false;
    }
  }
}

/** Tab, line feed, form feed and carriage return are the only control characters of text. */
function isText(chunk: Buffer): boolean {
  for (let i = 0; i < chunk.length; i++) {
    const b = chunk[i];
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f) return false;
  }
  return true;
}

/**
 * Streams one file of a request into storage, refusing it (and keeping nothing) past
 * `maxBytes`; `tooLarge` gives the message. The caller decides the limit: the field's, or
 * what is left of the request's total; `take` counts each chunk against the bytes all
 * requests may stage at once, the organisation's quota and the account's rate (files/limits.ts)
 * and may refuse it. The name is kept without bidirectional or invisible format characters.
 */
export async function stageUpload(
  storage: FileStorage,
  source: Readable & { truncated?: boolean },
  file: {
    name: string;
    claimedType: string;
    maxBytes: number;
    tooLarge: string;
    take?: (bytes: number) => void | Promise<void>;
    organisationId?: string | null;
  },
): Promise<StagedUpload> {
  const inspector = new Inspector(file.maxBytes, file.tooLarge, file.take);
  // Errors of either side reach storage through the inspector, which then keeps nothing.
  pipeline(source, inspector, () => {});
  const key = await storage.putStream(inspector);
  // The multipart reader's own hard limit cuts a file short without an error.
  if (source.truncated) {
    await storage.remove(key);
    throw new UploadTooLargeError(file.tooLarge);
  }
  try {
    const type = await detectType(Buffer.concat(inspector.head), inspector.text, file.name);
    return new StagedUpload(
      [...cleanFileName(file.name)].slice(0, 255).join(''),
      file.claimedType,
      type,
      inspector.size,
      key,
      file.organisationId ?? null,
    );
  } catch (err) {
    await storage.remove(key);
    throw err;
  }
}

/**
 * After a request: removes the staged files no committed file row refers to (a refused
 * or failed save keeps nothing of its uploads).
 */
export async function discardUnstored(db: Db, storage: FileStorage, uploads: StagedUpload[]): Promise<void> {
  if (!uploads.length) return;
  const keys = uploads.map((u) => u.key);
  const { rows } = await db.query<{ storage_key: string }>('SELECT storage_key FROM file WHERE storage_key = ANY($1::text[])', [keys]);
  const kept = new Set(rows.map((r) => r.storage_key));
  await Promise.all(keys.filter((k) => !kept.has(k)).map((k) => storage.remove(k)));
}

/**
 * Deletes the file rows of rows that are gone (`ownerIds` of `ownerEntity`), in the caller's
 * transaction, and answers their storage keys: the contents go once that transaction has
 * committed (a crash before leaves both the rows and their files).
 */
export async function dropOwnedFileRows(db: Db, ownerEntity: string, ownerIds: string[]): Promise<string[]> {
  if (!ownerIds.length) return [];
  const { rows } = await db.query<{ storage_key: string }>(
    'DELETE FROM file WHERE owner_entity = $1 AND owner_id = ANY($2::uuid[]) RETURNING storage_key',
    [ownerEntity, ownerIds],
  );
  return rows.map((r) => r.storage_key);
}

/**
 * Removes the files of rows that are gone (`ownerIds` of `ownerEntity`, deleted by the caller
 * before): their file rows, then their contents in storage. Returns how many files went.
 */
export async function removeOwnedFiles(db: Db, storage: FileStorage, ownerEntity: string, ownerIds: string[]): Promise<number> {
  const keys = await dropOwnedFileRows(db, ownerEntity, ownerIds);
  await Promise.all(keys.map((k) => storage.remove(k)));
  return keys.length;
}

/**
 * The contents of stored files by id (those of `type` only, each at most `maxBytes`, together
 * at most `totalBytes`): for rendering them into a document. Files past the total are left out.
 */
export async function readStoredFiles(
  db: Db,
  storage: FileStorage,
  ids: string[],
  o: { type: string; maxBytes: number; totalBytes: number },
): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (!ids.length) return out;
  const { rows } = await db.query<{ id: string; storage_key: string; size: number }>(
    'SELECT id::text, storage_key, size FROM file WHERE id = ANY($1::uuid[]) AND content_type = $2 AND size <= $3',
    [ids, o.type, o.maxBytes],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  let total = 0;
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || total + Number(row.size) > o.totalBytes) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of storage.open(row.storage_key)) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    total += data.length;
    out.set(id, data);
  }
  return out;
}
