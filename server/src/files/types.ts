import { INLINE_FILE_TYPES } from '@hub/model';
import { fileTypeFromBuffer } from 'file-type';

/** How much of a file's start the type detection reads (enough for office formats' zip entries). */
export const DETECT_BYTES = 64 * 1024;

/**
 * The content type of stored files is decided by the hub, never by the client: what the
 * magic bytes at the file's start (`head`) say; else text/plain (text/csv by name) for
 * valid UTF-8 text without control characters; else application/octet-stream. HTML, SVG
 * and scripts have no magic bytes, so they are stored as text at most and never served
 * as what they are.
 */
export async function detectType(head: Uint8Array, isText: boolean, fileName: string): Promise<string> {
  const found = head.length ? await fileTypeFromBuffer(head) : undefined;
  if (found) return found.mime;
  if (isText) return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
  return 'application/octet-stream';
}

/** Passive types a browser may show in the hub's origin: images other than SVG, and PDF (the model's list, which the web's links follow). */
const INLINE = new Set(INLINE_FILE_TYPES);

/** Types served with their own name (as downloads); every other stored type is served as application/octet-stream. */
const LABELLED = new Set([
  'text/plain',
  'text/csv',
  'application/zip',
  'application/x-cfb',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'image/tiff',
  'image/heic',
  'image/avif',
  'video/mp4',
  'video/quicktime',
  'audio/mpeg',
]);

/** No script, no plugin, no form, no same-origin access: the file's own page can do nothing. */
const SANDBOXED = "sandbox; default-src 'none'; frame-ancestors 'self'";
/** An image viewer styles its page; nothing else. */
const IMAGE = "sandbox; default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";
/**
 * Chrome's PDF viewer is a plugin of the page: it refuses to run in a sandboxed document
 * (Chromium issue 413851) and needs object-src and inline styles. The PDF's own scripts run
 * inside the viewer, never in the hub's origin; the type is only application/pdf when the
 * content starts as a PDF, and nosniff keeps browsers from reading it as anything else.
 */
const PDF = "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * Headers of a stored user file. Decided here at serving time from allow-lists, so rows
 * stored before types were detected (with whatever type a client claimed) are safe too.
 */
export function servingHeaders(storedType: string, fileName: string, download: boolean): Record<string, string> {
  const inline = INLINE.has(storedType) && !download;
  const type = INLINE.has(storedType) || LABELLED.has(storedType) ? storedType : 'application/octet-stream';
  const policy = !inline ? SANDBOXED : storedType === 'application/pdf' ? PDF : IMAGE;
  return {
    'content-type': type,
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeFileName(cleanFileName(fileName))}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': policy,
    'cross-origin-resource-policy': 'same-origin',
  };
}

/**
 * Bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and every other
 * invisible format character (Unicode category Cf: zero-width spaces and joiners, U+FEFF, soft
 * hyphen, tag characters...): an override makes 'invoice\u202Efdp.exe' show as 'invoiceexe.pdf'.
 * And control characters (Unicode category Cc: C0 such as ESC, BEL, BS, DEL, and C1 such as
 * U+0085 and U+009B, a terminal's escape sequence introducer).
 */
const INVISIBLE = /[\p{Cf}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Control characters become a space (a tab or line break parts words), runs of spaces one. */
const CONTROL = /\p{Cc}+/gu;

/**
 * A file name without bidirectional or invisible format characters ('file' when nothing is left): every name the hub stores (uploads) or writes (Content-Disposition,
 * zip entries, PDF names) goes through it, so names stored before it are cleaned when served.
 */
export function cleanFileName(name: string, fallback = 'file'): string {
  return name.replace(INVISIBLE, '').replace(CONTROL, ' ').replace(/ {2,}/g, ' ').trim() || fallback;
}

/** RFC 8187 value characters only (encodeURIComponent leaves ' ( ) * ! unescaped). */
const encodeFileName = (name: string) =>
  encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Whether a field's accept list (exact types, or prefixes such as 'image/') takes a type. */
export const accepts = (accept: readonly string[], type: string): boolean =>
  accept.some((a) => (a.endsWith('/') ? type.startsWith(a) : type === a));
