import { can, messages, type EntityDef, type Operation } from '@hub/model';
import { ForbiddenError, UserError } from '../crud/errors';
import type { Caller } from './caller';

const VERB: Record<Operation, string> = { create: 'create', read: 'read', update: 'update', delete: 'delete' };

/** The group matrix of data-layer.md section 6, for one caller (null: a visitor). */
export function allowed(caller: Caller | null, entity: EntityDef, op: Operation): boolean {
  return can(caller?.groups ?? ['Visitors'], caller?.role ?? null, entity.name, op);
}

/** Throws unless the caller may perform `op` on `entity`; visitors are told to sign in. */
export function assertAllowed(caller: Caller | null, entity: EntityDef, op: Operation): void {
  if (allowed(caller, entity, op)) return;
  if (!caller) throw new UserError('You need to sign in to do this', 'UNAUTHENTICATED', 401);
  throw new ForbiddenError(`${messages.accessDenied}: ${VERB[op]} ${entity.name}`);
}
