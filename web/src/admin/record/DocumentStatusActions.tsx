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

/**
 * A document's status and the workflow's actions on the back-office record (member-site.md
 * section 4): Approve and Remove a pending document, Make Active and Make Inactive, as the
 * viewer's role allows (model/src/records.ts); the server decides again and its message is shown.
 */
export function DocumentStatusActions({ id, onRemoved }: Props) {
  const me = useMe().data;
  const client = useQueryClient();
  const [busy, setBusy] = useState<DocumentAction | null>(null);
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

  async function run(action: DocumentAction) {
    setBusy(action);
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
      if (!to) onRemoved();
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

  return (
    <Group gap="sm" aria-label="Document status">
      <Text size="sm" fw={600}>
        Status
      </Text>
      <Badge color={status === 'PENDING' ? 'orange.9' : status === 'ACTIVE' ? 'green.9' : 'gray.7'} variant="filled">
        {status ? enumLabel(DocumentStatus, status) : '—'}
      </Badge>
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
            loading={busy === a}
            disabled={busy !== null && busy !== a}
            onClick={() => void run(a)}
          >
            {DOCUMENT_ACTION_LABELS[a]}
          </Button>
        ))
      )}
    </Group>
  );
}
