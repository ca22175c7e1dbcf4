import { ROLES, GROUPS, getEntity, type EntityName } from '@hub/model';
import { describe, expect, it } from 'vitest';
import { UserError } from '../core/errors';
import { Params } from '../db/params';
import { FORM_HOOKS } from '../forms';
import type { Caller } from './caller';
import { HOOKED_ENTITIES, assertReviewRequestWrite, submissionUpdateInput } from './forms';
import { planWrite } from './write-plan';

const ORG = '1f0e6a52-3c1d-4b7e-9a10-5d2c8e4f7a01';
const USER = '2a1b7c63-4d2e-4c8f-8b21-6e3d9f5a8b12';
const member: Caller = {
  userId: USER,
  kind: 'account',
  groups: [GROUPS.member],
  role: ROLES.safetyManager,
  roleId: null,
  organisationId: ORG,
  email: 'm@x',
};
const admin: Caller = { ...member, kind: 'admin', groups: [GROUPS.admin], role: null, organisationId: null };

const created = (entity: EntityName, caller: Caller | null, input: Record<string, unknown> = {}) =>
  planWrite(getEntity(entity), caller, 'create').createInput(input);

describe('planWrite: the defaults of a member’s new row, one entity per kind of scope', () => {
  it('org: the member’s organisation (AssetEntity)', () => {
    expect(created('AssetEntity', member)).toEqual({ input: { memberOrganisationId: ORG }, relations: null });
  });
  it('via a member account: the member (LicenceEntity)', () => {
    expect(created('LicenceEntity', member).input).toEqual({ mehubAccountId: USER });
  });
  it('via another row: nothing (AssetAttachmentsEntity hangs off its asset)', () => {
    expect(created('AssetAttachmentsEntity', member).input).toEqual({});
  });
  it('custom documents: the organisation; custom submissions: the member', () => {
    expect(created('DocumentEntity', member).input).toEqual({ memberOrganisationId: ORG });
    expect(created('FormSubmissionsEntity', member).input).toEqual({ mehubAccountId: USER });
  });
  it('custom forms: never default, offered to the member’s organisation alone', () => {
    const plan = created('FormsEntity', member, { name: 'F', isDefault: true, memberOrganisationss: [{ id: 'other' }] });
    expect(plan).toEqual({ input: { name: 'F', isDefault: false }, relations: { memberOrganisationss: [{ id: ORG }] } });
  });
  it('shared: nothing; what the client gives wins over a default', () => {
    expect(created('NewsEntity', admin).input).toEqual({});
    expect(created('AssetEntity', member, { memberOrganisationId: 'x' }).input).toEqual({ memberOrganisationId: 'x' });
  });
  it('administrators create rows as they are given', () => {
    expect(created('AssetEntity', admin)).toEqual({ input: {}, relations: null });
    expect(created('FormsEntity', admin, { isDefault: true })).toEqual({ input: { isDefault: true }, relations: null });
  });
});

describe('planWrite: rights and scope', () => {
  it('checks the matrix once, before any database work', () => {
    expect(() => planWrite(getEntity('AssetEntity'), null, 'create')).toThrow(UserError);
    expect(() => planWrite(getEntity('NewsEntity'), member, 'update')).toThrow(/not allowed to perform this action: update NewsEntity/);
    expect(planWrite(getEntity('NewsEntity'), admin, 'update').admin).toBe(true);
    expect(planWrite(getEntity('AssetEntity'), member, 'update').admin).toBe(false);
  });
  it('scopes a member’s relation writes, not an administrator’s', () => {
    const target = getEntity('AssetAttachmentsEntity');
    expect(planWrite(getEntity('AssetEntity'), member, 'update').relationScope(target, 't', new Params())).not.toBeNull();
    expect(planWrite(getEntity('AssetEntity'), admin, 'update').relationScope(target, 't', new Params())).toBeNull();
  });
});

describe('the forms entities’ write rules', () => {
  it('the hooked entities are exactly those the forms module registers', () => {
    expect(new Set(Object.keys(FORM_HOOKS))).toEqual(new Set(HOOKED_ENTITIES));
  });
  it('a member changes only showNotification of a review request, and never creates one', () => {
    expect(() => assertReviewRequestWrite(member, 'update', { id: 'r', showNotification: false })).not.toThrow();
    expect(() => assertReviewRequestWrite(member, 'update', { id: 'r', reviewData: '{}' })).toThrow(/not reviewData/);
    expect(() => assertReviewRequestWrite(member, 'create', {})).toThrow(/made by reviewing/);
    expect(() => assertReviewRequestWrite(admin, 'create', { reviewData: '{}' })).not.toThrow();
  });
  it('a member updates a completed submission only, its fixed columns removed', () => {
    const input = { id: 's', mehubAccountId: 'x', isCompleted: false, jobNumber: 'J', submissionData: '{}' };
    submissionUpdateInput(member, { isCompleted: true }, input);
    expect(input).toEqual({ id: 's', submissionData: '{}' });
    expect(() => submissionUpdateInput(member, { isCompleted: false }, {})).toThrow(/completed/);
    const asAdmin = { mehubAccountId: 'x' };
    submissionUpdateInput(admin, { isCompleted: false }, asAdmin);
    expect(asAdmin).toEqual({ mehubAccountId: 'x' });
  });
});
