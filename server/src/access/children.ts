import { getEntity, type ChildrenField, type EntityDef, type ReferenceField } from '@hub/model';
import { BadInputError, ForbiddenError, ValidationError } from '../core/errors';
import { Params, ident } from '../db/params';
import type { Db } from '../db/client';
import { columnOf } from '../db/columns';
import { isAdministrator, type Caller } from './caller';
import { HOOKED_ENTITIES } from './forms';
import { hasOwner, ownedSql, ownerRefs } from './scope';

export const childrenMessages = {
  readOnly: (entity: EntityDef, name: string, target: EntityDef) =>
    `'${name}' cannot be changed through a ${entity.label.toLowerCase()}: save each ${target.label.toLowerCase()} itself`,
  notOwn: (entity: EntityDef, target: EntityDef) =>
    `You can change the ${(target.plural ?? `${target.label}s`).toLowerCase()} of your own ${entity.label.toLowerCase()} only`,
  taken: (entity: EntityDef, target: EntityDef) =>
    `The selected ${target.label.toLowerCase()} belongs to another ${entity.label.toLowerCase()} that is not yours`,
  sharedForm: 'Only administrators can change a form that other organisations are offered',
} as const;

const isForm = (entity: EntityDef) =>
  entity.scope.kind === 'custom' && (entity.scope.rule === 'forms' || entity.scope.rule === 'formVersions');

/**
 * Whether a member may write the children list `name` of `entity` through it (saveRelations
 * rewrites the children's reference back with a plain UPDATE). Not when the children have
 * save hooks (their workflow rules would be skipped: submissions, review requests, form
 * versions), nor when that reference says whom the child belongs to (a submission's or
 * licence's member, an asset's organisation): those change only through the child's own save.
 * Attachment-like lists (a submission's, asset's or licence's attachments) stay writable.
 * Administrators may write every list but a form's versions: a version belongs to its form for
 * good (its number, the form's published version and status follow it), so it is saved only
 * through its own save, which keeps it on its form.
 */
export function childrenWritable(caller: Caller | null, entity: EntityDef, name: string): boolean {
  const field = entity.fields[name] as ChildrenField;
  const target = getEntity(field.target);
  if (NEVER_THROUGH_PARENT.has(target.name)) return false;
  if (isAdministrator(caller)) return true;
  return !HOOKED_ENTITIES.has(target.name) && !ownerRefs(target).includes(field.inverse);
}

/** Children written through their own saves only, whoever asks. */
const NEVER_THROUGH_PARENT: ReadonlySet<string> = new Set(['FormsEntityFormVersion']);

/**
 * Refuses a member's write of the children list `name` of the `entity` row `id` (children
 * `ids`) unless the list is writable through the parent, the row is the caller's own (a
 * reviewer does not empty a colleague's submission's attachments), and every child listed is
 * loose, already this row's, or taken from a row that is the caller's own too (their own
 * draft's attachments, not a colleague's submission's). Visibility is checked apart.
 */
export async function assertChildrenWrite(
  db: Db,
  caller: Caller | null,
  entity: EntityDef,
  name: string,
  id: string,
  ids: readonly string[],
): Promise<void> {
  const field = entity.fields[name] as ChildrenField;
  const target = getEntity(field.target);
  if (!childrenWritable(caller, entity, name)) throw new BadInputError(childrenMessages.readOnly(entity, name, target));
  if (isAdministrator(caller)) return;
  const mine = new Params();
  const { rows: own } = await db.query(
    `SELECT 1 FROM ${ident(entity.table)} p WHERE p.id = ${mine.add(id, 'uuid')} AND ${ownedSql(entity, 'p', caller, mine)}`,
    mine.values,
  );
  if (!own.length) throw new ForbiddenError(childrenMessages.notOwn(entity, target));
  if (!ids.length) return;
  const col = ident(columnOf(field.inverse, target.fields[field.inverse] as ReferenceField));
  const params = new Params();
  const arr = params.add([...new Set(ids)], 'uuid[]');
  const self = params.add(id, 'uuid');
  const owned = ownedSql(entity, 'p', caller, params);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${ident(target.table)} c WHERE c.id = ANY(${arr}) AND c.${col} IS NOT NULL AND c.${col} <> ${self}
       AND c.${col} NOT IN (SELECT p.id FROM ${ident(entity.table)} p WHERE ${owned})`,
    params.values,
  );
  if (Number(rows[0].n) > 0) throw new ValidationError([{ path: name, code: 'invalid', message: childrenMessages.taken(entity, target) }]);
}

/**
 * A member's row that hangs off another record (an attachment of a submission, an asset or a
 * licence, a document type of a form) may be put only on a record that is their own: a
 * colleague's completed submission is readable, but its attachments are not the reader's to
 * add to; a form other organisations are offered is readable, but its links are not theirs.
 */
export async function assertOwnParent(db: Db, caller: Caller | null, entity: EntityDef, input: Record<string, unknown>): Promise<void> {
  if (!caller || isAdministrator(caller) || entity.scope.kind !== 'via') return;
  const ref = entity.scope.ref;
  const target = getEntity((entity.fields[ref] as ReferenceField).target);
  if (ownerRefs(entity).includes(ref) || !hasOwner(target)) return; // hangs off a member, an organisation or nobody's row
  const id = input[`${ref}Id`];
  if (typeof id !== 'string') return;
  const params = new Params();
  const owned = ownedSql(target, 'p', caller, params);
  const p = params.add(id, 'uuid');
  const { rows } = await db.query(`SELECT 1 FROM ${ident(target.table)} p WHERE p.id = ${p} AND ${owned}`, params.values);
  if (!rows.length) throw new ForbiddenError(isForm(target) ? childrenMessages.sharedForm : childrenMessages.notOwn(target, entity));
}
