import { messages, ownerReference, type EntityDef, type ReferenceField } from '@hub/model';
import { ValidationError } from '../core/errors';
import type { Db } from '../db/client';
import { isAdministrator, type Caller } from './caller';

type Input = Record<string, unknown>;

/** References a member's new rows get by default: their organisation, or themselves. */
function memberDefaults(entity: EntityDef, caller: Caller | null): Input {
  if (!caller || caller.kind !== 'account' || !caller.organisationId) return {};
  const s = entity.scope;
  if (s.kind === 'org') return { [`${s.ref}Id`]: caller.organisationId };
  if (s.kind === 'via' && (entity.fields[s.ref] as ReferenceField).target === 'MehubAccountEntity')
    return { [`${s.ref}Id`]: caller.userId };
  if (s.kind === 'custom' && s.rule === 'documents') return { memberOrganisationId: caller.organisationId };
  if (s.kind === 'custom' && s.rule === 'submissions') return { mehubAccountId: caller.userId };
  if (s.kind === 'custom' && s.rule === 'photos') return { mehubAccountId: caller.userId, memberOrganisationId: caller.organisationId };
  return {};
}

/**
 * A new row as a caller may create it. `input` is the client's (explicit nulls already
 * dropped); the answer is what is written with the caller's rights, plus `relations`: lists
 * written with the crud's own rights afterwards, because the access module decides them.
 *
 * A member's new form is their organisation's alone, whatever the client sends: never
 * default, offered to their organisation and no other (a member cannot change what another
 * organisation is offered). Administrators create forms as they are given.
 */
export function createInput(entity: EntityDef, caller: Caller | null, input: Input): { input: Input; relations: Input | null } {
  const given = { ...memberDefaults(entity, caller), ...input };
  if (isAdministrator(caller) || entity.scope.kind !== 'custom' || entity.scope.rule !== 'forms') return { input: given, relations: null };
  const { memberOrganisationss: _ignored, ...rest } = given;
  return {
    input: { ...rest, isDefault: false },
    relations: { memberOrganisationss: caller?.organisationId ? [{ id: caller.organisationId }] : [] },
  };
}

/**
 * An administrator's new member record names its owner (ownerReference: the organisation, or
 * the account or row it belongs to): no row is left without an organisation. Members' rows
 * take the caller's (memberDefaults). The exceptions: a member-body document (any of its
 * types an MEA document type), which belongs to no organisation, and a visitor's own account
 * made by the registration route (Caller.selfRegistration), which has none yet.
 */
export async function assertOwnerChosen(db: Db, caller: Caller | null, entity: EntityDef, input: Input): Promise<void> {
  if (!isAdministrator(caller)) return;
  // A visitor's own registration: the account joins an organisation later.
  if (caller?.selfRegistration && entity.name === 'MehubAccountEntity') return;
  const ref = ownerReference(entity);
  if (!ref) return;
  const key = `${ref}Id`;
  if (typeof input[key] === 'string' && input[key] !== '') return;
  if (entity.scope.kind === 'custom' && entity.scope.rule === 'documents') {
    const types = Array.isArray(input.documentTypess) ? (input.documentTypess as { id?: unknown }[]).map((t) => t?.id) : [];
    const ids = types.filter((t): t is string => typeof t === 'string');
    if (ids.length) {
      const { rows } = await db.query('SELECT 1 FROM document_types WHERE id = ANY($1::uuid[]) AND mea_document LIMIT 1', [ids]);
      if (rows.length) return;
    }
  }
  throw new ValidationError([{ path: key, code: 'required', message: messages.required }]);
}
