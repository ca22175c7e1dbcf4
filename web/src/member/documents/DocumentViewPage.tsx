import { Alert, Button, Center, Container, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconExternalLink, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMe } from '../../app/session';
import { Crumbs, type Crumb } from '../../ui/Crumbs';
import { formatLocal } from '../../ui/dates';
import { linkTarget, NEW_TAB } from '../site/links';
import {
  canEditDocument,
  DOCUMENT_ACTION_LABELS,
  DOCUMENT_TRANSITIONS,
  documentActions,
  NO_DOCUMENT_ACTIONS,
  viewerOf,
  type DocumentAction,
} from './document-rules';
import { useDocument, useDocumentStatus, type DocumentRecord } from './documents-api';
import { DOCUMENTS_PATH, MEA_PATH, StatusBadge } from './DocumentsPage';

/** The toast after each action. */
export const ACTION_DONE: Record<DocumentAction, string> = {
  approve: 'Document approved',
  remove: 'Document removed',
  makeActive: 'Document made active',
  makeInactive: 'Document made inactive',
};

/** A document's file (downloaded as an attachment) or link (a new tab, http(s) only). */
export function DocumentAttachment({ doc }: { doc: Pick<DocumentRecord, 'documentName' | 'documentUpload' | 'documentLink'> }) {
  if (doc.documentUpload)
    return (
      <Button
        component="a"
        href={`/api/files/${doc.documentUpload.id}?download=true`}
        download={doc.documentUpload.fileName}
        leftSection={<IconDownload size={18} aria-hidden />}
        variant="light"
        mih={44}
        aria-label={`Download ${doc.documentUpload.fileName}`}
        style={{ maxWidth: '100%' }}
      >
        <Text span truncate="end" inherit>
          {doc.documentUpload.fileName}
        </Text>
      </Button>
    );
  const link = linkTarget(doc.documentLink);
  if (link?.kind === 'external')
    return (
      <Button
        component="a"
        href={link.href}
        {...NEW_TAB}
        leftSection={<IconExternalLink size={18} aria-hidden />}
        variant="light"
        mih={44}
        aria-label={`Open the link of ${doc.documentName} (opens in a new tab)`}
      >
        Open link
      </Button>
    );
  return <Text c="gray.7">No File Attached</Text>;
}

/** After Approve and Remove: back where the viewer came from, else the list. */
function useGoBack(fallback: string) {
  const navigate = useNavigate();
  return () => {
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) void navigate(-1);
    else void navigate(fallback);
  };
}

/**
 * A document's view (member-site.md 2, 4): its status, file or link, comments and types; the
 * actions its status offers this viewer (Approve and Remove go back afterwards), else 'No
 * actions available'; Edit only where a save would be allowed. `mea`: the member-body page,
 * read-only.
 */
export function DocumentViewPage({ mea = false }: { mea?: boolean }) {
  const { id, type } = useParams();
  const me = useMe().data;
  const viewer = viewerOf(me);
  const doc = useDocument(id);
  const { setStatus, remove } = useDocumentStatus();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const listPath = mea ? `${MEA_PATH}${type ? `/${encodeURIComponent(type)}` : ''}` : DOCUMENTS_PATH;
  const goBack = useGoBack(listPath);
  const crumbs: Crumb[] = [{ label: mea ? 'MEA Documents' : 'Controlled Documents', to: listPath }];

  if (doc.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" mr="sm" />
        <Text>Loading Document...</Text>
      </Center>
    );
  if (doc.isError || !doc.data)
    return (
      <Container size="md" py="md">
        <Crumbs items={crumbs} />
        <Alert color="red" title="Error Loading Document">
          {doc.error instanceof Error ? doc.error.message : 'The document does not exist or you are not allowed to see it'}
        </Alert>
      </Container>
    );
  const d = doc.data;
  const isMea = mea || !!d.documentTypess?.some((t) => t.meaDocument);
  const actions = mea ? [] : documentActions(d.status, viewer, { mea: isMea });
  const busy = setStatus.isPending || remove.isPending;

  const failed = (err: unknown) =>
    notifications.show({
      color: 'red',
      title: 'Error saving document',
      message: err instanceof Error ? err.message : String(err),
      autoClose: false,
    });
  function run(action: DocumentAction) {
    if (action === 'remove') return setConfirmRemove(true);
    const to = DOCUMENT_TRANSITIONS[action].to;
    if (!to) return;
    setStatus.mutate(
      { id: d.id, status: to },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: ACTION_DONE[action] });
          if (action === 'approve') goBack();
        },
        onError: failed,
      },
    );
  }

  return (
    <Container size="md" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs items={[...crumbs, { label: d.documentName }]} />
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Group gap="sm" align="center" style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
            {d.documentName}
          </Title>
          <StatusBadge status={d.status} />
        </Group>
        {!mea && canEditDocument(viewer, isMea) && (
          <Button component={Link} to={`${DOCUMENTS_PATH}/edit/${d.id}`} leftSection={<IconPencil size={18} aria-hidden />} mih={44}>
            Edit
          </Button>
        )}
      </Group>
      <Stack gap="md">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="doc-file">
          <Title order={2} fz="lg" id="doc-file" mb="xs">
            Document
          </Title>
          <DocumentAttachment doc={d} />
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="doc-details">
          <Title order={2} fz="lg" id="doc-details" mb="xs">
            Details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Field label="Document Types" value={(d.documentTypess ?? []).map((t) => t.name).join(', ') || 'None'} />
            <Field label="Annual Review" value={d.annualReview === false ? 'No' : 'Yes'} />
            {d.mehubAccountss?.[0] && <Field label="Created by" value={accountName(d.mehubAccountss[0])} />}
            <Field label="Created" value={formatLocal(d.created)} />
            <Field label="Modified" value={formatLocal(d.modified)} />
          </SimpleGrid>
          <Field label="Comments" value={d.commentBox || '—'} pre />
        </Paper>
        {!mea && (
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="doc-actions">
            <Title order={2} fz="lg" id="doc-actions" mb="xs">
              Actions
            </Title>
            {actions.length === 0 ? (
              <Text c="gray.7">{NO_DOCUMENT_ACTIONS}</Text>
            ) : (
              <Group gap="sm">
                {actions.map((a) => (
                  <Button
                    key={a}
                    onClick={() => run(a)}
                    color={a === 'remove' ? 'red' : a === 'makeInactive' ? 'gray' : undefined}
                    variant={a === 'approve' || a === 'makeActive' ? 'filled' : 'outline'}
                    loading={busy && (setStatus.variables?.status === DOCUMENT_TRANSITIONS[a].to || a === 'remove')}
                    disabled={busy}
                    mih={44}
                  >
                    {DOCUMENT_ACTION_LABELS[a]}
                  </Button>
                ))}
              </Group>
            )}
          </Paper>
        )}
        <Group>
          <Button variant="default" onClick={goBack} mih={44}>
            Back
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirmRemove} onClose={() => setConfirmRemove(false)} title="Remove document" centered>
        <Text mb="md">
          Remove the pending document <b>{d.documentName}</b>? It is deleted and cannot be brought back.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmRemove(false)} mih={44}>
            Cancel
          </Button>
          <Button
            color="red"
            mih={44}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(d.id, {
                onSuccess: () => {
                  setConfirmRemove(false);
                  notifications.show({ color: 'green', message: ACTION_DONE.remove });
                  goBack();
                },
                onError: (err) => {
                  setConfirmRemove(false);
                  failed(err);
                },
              })
            }
          >
            Remove
          </Button>
        </Group>
      </Modal>
    </Container>
  );
}

function Field({ label, value, pre }: { label: string; value: string; pre?: boolean }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={pre ? { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } : { overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** An account as people read it: first name and surname, else its email. */
function accountName(a: { firstname: string | null; surname: string | null; email: string }): string {
  return [a.firstname, a.surname].filter(Boolean).join(' ') || a.email;
}
