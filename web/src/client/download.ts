import { ApiError, sessionEnded, xsrfHeaders } from './api';

/** POSTs JSON and returns the file the server answers with (PDFs, zips). */
export async function postForBlob(path: string, body: unknown): Promise<Blob> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...xsrfHeaders() },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    if (res.status === 401) sessionEnded();
    const data = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
    const messages = data?.errors?.map((e) => e.message) ?? [`The server answered ${res.status}`];
    throw new ApiError(messages[0], res.status, messages);
  }
  return res.blob();
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The viewer's IANA time zone, which the server formats PDF dates in. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
