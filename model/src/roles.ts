/** Member roles and the workflow facts that depend on them (architecture.md, Access). */
export const ROLE_NAMES = ['SafetyManager', 'SafetyWorker', 'Manager', 'Worker', 'Pro-Manager', 'Pro-Worker'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Each role by name, so that no other folder spells a role's name. */
export const ROLES = {
  safetyManager: 'SafetyManager',
  safetyWorker: 'SafetyWorker',
  manager: 'Manager',
  worker: 'Worker',
  proManager: 'Pro-Manager',
  proWorker: 'Pro-Worker',
} as const satisfies Record<string, RoleName>;

export const MANAGER_ROLES: readonly RoleName[] = ['SafetyManager', 'Manager', 'Pro-Manager'];
export const WORKER_ROLES: readonly RoleName[] = ['SafetyWorker', 'Worker', 'Pro-Worker'];

/** Where the spec names "two specific roles" with manager rights. */
export const REVIEWER_ROLES: readonly RoleName[] = ['SafetyManager', 'Manager'];

export const roleFacts = {
  /** May delete assets. */
  assetDelete: ['SafetyManager'] as readonly RoleName[],
  /** May update documents (approve, deactivate). */
  documentUpdate: ['SafetyManager'] as readonly RoleName[],
  /** Documents they create start ACTIVE; others start PENDING. */
  documentAutoActive: ['SafetyManager'] as readonly RoleName[],
  /** May update completed submissions and review them. */
  submissionUpdate: REVIEWER_ROLES,
  /** May update form review requests. */
  reviewRequestUpdate: REVIEWER_ROLES,
  /** Licences they save are approved directly. */
  licenceAutoApprove: MANAGER_ROLES,
  /** The original Safety layout. */
  safetyLayout: ['SafetyManager', 'Manager'] as readonly RoleName[],
  /** The marketing tile with the reduced form types. */
  marketingTile: ['Worker', 'Pro-Worker'] as readonly RoleName[],
  /** May create, list and revoke the organisation's API tokens (the Integrations page). */
  apiTokens: REVIEWER_ROLES,
  /** A 'Form Reviewed' timeline event's View button opens the review (edit) page; other roles get the view page. */
  formReviewedEdit: REVIEWER_ROLES,
  /** User PDF export is hidden for them. */
  noUserPdf: ['SafetyWorker'] as readonly RoleName[],
  /**
   * The limited attachments toolbar of the form filler (member-site.md 2: "worker roles and one
   * further role"): only Add file, no Attach documents, no Attach assets, no export; the server
   * refuses their attachDocuments and attachAssets too. The worker roles are the three of
   * architecture.md (SafetyWorker, Worker, Pro-Worker); the further role is Pro-Manager, the one
   * manager role that is not among the "two specific roles" with full rights (SafetyManager and
   * Manager), who keep the organisation's registers the attach pages read.
   */
  limitedAttachToolbar: [...WORKER_ROLES, 'Pro-Manager'] as readonly RoleName[],
  /** See the Recent Activity modal once per session after sign-in. */
  recentActivityModal: ['SafetyManager', 'SafetyWorker', 'Worker', 'Manager'] as readonly RoleName[],
};

export function isManagerRole(role: string | null | undefined): boolean {
  return !!role && (MANAGER_ROLES as readonly string[]).includes(role);
}

export function hasRoleFact(fact: keyof typeof roleFacts, role: string | null | undefined): boolean {
  return !!role && (roleFacts[fact] as readonly string[]).includes(role);
}
