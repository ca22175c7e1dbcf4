import {
  DOCUMENT_ACTION_LABELS,
  DOCUMENT_TRANSITIONS,
  NO_DOCUMENT_ACTIONS,
  documentActions,
  documentNeedsApproval,
  recordViewer,
  type DocumentAction,
  type DocumentStatusValue,
  type RecordViewer,
} from '@hub/model/records';
import { ROLES } from '@hub/model/roles';
import { hasBackendAccess, type Me } from '../../app/session';

/**
 * The member document pages' rules (member-site.md 4 Document, 6, 9): which status tabs a
 * viewer has, which actions a document offers, and whether Edit shows. The server decides
 * (server/src/records); the workflow facts are model/src/records.ts, shared with it.
 */

export type DocumentStatusKey = DocumentStatusValue;
export type { DocumentAction, RecordViewer };
export { DOCUMENT_ACTION_LABELS, DOCUMENT_TRANSITIONS, NO_DOCUMENT_ACTIONS, documentActions, documentNeedsApproval };

/** The status tabs, in the spec's order, with their address segment and label. */
export const STATUS_TABS: { status: DocumentStatusKey; key: string; label: string }[] = [
  { status: 'PENDING', key: 'pending', label: 'Pending' },
  { status: 'ACTIVE', key: 'active', label: 'Active' },
  { status: 'INACTIVE', key: 'inactive', label: 'Inactive' },
];

/** The viewer as the workflow facts need it; back-end access as the session reports it (a group's flag). */
export const viewerOf = (me: Me | null | undefined): RecordViewer => {
  const viewer = recordViewer(
    me?.roleName,
    (me?.groups ?? []).map((g) => g.name),
  );
  return { ...viewer, backend: viewer.backend || hasBackendAccess(me) };
};

const onlyActive = (viewer: RecordViewer) => viewer.role === ROLES.safetyWorker && !viewer.backend && !viewer.admin;

/** A SafetyWorker has only the Active tab (index 0); everyone else Pending, Active, Inactive, Active (index 1) by default. */
export function statusTabsFor(viewer: RecordViewer): { tabs: typeof STATUS_TABS; defaultIndex: number } {
  if (onlyActive(viewer)) return { tabs: STATUS_TABS.filter((t) => t.status === 'ACTIVE'), defaultIndex: 0 };
  return { tabs: STATUS_TABS, defaultIndex: 1 };
}

/** The status tab an address segment names, else the viewer's default tab. */
export function statusTabOf(viewer: RecordViewer, key: string | undefined) {
  const { tabs, defaultIndex } = statusTabsFor(viewer);
  return tabs.find((t) => t.key === key?.toLowerCase()) ?? tabs[defaultIndex];
}

/** 'New from safety templates': on the Active tab only, never for a SafetyWorker. */
export function offersTemplates(viewer: RecordViewer, status: DocumentStatusKey): boolean {
  return status === 'ACTIVE' && !onlyActive(viewer);
}

/** The notice after a new document that waits for approval ('...' is the document's name). */
export const pendingNotice = (name: string) =>
  `Document approval pending: ${name.trim() || 'your document'} requires approval from a manager before it can be attached to a form`;

/** Edit shows only where saving would be allowed: the viewer may change documents and this is not a member-body document. */
export function canEditDocument(viewer: RecordViewer, mea: boolean): boolean {
  return documentActions('ACTIVE', viewer, { mea }).length > 0;
}
