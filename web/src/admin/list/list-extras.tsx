import { Button, Group } from '@mantine/core';
import { DOCUMENT_ACTION_LABELS, documentActions, recordViewer, type EntityDef } from '@hub/model';
import type { ReactNode } from 'react';
import { useMe } from '../../app/session';
import { DocumentStatusBadge, useDocumentAction } from '../record/DocumentStatusActions';

type Row = Record<string, unknown>;

/** What a list screen shows beyond the entity's own columns for some entities. */
export interface ListExtras {
  /** More fields each row carries (GraphQL selection). */
  select: string;
  /** Columns placed after the entity's columns. */
  columns: { key: string; label: string; cell(row: Row): ReactNode }[];
  /** Buttons placed before the row's View, Edit and Delete. */
  actions?(row: Row): ReactNode;
}

const statusOf = (row: Row) => (typeof row.status === 'string' ? row.status : null);
const isMea = (row: Row) =>
  Array.isArray(row.documentTypess) && (row.documentTypess as { meaDocument?: boolean | null }[]).some((t) => t.meaDocument);

/**
 * A document's row actions: Approve and Remove a pending document, Make Active and Make Inactive,
 * as the viewer's role allows (model/src/records.ts documentActions); the server's message on refusal.
 */
function DocumentRowActions({ row }: { row: Row }) {
  const me = useMe().data;
  const { busy, run } = useDocumentAction();
  const viewer = recordViewer(me?.roleName ?? null, me?.groups.map((g) => g.name) ?? []);
  const actions = documentActions(statusOf(row), viewer, { mea: isMea(row) });
  if (!actions.length) return null;
  const name = String(row.documentName ?? 'this document');
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((a) => (
        <Button
          key={a}
          size="sm"
          mih={44}
          variant={a === 'remove' ? 'outline' : 'light'}
          color={a === 'remove' ? 'red.9' : undefined}
          loading={busy?.action === a}
          disabled={busy !== null && busy.action !== a}
          aria-label={`${DOCUMENT_ACTION_LABELS[a]} ${name}`}
          onClick={() => void run(row.id as string, a)}
        >
          {DOCUMENT_ACTION_LABELS[a]}
        </Button>
      ))}
    </Group>
  );
}

const DOCUMENT_EXTRAS: ListExtras = {
  select: 'status documentTypess { id meaDocument }',
  columns: [{ key: 'status', label: 'Status', cell: (row) => <DocumentStatusBadge status={statusOf(row)} /> }],
  actions: (row) => <DocumentRowActions row={row} />,
};

/** The extras of an entity's list screens (Documents and MEA Documents: status and its actions). */
export function listExtrasFor(entity: EntityDef): ListExtras | null {
  return entity.name === 'DocumentEntity' ? DOCUMENT_EXTRAS : null;
}
