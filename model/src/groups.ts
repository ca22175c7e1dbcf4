import type { EntityName } from './registry';
import { roleFacts, type RoleName } from './roles';

/** Groups of data-layer.md section 6. */
export const GROUP_NAMES = ['Super Administrators', 'MehubAdmin', 'MehubAccount', 'Member Back-office', 'Visitors'] as const;
export type GroupName = (typeof GROUP_NAMES)[number];

/** Each group by its role in the hub, so that no other folder spells a group's name. */
export const GROUPS = {
  superAdministrators: 'Super Administrators',
  admin: 'MehubAdmin',
  member: 'MehubAccount',
  /**
   * Members an administrator lets into the back-office for their own organisation
   * (architecture.md, 'Back-end access'): the rights and tenant scope of MehubAccount, plus
   * the back-end flag, which MehubAccount itself does not carry.
   */
  memberBackoffice: 'Member Back-office',
  visitors: 'Visitors',
} as const satisfies Record<string, GroupName>;

/** Groups whose members may enter the back-office (the groups whose user_group_def flag is on). */
export const BACKEND_GROUPS: readonly GroupName[] = [GROUPS.superAdministrators, GROUPS.admin, GROUPS.memberBackoffice];
/** Groups that make someone a member: the member column of the matrix, scoped to their organisation. */
export const MEMBER_GROUPS: readonly GroupName[] = [GROUPS.member, GROUPS.memberBackoffice];
export const ADMIN_GROUPS: readonly GroupName[] = [GROUPS.superAdministrators, GROUPS.admin];

/**
 * Whether someone in `groups` is an administrator (every right, every row): the one test of
 * the server (access/caller.ts) and of the web app (app/session.tsx).
 */
export function isAdministratorGroups(groups: readonly string[]): boolean {
  return groups.some((g) => (ADMIN_GROUPS as readonly string[]).includes(g));
}

export type Operation = 'create' | 'read' | 'update' | 'delete';
export const OPERATIONS: readonly Operation[] = ['create', 'read', 'update', 'delete'];

/** Rights as the spec writes them: a string of C, R, U, D. Role rules add rights for some roles only. */
export interface Grant {
  rights: string;
  roles?: Partial<Record<'C' | 'R' | 'U' | 'D', readonly RoleName[]>>;
}

const g = (rights: string, roles?: Grant['roles']): Grant => ({ rights, roles });

/**
 * The MehubAccount column of the matrix (also Member Back-office's: MEMBER_GROUPS). Entities the spec leaves out of the matrix
 * (form versions, form tiles) are read by members because the member site shows them.
 */
export const memberMatrix: Readonly<Record<EntityName, Grant>> = {
  ApikeyEntity: g(''),
  AdditionalAttachmentEntity: g('RCUD'),
  AssetEntity: g('RCU', { D: roleFacts.assetDelete }),
  AssetAttachmentsEntity: g('RCU'),
  // Raised by a completed submission's save (never created directly by a member); read and
  // changed within the 'correctiveActions' scope: managers all of their organisation's, an
  // assignee theirs, closing only (server/src/access/actions.ts).
  CorrectiveActionEntity: g('RU'),
  // Remove (delete) is a pending document's workflow action (server/src/access/records.ts holds it to pending ones).
  DocumentEntity: g('RC', { U: roleFacts.documentUpdate, D: roleFacts.documentUpdate }),
  DocumentTypesEntity: g('R'),
  FeedbackAndHelpEntity: g('C'),
  FormReviewRequestEntity: g('', { U: roleFacts.reviewRequestUpdate }),
  FormSubmissionsEntity: g('RC', { U: roleFacts.submissionUpdate }),
  // Members upload their photos (the save hook makes them theirs) and read them by the photos scope; the clean-up job removes unused ones.
  FormPhotoEntity: g('RC'),
  FormsEntity: g('RC'),
  FormsEntityFormVersion: g('R'),
  FormsEntityFormTileEntity: g('R'),
  GuidanceEntity: g('R'),
  GuidanceTopicEntity: g('R'),
  HomePageLinkEntity: g('R'),
  LicenceEntity: g('RCUD'),
  LicenceAttachmentsEntity: g('RCUD'),
  ReminderLogEntity: g('RCUD'),
  MehubAccountEntity: g('RU'),
  MehubAdminEntity: g(''),
  MemberOrganisationEntity: g('R'),
  NewsEntity: g('R'),
  RoleEntity: g('R'),
  RoleSafetyLinkPermissionEntity: g('R'),
  SafetyLinkEntity: g('R'),
  SafetyLinkSectionEntity: g('R'),
  SearchesEntity: g('C'),
  StandardEntity: g('R'),
  TemplateEntity: g('R'),
  MehubAccountTimelineEventsEntity: g('R'),
  FormSubmissionsAssets: g('RCUD'),
  FormsDocumentTypes: g('RCUD'),
  DocumentTypesDocuments: g('RCUD'),
  FormSubmissionsDocuments: g('RCUD'),
  DocumentsMehubAccounts: g('RCUD'),
  AssetsMehubAccounts: g('RCU'),
  FormsMemberOrganisations: g('R'),
  DocumentTypesTemplates: g('R'),
  RolesMeaDocumentAccess: g(''),
};

/**
 * What back-end access adds to the member column for Member Back-office (member-site.md section 6:
 * back-end holders approve, make inactive and remove documents, whatever their role).
 */
export const memberBackofficeExtra: Readonly<Partial<Record<EntityName, Grant>>> = {
  DocumentEntity: g('UD'),
};

/** Visitors: nothing, except read on role-document access. */
export const visitorMatrix: Readonly<Partial<Record<EntityName, Grant>>> = {
  RolesMeaDocumentAccess: g('R'),
};

const LETTER: Record<Operation, 'C' | 'R' | 'U' | 'D'> = { create: 'C', read: 'R', update: 'U', delete: 'D' };

/** The row of `matrix` for an entity named by any string (never an inherited property such as `toString`). */
function rowOf(matrix: Partial<Record<EntityName, Grant>>, entity: string): Grant | undefined {
  return Object.hasOwn(matrix, entity) ? matrix[entity as EntityName] : undefined;
}

function grants(grant: Grant | undefined, op: Operation, role: string | null | undefined): boolean {
  if (!grant) return false;
  const letter = LETTER[op];
  if (grant.rights.includes(letter)) return true;
  const roles = grant.roles?.[letter];
  return !!role && !!roles && (roles as readonly string[]).includes(role);
}

/**
 * Whether a user in `groups` (with member role `role`) may perform `op` on `entity`.
 * Allowed if the visitor rule or any of the user's groups allows it; administrator
 * groups hold all four rights on every entity.
 */
export function can(groups: readonly string[], role: string | null | undefined, entity: string, op: Operation): boolean {
  if (grants(rowOf(visitorMatrix, entity), op, role)) return true;
  for (const group of groups) {
    if (isAdministratorGroups([group])) return true;
    if ((MEMBER_GROUPS as readonly string[]).includes(group) && grants(rowOf(memberMatrix, entity), op, role)) return true;
    if (group === GROUPS.memberBackoffice && grants(rowOf(memberBackofficeExtra, entity), op, role)) return true;
  }
  return false;
}

/** Back-office screens only administrator groups may open (data-layer.md section 6, group gates). */
export const ADMIN_ONLY_SCREENS: readonly EntityName[] = [
  'ApikeyEntity',
  'FeedbackAndHelpEntity',
  'FormReviewRequestEntity',
  'SearchesEntity',
  'MehubAdminEntity',
];

/**
 * The group gates of back-office section 6 for an entity's screens (list, view, create,
 * edit): ADMIN_ONLY_SCREENS need an administrator group, the rest one of BACKEND_GROUPS
 * (ordinary MehubAccount members are not among them). Users who fail the gate go to /404.
 */
export function passesScreenGate(groups: readonly string[], entity: string): boolean {
  const allowed: readonly string[] = (ADMIN_ONLY_SCREENS as readonly string[]).includes(entity) ? ADMIN_GROUPS : BACKEND_GROUPS;
  return groups.some((g) => allowed.includes(g));
}
