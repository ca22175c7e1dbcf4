/**
 * Workflow facts of the member records (assets, documents, licences, user accounts) as pure
 * functions: the server enforces them (server/src/records, server/src/access/records.ts) and the
 * web hides what they refuse with the same answers. member-site.md sections 4 and 6,
 * data-layer.md section 4.
 */
import { BACKEND_GROUPS, isAdministratorGroups } from './groups';
import { hasRoleFact, isManagerRole } from './roles';

/** Who looks at or saves a record, as the workflow rules need it. */
export interface RecordViewer {
  /** Member role name (null for administrators and API tokens). */
  role: string | null;
  /** Super Administrators or MehubAdmin: every right, every organisation. */
  admin: boolean;
  /** Any of their groups has the back-end flag (administrators, Member Back-office). */
  backend: boolean;
}

/** Whether any of `groups` (names) carries the back-end flag. */
export function hasBackendGroup(groups: readonly string[]): boolean {
  return groups.some((g) => (BACKEND_GROUPS as readonly string[]).includes(g));
}

/** A viewer from a role name and group names (the server's caller, or the web's session). */
export function recordViewer(role: string | null | undefined, groups: readonly string[]): RecordViewer {
  return { role: role ?? null, admin: isAdministratorGroups(groups), backend: hasBackendGroup(groups) };
}

export const recordMessages = {
  assetOutOfService: 'This asset is out of service: only its status can be changed',
  assetChildSelf: 'An asset cannot be its own child or parent',
  assetChildCycle: 'An asset cannot be linked to one of its own parent assets',
  assetChildOutOfService: 'Only assets in service can be linked as child assets',
  assetChildTaken: 'A linked child asset already has another parent asset',
  assetParentOutOfService: 'An asset out of service cannot be linked to a parent asset',
  assetParentNotInService: 'The parent asset is out of service: only assets in service can be linked',
  assetOtherOrganisation: 'Linked assets must belong to the same organisation',
  assetAssigneeOrganisation: 'Assignees must be users of the asset’s organisation',
  documentStatus: 'Only a safety manager or a user with back-end access can change the status of a document',
  documentTransition: (from: string, to: string) => `A ${from.toLowerCase()} document cannot be made ${to.toLowerCase()}`,
  documentMea: 'Member-body documents cannot be changed',
  documentLinkPending: 'A pending document cannot be linked to a user until it is approved',
  documentRemoveOnlyPending: 'Only a pending document can be removed: make an active document inactive instead',
  documentRemove: 'Only a safety manager or a user with back-end access can remove a document',
  licenceApprove: 'Only a manager or a user with back-end access can approve a licence',
  licenceOwnOnly: 'You can only add or change licences of your own account',
  licenceRemove: 'Only a manager or a user with back-end access can remove this licence',
  accountOwnOnly: 'You can only edit your own user record',
  primaryContactOrganisation: 'The primary contact must be a user of the organisation',
  primaryContact: 'Only a manager or a user with back-end access can choose the primary contact of the organisation',
} as const;

// ---------------------------------------------------------------- assets

/** Months between inspections per inspection frequency; null: not applicable. */
export const INSPECTION_MONTHS: Readonly<Record<string, number | null>> = {
  ONE_MONTH: 1,
  THREE_MONTHS: 3,
  SIX_MONTHS: 6,
  NOT_APPLICABLE: null,
};

/** 'YYYY-MM-DD' plus `months` calendar months (the last day of a shorter month: 31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: string, months: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]) - 1 + months;
  const day = Number(m[3]);
  const ty = y + Math.floor(mo / 12);
  const tm = ((mo % 12) + 12) % 12;
  const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  const d = new Date(Date.UTC(ty, tm, Math.min(day, last)));
  return d.toISOString().slice(0, 10);
}

/**
 * The next inspection of an asset: the last inspection plus its frequency. `undefined` when the
 * frequency is N/A (or unknown) or there is no last inspection: the next inspection is then kept
 * as given.
 */
export function nextInspectionDate(lastInspection: string | null | undefined, frequency: string | null | undefined): string | undefined {
  if (!lastInspection || !frequency) return undefined;
  const months = INSPECTION_MONTHS[frequency];
  if (!months) return undefined;
  return addMonths(lastInspection, months) ?? undefined;
}

/** Fields of an out-of-service asset that may still change (everything else is read-only). */
export const ASSET_OUT_OF_SERVICE_WRITABLE: readonly string[] = ['id', 'status'];

/** Whether the viewer may delete assets (the matrix: SafetyManager; administrators). */
export function canDeleteAsset(viewer: RecordViewer): boolean {
  return viewer.admin || hasRoleFact('assetDelete', viewer.role);
}

// ---------------------------------------------------------------- documents

export type DocumentStatusValue = 'PENDING' | 'ACTIVE' | 'INACTIVE';
export type DocumentAction = 'approve' | 'remove' | 'makeActive' | 'makeInactive';

export const DOCUMENT_ACTION_LABELS: Readonly<Record<DocumentAction, string>> = {
  approve: 'Approve',
  remove: 'Remove',
  makeActive: 'Make Active',
  makeInactive: 'Make Inactive',
};

/** What each action does: the status it applies to and the status it sets (null: the document is deleted). */
export const DOCUMENT_TRANSITIONS: Readonly<Record<DocumentAction, { from: DocumentStatusValue; to: DocumentStatusValue | null }>> = {
  approve: { from: 'PENDING', to: 'ACTIVE' },
  remove: { from: 'PENDING', to: null },
  makeActive: { from: 'INACTIVE', to: 'ACTIVE' },
  makeInactive: { from: 'ACTIVE', to: 'INACTIVE' },
};

export const NO_DOCUMENT_ACTIONS = 'No actions available';

/** Who changes a document's status (approve, make active or inactive, remove): SafetyManager, back-end access, administrators. */
export function canChangeDocumentStatus(viewer: RecordViewer): boolean {
  return viewer.admin || viewer.backend || hasRoleFact('documentUpdate', viewer.role);
}

/** The status change from `from` to `to` is one of the workflow's transitions. */
export function isDocumentTransition(from: string, to: string): boolean {
  return from === to || Object.values(DOCUMENT_TRANSITIONS).some((t) => t.from === from && t.to === to);
}

/**
 * The actions a viewer has on a document of `status` (empty: show 'No actions available').
 * Member-body documents (`mea`) are never changed by members.
 */
export function documentActions(status: string | null | undefined, viewer: RecordViewer, opts: { mea?: boolean } = {}): DocumentAction[] {
  if (!canChangeDocumentStatus(viewer)) return [];
  if (opts.mea && !viewer.admin) return [];
  return (Object.keys(DOCUMENT_TRANSITIONS) as DocumentAction[]).filter((a) => DOCUMENT_TRANSITIONS[a].from === status);
}

/** The status a new document gets: ACTIVE from a SafetyManager, PENDING from anyone else; administrators choose (default ACTIVE). */
export function documentCreateStatus(viewer: RecordViewer, requested?: string | null): DocumentStatusValue {
  if (viewer.admin) return requested === 'PENDING' || requested === 'INACTIVE' || requested === 'ACTIVE' ? requested : 'ACTIVE';
  return hasRoleFact('documentAutoActive', viewer.role) ? 'ACTIVE' : 'PENDING';
}

/** Whether the viewer's new document waits for approval (the SafetyWorker notice 'Document approval pending'). */
export function documentNeedsApproval(viewer: RecordViewer): boolean {
  return !viewer.admin && documentCreateStatus(viewer) === 'PENDING';
}

// ---------------------------------------------------------------- licences

export type LicenceStatusValue = 'PENDING' | 'ACTIVE' | 'EXPIRED';
export type LicenceAction = 'approve' | 'remove';

/** Licences this viewer saves are approved at once: manager-type roles, back-end access, administrators. */
export function licenceAutoApproved(viewer: RecordViewer): boolean {
  return viewer.admin || viewer.backend || hasRoleFact('licenceAutoApprove', viewer.role);
}

/** Who approves licences and changes any licence of their organisation (the same people as licenceAutoApproved). */
export const canApproveLicence = licenceAutoApproved;

/** 'YYYY-MM-DD' of `now` in UTC. */
function day(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whether a licence is valid on `now`'s day: valid through its renewal date (no date: always). */
export function licenceValid(renewalDate: string | null | undefined, now: Date = new Date()): boolean {
  return !renewalDate || renewalDate.slice(0, 10) >= day(now);
}

/** The status of an approved licence: ACTIVE with no renewal date or one today or later, else EXPIRED. */
export function approvedLicenceStatus(renewalDate: string | null | undefined, now: Date = new Date()): 'ACTIVE' | 'EXPIRED' {
  return licenceValid(renewalDate, now) ? 'ACTIVE' : 'EXPIRED';
}

/**
 * The status a licence is shown with (data-layer.md 4, 'Displayed status'): PENDING while it
 * waits for approval; EXPIRED when stored so or once its renewal date has passed (it is valid
 * through that day); else ACTIVE.
 */
export function displayedLicenceStatus(
  licence: { status?: string | null; renewalDate?: string | null },
  now: Date = new Date(),
): LicenceStatusValue {
  if (licence.status === 'PENDING' || licence.status === 'EXPIRED') return licence.status;
  return licenceValid(licence.renewalDate, now) ? 'ACTIVE' : 'EXPIRED';
}

/**
 * The actions on a licence of `status`: approvers approve a pending licence and remove any; the
 * licence's own account holder removes it while it is pending.
 */
export function licenceActions(status: string | null | undefined, viewer: RecordViewer, opts: { own?: boolean } = {}): LicenceAction[] {
  const actions: LicenceAction[] = [];
  if (canApproveLicence(viewer) && status === 'PENDING') actions.push('approve');
  if (canApproveLicence(viewer) || (opts.own && status === 'PENDING')) actions.push('remove');
  return actions;
}

// ---------------------------------------------------------------- user accounts

/** Whether the viewer edits colleagues' accounts (managers, back-end access, administrators); others only their own. */
export function canEditOtherAccounts(viewer: RecordViewer): boolean {
  return viewer.admin || viewer.backend || isManagerRole(viewer.role);
}

/** Whether the viewer is held to their own record (worker-type roles without back-end access, API tokens). */
export function ownAccountOnly(viewer: RecordViewer): boolean {
  return !canEditOtherAccounts(viewer);
}
