import { notifications } from '@mantine/notifications';
import { postForBlob, saveBlob, viewerTimeZone } from '../../client/download';

/** Downloads one submission as 'Form Submission.pdf', dates in the viewer's time zone. */
export async function downloadSubmissionPdf(submissionId: string): Promise<void> {
  try {
    const blob = await postForBlob('/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: submissionId, TimeZoneId: viewerTimeZone() });
    saveBlob(blob, 'Form Submission.pdf');
  } catch (err) {
    notifications.show({ color: 'red', title: 'Unable to retrieve pdf for this submission', message: (err as Error).message });
  }
}
