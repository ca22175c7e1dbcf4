import { describe, expect, it } from 'vitest';
import { ADMIN_GROUPS, can, memberMatrix, OPERATIONS, type Operation } from './groups';
import { allEntities } from './registry';
import { ROLE_NAMES } from './roles';

const LETTERS: Record<Operation, string> = { create: 'C', read: 'R', update: 'U', delete: 'D' };

/** The rights of `groups` with `role` on `entity`, as the spec writes them (e.g. 'RCU'). */
const rights = (groups: string[], role: string | null, entity: string) =>
  (['read', 'create', 'update', 'delete'] as const)
    .filter((op) => can(groups, role, entity, op))
    .map((op) => LETTERS[op])
    .join('');
const member = (role: string, entity: string) => rights(['MehubAccount'], role, entity);

/**
 * The MehubAccount column of data-layer.md section 6 for rights every role has
 * (role-dependent extras are tested below). Read on RolesMeaDocumentAccess comes from
 * the visitor rule, which applies to everyone.
 */
const MEMBER_COLUMN: Record<string, string> = {
  ApikeyEntity: '',
  AdditionalAttachmentEntity: 'RCUD',
  AssetEntity: 'RCU',
  AssetAttachmentsEntity: 'RCU',
  DocumentEntity: 'RC',
  DocumentTypesEntity: 'R',
  FeedbackAndHelpEntity: 'C',
  FormReviewRequestEntity: '',
  FormSubmissionsEntity: 'RC',
  FormsEntity: 'RC',
  GuidanceEntity: 'R',
  HomePageLinkEntity: 'R',
  LicenceEntity: 'RCUD',
  LicenceAttachmentsEntity: 'RCUD',
  ReminderLogEntity: 'RCUD',
  MehubAccountEntity: 'RU',
  MehubAdminEntity: '',
  MemberOrganisationEntity: 'R',
  NewsEntity: 'R',
  RoleEntity: 'R',
  RoleSafetyLinkPermissionEntity: 'R',
  SafetyLinkEntity: 'R',
  SafetyLinkSectionEntity: 'R',
  SearchesEntity: 'C',
  StandardEntity: 'R',
  TemplateEntity: 'R',
  MehubAccountTimelineEventsEntity: 'R',
  FormSubmissionsAssets: 'RCUD',
  FormsDocumentTypes: 'RCUD',
  DocumentTypesDocuments: 'RCUD',
  FormSubmissionsDocuments: 'RCUD',
  DocumentsMehubAccounts: 'RCUD',
  AssetsMehubAccounts: 'RCU',
  FormsMemberOrganisations: 'R',
  DocumentTypesTemplates: 'R',
  RolesMeaDocumentAccess: 'R',
};
/** Rights only some roles add on top of the column above. */
const ROLE_EXTRAS: Record<string, Partial<Record<string, string>>> = {
  AssetEntity: { SafetyManager: 'D' },
  DocumentEntity: { SafetyManager: 'U' },
  FormSubmissionsEntity: { SafetyManager: 'U', Manager: 'U' },
  FormReviewRequestEntity: { SafetyManager: 'U', Manager: 'U' },
};
const order = (s: string) => ['R', 'C', 'U', 'D'].filter((l) => s.includes(l)).join('');

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
  it('gives each role exactly the rights of the spec, entity by entity', () => {
    for (const role of ROLE_NAMES)
      for (const [entity, base] of Object.entries(MEMBER_COLUMN))
        expect(member(role, entity), `${role} ${entity}`).toBe(order(base + (ROLE_EXTRAS[entity]?.[role] ?? '')));
  });
  it('lets only a SafetyManager delete assets', () => {
    expect(ROLE_NAMES.filter((r) => can(['MehubAccount'], r, 'AssetEntity', 'delete'))).toEqual(['SafetyManager']);
  });
  it('lets only a SafetyManager update documents, and nobody delete them', () => {
    expect(ROLE_NAMES.filter((r) => can(['MehubAccount'], r, 'DocumentEntity', 'update'))).toEqual(['SafetyManager']);
    expect(ROLE_NAMES.filter((r) => can(['MehubAccount'], r, 'DocumentEntity', 'delete'))).toEqual([]);
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
    const names = new Set(allEntities().map((e) => e.name));
    expect(Object.keys(memberMatrix).filter((n) => !names.has(n))).toEqual([]);
  });
  it('the spec column above covers every entity the spec lists', () => {
    const unlisted = allEntities()
      .map((e) => e.name)
      .filter((n) => !(n in MEMBER_COLUMN));
    // Form versions and tiles are outside the spec's matrix; members read them.
    expect(unlisted).toEqual(['FormsEntityFormVersion', 'FormsEntityFormTileEntity']);
    for (const n of unlisted) expect(member('Worker', n)).toBe('R');
  });
});
