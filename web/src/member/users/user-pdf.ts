import { notifications } from '@mantine/notifications';
import { sessionEnded } from '../../client/api';
import { saveBlob } from '../../client/download';
import { USER_TEXT } from './users-api';

/** A file name from a display name: no path separators or control characters, never empty. */
export function pdfFileName(displayName: string): string {
  const printable = [...displayName].filter((c) => c >= ' ').join('');
  const safe = printable
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${safe || 'User'}.pdf`;
}

/**
 * Export as PDF (member-site.md 7): GET /api/entity/MehubAccountEntity/pdf/{id}, saved as
 * '{display name}.pdf'; any failure is the toast 'Unable to retrieve pdf for user'.
 */
export async function downloadUserPdf(id: string, displayName: string): Promise<boolean> {
  try {
    const res = await fetch(`/api/entity/MehubAccountEntity/pdf/${encodeURIComponent(id)}`, { credentials: 'same-origin' });
    if (res.status === 401) sessionEnded();
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
      throw new Error(body?.errors?.[0]?.message ?? `The server answered ${res.status}`);
    }
    saveBlob(await res.blob(), pdfFileName(displayName));
    return true;
  } catch (err) {
    notifications.show({ color: 'red', title: USER_TEXT.pdfFailed, message: (err as Error).message, autoClose: false });
    return false;
  }
}
