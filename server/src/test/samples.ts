import { randomUUID } from 'node:crypto';
import { GROUPS, getEntity, type EntityDef, type EntityName } from '@hub/model';
import type { Caller } from '../access/caller';
import { saveRecords } from '../crud/save';
import type { Db } from '../db/client';
import { diskStorage } from '../files/storage';

/** Whose rows a sample belongs to. */
export interface SampleContext {
  org: string;
  account: string;
}

const SYSTEM: Caller = {
  userId: randomUUID(),
  kind: 'admin',
  groups: [GROUPS.superAdministrators],
  role: null,
  roleId: null,
  organisationId: null,
  email: 'system',
};
const storage = diskStorage('/tmp/hub-test-samples');

/** Where a valid record needs more than required fields to be visible to its organisation's members. */
const overrides: Record<string, (ctx: SampleContext, db: Db) => Record<string, unknown> | Promise<Record<string, unknown>>> = {
  FormsEntity: () => ({ isActive: true, isDefault: true }),
  // A member's submission is of a form version they can see: one of an active default form.
  FormSubmissionsEntity: async (ctx, db) => ({
    isCompleted: true,
    mehubAccountId: ctx.account,
    formVersionId: await createSample(db, 'FormsEntityFormVersion', ctx, { formData: '{"slides":[]}' }),
  }),
  DocumentEntity: (ctx) => ({ documentLink: 'https://example.org/sample', memberOrganisationId: ctx.org }),
  FormsEntityFormTileEntity: () => ({ tile: 'FORM_TILE' }),
  // A member changes the links of their organisation's own form only (one no other organisation is offered).
  FormsDocumentTypes: async (ctx, db) => ({
    formsId: await createSample(db, 'FormsEntity', ctx, { isDefault: false, memberOrganisationss: [{ id: ctx.org }] }),
  }),
};

const rand = () => Math.random().toString(36).slice(2, 10);

function isScopeRef(entity: EntityDef, name: string): boolean {
  const s = entity.scope;
  return (s.kind === 'org' || s.kind === 'via') && s.ref === name;
}

/** A valid create input for any entity, creating (as the system) whatever it must reference. */
export async function sampleInput(db: Db, entityName: EntityName, ctx: SampleContext): Promise<Record<string, unknown>> {
  const entity = getEntity(entityName);
  const input: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly) continue;
    const wanted = field.required || entity.display === name;
    switch (field.kind) {
      case 'text':
      case 'textarea':
        if (wanted || field.unique) input[name] = `Sample ${name} ${rand()}`;
        break;
      case 'email':
        if (wanted) input[name] = `sample-${rand()}@example.org`;
        break;
      case 'url':
        if (wanted) input[name] = 'https://example.org/sample';
        break;
      case 'password':
        input[name] = 'sample-password-123';
        input.confirmPassword = 'sample-password-123';
        break;
      case 'integer':
      case 'number':
        if (wanted) input[name] = 1;
        break;
      case 'enum':
        if (wanted) input[name] = Object.keys(field.enum.values)[0];
        break;
      case 'date':
      case 'datetime':
        if (wanted) input[name] = '2026-05-01 10:00:00';
        break;
      case 'json':
        if (wanted) input[name] = '{}';
        break;
      case 'reference':
        if (field.required || isScopeRef(entity, name)) {
          if (field.target === 'MemberOrganisationEntity') input[`${name}Id`] = ctx.org;
          else if (field.target === 'MehubAccountEntity') input[`${name}Id`] = ctx.account;
          else input[`${name}Id`] = await createSample(db, field.target, ctx);
        }
        break;
      case 'links':
        if (field.minItems) input[name] = [{ id: await createSample(db, field.target!, ctx) }];
        break;
      default:
        break;
    }
  }
  return { ...input, ...((await overrides[entityName]?.(ctx, db)) ?? {}) };
}

/** Creates a valid record of any entity in `ctx`'s organisation, as the system; returns its id. */
export async function createSample(
  db: Db,
  entityName: EntityName,
  ctx: SampleContext,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const input = { ...(await sampleInput(db, entityName, ctx)), ...extra };
  const [id] = await saveRecords({ db, storage }, SYSTEM, getEntity(entityName), [input], 'create', null);
  return id;
}

/** A writable scalar field to change in an update, with a new valid value. */
export function changeFor(entity: EntityDef): Record<string, unknown> {
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly || field.immutable || field.unique || field.writeOnly) continue;
    if (field.kind === 'text' || field.kind === 'textarea') return { [name]: `Changed ${rand()}` };
  }
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly || field.immutable) continue;
    if (field.kind === 'boolean') return { [name]: true };
  }
  return {};
}
