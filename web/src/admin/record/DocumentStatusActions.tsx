import { Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DOCUMENT_ACTION_LABELS,
  DOCUMENT_TRANSITIONS,
  DocumentStatus,
  NO_DOCUMENT_ACTIONS,
  documentActions,
  enumLabel,
  recordViewer,
  type DocumentAction,
} from '@hub/model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { graphqlRequest } from '../../client/graphql';
import { useMe } from '../../app/session';
import { serverMessages } from './record-values';

interface Props {
  id: string;
  /** After a removal (the document is gone). */
  onRemoved(): void;
}

/** The colour of a document status badge (AA contrast on white text). */
export const statusColor = (status: string | null) => (status === 'PENDING' ? 'orange.9' : status === 'ACTIVE' ? 'green.9' : 'gray.7');

/** A document's status as a badge ('—' when it has none). */
export function DocumentStatusBadge({ status }: { status: string | null }) {
  return (
    <Badge color={statusColor(status)} variant="filled">
      {status ? enumLabel(DocumentStatus, status) : '—'}
    </Badge>
  );
}

/**
 * Runs a document workflow action (Approve, Make Active, Make Inactive: a status update;
 * Remove: a delete) as the viewer; the server decides and its message is shown on refusal.
 * Lists and records of documents are refreshed after a change.
 */
export function useDocumentAction() {
  const client = useQueryClient();
  const [busy, setBusy] = useState<{ id: string; action: DocumentAction } | null>(null);
  async function run(id: string, action: DocumentAction, onRemoved?: () => void) {
    setBusy({ id, action });
    try {
      const to = DOCUMENT_TRANSITIONS[action].to;
      if (to)
        await graphqlRequest(`mutation($m: [DocumentEntityInput!]!) { r: updateDocumentEntity(documentEntityModels: $m) { id } }`, {
          m: [{ id, status: to }],
        });
      else await graphqlRequest(`mutation($ids: [ID!]!) { r: deleteDocumentEntity(documentEntityIds: $ids) }`, { ids: [id] });
      notifications.show({ color: 'green', message: `${DOCUMENT_ACTION_LABELS[action]}: done` });
      void client.invalidateQueries({ queryKey: ['list', 'DocumentEntity'] });
      void client.invalidateQueries({ queryKey: ['record', 'DocumentEntity'] });
      if (!to) onRemoved?.();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: 'The document was not changed',
        message: serverMessages(err).messages.join('\n'),
        autoClose: false,
      });
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}

/**
 * A document's status and the workflow's actions on the back-office record (member-site.md
 * section 4): Approve and Remove a pending document, Make Active and Make Inactive, as the
 * viewer's role allows (model/src/records.ts); the server decides again and its message is shown.
 */
export function DocumentStatusActions({ id, onRemoved }: Props) {
  const me = useMe().data;
  const { busy, run } = useDocumentAction();
  const doc = useQuery({
    queryKey: ['record', 'DocumentEntity', id, 'status'],
    queryFn: () =>
      graphqlRequest<{ r: { status: string | null; documentTypess: { meaDocument: boolean | null }[] } | null }>(
        `query($id: ID!) { r: documentEntity(id: $id) { status documentTypess { id meaDocument } } }`,
        { id },
      ),
    gcTime: 0,
  });
  const status = doc.data?.r?.status ?? null;
  if (!doc.data?.r) return null;
  const viewer = recordViewer(me?.roleName ?? null, me?.groups.map((g) => g.name) ?? []);
  const mea = doc.data.r.documentTypess.some((t) => t.meaDocument);
  const actions = documentActions(status, viewer, { mea });

  return (
    <Group gap="sm" aria-label="Document status">
      <Text size="sm" fw={600}>
        Status
      </Text>
      <DocumentStatusBadge status={status} />
      {actions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_DOCUMENT_ACTIONS}
        </Text>
      ) : (
        actions.map((a) => (
          <Button
            key={a}
            size="sm"
            mih={44}
            variant={a === 'remove' ? 'outline' : 'filled'}
            color={a === 'remove' ? 'red.9' : undefined}
            loading={busy?.action === a}
            disabled={busy !== null && busy.action !== a}
            onClick={() => void run(id, a, onRemoved)}
          >
            {DOCUMENT_ACTION_LABELS[a]}
          </Button>
        ))
      )}
    </Group>
  );
}
