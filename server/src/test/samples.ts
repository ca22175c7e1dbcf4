import { randomUUID } from 'node:crypto';
import { GROUPS, getEntity, ownerReference, type EntityDef, type EntityName, type Field, type FieldKind } from '@hub/model';
import { addDays } from '@hub/model/reminders';
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
  // A member's submission is of a form version they can see and may fill in: the published version
  // of an active default form.
  FormSubmissionsEntity: async (ctx, db) => ({
    isCompleted: true,
    mehubAccountId: ctx.account,
    formVersionId: await createSample(db, 'FormsEntityFormVersion', ctx, { formData: '{"slides":[]}', publishVersion: true }),
  }),
  DocumentEntity: (ctx) => ({ documentLink: 'https://example.org/sample', memberOrganisationId: ctx.org }),
  FormsEntityFormTileEntity: () => ({ tile: 'FORM_TILE' }),
  // A corrective action is read by its organisation's managers and its assignee: the sample's own member.
  // Its due date is set within the workflow's window (from yesterday to a year ahead).
  CorrectiveActionEntity: (ctx) => ({ assigneeId: ctx.account, dueDate: addDays(new Date().toISOString().slice(0, 10), 30) }),
  // A member changes the links of their organisation's own form only (one no other organisation is offered).
  FormsDocumentTypes: async (ctx, db) => ({
    formsId: await createSample(db, 'FormsEntity', ctx, { isDefault: false, memberOrganisationss: [{ id: ctx.org }] }),
  }),
};

const rand = () => Math.random().toString(36).slice(2, 10);

/** The reference that says whose a row is (administrators must give it: access/owner.ts). */
function isScopeRef(entity: EntityDef, name: string): boolean {
  return ownerReference(entity) === name;
}

type FieldOf<K extends FieldKind> = Field & { kind: K };

/** What a sample value of a field is made from: whether the record needs it, its entity and owners. */
interface SampleArgs {
  /** Required, or the entity's display field. */
  wanted: boolean;
  entity: EntityDef;
  name: string;
  ctx: SampleContext;
  db: Db;
}

/** Test data per field kind: the input keys a valid sample record sets for a field ({} to leave it out). */
type KindSample<K extends FieldKind> = (field: FieldOf<K>, a: SampleArgs) => Record<string, unknown> | Promise<Record<string, unknown>>;

const when = (wanted: boolean, name: string, value: unknown) => (wanted ? { [name]: value } : {});
const text: KindSample<FieldKind> = (field, a) => when(a.wanted || !!field.unique, a.name, `Sample ${a.name} ${rand()}`);

const kindSamples: { [K in FieldKind]: KindSample<K> } = {
  text,
  textarea: text,
  email: (_f, a) => when(a.wanted, a.name, `sample-${rand()}@example.org`),
  url: (_f, a) => when(a.wanted, a.name, 'https://example.org/sample'),
  password: (_f, a) => ({ [a.name]: 'sample-password-123', confirmPassword: 'sample-password-123' }),
  integer: (_f, a) => when(a.wanted, a.name, 1),
  number: (_f, a) => when(a.wanted, a.name, 1),
  boolean: () => ({}),
  enum: (field, a) => when(a.wanted, a.name, Object.keys(field.enum.values)[0]),
  date: (_f, a) => when(a.wanted, a.name, '2026-05-01'),
  datetime: (_f, a) => when(a.wanted, a.name, '2026-05-01 10:00:00'),
  json: (_f, a) => when(a.wanted, a.name, '{}'),
  file: () => ({}),
  reference: async (field, { entity, name, ctx, db }) => {
    if (!field.required && !isScopeRef(entity, name)) return {};
    const key = `${name}Id`;
    if (field.target === 'MemberOrganisationEntity') return { [key]: ctx.org };
    if (field.target === 'MehubAccountEntity') return { [key]: ctx.account };
    return { [key]: await createSample(db, field.target, ctx) };
  },
  children: () => ({}),
  links: async (field, { name, ctx, db }) => (field.minItems ? { [name]: [{ id: await createSample(db, field.target!, ctx) }] } : {}),
  derived: () => ({}),
};

/** A valid create input for any entity, creating (as the system) whatever it must reference. */
export async function sampleInput(db: Db, entityName: EntityName, ctx: SampleContext): Promise<Record<string, unknown>> {
  const entity = getEntity(entityName);
  const input: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly) continue;
    const wanted = !!field.required || entity.display === name;
    const sample = kindSamples[field.kind] as KindSample<FieldKind>;
    Object.assign(input, await sample(field, { wanted, entity, name, ctx, db }));
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

/**
 * The change of an update test per field kind: a new valid value, tried first (text: a field
 * neither unique nor write-only) or second (any writable field), or never.
 */
const kindChanges: { [K in FieldKind]: { first: boolean; value(): unknown } | null } = {
  text: { first: true, value: () => `Changed ${rand()}` },
  textarea: { first: true, value: () => `Changed ${rand()}` },
  boolean: { first: false, value: () => true },
  email: null,
  url: null,
  password: null,
  integer: null,
  number: null,
  enum: null,
  date: null,
  datetime: null,
  json: null,
  file: null,
  reference: null,
  children: null,
  links: null,
  derived: null,
};

/** A writable scalar field to change in an update, with a new valid value. */
export function changeFor(entity: EntityDef): Record<string, unknown> {
  const fields = Object.entries(entity.fields).filter(([, f]) => !f.readOnly && !f.immutable);
  for (const first of [true, false])
    for (const [name, field] of fields) {
      const change = kindChanges[field.kind];
      if (change?.first !== first || (first && (field.unique || field.writeOnly))) continue;
      return { [name]: change.value() };
    }
  return {};
}
