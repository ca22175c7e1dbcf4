import { getEntity, opNames, organisationPath, ownerReference, type EntityDef, type Field } from '@hub/model';
import { createContext } from 'react';
import { webKindOf } from '../kinds';

/** Fields a record screen shows, in their order; server-managed and write-only ones excluded in view. */
export function formFields(entity: EntityDef): [string, Field][] {
  return Object.entries(entity.fields)
    .filter(([, f]) => !f.hidden && webKindOf(f).input !== 'not on the form')
    .sort(([, a], [, b]) => (a.order ?? 1000) - (b.order ?? 1000));
}

/** The GraphQL selection of one record for its screen. */
export function recordSelection(entity: EntityDef): string {
  const parts = ['id', 'created', 'modified'];
  for (const [name, f] of formFields(entity)) {
    if (!f.writeOnly) parts.push(webKindOf(f).select(name, f));
  }
  return parts.join(' ');
}

export const recordQuery = (entity: EntityDef) =>
  `query($id: ID!) { r: ${opNames(entity.name).byId}(id: $id) { ${recordSelection(entity)} } }`;

export const saveMutation = (entity: EntityDef, mode: 'create' | 'update') => {
  const n = opNames(entity.name);
  return `mutation($m: [${n.input}!]!) { r: ${mode === 'create' ? n.create : n.update}(${n.inputArg}: $m) { id } }`;
};

/** Options of a reference picker: up to 10 records of the target matching the typed text. */
export function optionsQuery(target: EntityDef): string {
  const n = opNames(target.name);
  const display = target.display === 'id' ? '' : target.display;
  return `query($c: [[WhereExpressionGraph!]!]) { r: ${n.list}(conditions: $c, take: 10) { id ${display} } }`;
}

export function optionConditions(target: EntityDef, text: string): { path: string; comparison: string; value: string[] }[][] {
  if (!text.trim() || target.display === 'id') return [];
  return [[{ path: target.display, comparison: 'contains', value: [text.trim()] }]];
}

/** A file list: children of an attachment entity (one file field, one reference back), e.g. a licence's attachments. */
export interface FileList {
  name: string;
  label: string;
  target: EntityDef;
  /** The target's reference to this entity. */
  inverse: string;
  /** The target's file field. */
  fileField: string;
  order: number;
}

export function fileLists(entity: EntityDef): FileList[] {
  return Object.entries(entity.fields).flatMap(([name, f]) => {
    if (f.kind !== 'children' || f.hidden) return [];
    const target = getEntity(f.target);
    const files = Object.entries(target.fields).filter(([, t]) => t.kind === 'file');
    const back = target.fields[f.inverse];
    // An attachment entity holds its file and its parent, nothing else: a licence (a file and
    // many required fields) is a child record (childLists), never a file to upload.
    if (!isAttachmentEntity(target) || files.length !== 1 || back?.kind !== 'reference' || back.target !== entity.name) return [];
    return [{ name, label: f.label ?? name, target, inverse: f.inverse, fileField: files[0][0], order: f.order ?? 1000 }];
  });
}

/** The files of one record's file list, oldest first. */
export const fileListQuery = (list: FileList) =>
  `query($c: [[WhereExpressionGraph!]!]) { r: ${opNames(list.target.name).list}(conditions: $c, orderBy: [{path: "created"}]) { id ${list.fileField} { id fileName size contentType } } }`;

export const fileListConditions = (list: FileList, parentId: string) => [
  [{ path: `${list.inverse}Id`, comparison: 'equal', value: [parentId] }],
];

/**
 * The entity as an administrator's record screen shows it: the owner reference (its
 * organisation, or the account it belongs to) on the form even where members never see it, and
 * required on create so that no record is left without an organisation (the server refuses
 * one too). A document may be a member-body document of no organisation: shown, not required.
 */
export function ownerShown(entity: EntityDef, admin: boolean, mode: 'create' | 'edit' | 'view'): EntityDef {
  const ref = admin ? ownerReference(entity) : null;
  const field = ref ? entity.fields[ref] : undefined;
  if (!ref || field?.kind !== 'reference') return entity;
  const documents = entity.scope.kind === 'custom' && entity.scope.rule === 'documents';
  const required = mode === 'create' && !documents ? true : field.required;
  if (!field.hidden && field.required === required) return entity;
  return { ...entity, fields: { ...entity.fields, [ref]: { ...field, hidden: false, required, order: field.order ?? 5 } } };
}

/** The organisation of the record being edited, for pickers of its own organisation's rows (null: no scope). */
export const RecordOrganisation = createContext<string | null>(null);

/** The organisation a record screen's values name, when its owner reference is the organisation itself. */
export function organisationOfValues(entity: EntityDef, values: Record<string, unknown> | null): string | null {
  const path = organisationPath(entity);
  if (!path || path.includes('.') || !values) return null;
  const id = values[`${path}Id`];
  return typeof id === 'string' && id ? id : null;
}

/** The condition that keeps a picker's options to one organisation's rows (none for shared entities). */
export function organisationConditions(
  target: EntityDef,
  organisationId: string | null,
): { path: string; comparison: string; value: string[] }[][] {
  const path = organisationPath(target);
  if (!organisationId) return [];
  if (target.name === 'MemberOrganisationEntity') return [[{ path: 'id', comparison: 'equal', value: [organisationId] }]];
  return path ? [[{ path: `${path}Id`, comparison: 'equal', value: [organisationId] }]] : [];
}

/** An entity of one file and one reference to the row it is attached to (a licence's attachments). */
export function isAttachmentEntity(target: EntityDef): boolean {
  const fields = Object.values(target.fields);
  return fields.length === 2 && fields.some((f) => f.kind === 'file') && fields.some((f) => f.kind === 'reference');
}

/**
 * The child record lists of a record's screens: children fields given a place (an `order`)
 * whose rows are records of their own (an account's licences), not attachments.
 */
export function childLists(entity: EntityDef): (import('./ChildList').ChildListDef & { order: number })[] {
  return Object.entries(entity.fields).flatMap(([name, f]) => {
    if (f.kind !== 'children' || f.hidden || f.order === undefined) return [];
    const target = getEntity(f.target);
    if (isAttachmentEntity(target)) return [];
    return [{ name, label: f.label ?? name, target, inverse: f.inverse, order: f.order }];
  });
}
