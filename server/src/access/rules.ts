import { GROUPS, can, messages, type EntityDef, type EntityName, type Operation } from '@hub/model';
import { ForbiddenError, UserError } from '../core/errors';
import type { Caller } from './caller';

const VERB: Record<Operation, string> = { create: 'create', read: 'read', update: 'update', delete: 'delete' };

/**
 * Entities an API token never creates or changes: a token is an organisation, not a person,
 * so it cannot own a submission (whose save replaces its owner's drafts and mails as them)
 * nor record a review. The field-service integration reads them only.
 */
const TOKEN_READ_ONLY = new Set<EntityName>(['FormSubmissionsEntity', 'FormReviewRequestEntity']);

/**
 * Entities an API token only reads, any write refused: reminder logs are the hub's record of the
 * reminders it sent (its reminder job writes them), shown in each recipient's Recent Activity.
 * A token is no recipient and sends no reminder, so it neither writes a line into a member's
 * Recent Activity nor changes or removes one the hub wrote.
 */
const TOKEN_NEVER_WRITES = new Set<EntityName>(['ReminderLogEntity']);

export const ruleMessages = {
  tokenReadOnly: 'An API token cannot create or change form submissions or review requests: sign in as the member instead',
  tokenNoReminderLogs: "An API token cannot create, change or delete reminder logs: they are the hub's record of the reminders it sent",
} as const;

function tokenRefusal(caller: Caller | null, entity: EntityDef, op: Operation): string | null {
  if (caller?.kind !== 'token' || op === 'read') return null;
  if (TOKEN_NEVER_WRITES.has(entity.name)) return ruleMessages.tokenNoReminderLogs;
  return tokenRefuses(caller, entity, op) ? ruleMessages.tokenReadOnly : null;
}

function tokenRefuses(caller: Caller | null, entity: EntityDef, op: Operation): boolean {
  if (caller?.kind !== 'token' || (op !== 'create' && op !== 'update') || !TOKEN_READ_ONLY.has(entity.name)) return false;
  // The integration API's submission route (integration/submissions.ts) creates, never updates.
  return !(caller.integrationSubmit && op === 'create' && entity.name === 'FormSubmissionsEntity');
}

/**
 * The caller an API token creates a field-service submission as: still the token (its
 * organisation's scope, no role), granted the one create that tokens are otherwise refused.
 * The submission is a member's (the route requires `mehubAccountId` of an account of the
 * token's organisation, checked in the save like any reference, and kept there by keptSql),
 * completed at once: a token never holds a draft, reviews nothing and changes nothing after.
 */
export function integrationSubmitter(caller: Caller): Caller {
  if (caller.kind !== 'token') throw new ForbiddenError(ruleMessages.tokenReadOnly);
  return { ...caller, groups: [...caller.groups], integrationSubmit: true };
}

/** The group matrix of data-layer.md section 6, for one caller (null: a visitor), less what API tokens never do. */
export function allowed(caller: Caller | null, entity: EntityDef, op: Operation): boolean {
  if (tokenRefusal(caller, entity, op)) return false;
  return can(caller?.groups ?? [GROUPS.visitors], caller?.role ?? null, entity.name, op);
}

/** Throws unless the caller may perform `op` on `entity`; visitors are told to sign in. */
export function assertAllowed(caller: Caller | null, entity: EntityDef, op: Operation): void {
  const refusal = tokenRefusal(caller, entity, op);
  if (refusal) throw new ForbiddenError(refusal);
  if (allowed(caller, entity, op)) return;
  if (!caller) throw new UserError('You need to sign in to do this', 'UNAUTHENTICATED', 401);
  throw new ForbiddenError(`${messages.accessDenied}: ${VERB[op]} ${entity.name}`);
}
