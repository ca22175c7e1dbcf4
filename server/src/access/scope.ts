import { getEntity, type EntityDef, type ReferenceField } from '@hub/model';
import { columnOf } from '../db/columns';
import { Params, ident } from '../db/params';
import { isAdministrator, type Caller } from './caller';
import { HOOKED_ENTITIES } from './forms';
import { writesColleaguesRows } from './records';
import { managesActions } from './actions';
import { roleScopes } from './role-scopes';

function refColumn(entity: EntityDef, ref: string): { column: string; target: EntityDef } {
  const field = entity.fields[ref] as ReferenceField;
  return { column: columnOf(ref, field), target: getEntity(field.target) };
}

/**
 * The tenant scope of architecture.md as a SQL predicate on `alias` (a row of `entity`),
 * or null when the caller sees every row. Members see their own organisation's rows and the
 * shared rows their role may see; administrators everything; visitors nothing that is not shared.
 */
export function scopeSql(entity: EntityDef, alias: string, caller: Caller | null, params: Params): string | null {
  if (isAdministrator(caller)) return null;
  const scope = entity.scope;
  const org = () => (caller?.organisationId ? params.add(caller.organisationId, 'uuid') : 'NULL::uuid');
  switch (scope.kind) {
    case 'shared':
      // Visible to some roles only (access/role-scopes.ts): safety links and what names them.
      return scope.byRole ? roleScopes[scope.byRole](alias, caller, params) : null;
    case 'org': {
      const { column } = refColumn(entity, scope.ref);
      return `${alias}.${ident(column)} = ${org()}`;
    }
    case 'self':
      return `${alias}.id = ${org()}`;
    case 'via': {
      const { column, target } = refColumn(entity, scope.ref);
      if (scope.own && caller?.kind === 'account') return `${alias}.${ident(column)} = ${params.add(caller.userId, 'uuid')}`;
      const inner = params.alias('s');
      const targetScope = scopeSql(target, inner, caller, params);
      if (targetScope === null) return null;
      return `${alias}.${ident(column)} IN (SELECT ${inner}.id FROM ${ident(target.table)} ${inner} WHERE ${targetScope})`;
    }
    case 'custom':
      return customScopes[scope.rule](alias, caller, params, org);
  }
}

type Custom = (alias: string, caller: Caller | null, params: Params, org: () => string) => string;
type Rule = Extract<EntityDef['scope'], { kind: 'custom' }>['rule'];

const customScopes: Record<Rule, Custom> = {
  /** Active forms that are default or assigned to the caller's organisation. */
  forms: (a, _caller, _params, org) =>
    `(${a}.is_active AND (${a}.is_default OR EXISTS (SELECT 1 FROM link_forms_member_organisations l ` +
    `WHERE l.forms_id = ${a}.id AND l.member_organisations_id = ${org()})))`,
  /**
   * Versions of the forms the caller sees, and the versions of submissions the caller may
   * read (a completed submission stays readable after its form is withdrawn). Never a version
   * of another organisation's form.
   */
  formVersions: (a, caller, params, org) => {
    const f = params.alias('s');
    const s = params.alias('s');
    return (
      `(${a}.form_id IN (SELECT ${f}.id FROM forms ${f} WHERE ${customScopes.forms(f, caller, params, org)}) OR ` +
      `${a}.id IN (SELECT ${s}.form_version_id FROM form_submissions ${s} WHERE ${customScopes.submissions(s, caller, params, org)}))`
    );
  },
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
  /**
   * Corrective actions of the caller's organisation: all of them to its managers and back-end
   * holders (access/actions.ts managesActions), to anyone else those assigned to them.
   */
  correctiveActions: (a, caller, params, org) => {
    const own = `${a}.member_organisation_id = ${org()}`;
    if (managesActions(caller)) return own;
    const user = caller ? params.add(caller.userId, 'uuid') : 'NULL::uuid';
    return `(${own} AND ${a}.assignee_id = ${user})`;
  },
  /**
   * Form photos of the caller's organisation that are their own (uploaded, not yet in a saved
   * answer, or in their drafts), and those of submissions the caller may read: never a
   * colleague's photo before it is part of a submission the caller sees.
   */
  photos: (a, caller, params, org) => {
    const user = caller ? params.add(caller.userId, 'uuid') : 'NULL::uuid';
    const s = params.alias('s');
    return (
      `(${a}.member_organisation_id = ${org()} AND (${a}.mehub_account_id = ${user} OR ${a}.form_submissions_id IN ` +
      `(SELECT ${s}.id FROM form_submissions ${s} WHERE ${customScopes.submissions(s, caller, params, org)})))`
    );
  },
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
      if (s.rule === 'photos') return ['mehubAccount', 'memberOrganisation'];
      return s.rule === 'submissions' ? ['mehubAccount'] : s.rule === 'forms' || s.rule === 'formVersions' ? [] : ['memberOrganisation'];
    default:
      return [];
  }
}

/**
 * A form that is the caller's organisation's own: not default, and assigned to their
 * organisation and no other. Every other form is read by several organisations (or could be,
 * by being default), so only administrators change it or its links.
 */
function ownFormSql(a: string, org: () => string): string {
  const o = org();
  return (
    `(NOT ${a}.is_default AND EXISTS (SELECT 1 FROM link_forms_member_organisations l WHERE l.forms_id = ${a}.id AND l.member_organisations_id = ${o}) ` +
    `AND NOT EXISTS (SELECT 1 FROM link_forms_member_organisations l WHERE l.forms_id = ${a}.id AND l.member_organisations_id <> ${o}))`
  );
}

/**
 * Rows that are the caller's own, a narrower test than scopeSql (which also shows a
 * colleague's completed submission): the row's organisation is the caller's, its member is
 * the caller, or the row it hangs off is the caller's own; a form (and its versions) only when
 * no other organisation is offered it. Shared rows are nobody's; administrators are not scoped
 * (callers skip the test for them).
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
      if (target.name === 'MehubAccountEntity') {
        // Licences: those who approve them write their colleagues' too (access/records.ts).
        if (writesColleaguesRows(entity, caller))
          return `${alias}.${ident(column)} IN (SELECT m.id FROM mehub_account m WHERE m.member_organisation_id = ${org()})`;
        return `${alias}.${ident(column)} = ${user()}`;
      }
      if (target.name === 'MemberOrganisationEntity') return `${alias}.${ident(column)} = ${org()}`;
      const inner = params.alias('s');
      return `${alias}.${ident(column)} IN (SELECT ${inner}.id FROM ${ident(target.table)} ${inner} WHERE ${ownedSql(target, inner, caller, params)})`;
    }
    case 'custom': {
      if (s.rule === 'submissions') return `${alias}.mehub_account_id = ${user()}`;
      if (s.rule === 'photos') return `(${alias}.mehub_account_id = ${user()} AND ${alias}.member_organisation_id = ${org()})`;
      if (s.rule === 'forms') return ownFormSql(alias, org);
      if (s.rule === 'formVersions') {
        const inner = params.alias('s');
        return `${alias}.form_id IN (SELECT ${inner}.id FROM forms ${inner} WHERE ${ownFormSql(inner, org)})`;
      }
      return `${alias}.member_organisation_id = ${org()}`;
    }
    case 'shared':
      return 'FALSE';
  }
}

/**
 * Whether an entity's rows each belong to one organisation, so that another organisation
 * never sees them. Shared entities, and forms (and their versions), which several
 * organisations may be offered, are not.
 */
export function ownsRows(entity: EntityDef): boolean {
  const s = entity.scope;
  if (s.kind === 'shared') return false;
  if (s.kind === 'custom') return s.rule !== 'forms' && s.rule !== 'formVersions';
  if (s.kind === 'via') {
    const target = getEntity((entity.fields[s.ref] as ReferenceField).target);
    return ownsRows(target);
  }
  return true;
}

/**
 * Whether an entity's save hooks carry its write rules (a reviewer updates a colleague's
 * submission). A form version's hooks check its definition only, so its writes are scoped here.
 */
function hooksDecideWrites(entity: EntityDef): boolean {
  return HOOKED_ENTITIES.has(entity.name) && !(entity.scope.kind === 'custom' && entity.scope.rule === 'formVersions');
}

/**
 * The rows a caller may change or delete: their own (ownedSql), not merely those they may
 * read (a colleague's completed submission is readable, its attachments are not theirs to
 * change; a form other organisations are offered, and its links, are not theirs either).
 * Entities whose hooks decide writes decide inside the hooks; shared rows are guarded by the
 * matrix. Null: every row.
 */
export function writeScopeSql(entity: EntityDef, alias: string, caller: Caller | null, params: Params): string | null {
  const read = scopeSql(entity, alias, caller, params);
  if (read === null) return null;
  if (hooksDecideWrites(entity) || !hasOwner(entity)) return read;
  return `(${read} AND ${ownedSql(entity, alias, caller, params)})`;
}

/**
 * Whether an entity's rows may belong to a member or an organisation (directly or through the
 * row they hang off): then a member writes only their own (ownedSql). A form is its
 * organisation's own while no other organisation is offered it.
 */
export function hasOwner(entity: EntityDef): boolean {
  const s = entity.scope;
  if (s.kind === 'shared') return false;
  if (s.kind === 'custom') return true;
  if (s.kind === 'via') {
    const target = (entity.fields[s.ref] as ReferenceField).target;
    return target === 'MehubAccountEntity' || target === 'MemberOrganisationEntity' || hasOwner(getEntity(target));
  }
  return true;
}

/**
 * What a row a member has just written must still satisfy (null: nothing), checked before the
 * write commits: it is in their scope, and it is not readable by another organisation. A
 * document stays their organisation's (not a member-body document every organisation reads); a
 * form stays theirs alone (not default, no other organisation), active or not; a row hanging
 * off another keeps hanging off one that satisfies this.
 */
export function keptSql(entity: EntityDef, alias: string, caller: Caller | null, params: Params): string | null {
  if (isAdministrator(caller)) return null;
  const s = entity.scope;
  switch (s.kind) {
    case 'shared':
      return null;
    case 'via': {
      const { column, target } = refColumn(entity, s.ref);
      // A row that hangs off an account (a licence, a reminder log) is written on the caller's
      // own account only (licence approvers: their colleagues' too), never on any colleague's;
      // an API token, the organisation's system, writes on any account of its organisation (never
      // a reminder log: those are the hub's record of what it sent, access/rules.ts).
      if (target.name === 'MehubAccountEntity' && caller?.kind === 'account') return ownedSql(entity, alias, caller, params);
      const inner = params.alias('s');
      const kept = keptSql(target, inner, caller, params);
      if (kept === null) return null;
      return `${alias}.${ident(column)} IN (SELECT ${inner}.id FROM ${ident(target.table)} ${inner} WHERE ${kept})`;
    }
    case 'custom':
      if (s.rule === 'forms' || s.rule === 'formVersions') return ownedSql(entity, alias, caller, params);
      if (s.rule === 'documents') return `(${scopeSql(entity, alias, caller, params)} AND ${ownedSql(entity, alias, caller, params)})`;
      return scopeSql(entity, alias, caller, params);
    default:
      return scopeSql(entity, alias, caller, params);
  }
}
