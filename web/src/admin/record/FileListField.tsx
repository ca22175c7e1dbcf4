import { ActionIcon, Anchor, Button, FileButton, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { messages, MB } from '@hub/model';
import { IconArrowBackUp, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { graphqlRequest } from '../../client/graphql';
import { WRAPPING_BUTTON } from '../../ui/buttons';
import { fileListConditions, fileListQuery, type FileList } from './record-query';
import { fileLinkProps, formatFileSize, maxBytesOf, uploadProblem, type StoredFile } from './upload';

/** What the form will do to a file list when it is saved. */
export interface FileListChange {
  add: File[];
  remove: string[];
}

interface Props {
  list: FileList;
  parentId?: string;
  mode: 'create' | 'edit' | 'view';
  change: FileListChange;
  onChange(change: FileListChange): void;
  canAdd: boolean;
  canRemove: boolean;
  /** Several files per pick (default); false: one file at a time (the member pages, data-layer.md 9). */
  multiple?: boolean;
  /** The form's save button, named in 'uploaded on {word}' (the back-office's Submit; the member pages' Save). */
  saveWord?: string;
}

type Row = { id: string } & Record<string, StoredFile | null | string>;

/** A record's file list (e.g. a licence's attachments): its files, and in create and edit mode uploads and removals made on Submit. */
export function FileListField({ list, parentId, mode, change, onChange, canAdd, canRemove, multiple = true, saveWord = 'Submit' }: Props) {
  const [problems, setProblems] = useState<string[]>([]);
  const rows = useQuery({
    queryKey: ['file-list', list.target.name, parentId],
    queryFn: () => graphqlRequest<{ r: Row[] }>(fileListQuery(list), { c: fileListConditions(list, parentId!) }),
    enabled: !!parentId,
    gcTime: 0,
  });
  const field = list.target.fields[list.fileField];
  const editing = mode !== 'view';
  const loading = !!parentId && rows.isPending;
  const files = (rows.data?.r ?? []).flatMap((r) => {
    const file = r[list.fileField];
    return file && typeof file === 'object' ? [{ child: r.id, ...file }] : [];
  });

  function pick(picked: File[]) {
    const bad = picked.map((f) => uploadProblem(field, f)).filter((p): p is string => !!p);
    setProblems(bad);
    const good = picked.filter((f) => !uploadProblem(field, f));
    if (good.length) onChange({ ...change, add: [...change.add, ...good] });
  }

  return (
    <Stack gap={6} role="group" aria-label={list.label}>
      <Text size="sm" fw={600}>
        {list.label}
      </Text>
      {loading && <Loader size="xs" aria-label={`Loading ${list.label}`} />}
      {rows.isError && (
        <Text size="sm" c="red">
          Error Loading {list.label}
        </Text>
      )}
      {files.map((f) => {
        const removed = change.remove.includes(f.child);
        return (
          <Group key={f.child} gap="xs" wrap="nowrap">
            <Anchor {...fileLinkProps(f)} size="sm" td={removed ? 'line-through' : undefined}>
              {f.fileName}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatFileSize(f.size)}
              {removed ? ` · removed on ${saveWord}` : ''}
            </Text>
            {editing && canRemove && (
              <Tooltip label={removed ? 'Keep' : 'Remove'}>
                <ActionIcon
                  variant="subtle"
                  color={removed ? 'gray' : 'red'}
                  size="sm"
                  aria-label={`${removed ? 'Keep' : 'Remove'} ${f.fileName}`}
                  onClick={() =>
                    onChange({ ...change, remove: removed ? change.remove.filter((id) => id !== f.child) : [...change.remove, f.child] })
                  }
                >
                  {removed ? <IconArrowBackUp size={14} /> : <IconTrash size={14} />}
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
      })}
      {change.add.map((f, i) => (
        <Group key={`${f.name}-${i}`} gap="xs" wrap="nowrap">
          <Text size="sm">{f.name}</Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(f.size)} · uploaded on {saveWord}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={`Remove ${f.name}`}
            onClick={() => onChange({ ...change, add: change.add.filter((x) => x !== f) })}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
      {!loading && !files.length && !change.add.length && (
        <Text size="sm" c="dimmed">
          {messages.noFileAttached}
        </Text>
      )}
      {problems.map((p) => (
        <Text key={p} size="sm" c="red" role="alert">
          {p}
        </Text>
      ))}
      {editing && canAdd && (
        <FileButton
          onChange={(picked: File[] | File | null) => pick(Array.isArray(picked) ? picked : picked ? [picked] : [])}
          multiple={multiple}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconUpload size={14} />}
              w="fit-content"
              classNames={WRAPPING_BUTTON}
              // The visible text is part of the name (WCAG 2.5.3), after the list it uploads to.
              aria-label={`Upload ${list.label}: ${multiple ? 'Upload files' : 'Upload a file'} (up to ${maxBytesOf(field) / MB} MB each)`}
            >
              {multiple ? 'Upload files' : 'Upload a file'} (up to {maxBytesOf(field) / MB} MB each)
            </Button>
          )}
        </FileButton>
      )}
    </Stack>
  );
}
