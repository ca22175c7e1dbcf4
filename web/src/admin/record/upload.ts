import { DEFAULT_MAX_UPLOAD_BYTES, INLINE_FILE_TYPES, MB, messages, type Field } from '@hub/model';

/** A file field's upload limit: its own (20 MB for form, asset and licence attachments), else 100 MB. */
export const maxBytesOf = (field: Field) => (field.kind === 'file' && field.maxBytes) || DEFAULT_MAX_UPLOAD_BYTES;

const acceptOf = (field: Field) => (field.kind === 'file' ? field.accept : undefined);

/** The input's accept attribute: the model's 'image/' prefixes become 'image/*'. */
export function acceptAttribute(field: Field): string | undefined {
  return acceptOf(field)
    ?.map((a) => (a.endsWith('/') ? `${a}*` : a))
    .join(',');
}

/** Whether a file matches one accepted type: exact, an extension ('.pdf'), or a wildcard ('image/*', 'image/'). */
function matches(file: File, accepted: string): boolean {
  const a = accepted.trim().toLowerCase();
  const type = (file.type || 'application/octet-stream').toLowerCase();
  if (a.startsWith('.')) return file.name.toLowerCase().endsWith(a);
  // An SVG is a document that can run script, not a picture: the server stores it as text
  // and refuses it where an image is asked for, so say so before it is sent.
  if (type === 'image/svg+xml') return a === type;
  if (a.endsWith('/*') || a.endsWith('/')) return type.startsWith(a.slice(0, a.indexOf('/') + 1));
  return type === a;
}

/** The spec's upload rules (back-office 5), checked before anything is sent: null when the file may go. */
export function uploadProblem(field: Field, file: File): string | null {
  const accept = acceptOf(field);
  if (accept?.length && !accept.some((a) => matches(file, a)))
    return messages.fileType(file.type || 'application/octet-stream', accept.join(', '));
  const max = maxBytesOf(field);
  if (file.size > max) return messages.fileTooLarge(max / MB);
  return null;
}

/** A stored file as the record screens select it. */
export interface StoredFile {
  id: string;
  fileName: string;
  size: number;
  contentType?: string | null;
}

/** A link to a stored file: images and PDFs open in a new tab (the server shows only those), others download. */
export function fileLinkProps(file: StoredFile): { href: string; target?: string; rel?: string } {
  if (file.contentType && INLINE_FILE_TYPES.includes(file.contentType))
    return { href: `/api/files/${file.id}`, target: '_blank', rel: 'noopener' };
  return { href: `/api/files/${file.id}?download=true` };
}

/** A file size in the units of the upload limits (1 MB = 1,000,000 bytes): '2.40 MB', '35 kB', '512 bytes'. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(2)} MB`;
  if (bytes >= 1000) return `${Math.round(bytes / 1000)} kB`;
  return `${bytes} bytes`;
}

/** The accepted types in words for the hint under an upload ('image/' is 'PNG, JPEG, GIF, WebP or BMP images'). */
export function acceptedWords(accept: readonly string[]): string {
  return accept.map((a) => (a === 'image/' || a === 'image/*' ? 'PNG, JPEG, GIF, WebP or BMP images' : a)).join(', ');
}
