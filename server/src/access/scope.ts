import { saveHooksOf } from '../crud/hooks';
import { getEntity, type EntityDef, type ReferenceField } from '@hub/model';
import { columnOf } from '../db/columns';
import { Params, ident } from '../crud/params';
import { isAdministrator, type Caller } from './caller';

let aliasCounter = 0;
const nextAlias = () => `s${++aliasCounter % 1_000_000}`;

function refColumn(entity: EntityDef, ref: string): { column: string; target: EntityDef } {
  const field = entity.fields[ref] as ReferenceField;
  return { column: columnOf(ref, field), target: getEntity(field.target) };
}

/**
 * The tenant scope of architecture.md as a SQL predicate on `alias` (a row of `entity`),
 * or null when the caller sees every row. Members see their own organisation's rows;
 * administrators everything; visitors nothing that is not shared.
 */
export function scopeSql(entity: EntityDef, alias: string, caller: Caller | null, params: Params): string | null {
  if (isAdministrator(caller)) return null;
  const scope = entity.scope;
  const org = () => (caller?.organisationId ? params.add(caller.organisationId, 'uuid') : 'NULL::uuid');
  switch (scope.kind) {
    case 'shared':
      return null;
    case 'org': {
      const { column } = refColumn(entity, scope.ref);
      return `${alias}.${ident(column)} = ${org()}`;
    }
    case 'self':
      return `${alias}.id = ${org()}`;
    case 'via': {
      const { column, target } = refColumn(entity, scope.ref);
      const inner = nextAlias();
      const targetScope = scopeSql(target, inner, caller, params);
      if (targetScope === null) return null;
      return `${alias}.${ident(column)} IN (SELECT ${inner}.id FROM ${ident(target.table)} ${inner} WHERE ${targetScope})`;
    }
    case 'custom':
      return customScopes[scope.rule](alias, caller, params, org);
  }
}

type Custom = (alias: string, caller: Caller | null, params: Params, org: () => string) => string;

const customScopes: Record<'forms' | 'submissions' | 'documents' | 'accounts', Custom> = {
  /** Active forms that are default or assigned to the caller's organisation. */
  forms: (a, _caller, _params, org) =>
    `(${a}.is_active AND (${a}.is_default OR EXISTS (SELECT 1 FROM link_forms_member_organisations l ` +
    `WHERE l.forms_id = ${a}.id AND l.member_organisations_id = ${org()})))`,
  /** Submissions of the caller's organisation; drafts only to their owner. */
  submissions: (a, caller, params, org) => {
    const user = caller ? params.add(caller.userId, 'uuid') : 'NULL::uuid';
    return (
      `(${a}.mehub_account_id IN (SELECT m.id FROM mehub_account m WHERE m.member_organisation_id = ${org()}) ` +
      `AND (${a}.is_completed OR ${a}.mehub_account_id = ${user}))`
    );
  },
  /** The organisation's documents, and member-body documents of a type the caller's role may access. */
  documents: (a, caller, params, org) => {
    const role = caller?.roleId ? params.add(caller.roleId, 'uuid') : 'NULL::uuid';
    return (
      `(${a}.member_organisation_id = ${org()} OR (${a}.member_organisation_id IS NULL AND EXISTS (` +
      `SELECT 1 FROM link_document_types_documents l JOIN document_types dt ON dt.id = l.document_types_id ` +
      `JOIN link_roles_mea_document_access r ON r.document_types_id = dt.id ` +
      `WHERE l.documents_id = ${a}.id AND dt.mea_document AND r.roles_id = ${role})))`
    );
  },
  accounts: (a, _caller, _params, org) => `${a}.member_organisation_id = ${org()}`,
};

/**
 * The references that say whom a row belongs to (its organisation, or the member it is
 * about): the ones a member's new rows get by default. A row's other references (an
 * attachment's record, an asset's parent) say where it hangs, not whose it is.
 */
export function ownerRefs(entity: EntityDef): string[] {
  const s = entity.scope;
  switch (s.kind) {
    case 'org':
      return [s.ref];
    case 'via': {
      const target = (entity.fields[s.ref] as ReferenceField).target;
      return target === 'MehubAccountEntity' || target === 'MemberOrganisationEntity' ? [s.ref] : [];
    }
    case 'custom':
      return s.rule === 'submissions' ? ['mehubAccount'] : s.rule === 'forms' ? [] : ['memberOrganisation'];
    default:
      return [];
  }
}

/**
 * Rows that are the caller's own, a narrower test than scopeSql (which also shows a
 * colleague's completed submission): the row's organisation is the caller's, its member is
 * the caller, or the row it hangs off is the caller's own. Shared rows and forms are nobody's;
 * administrators are not scoped (callers skip the test for them).
 */
export function ownedSql(entity: EntityDef, alias: string, caller: Caller | null, params: Params): string {
  const org = () => (caller?.organisationId ? params.add(caller.organisationId, 'uuid') : 'NULL::uuid');
  const user = () => (caller ? params.add(caller.userId, 'uuid') : 'NULL::uuid');
  const s = entity.scope;
  switch (s.kind) {
    case 'org':
      return `${alias}.${ident(refColumn(entity, s.ref).column)} = ${org()}`;
    case 'self':
      return `${alias}.id = ${org()}`;
    case 'via': {
      const { column, target } = refColumn(entity, s.ref);
      if (target.name === 'MehubAccountEntity') return `${alias}.${ident(column)} = ${user()}`;
      if (target.name === 'MemberOrganisationEntity') return `${alias}.${ident(column)} = ${org()}`;
      const inner = nextAlias();
      return `${alias}.${ident(column)} IN (SELECT ${inner}.id FROM ${ident(target.table)} ${inner} WHERE ${ownedSql(target, inner, caller, params)})`;
    }
    case 'custom':
      if (s.rule === 'submissions') return `${alias}.mehub_account_id = ${user()}`;
      if (s.rule === 'forms') return 'FALSE';
      return `${alias}.member_organisation_id = ${org()}`;
    case 'shared':
      return 'FALSE';
  }
}

/**
 * Whether a row written by the caller must stay inside their scope. Shared entities
 * (and forms, whose scope is a visibility rule rather than ownership) are guarded by the
 * matrix alone.
 */
export function ownsRows(entity: EntityDef): boolean {
  const s = entity.scope;
  if (s.kind === 'shared') return false;
  if (s.kind === 'custom') return s.rule !== 'forms';
  if (s.kind === 'via') {
    const target = getEntity((entity.fields[s.ref] as ReferenceField).target);
    return ownsRows(target);
  }
  return true;
}

/**
 * The rows a caller may change or delete: their own (ownedSql), not merely those they may
 * read (a colleague's completed submission is readable, its attachments are not theirs to
 * change). Entities with save hooks decide inside the hooks (a reviewer updates a colleague's
 * submission); shared rows and forms are guarded by the matrix. Null: every row.
 */
export function writeScopeSql(entity: EntityDef, alias: string, caller: Caller | null, params: Params): string | null {
  const read = scopeSql(entity, alias, caller, params);
  if (read === null) return null;
  if (saveHooksOf(entity.name) || !hasOwner(entity)) return read;
  return `(${read} AND ${ownedSql(entity, alias, caller, params)})`;
}

/** Whether an entity's rows belong to a member or an organisation (directly or through the row they hang off). */
export function hasOwner(entity: EntityDef): boolean {
  const s = entity.scope;
  if (s.kind === 'shared') return false;
  if (s.kind === 'custom') return s.rule !== 'forms';
  if (s.kind === 'via') {
    const target = (entity.fields[s.ref] as ReferenceField).target;
    return target === 'MehubAccountEntity' || target === 'MemberOrganisationEntity' || hasOwner(getEntity(target));
  }
  return true;
}
