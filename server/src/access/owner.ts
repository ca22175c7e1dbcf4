import type { EntityDef, ReferenceField } from '@hub/model';
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
