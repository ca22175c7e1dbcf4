import { ActionIcon, Box, Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { MB } from '@hub/model';
import { IconFileTypePdf, IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type DragEvent } from 'react';
import type { FileListChange } from '../../admin/record/FileListField';
import type { FileList } from '../../admin/record/record-query';
import { formatFileSize, maxBytesOf, uploadProblem } from '../../admin/record/upload';

/** The spec's rule of one file per pick (member-site.md 5, 'Files'). */
export const ONE_FILE_AT_A_TIME = 'Please upload one file at a time.';

/** A picked image as a thumbnail, anything else (PDFs) as a file chip. */
function Preview({ file, onRemove }: { file: File; onRemove(): void }) {
  const image = file.type.startsWith('image/') && file.type !== 'image/svg+xml';
  const url = useMemo(() => (image ? URL.createObjectURL(file) : null), [file, image]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <Paper withBorder p="xs" radius="sm">
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {url ? (
            <Image src={url} alt={`Preview of ${file.name}`} w={72} h={72} fit="cover" radius="sm" />
          ) : file.type === 'application/pdf' ? (
            <IconFileTypePdf size={32} aria-hidden />
          ) : (
            <IconFile size={32} aria-hidden />
          )}
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" truncate="end">
              {file.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatFileSize(file.size)} · uploaded on Save
            </Text>
          </Box>
        </Group>
        <ActionIcon variant="subtle" color="red" size={44} aria-label={`Remove ${file.name}`} onClick={onRemove}>
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/**
 * The licence form's attachment drop (member-site.md 2): drop or choose one file at a time (20 MB, the
 * spec's size and type messages), previews of what Save will upload. The files already stored are the
 * generic FileListField's (below it on the form); this only queues additions in the same change.
 */
export function LicenceAttachmentDrop({
  list,
  change,
  onChange,
}: {
  list: FileList;
  change: FileListChange;
  onChange(c: FileListChange): void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const field = list.target.fields[list.fileField];

  function take(files: File[]) {
    if (files.length > 1) return setProblem(ONE_FILE_AT_A_TIME);
    const file = files[0];
    if (!file) return;
    const bad = uploadProblem(field, file);
    setProblem(bad);
    if (!bad) onChange({ ...change, add: [...change.add, file] });
  }
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take([...e.dataTransfer.files]);
  };

  return (
    <Stack gap="xs">
      <Paper
        withBorder
        p="md"
        radius="md"
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-blue-0)' : undefined }}
        data-testid="licence-drop"
      >
        <Stack gap={6} align="center">
          <IconUpload size={28} aria-hidden />
          <Text size="sm" ta="center">
            Drop the licence or competency here, or choose a file
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            One file at a time, up to {maxBytesOf(field) / MB} MB (images and PDFs preview here)
          </Text>
          <FileButton onChange={(f) => take(f ? [f] : [])}>
            {(props) => (
              <Button {...props} variant="default" mih={44} leftSection={<IconUpload size={16} />}>
                Choose file
              </Button>
            )}
          </FileButton>
        </Stack>
      </Paper>
      {problem && (
        <Text size="sm" c="red.9" role="alert">
          {problem}
        </Text>
      )}
      {change.add.map((f, i) => (
        <Preview key={`${f.name}-${i}`} file={f} onRemove={() => onChange({ ...change, add: change.add.filter((x) => x !== f) })} />
      ))}
    </Stack>
  );
}
