import { ActionIcon, Anchor, Button, FileButton, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { getEntity, opNames } from '@hub/model';
import { hasRoleFact } from '@hub/model/roles';
import { IconFileExport, IconPaperclip, IconTool, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMe } from '../../app/session';
import { fileLinkProps, formatFileSize, uploadProblem } from '../../admin/record/upload';
import { fileLists } from '../../admin/record/record-query';
import { saveFileList } from '../../admin/record/record-values';
import { graphqlRequest } from '../../client/graphql';
import { saveBlob } from '../../client/download';
import { fetchDraft } from '../forms/forms-api';
import { OfflineNote, useHubQuery } from '../../offline/hub-only';
import { attachAssets, attachDocuments, loadAttachments, type SubmissionAttachments } from './attach-api';
import { DocumentDownload } from './AttachPage';

/** Where the controls show (member-site.md 2): addresses with user-submissions or /safety-form/; attach buttons not on edit addresses. */
export function attachmentControls(pathname: string): { shown: boolean; attachButtons: boolean } {
  const shown = pathname.includes('user-submissions') || pathname.includes('/safety-form/');
  return { shown, attachButtons: shown && !pathname.includes('edit') };
}

/** One CSV cell, quoted, and never read as a formula by a spreadsheet. */
const csvCell = (v: string) => `"${(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v).replace(/"/g, '""')}"`;

export function attachmentsCsv(a: SubmissionAttachments): string {
  const rows = [
    ['Kind', 'Name', 'Detail'],
    ...a.documents.map((d) => ['Document', d.documentName, d.documentLink ?? d.documentUpload?.fileName ?? '']),
    ...a.assets.map((x) => ['Asset', x.description, x.assetID ?? '']),
    ...a.files.map((f) => ['File', f.attachment?.fileName ?? '', f.attachment ? formatFileSize(f.attachment.size) : '']),
  ];
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n');
}

const FILES = () => fileLists(getEntity('FormSubmissionsEntity')).find((l) => l.name === 'additionalAttachmentss')!;

interface Props {
  formId: string;
  /**
   * 'fill': the user's draft of the form (found by the form), changeable; 'view': a submission
   * as it was submitted (completed submissions keep their attachments), listed with downloads.
   */
  mode: 'fill' | 'view';
  /** 'view': the submission shown. */
  submissionId?: string;
  /** 'fill': saves the filler's answers as the draft (before leaving for an attach page, or a file upload). */
  saveProgress?: () => Promise<boolean>;
}

/**
 * The filler's attachments: the documents, assets and other files on the submission, with
 * remove while it is a draft, and the toolbar Attach documents, Attach assets, Add file and
 * Export. Roles with the limited toolbar (roleFacts.limitedAttachToolbar) get Add file only.
 */
export function AttachmentsPanel({ formId, mode, submissionId, saveProgress }: Props) {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = useMe().data;
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const key = ['attachments', mode, mode === 'fill' ? formId : submissionId];
  const data = useHubQuery({
    queryKey: key,
    queryFn: async () => {
      const id = mode === 'fill' ? (await fetchDraft(formId))?.id : submissionId;
      return id ? loadAttachments(id) : { documents: [], assets: [], files: [] };
    },
    gcTime: 0,
  });
  const where = attachmentControls(location.pathname);
  if (!where.shown) return null;
  const editable = mode === 'fill';
  // Offline: what is shown stays, and nothing can be attached, added or removed until the hub answers again.
  const offline = data.offline;
  const limited = !me?.memberOrganisationId || hasRoleFact('limitedAttachToolbar', me?.roleName);
  const a = data.data;
  const refresh = () => client.invalidateQueries({ queryKey: key });

  const goAttach = async (kind: 'documents' | 'assets') => {
    setBusy(kind);
    const saved = saveProgress ? await saveProgress() : true;
    setBusy(null);
    if (saved) void navigate(`/safety-form/${formId}/active-${kind}`, { state: { from: location.pathname } });
  };

  const addFile = async (file: File | null) => {
    if (!file) return;
    const field = FILES().target.fields.attachment;
    const bad = uploadProblem(field, file);
    setProblem(bad);
    if (bad) return;
    setBusy('file');
    try {
      if (saveProgress && !(await saveProgress())) return;
      const draft = await fetchDraft(formId);
      if (!draft) throw new Error('Save the form as a draft first');
      await saveFileList(FILES(), draft.id, { add: [file], remove: [] });
      notifications.show({ color: 'green', message: `Added ${file.name}` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Could not add the file', message: (err as Error).message, autoClose: false });
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const remove = async (kind: 'documents' | 'assets' | 'file', id: string) => {
    if (!a) return;
    setBusy(`remove-${id}`);
    try {
      if (kind === 'documents')
        await attachDocuments(
          formId,
          a.documents.filter((d) => d.id !== id).map((d) => d.id),
        );
      else if (kind === 'assets')
        await attachAssets(
          formId,
          a.assets.filter((x) => x.id !== id).map((x) => x.id),
        );
      else {
        const n = opNames('AdditionalAttachmentEntity');
        await graphqlRequest(`mutation($ids: [ID!]!) { r: ${n.delete}(${n.idsArg}: $ids) }`, { ids: [id] });
      }
    } catch (err) {
      const title =
        kind === 'documents'
          ? 'Failed to attach documents to the form'
          : kind === 'assets'
            ? 'Failed to attach assets to the form'
            : 'Could not remove the file';
      notifications.show({ color: 'red', title, message: (err as Error).message, autoClose: false });
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const removeButton = (kind: 'documents' | 'assets' | 'file', id: string, name: string) =>
    editable && !offline && (kind === 'file' || !limited) ? (
      <Tooltip label="Remove">
        <ActionIcon
          variant="subtle"
          color="red"
          size={44}
          aria-label={`Remove ${name}`}
          loading={busy === `remove-${id}`}
          onClick={() => void remove(kind, id)}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    ) : null;

  const empty = a && !a.documents.length && !a.assets.length && !a.files.length;

  return (
    <Paper withBorder p="md" radius="md" my="md" component="section" aria-labelledby="attachments-title">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs" mb="xs">
        <Title order={2} fz="h4" id="attachments-title">
          Attachments
        </Title>
        <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Attachments">
          {editable && !offline && where.attachButtons && !limited && (
            <>
              <Button
                variant="light"
                mih={44}
                leftSection={<IconPaperclip size={16} aria-hidden />}
                loading={busy === 'documents'}
                onClick={() => void goAttach('documents')}
              >
                Attach documents
              </Button>
              <Button
                variant="light"
                mih={44}
                leftSection={<IconTool size={16} aria-hidden />}
                loading={busy === 'assets'}
                onClick={() => void goAttach('assets')}
              >
                Attach assets
              </Button>
            </>
          )}
          {editable && !offline && where.attachButtons && (
            <FileButton onChange={(f) => void addFile(f)}>
              {(props) => (
                <Button {...props} variant="light" mih={44} leftSection={<IconUpload size={16} aria-hidden />} loading={busy === 'file'}>
                  Add file
                </Button>
              )}
            </FileButton>
          )}
          {!limited && a && !empty && (
            <Button
              variant="default"
              mih={44}
              leftSection={<IconFileExport size={16} aria-hidden />}
              onClick={() => saveBlob(new Blob([attachmentsCsv(a)], { type: 'text/csv' }), 'Attachments.csv')}
            >
              Export
            </Button>
          )}
        </Group>
      </Group>
      {problem && (
        <Text size="sm" c="red.9" role="alert" mb="xs">
          {problem}
        </Text>
      )}
      {offline && (
        <OfflineNote>
          {!a
            ? `You are offline. Attachments can't be shown${editable ? ' or added' : ''} until you are back online.`
            : editable
              ? "You are offline. Attachments can't be added or removed until you are back online."
              : "You are offline. The attachments' files can't be opened until you are back online."}
        </OfflineNote>
      )}
      {data.isPending && !offline && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Loading attachments...</Text>
        </Group>
      )}
      {data.isError && !offline && (
        <Text size="sm" c="red.9">
          Error Loading Attachments: {(data.error as Error).message}
        </Text>
      )}
      {empty && (
        <Text size="sm" c="gray.7">
          Nothing is attached yet.
        </Text>
      )}
      {a && !empty && (
        <Stack gap="sm">
          {a.documents.length > 0 && (
            <AttachmentGroup title="Documents">
              {a.documents.map((d) => (
                <Group key={d.id} gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm">{d.documentName}</Text>
                  <Group gap={0} wrap="nowrap">
                    <DocumentDownload document={d} />
                    {removeButton('documents', d.id, d.documentName)}
                  </Group>
                </Group>
              ))}
            </AttachmentGroup>
          )}
          {a.assets.length > 0 && (
            <AttachmentGroup title="Assets">
              {a.assets.map((x) => (
                <Group key={x.id} gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm">
                    {x.description}
                    {x.assetID ? ` (${x.assetID})` : ''}
                  </Text>
                  {removeButton('assets', x.id, x.description)}
                </Group>
              ))}
            </AttachmentGroup>
          )}
          {a.files.length > 0 && (
            <AttachmentGroup title="Other files">
              {a.files.map((f) =>
                f.attachment ? (
                  <Group key={f.id} gap="xs" wrap="nowrap" justify="space-between">
                    <Group gap="xs" wrap="nowrap">
                      <Anchor size="sm" {...fileLinkProps(f.attachment)}>
                        {f.attachment.fileName}
                      </Anchor>
                      <Text size="xs" c="gray.7">
                        {formatFileSize(f.attachment.size)}
                      </Text>
                    </Group>
                    {removeButton('file', f.id, f.attachment.fileName)}
                  </Group>
                ) : null,
              )}
            </AttachmentGroup>
          )}
        </Stack>
      )}
    </Paper>
  );
}

function AttachmentGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div role="group" aria-label={title}>
      <Text size="sm" fw={600} mb={4}>
        {title}
      </Text>
      <Stack gap={2}>{children}</Stack>
    </div>
  );
}
