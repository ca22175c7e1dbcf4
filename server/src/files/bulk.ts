import { isUuid } from '@hub/model';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { BadInputError, UserError } from '../core/errors';
import type { FileStorage } from './storage';
import { cleanFileName } from './types';

/**
 * The zip of a bulk download (rest/bulk-documents.ts): stored files streamed into it entry by
 * entry (STORE, no compression: documents are mostly PDFs), so memory stays flat whatever the
 * count, with its exact size known before the first byte for the browser's progress.
 */

/** Query parameters the bulk download takes repeated (app.ts refuses repeats elsewhere). */
export const BULK_REPEATABLE = { path: '/api/files/bulkDocuments', parameter: 'documentId' } as const;

/** The most ids one bulk download takes. */
export const BULK_MAX = 500;

export const bulkMessages = {
  tooMany: `At most ${BULK_MAX} documents can be downloaded at once; please select fewer`,
  none: 'Select at least one document to download',
  invalidId: 'documentId must be a valid id',
  /** One id the caller may not read, of another organisation, or of no document or template: the whole request is refused. */
  notReadable: 'Some of the selected documents do not exist or you are not allowed to download them; nothing was downloaded',
  noDocuments: 'No downloadable documents found...',
  noTemplates: 'No downloadable template pdf/s found. Only templates with a file attached can be downloaded.',
  missing: (name: string) =>
    `The file of '${name}' is missing from storage, so nothing was downloaded. Remove it from the selection, or ask an administrator to upload it again.`,
} as const;

/** One entry of the zip: a stored file and the name it gets inside the zip. */
export interface BulkEntry {
  name: string;
  key: string;
  size: number;
  mtime: Date;
  /** The record it belongs to (for messages). */
  record: string;
}

/**
 * A name safe inside a zip on every system: no bidirectional or invisible format characters, no path (separators, '..', a drive), no control
 * or reserved characters, no leading dots or trailing dots and spaces, at most 150 characters
 * with the extension kept.
 */
export function safeEntryName(raw: string): string {
  let name = [...cleanFileName(raw.normalize('NFC'), '')]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(name)) name = `_${name}`;
  if (name.length > 150) {
    const ext = /\.[^.\s]{1,10}$/.exec(name)?.[0] ?? '';
    name = name.slice(0, 150 - ext.length).trim() + ext;
  }
  return name || 'file';
}

/** Names made unique (case-insensitively, as Windows and macOS compare them): 'a.pdf', 'a (2).pdf', ... */
export function uniqueNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((base) => {
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const dot = base.lastIndexOf('.');
      name = dot > 0 ? `${base.slice(0, dot)} (${n})${base.slice(dot)}` : `${base} (${n})`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * The ids of a request: one or many `documentId`, each a uuid, at most BULK_MAX of them as sent
 * (a repeated id counts each time it is sent, so a request stays bounded whatever it repeats;
 * the zip has it once).
 */
export function parseIds(raw: unknown): string[] {
  const list = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
  if (list.length > BULK_MAX) throw new BadInputError(bulkMessages.tooMany);
  for (const id of list) if (typeof id !== 'string' || !isUuid(id)) throw new BadInputError(bulkMessages.invalidId);
  const ids = [...new Set((list as string[]).map((s) => s.toLowerCase()))];
  if (!ids.length) throw new BadInputError(bulkMessages.none);
  return ids;
}

/** Resolves when `stream` can be read (its file exists), rejects when it cannot; the stream is closed either way. */
function probe(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: unknown) => {
      stream.off('readable', ok);
      stream.off('error', done);
      stream.off('end', ok);
      stream.destroy();
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve();
    };
    const ok = () => done();
    stream.once('readable', ok);
    stream.once('end', ok);
    stream.once('error', done);
  });
}

/**
 * Every file is checked before the first byte is sent: a file missing from storage refuses the
 * download with a message (a zip cannot announce its size and then leave an entry out). A file
 * that fails later, mid-stream, breaks the connection before Content-Length is reached, so the
 * client sees a failed download, never a short zip taken as whole.
 */
export async function assertStored(storage: FileStorage, entries: BulkEntry[]): Promise<void> {
  for (const e of entries) {
    try {
      await probe(storage.open(e.key));
    } catch {
      throw new UserError(bulkMessages.missing(e.record || e.name), 'FILE_MISSING', 404);
    }
  }
}

/**
 * Whether yazl's size of a zip of `entries` may count the Zip64 end records: 65,535 entries or
 * more, a central directory of 64 KiB or more, or data past 4 GiB. The central directory is
 * over-estimated (each record with its timestamp and Zip64 fields, 4 KiB to spare).
 */
function mayCountZip64(entries: BulkEntry[]): boolean {
  const spare = 4096;
  let directory = 0;
  let data = 0;
  for (const e of entries) {
    const name = Buffer.byteLength(e.name, 'utf8');
    directory += 46 + name + 9 + 28;
    data += 30 + name + e.size + 24;
  }
  return entries.length >= 0xffff - spare || directory >= 0xffff - spare || data >= 0xffffffff - spare * 1024;
}

/** The zip of `entries`, streamed lazily one file after another, and its exact size. */
export function zipOf(
  storage: FileStorage,
  entries: BulkEntry[],
  /** A file's stream failed: yazl pipes it, and a pipe does not pass errors on. */
  onFileError: (err: Error) => void,
): { stream: Readable; size: number; zip: yazl.ZipFile; abandon: () => void } {
  const zip = new yazl.ZipFile();
  let current: Readable | null = null;
  for (const e of entries)
    zip.addReadStreamLazy(e.name, { compress: false, size: e.size, mtime: e.mtime, mode: 0o100644 }, (cb) => {
      const file = storage.open(e.key);
      current = file;
      file.once('error', onFileError);
      cb(null, file);
    });
  let size = -1;
  // Called during end() when every entry is stored with a known size (no addFile).
  // (@types/yazl leaves out the callback's argument.) yazl 3.3 counts the Zip64 end records in
  // its size once the central directory passes 64 KiB but writes them only past 4 GiB, so a
  // zip of many long names was announced 76 bytes longer than sent and the download never
  // ended. Forcing the records makes both agree; it is done only where yazl's count may take
  // them (an estimate that errs high), so small zips keep the plain end record.
  (zip.end as (options: object, cb: (total: number) => void) => void)({ forceZip64Format: mayCountZip64(entries) }, (total) => {
    size = total;
  });
  const stream = zip.outputStream as Readable;
  // The client went away: close the file being read (its descriptor) along with the zip.
  const abandon = () => {
    (current as Readable | null)?.destroy();
    stream.destroy();
  };
  return { stream, size, zip, abandon };
}
