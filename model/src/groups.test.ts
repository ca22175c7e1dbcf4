import { describe, expect, it } from 'vitest';
import {
  ADMIN_GROUPS,
  ADMIN_ONLY_SCREENS,
  BACKEND_GROUPS,
  GROUPS,
  can,
  isAdministratorGroups,
  memberMatrix,
  OPERATIONS,
  passesScreenGate,
  visitorMatrix,
  type Operation,
} from './groups';
import { allEntities, type EntityName } from './registry';
import { ROLE_NAMES } from './roles';

const LETTERS: Record<Operation, string> = { create: 'C', read: 'R', update: 'U', delete: 'D' };

/** The rights of `groups` with `role` on `entity`, as the spec writes them (e.g. 'RCU'). */
const rights = (groups: string[], role: string | null, entity: string) =>
  (['read', 'create', 'update', 'delete'] as const)
    .filter((op) => can(groups, role, entity, op))
    .map((op) => LETTERS[op])
    .join('');
const member = (role: string, entity: string) => rights(['MehubAccount'], role, entity);

const order = (s: string) => ['R', 'C', 'U', 'D'].filter((l) => s.includes(l)).join('');

/**
 * What the model's matrix (data-layer.md section 6, written once in groups.ts) grants a
 * member with `role` on `entity`: the row's rights, the rights its role rules add for that
 * role, and the visitor rule that applies to everyone.
 */
function fromMatrix(role: string, entity: EntityName): string {
  let letters = memberMatrix[entity].rights + (visitorMatrix[entity]?.rights ?? '');
  for (const [letter, roles] of Object.entries(memberMatrix[entity].roles ?? {}))
    if ((roles as readonly string[]).includes(role)) letters += letter;
  return order(letters);
}

describe('administrator groups', () => {
  it('hold every right on every entity, with or without a role', () => {
    for (const group of ADMIN_GROUPS)
      for (const e of allEntities()) {
        expect(rights([group], null, e.name), `${group} ${e.name}`).toBe('RCUD');
        expect(rights([group], 'Worker', e.name), `${group} ${e.name}`).toBe('RCUD');
      }
  });
});

describe('the MehubAccount column', () => {
  it('gives each role exactly the rights of the matrix, entity by entity', () => {
    for (const role of ROLE_NAMES)
      for (const { name } of allEntities()) expect(member(role, name), `${role} ${name}`).toBe(fromMatrix(role, name));
  });
  // Spot checks of the spec's column itself (the matrix is written once, in groups.ts).
  it('gives the plain rights of the spec', () => {
    expect(member('Worker', 'AssetEntity')).toBe('RCU');
    expect(member('Worker', 'AssetAttachmentsEntity')).toBe('RCU');
    expect(member('Worker', 'LicenceEntity')).toBe('RCUD');
    expect(member('Worker', 'ReminderLogEntity')).toBe('RCUD');
    expect(member('Worker', 'MehubAccountEntity')).toBe('RU');
    expect(member('Worker', 'FormsEntity')).toBe('RC');
    expect(member('Worker', 'DocumentEntity')).toBe('RC');
    expect(member('Worker', 'NewsEntity')).toBe('R');
    expect(member('Worker', 'MemberOrganisationEntity')).toBe('R');
  });
  it('lets only a SafetyManager or a Manager update review requests, which members cannot read', () => {
    expect(ROLE_NAMES.filter((r) => can(['MehubAccount'], r, 'FormReviewRequestEntity', 'update'))).toEqual(['SafetyManager', 'Manager']);
    expect(member('SafetyManager', 'FormReviewRequestEntity')).toBe('U');
  });
  it('lets only a SafetyManager delete assets', () => {
    expect(ROLE_NAMES.filter((r) => can(['MehubAccount'], r, 'AssetEntity', 'delete'))).toEqual(['SafetyManager']);
  });
  it('lets only a SafetyManager update documents, and remove them (pending ones: server/src/access/records.ts)', () => {
    expect(ROLE_NAMES.filter((r) => can(['MehubAccount'], r, 'DocumentEntity', 'update'))).toEqual(['SafetyManager']);
    expect(ROLE_NAMES.filter((r) => can(['MehubAccount'], r, 'DocumentEntity', 'delete'))).toEqual(['SafetyManager']);
  });
  it('lets SafetyManager and Manager update submissions; never delete', () => {
    expect(ROLE_NAMES.filter((r) => can(['MehubAccount'], r, 'FormSubmissionsEntity', 'update'))).toEqual(['SafetyManager', 'Manager']);
    expect(ROLE_NAMES.filter((r) => can(['MehubAccount'], r, 'FormSubmissionsEntity', 'delete'))).toEqual([]);
  });
  it('makes feedback and searches create-only', () => {
    expect(member('SafetyManager', 'FeedbackAndHelpEntity')).toBe('C');
    expect(member('Worker', 'SearchesEntity')).toBe('C');
  });
  it('gives nothing on API keys and admin users', () => {
    expect(member('SafetyManager', 'ApikeyEntity')).toBe('');
    expect(member('SafetyManager', 'MehubAdminEntity')).toBe('');
  });
  it('gives the link rights of the spec', () => {
    expect(member('Worker', 'DocumentTypesDocuments')).toBe('RCUD');
    expect(member('Worker', 'AssetsMehubAccounts')).toBe('RCU');
    expect(member('Worker', 'FormsMemberOrganisations')).toBe('R');
    expect(member('Worker', 'DocumentTypesTemplates')).toBe('R');
  });
  it('without a role, gives none of the role-only rights', () => {
    expect(rights(['MehubAccount'], null, 'AssetEntity')).toBe('RCU');
    expect(rights(['MehubAccount'], null, 'FormReviewRequestEntity')).toBe('');
  });
});

describe('visitors and unknown groups', () => {
  it('may only read role-document access', () => {
    const granted = (groups: string[]) =>
      allEntities().flatMap((e) => OPERATIONS.filter((op) => can(groups, null, e.name, op)).map((op) => `${e.name} ${op}`));
    expect(granted(['Visitors'])).toEqual(['RolesMeaDocumentAccess read']);
    expect(granted([])).toEqual(['RolesMeaDocumentAccess read']);
    expect(granted(['Someone Else'])).toEqual(['RolesMeaDocumentAccess read']);
  });
  it('a member role alone, without the MehubAccount group, grants nothing more', () => {
    expect(rights(['Visitors'], 'SafetyManager', 'AssetEntity')).toBe('');
  });
  it('unknown entities get nothing, except for administrators', () => {
    expect(rights(['MehubAccount'], 'SafetyManager', 'NoSuchEntity')).toBe('');
    expect(rights(['MehubAdmin'], null, 'NoSuchEntity')).toBe('RCUD');
  });
});

describe('several groups', () => {
  it('get the union of their rights', () => {
    expect(rights(['Visitors', 'MehubAccount'], 'Worker', 'AssetEntity')).toBe('RCU');
    expect(rights(['MehubAccount', 'MehubAdmin'], 'Worker', 'ApikeyEntity')).toBe('RCUD');
    expect(rights(['MehubAdmin', 'MehubAccount'], 'Worker', 'FormSubmissionsEntity')).toBe('RCUD');
  });
});

describe('completeness', () => {
  it('every entity of the registry has a member row', () => {
    expect(
      allEntities()
        .map((e) => e.name)
        .filter((n) => !(n in memberMatrix)),
    ).toEqual([]);
  });
  it('every member row names a real entity', () => {
    const names = new Set<string>(allEntities().map((e) => e.name));
    expect([...Object.keys(memberMatrix), ...Object.keys(visitorMatrix)].filter((n) => !names.has(n))).toEqual([]);
  });
  it('gives read only on form versions and tiles, which the spec leaves out of the matrix', () => {
    expect(member('Worker', 'FormsEntityFormVersion')).toBe('R');
    expect(member('Worker', 'FormsEntityFormTileEntity')).toBe('R');
  });
});

describe('back-end access (architecture.md: the Member Back-office group)', () => {
  it('gives Member Back-office the rights of MehubAccount, for every role and entity, plus the document workflow', () => {
    for (const e of allEntities())
      for (const role of [null, ...ROLE_NAMES])
        if (e.name !== 'DocumentEntity')
          expect(rights([GROUPS.memberBackoffice], role, e.name), `${role} ${e.name}`).toBe(rights([GROUPS.member], role, e.name));
    for (const role of ROLE_NAMES) expect(rights([GROUPS.memberBackoffice], role, 'DocumentEntity')).toBe('RCUD');
    expect(rights([GROUPS.member], 'Worker', 'DocumentEntity')).toBe('RC');
    expect(rights([GROUPS.memberBackoffice], 'SafetyManager', 'AssetEntity')).toBe('RCUD');
    expect(rights([GROUPS.memberBackoffice, GROUPS.member], 'Worker', 'ApikeyEntity')).toBe('');
  });
  it('is not an administrator group', () => {
    expect(isAdministratorGroups([GROUPS.memberBackoffice])).toBe(false);
    expect(isAdministratorGroups([GROUPS.member, GROUPS.memberBackoffice])).toBe(false);
  });
  it('lets Member Back-office through the screen gates, ordinary members no more', () => {
    expect(BACKEND_GROUPS).not.toContain(GROUPS.member);
    for (const e of allEntities()) {
      const adminOnly = ADMIN_ONLY_SCREENS.includes(e.name);
      expect(passesScreenGate([GROUPS.member], e.name), e.name).toBe(false);
      expect(passesScreenGate([GROUPS.member, GROUPS.memberBackoffice], e.name), e.name).toBe(!adminOnly);
      expect(passesScreenGate([GROUPS.admin], e.name), e.name).toBe(true);
      expect(passesScreenGate([GROUPS.visitors], e.name), e.name).toBe(false);
    }
  });
});

describe('isAdministratorGroups', () => {
  it('is true for the administrator groups only, whatever else the user has', () => {
    expect(isAdministratorGroups([GROUPS.admin])).toBe(true);
    expect(isAdministratorGroups([GROUPS.member, GROUPS.superAdministrators])).toBe(true);
    expect(isAdministratorGroups([GROUPS.member])).toBe(false);
    expect(isAdministratorGroups([GROUPS.visitors])).toBe(false);
    expect(isAdministratorGroups([])).toBe(false);
    expect(isAdministratorGroups(['MehubAdminX', 'mehubadmin'])).toBe(false);
  });
});
