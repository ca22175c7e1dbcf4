import { ROLES, GROUPS, allEntities, getEntity, type EntityName } from '@hub/model';
import { describe, expect, it } from 'vitest';
import { Params } from '../db/params';
import type { Caller } from './caller';
import { ownsRows, scopeSql } from './scope';

const ORG = '1f0e6a52-3c1d-4b7e-9a10-5d2c8e4f7a01';
const USER = '2a1b7c63-4d2e-4c8f-8b21-6e3d9f5a8b12';
const ROLE = '3b2c8d74-5e3f-4d90-9c32-7f4eaf6b9c23';
const member: Caller = {
  userId: USER,
  kind: 'account',
  groups: [GROUPS.member],
  role: ROLES.worker,
  roleId: ROLE,
  organisationId: ORG,
  email: 'w@x',
};
const admin: Caller = { userId: USER, kind: 'admin', groups: [GROUPS.admin], role: null, roleId: null, organisationId: null, email: 'a@b' };

function scope(entity: EntityName, caller: Caller | null = member) {
  const params = new Params();
  return { sql: scopeSql(getEntity(entity), 't', caller, params), params: params.values };
}

describe('administrators', () => {
  it('see every row of every entity', () => {
    for (const groups of [[GROUPS.admin], [GROUPS.superAdministrators], [GROUPS.member, GROUPS.admin]])
      for (const e of allEntities()) expect(scopeSql(e, 't', { ...admin, groups }, new Params()), `${groups} ${e.name}`).toBeNull();
  });
  it('are recognised by group, not by caller kind', () => {
    expect(scope('AssetEntity', { ...admin, groups: [GROUPS.member], organisationId: ORG }).sql).not.toBeNull();
  });
});

describe('shared entities', () => {
  it('are unrestricted for members and visitors, unless the data keeps rows to some roles', () => {
    const shared = allEntities().filter((e) => e.scope.kind === 'shared' && !e.scope.byRole);
    expect(shared.map((e) => e.name)).toEqual(
      expect.arrayContaining(['StandardEntity', 'RoleEntity', 'DocumentTypesEntity', 'NewsEntity']),
    );
    for (const e of shared) {
      expect(scopeSql(e, 't', member, new Params()), e.name).toBeNull();
      expect(scopeSql(e, 't', null, new Params()), e.name).toBeNull();
    }
  });
  it('keep role-restricted rows (safety links, their permissions and sections) to the roles the permissions name', () => {
    const byRole = allEntities().filter((e) => e.scope.kind === 'shared' && e.scope.byRole);
    expect(byRole.map((e) => e.name).sort()).toEqual(['RoleSafetyLinkPermissionEntity', 'SafetyLinkEntity', 'SafetyLinkSectionEntity']);
    for (const e of byRole) {
      const { sql, params } = scope(e.name);
      expect(sql, e.name).toContain('role_safety_link_permission');
      expect(params, e.name).toContain(ROLE);
      expect(scopeSql(e, 't', null, new Params()), e.name).not.toBeNull();
      expect(scopeSql(e, 't', admin, new Params()), e.name).toBeNull();
    }
  });
  it('make a link whose first side is shared unrestricted too', () => {
    expect(scope('RolesMeaDocumentAccess').sql).toBeNull();
  });
});

describe('organisation scope', () => {
  it("keeps a member to their organisation's assets", () => {
    expect(scope('AssetEntity')).toEqual({ sql: `t."member_organisation_id" = $1::uuid`, params: [ORG] });
    expect(scope('MehubAccountEntity')).toEqual({ sql: `t."member_organisation_id" = $1::uuid`, params: [ORG] });
  });
  it('shows the member organisation itself only', () => {
    expect(scope('MemberOrganisationEntity')).toEqual({ sql: `t.id = $1::uuid`, params: [ORG] });
  });
  it('gives a caller without an organisation, or a visitor, no rows', () => {
    expect(scope('AssetEntity', { ...member, organisationId: null })).toEqual({
      sql: `t."member_organisation_id" = NULL::uuid`,
      params: [],
    });
    expect(scope('AssetEntity', null)).toEqual({ sql: `t."member_organisation_id" = NULL::uuid`, params: [] });
    expect(scope('MemberOrganisationEntity', null).sql).toBe(`t.id = NULL::uuid`);
  });
  it('applies to API-token callers like members', () => {
    expect(scope('AssetEntity', { ...member, kind: 'token' }).params).toEqual([ORG]);
  });
});

describe('via scope', () => {
  it('nests through every reference up to the organisation (licence attachments)', () => {
    const { sql, params } = scope('LicenceAttachmentsEntity');
    expect(sql).toMatch(
      /^t\."licence_id" IN \(SELECT (s\d+)\.id FROM "licence" \1 WHERE \1\."mehub_account_id" IN \(SELECT (s\d+)\.id FROM "mehub_account" \2 WHERE \2\."member_organisation_id" = \$1::uuid\)\)$/,
    );
    expect(params).toEqual([ORG]);
  });
  it('uses fresh aliases for each level', () => {
    const { sql } = scope('LicenceAttachmentsEntity');
    const aliases = [...sql!.matchAll(/SELECT (s\d+)\.id/g)].map((m) => m[1]);
    expect(new Set(aliases).size).toBe(2);
  });
  it('reaches the custom rules of the row it hangs off', () => {
    const attachments = scope('AdditionalAttachmentEntity');
    expect(attachments.sql).toMatch(
      /^t\."form_submissions_id" IN \(SELECT (s\d+)\.id FROM "form_submissions" \1 WHERE \(\1\.mehub_account_id IN/,
    );
    expect(attachments.params).toEqual([USER, ORG]);
    expect(scope('FormsDocumentTypes').sql).toMatch(/^t\."forms_id" IN \(SELECT (s\d+)\.id FROM "forms" \1 WHERE \(\1\.is_active/);
  });
});

describe('custom rules', () => {
  it('forms: active, and default or assigned to the caller organisation', () => {
    expect(scope('FormsEntity')).toEqual({
      sql:
        `(t.is_active AND (t.is_default OR EXISTS (SELECT 1 FROM link_forms_member_organisations l ` +
        `WHERE l.forms_id = t.id AND l.member_organisations_id = $1::uuid)))`,
      params: [ORG],
    });
  });
  it("submissions: the organisation's, drafts only to their owner", () => {
    expect(scope('FormSubmissionsEntity')).toEqual({
      sql:
        `(t.mehub_account_id IN (SELECT m.id FROM mehub_account m WHERE m.member_organisation_id = $2::uuid) ` +
        `AND (t.is_completed OR t.mehub_account_id = $1::uuid))`,
      params: [USER, ORG],
    });
  });
  it("documents: the organisation's, or member-body documents of a type the caller's role may access", () => {
    const { sql, params } = scope('DocumentEntity');
    expect(sql).toMatch(/^\(t\.member_organisation_id = \$2::uuid OR \(t\.member_organisation_id IS NULL AND EXISTS \(/);
    expect(sql).toContain('WHERE l.documents_id = t.id AND dt.mea_document AND r.roles_id = $1::uuid)))');
    expect(params).toEqual([ROLE, ORG]);
  });
  it('give a visitor nothing: no user, organisation or role', () => {
    expect(scope('FormSubmissionsEntity', null).params).toEqual([]);
    expect(scope('FormSubmissionsEntity', null).sql).toContain(
      'm.member_organisation_id = NULL::uuid) AND (t.is_completed OR t.mehub_account_id = NULL::uuid)',
    );
    expect(scope('DocumentEntity', { ...member, roleId: null }).sql).toContain('r.roles_id = NULL::uuid');
    expect(scope('FormsEntity', null).sql).toContain('l.member_organisations_id = NULL::uuid');
  });
  it('number their parameters after ones already taken', () => {
    const params = new Params();
    params.add('earlier');
    expect(scopeSql(getEntity('AssetEntity'), 'a', member, params)).toBe(`a."member_organisation_id" = $2::uuid`);
    expect(params.values).toEqual(['earlier', ORG]);
  });
});

describe('ownsRows', () => {
  it('is true for organisation, self and custom-owned entities and their dependants', () => {
    for (const name of [
      'AssetEntity',
      'MemberOrganisationEntity',
      'MehubAccountEntity',
      'FormSubmissionsEntity',
      'DocumentEntity',
      'LicenceAttachmentsEntity',
      'AdditionalAttachmentEntity',
      'AssetsMehubAccounts',
    ] as const)
      expect(ownsRows(getEntity(name)), name).toBe(true);
  });
  it('is false for shared entities, forms and anything hanging off them', () => {
    for (const name of [
      'StandardEntity',
      'RoleEntity',
      'FormsEntity',
      'FormsDocumentTypes',
      'RolesMeaDocumentAccess',
      'DocumentTypesTemplates',
    ] as const)
      expect(ownsRows(getEntity(name)), name).toBe(false);
  });
});
