import { notifications } from '@mantine/notifications';
import { kinds, messages, validateInput, type EntityDef, type ValidationIssue } from '@hub/model';
import { can, isAdministratorGroups } from '@hub/model/groups';
import { safePath } from '@hub/model/safe-path';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { graphqlRequest, graphqlUpload } from '../../client/graphql';
import { useMe } from '../../app/session';
import type { FileListChange } from './FileListField';
import { fileLists, formFields, ownerShown, recordQuery, saveMutation } from './record-query';
import { inputOf, saveFileList, serverMessages, valuesOf, type Values } from './record-values';

export type RecordMode = 'create' | 'edit' | 'view';

interface Options {
  entity: EntityDef;
  mode: RecordMode;
  id?: string;
  listPath: string;
  /** The member pages' own words for a save (member-site.md 8), instead of the back-office's. */
  texts?: { saved?: string; failed?: string };
  /** Called after a successful save, before going back (e.g. a notice that depends on the saved record). */
  onSaved?(id: string): void;
  /** The page's last word on what a save sends (e.g. an out-of-service asset sends only its status; child assets added). */
  shapeInput?(input: Values, values: Values): Values;
  /** Values a new record starts with beyond the model's defaults (e.g. a parent given by the address). */
  initial?: Values;
  /** Where a save goes instead of back (e.g. a new asset's view), replacing the form in the history; null: back. */
  savedPath?(id: string): string | null;
}

const matching = (key: string) => (i: ValidationIssue) => i.path === key || i.path.startsWith(`${key}.`);

/** The record screen's data and actions: loading, values, validation, file lists and saving. */
export function useRecordController({ entity: declared, mode, id, listPath, texts, onSaved, shapeInput, initial, savedPath }: Options) {
  const me = useMe().data;
  // An administrator chooses the record's owner (its organisation): shown and, on create, required.
  const admin = isAdministratorGroups(me?.groups.map((g) => g.name) ?? []);
  const entity = useMemo(() => ownerShown(declared, admin, mode), [declared, admin, mode]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const allowed = (op: 'create' | 'update' | 'delete', name = entity.name) =>
    can(me?.groups.map((g) => g.name) ?? [], me?.roleName ?? null, name, op);
  const record = useQuery({
    queryKey: ['record', entity.name, id],
    queryFn: () => graphqlRequest<{ r: Values | null }>(recordQuery(entity), { id }),
    enabled: mode !== 'create' && !!id,
    gcTime: 0,
  });
  const loaded = record.data?.r ?? null;
  const [values, setValues] = useState<Values | null>(() => (mode === 'create' ? { ...valuesOf(entity, null), ...initial } : null));
  const current = values ?? (loaded ? valuesOf(entity, loaded) : null);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [serverIssues, setServerIssues] = useState<ValidationIssue[]>([]);
  const [fileChanges, setFileChanges] = useState<Record<string, FileListChange>>({});
  const [saving, setSaving] = useState(false);
  /** The file being uploaded after the save, and how much of it has gone (0 to 1). */
  const [progress, setProgress] = useState<{ fileName: string; fraction: number } | null>(null);
  const fields = useMemo(() => formFields(entity), [entity]);
  const lists = useMemo(() => fileLists(entity).sort((a, b) => a.order - b.order), [entity]);
  const saveMode = mode === 'create' ? 'create' : 'edit';

  /** After a save: the redirect parameter ({id} replaced), else the previous page, else the list. */
  const back = (savedId?: string) => {
    const redirect = params.get('redirect');
    // Only a path of the hub (safePath): anything else falls back like no redirect at all.
    if (savedId !== undefined && redirect && safePath(redirect) === redirect) navigate(safePath(redirect.replace('{id}', savedId)));
    else if (savedId !== undefined && savedPath?.(savedId)) navigate(savedPath(savedId)!, { replace: true });
    else if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate(listPath);
  };

  const issues: ValidationIssue[] =
    mode === 'view' || !current
      ? []
      : validateInput(
          entity,
          {
            ...inputOf(entity, current, saveMode).input,
            ...Object.fromEntries(
              fields.filter(([n, f]) => kinds[f.kind].upload && current[n] instanceof File).map(([n]) => [n, current[n]]),
            ),
          },
          mode === 'create' ? 'create' : 'update',
        );
  const errorFor = (key: string) => {
    if (!submitted && !touched.has(key)) return null;
    return issues.find(matching(key))?.message ?? serverIssues.find(matching(key))?.message ?? null;
  };
  const touch = (key: string) => setTouched((t) => new Set(t).add(key));
  const set = (key: string, v: unknown) => {
    setValues({ ...current, [key]: v });
    touch(key);
    setServerIssues((list) => list.filter((i) => !matching(key)(i)));
  };

  /** Saves the record, then its file lists; a failure of the files leaves the user on the saved record's edit screen. */
  async function save(record: Values) {
    const built = inputOf(entity, record, saveMode);
    const files = built.files;
    const input = shapeInput ? shapeInput(built.input, record) : built.input;
    if (mode === 'edit') input.id = id;
    const query = saveMutation(entity, mode === 'create' ? 'create' : 'update');
    const result = files.length
      ? await graphqlUpload<{ r: { id: string }[] }>(
          query,
          { m: [{ ...input, ...Object.fromEntries(files.map((f) => [f.name, null])) }] },
          files.map((f) => ({ path: `variables.m.0.${f.name}`, file: f.file })),
        )
      : await graphqlRequest<{ r: { id: string }[] }>(query, { m: [input] });
    const savedId = result.r[0]?.id ?? id ?? '';
    void client.invalidateQueries({ queryKey: ['list', entity.name] });
    void client.invalidateQueries({ queryKey: ['record', entity.name] });
    try {
      for (const list of lists)
        if (fileChanges[list.name])
          await saveFileList(list, savedId, fileChanges[list.name], (fileName, fraction) => setProgress({ fileName, fraction }));
      if (Object.keys(fileChanges).length) void client.invalidateQueries({ queryKey: ['file-list'] });
    } catch (err) {
      setProgress(null);
      // The record is saved; its files are not: carry on in its edit screen.
      notifications.show({
        color: 'red',
        title: texts?.failed ?? messages.couldNotSave,
        message: serverMessages(err).messages.join('\n'),
        autoClose: false,
      });
      setFileChanges({});
      void client.invalidateQueries({ queryKey: ['file-list'] });
      navigate(`${listPath}/edit/${savedId}`, { replace: true });
      return;
    }
    notifications.show({
      color: 'green',
      message: texts?.saved ?? `Successfully ${mode === 'create' ? 'added' : 'edited'} ${entity.label}`,
    });
    onSaved?.(savedId);
    back(savedId);
  }

  /** Validates and saves (also called without an event, e.g. after a confirmation). */
  async function submit(e?: FormEvent) {
    e?.preventDefault();
    setSubmitted(true);
    setServerErrors([]);
    setServerIssues([]);
    if (issues.length || !current) return;
    setSaving(true);
    try {
      await save(current);
    } catch (err) {
      const failure = serverMessages(err);
      setServerErrors(failure.messages);
      setServerIssues(failure.issues);
      notifications.show({
        color: 'red',
        title: texts?.failed ?? messages.couldNotSave,
        message: failure.messages.join('\n'),
        autoClose: false,
        style: { whiteSpace: 'pre-line' },
      });
    } finally {
      setSaving(false);
      setProgress(null);
    }
  }

  return {
    allowed,
    record: { isPending: record.isPending, isError: record.isError, error: record.error },
    loaded,
    current,
    fields,
    lists,
    issues,
    submitted,
    serverErrors,
    errorFor,
    set,
    touch,
    fileChanges,
    setFileChange: (name: string, c: FileListChange) => setFileChanges((all) => ({ ...all, [name]: c })),
    saving,
    progress,
    submit,
    back,
  };
}
