import { sessionEnded, xsrfHeaders } from '../../client/api';

/**
 * Bulk Download (member-site.md 2, 7, 8): GET /api/files/bulkDocuments with a repeated
 * documentId streams a zip of the chosen documents' or templates' files. The body is read chunk
 * by chunk so the page can show how far it has got (Content-Length, else X-Total-Bytes), then
 * handed to the browser as one file.
 */

export type BulkKind = 'documents' | 'templates';

/** The server takes at most this many ids in one request. */
export const BULK_MAX = 500;

export const BULK_TEXT: Record<BulkKind, { none: string; failed: string; fileName: string; tooMany: string }> = {
  templates: {
    none: 'No downloadable template pdf/s found. Only templates with a file attached can be downloaded.',
    failed: 'Unable to download template pdf/s',
    fileName: 'templates.zip',
    tooMany: `At most ${BULK_MAX} templates can be downloaded at once`,
  },
  documents: {
    none: 'No downloadable documents found...',
    failed: 'Unable to download documents',
    fileName: 'documents.zip',
    tooMany: `At most ${BULK_MAX} documents can be downloaded at once`,
  },
};

/** Why a bulk download did not happen: nothing downloadable (a warning), or a failure. */
export class BulkDownloadError extends Error {
  constructor(
    message: string,
    readonly level: 'warning' | 'error',
  ) {
    super(message);
  }
}

export interface BulkItem {
  id: string;
  /** Whether a file is attached (a document with only a link has none). */
  hasFile: boolean;
}

/** Longest GET address sent; longer selections use the POST form of the route. */
export const BULK_GET_MAX_URL = 6000;

export const bulkUrl = (ids: readonly string[]) =>
  `/api/files/bulkDocuments?${ids.map((id) => `documentId=${encodeURIComponent(id)}`).join('&')}`;

/** The file name of a Content-Disposition header, else `fallback`; never a path. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  let name = '';
  try {
    name = star ? decodeURIComponent(star[1].trim().replace(/^"|"$/g, '')) : (plain?.[1].trim() ?? '');
  } catch {
    name = plain?.[1].trim() ?? '';
  }
  name = name.replace(/[\\/]/g, '_').replace(/^\.+/, '');
  return name || fallback;
}

/** The size the server announced: Content-Length, else X-Total-Bytes; null when neither is a number. */
export function totalOf(headers: Headers): number | null {
  for (const h of ['content-length', 'x-total-bytes']) {
    const n = Number(headers.get(h));
    if (headers.get(h) !== null && Number.isFinite(n) && n > 0) return n;
  }
  return null;
}

/**
 * Downloads the zip of `items` (those with a file). Refuses before any request when none has a
 * file or too many are chosen; reports progress as bytes read and the announced total.
 */
export async function downloadBulk(
  kind: BulkKind,
  items: readonly BulkItem[],
  onProgress: (loaded: number, total: number | null) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const text = BULK_TEXT[kind];
  const ids = [...new Set(items.filter((i) => i.hasFile).map((i) => i.id))];
  if (ids.length === 0) throw new BulkDownloadError(text.none, 'warning');
  if (ids.length > BULK_MAX) throw new BulkDownloadError(text.tooMany, 'warning');
  let res: Response;
  try {
    // The spec's call is a GET with repeated ids; a long selection would pass the server's header
    // limit (about 330 ids), so it goes as the same route's POST form.
    const url = bulkUrl(ids);
    res =
      url.length <= BULK_GET_MAX_URL
        ? await fetch(url, { credentials: 'same-origin', signal })
        : await fetch('/api/files/bulkDocuments', {
            method: 'POST',
            credentials: 'same-origin',
            signal,
            headers: { 'content-type': 'application/json', ...xsrfHeaders() },
            body: JSON.stringify({ documentId: ids }),
          });
  } catch {
    throw new BulkDownloadError(text.failed, 'error');
  }
  if (!res.ok) {
    if (res.status === 401) sessionEnded();
    // Nothing downloadable after all (files removed meanwhile): the server says so, a warning.
    if (res.status === 404) throw new BulkDownloadError(text.none, 'warning');
    const data = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
    const detail = data?.errors?.[0]?.message;
    throw new BulkDownloadError(detail ? `${text.failed}: ${detail}` : text.failed, 'error');
  }
  const total = totalOf(res.headers);
  const fileName = fileNameOf(res.headers.get('content-disposition'), text.fileName);
  onProgress(0, total);
  if (!res.body) {
    const blob = await res.blob();
    onProgress(blob.size, total ?? blob.size);
    return { blob, fileName };
  }
  const reader = res.body.getReader();
  const chunks: BlobPart[] = [];
  let loaded = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onProgress(loaded, total);
    }
  } catch {
    throw new BulkDownloadError(text.failed, 'error');
  }
  return { blob: new Blob(chunks, { type: res.headers.get('content-type') ?? 'application/zip' }), fileName };
}
