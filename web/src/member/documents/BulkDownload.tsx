import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { saveBlob } from '../../client/download';
import { formatFileSize } from '../../admin/record/upload';
import { BulkDownloadError, downloadBulk, type BulkItem, type BulkKind } from './bulk-download';

interface Progress {
  loaded: number;
  total: number | null;
}

/** Runs one bulk download at a time, with its progress and the spec's toasts; leaving the page stops it. */
export function useBulkDownload(kind: BulkKind) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function start(items: readonly BulkItem[]): Promise<boolean> {
    if (abort.current) return false;
    const controller = new AbortController();
    abort.current = controller;
    try {
      const { blob, fileName } = await downloadBulk(kind, items, (loaded, total) => setProgress({ loaded, total }), controller.signal);
      if (controller.signal.aborted) return false;
      saveBlob(blob, fileName);
      const n = new Set(items.filter((i) => i.hasFile).map((i) => i.id)).size;
      notifications.show({ color: 'green', message: `Downloaded ${n} ${n === 1 ? 'file' : 'files'} as ${fileName}` });
      return true;
    } catch (err) {
      if (controller.signal.aborted) return false;
      const e = err instanceof BulkDownloadError ? err : new BulkDownloadError(String(err), 'error');
      notifications.show({
        color: e.level === 'warning' ? 'yellow' : 'red',
        message: e.message,
        autoClose: e.level === 'warning' ? 8000 : false,
      });
      return false;
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }
  return { start, progress, running: progress !== null };
}

/** The Bulk Download button and, while it runs, a progress bar (a moving bar when the size is unknown). */
export function BulkDownloadBar({
  label = 'Bulk Download',
  count,
  onClick,
  progress,
}: {
  label?: string;
  /** How many are chosen (the button is off at none). */
  count: number;
  onClick(): void;
  progress: Progress | null;
}) {
  const pct = progress?.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  return (
    <Stack gap={4} maw={420} style={{ minWidth: 0 }}>
      <Group gap="sm" wrap="nowrap">
        <Button
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={onClick}
          disabled={count === 0}
          loading={progress !== null}
          mih={44}
          variant="light"
        >
          {label}
          {count > 0 ? ` (${count})` : ''}
        </Button>
      </Group>
      {progress && (
        <div role="status" aria-live="polite">
          <Progress value={pct ?? 100} animated={pct === null} striped={pct === null} aria-label="Download progress" size="lg" />
          <Text size="xs" c="gray.7" mt={2}>
            {pct !== null
              ? `Downloading... ${pct}% (${formatFileSize(progress.loaded)} of ${formatFileSize(progress.total ?? 0)})`
              : `Downloading... ${formatFileSize(progress.loaded)}`}
          </Text>
        </div>
      )}
    </Stack>
  );
}
