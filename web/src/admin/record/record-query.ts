import { getEntity, opNames, type EntityDef, type Field } from '@hub/model';
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
    if (files.length !== 1 || back?.kind !== 'reference' || back.target !== entity.name) return [];
    return [{ name, label: f.label ?? name, target, inverse: f.inverse, fileField: files[0][0], order: f.order ?? 1000 }];
  });
}

/** The files of one record's file list, oldest first. */
export const fileListQuery = (list: FileList) =>
  `query($c: [[WhereExpressionGraph!]!]) { r: ${opNames(list.target.name).list}(conditions: $c, orderBy: [{path: "created"}]) { id ${list.fileField} { id fileName size contentType } } }`;

export const fileListConditions = (list: FileList, parentId: string) => [
  [{ path: `${list.inverse}Id`, comparison: 'equal', value: [parentId] }],
];
