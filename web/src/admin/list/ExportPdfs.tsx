import { Button, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { xsrfHeaders } from '../../client/api';
import { saveBlob, viewerTimeZone } from '../../client/download';
import { graphqlRequest } from '../../client/graphql';
import type { Where } from './query';

/** Reads a response body while reporting how much of it has arrived (0..1, or null when the size is unknown). */
async function readWithProgress(res: Response, onProgress: (fraction: number | null) => void): Promise<Blob> {
  const total = Number(res.headers.get('content-length')) || 0;
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(total ? received / total : null);
  }
  return new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? 'application/zip' });
}

/** Form Submissions' bulk action: one zip with a PDF per selected submission, with its progress shown. */
export function ExportPdfs({ conditions }: { conditions: Where[][] }) {
  const [state, setState] = useState<{ count: number; progress: number | null } | null>(null);

  async function run() {
    try {
      const { n } = await graphqlRequest<{ n: number }>(
        'query($c: [[WhereExpressionGraph!]!]) { n: countFormSubmissionsEntitys(conditions: $c) }',
        {
          c: conditions,
        },
      );
      setState({ count: n, progress: null });
      const res = await fetch('/api/entity/FormSubmissionsEntity/pdf-zip', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', ...xsrfHeaders() },
        body: JSON.stringify({ conditions, TimeZoneId: viewerTimeZone() }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
        throw new Error(body?.errors?.[0]?.message ?? `The server answered ${res.status}`);
      }
      const blob = await readWithProgress(res, (progress) => setState({ count: n, progress }));
      saveBlob(blob, 'Form Submissions.zip');
    } catch (err) {
      notifications.show({ color: 'red', title: 'Unable to export the PDFs', message: (err as Error).message, autoClose: false });
    } finally {
      setState(null);
    }
  }

  return (
    <>
      <Button variant="light" onClick={() => void run()} loading={!!state}>
        PDF Export
      </Button>
      <Modal opened={!!state} onClose={() => {}} withCloseButton={false} title="PDF Export" centered>
        <Stack>
          <Text>{`Preparing ${state?.count ?? ''} PDF${state?.count === 1 ? '' : 's'}…`}</Text>
          <Progress
            value={state?.progress == null ? 100 : Math.round(state.progress * 100)}
            animated={state?.progress == null}
            striped={state?.progress == null}
            aria-label="PDF export progress"
          />
        </Stack>
      </Modal>
    </>
  );
}
