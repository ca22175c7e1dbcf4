import { inputKey, kinds, opNames, type EntityDef, type ValidationIssue } from '@hub/model';
import { webKindOf } from '../kinds';
import { graphqlRequest, graphqlUpload, GraphqlError } from '../../client/graphql';
import { formFields, saveMutation, type FileList } from './record-query';
import type { FileListChange } from './FileListField';

export type Values = Record<string, unknown>;

/** Form values from a loaded record, keyed by input key (references and files by their id). */
export function valuesOf(entity: EntityDef, record: Values | null): Values {
  const out: Values = {};
  for (const [name, f] of formFields(entity)) {
    const key = inputKey(name, f);
    if (!record) {
      if (f.default !== undefined) out[key] = f.default;
      continue;
    }
    const load = webKindOf(f).load;
    out[key] = load ? load(f, record, name) : (record[key] ?? null);
  }
  return out;
}

/** The save input: what the form holds, in the API's shape (files as uploads). */
export function inputOf(
  entity: EntityDef,
  values: Values,
  mode: 'create' | 'edit',
): { input: Values; files: { name: string; file: File }[] } {
  const input: Values = {};
  const files: { name: string; file: File }[] = [];
  for (const [name, f] of formFields(entity)) {
    if (f.readOnly || (mode === 'edit' && f.immutable)) continue;
    const key = inputKey(name, f);
    const v = values[key];
    const toInput = webKindOf(f).toInput;
    if (kinds[f.kind].upload) {
      // A picked file is sent as an upload; otherwise the id it has (or null to remove it).
      if (values[name] instanceof File) files.push({ name, file: values[name] as File });
      else if (v !== undefined) input[key] = v;
    } else if (toInput) {
      const value = toInput(v);
      if (value !== undefined) input[key] = value;
    } else if (v !== undefined && !(mode === 'create' && (v === null || v === ''))) input[key] = v === '' ? null : v;
  }
  if (entity.rules?.includes('confirmPassword') && values.password) input.confirmPassword = values.confirmPassword ?? '';
  return { input, files };
}

/** The unique messages of a failed save, for the 'Could not save entity' toast. */
export function serverMessages(err: unknown): { messages: string[]; issues: ValidationIssue[] } {
  if (!(err instanceof GraphqlError)) return { messages: [err instanceof Error ? err.message : String(err)], issues: [] };
  const issues = err.errors.flatMap((x) => (x.extensions?.issues as ValidationIssue[] | undefined) ?? []);
  const all = err.errors.flatMap((x) =>
    ((x.extensions?.issues as ValidationIssue[] | undefined) ?? [{ message: x.message }]).map((i) => i.message),
  );
  return { messages: [...new Set(all.length ? all : [err.message])], issues };
}

/** Applies a file list's queued uploads (one child record per file) and removals, after the record is saved. */
export async function saveFileList(
  list: FileList,
  parentId: string,
  change: FileListChange,
  onProgress?: (fileName: string, fraction: number) => void,
) {
  const n = opNames(list.target.name);
  for (const file of change.add)
    await graphqlUpload(
      saveMutation(list.target, 'create'),
      { m: [{ [`${list.inverse}Id`]: parentId, [list.fileField]: null }] },
      [{ path: `variables.m.0.${list.fileField}`, file }],
      onProgress && ((fraction) => onProgress(file.name, fraction)),
    );
  if (change.remove.length) await graphqlRequest(`mutation($ids: [ID!]!) { r: ${n.delete}(${n.idsArg}: $ids) }`, { ids: change.remove });
}
