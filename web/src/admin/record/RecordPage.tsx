import { Alert, Anchor, Button, Center, Fieldset, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { getEntity, inputKey, messages, opNames, validateInput, type EntityDef, type Field, type ValidationIssue } from '@hub/model';
import { can } from '@hub/model/groups';
import { safePath } from '@hub/model/safe-path';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { graphqlRequest, graphqlUpload, GraphqlError } from '../../client/graphql';
import { useMe } from '../../app/session';
import { FieldInput } from './FieldInput';
import { formatLocal } from '../../ui/dates';
import { fileLists, formFields, recordQuery, saveMutation, type FileList } from './record-query';
import { FileListField, type FileListChange } from './FileListField';

type Values = Record<string, unknown>;

/** Form values from a loaded record, keyed by input key (references and files by their id). */
function valuesOf(entity: EntityDef, record: Values | null): Values {
  const out: Values = {};
  for (const [name, f] of formFields(entity)) {
    const key = inputKey(name, f);
    if (!record) {
      if (f.default !== undefined) out[key] = f.default;
      continue;
    }
    if (f.kind === 'links') {
      const t = getEntity(f.target!);
      out[key] = ((record[name] as Values[] | null) ?? []).map((r) => ({ id: r.id, label: String(r[t.display] ?? r.id) }));
    } else out[key] = record[key] ?? null;
  }
  return out;
}

/** The save input: what the form holds, in the API's shape (files as uploads). */
function inputOf(entity: EntityDef, values: Values, mode: 'create' | 'edit'): { input: Values; files: { name: string; file: File }[] } {
  const input: Values = {};
  const files: { name: string; file: File }[] = [];
  for (const [name, f] of formFields(entity)) {
    if (f.readOnly || (mode === 'edit' && f.immutable)) continue;
    const key = inputKey(name, f);
    const v = values[key];
    if (f.kind === 'links') input[key] = ((v as { id: string }[]) ?? []).map((x) => ({ id: x.id }));
    else if (f.kind === 'file') {
      if (values[name] instanceof File) files.push({ name, file: values[name] as File });
      else if (v !== undefined) input[key] = v;
    } else if (f.kind === 'password') {
      if (v) input[key] = v;
    } else if (v !== undefined && !(mode === 'create' && (v === null || v === ''))) input[key] = v === '' ? null : v;
  }
  if (entity.rules?.includes('confirmPassword') && values.password) input.confirmPassword = values.confirmPassword ?? '';
  return { input, files };
}

/** The unique messages of a failed save, for the 'Could not save entity' toast. */
function serverMessages(err: unknown): { messages: string[]; issues: ValidationIssue[] } {
  if (!(err instanceof GraphqlError)) return { messages: [err instanceof Error ? err.message : String(err)], issues: [] };
  const issues = err.errors.flatMap((x) => (x.extensions?.issues as ValidationIssue[] | undefined) ?? []);
  const all = err.errors.flatMap((x) =>
    ((x.extensions?.issues as ValidationIssue[] | undefined) ?? [{ message: x.message }]).map((i) => i.message),
  );
  return { messages: [...new Set(all.length ? all : [err.message])], issues };
}

/** Applies a file list's queued uploads (one child record per file) and removals, after the record is saved. */
async function saveFileList(list: FileList, parentId: string, change: FileListChange) {
  const n = opNames(list.target.name);
  for (const file of change.add)
    await graphqlUpload(saveMutation(list.target, 'create'), { m: [{ [`${list.inverse}Id`]: parentId, [list.fileField]: null }] }, [
      { path: `variables.m.0.${list.fileField}`, file },
    ]);
  if (change.remove.length) await graphqlRequest(`mutation($ids: [ID!]!) { r: ${n.delete}(${n.idsArg}: $ids) }`, { ids: change.remove });
}

interface Props {
  entity: EntityDef;
  title: string;
  mode: 'create' | 'edit' | 'view';
  id?: string;
  listPath: string;
}

/** The generic create, view and edit screen of back-office 2.6 for any entity. */
export function RecordPage({ entity, title, mode, id, listPath }: Props) {
  const me = useMe().data;
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
  const [values, setValues] = useState<Values | null>(mode === 'create' ? valuesOf(entity, null) : null);
  const current = values ?? (loaded ? valuesOf(entity, loaded) : null);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [serverIssues, setServerIssues] = useState<ValidationIssue[]>([]);
  const [fileChanges, setFileChanges] = useState<Record<string, FileListChange>>({});
  const [showDetails, setShowDetails] = useState(false);
  const [saving, setSaving] = useState(false);
  const fields = useMemo(() => formFields(entity), [entity]);
  const passwordRule = entity.rules?.includes('confirmPassword');
  const lists = useMemo(() => fileLists(entity).sort((a, b) => a.order - b.order), [entity]);
  /** After a save: the redirect parameter ({id} replaced), else the previous page, else the list. */
  const back = (savedId?: string) => {
    const redirect = params.get('redirect');
    // Only a path of the hub (safePath): anything else falls back like no redirect at all.
    if (savedId !== undefined && redirect && safePath(redirect) === redirect) navigate(safePath(redirect.replace('{id}', savedId)));
    else if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate(listPath);
  };

  if (mode !== 'create' && record.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" mr="sm" />
        <Text>Loading {entity.label}...</Text>
      </Center>
    );
  if (mode !== 'create' && (record.isError || !loaded))
    return (
      <Alert color="red" title={`Error Loading ${entity.label}`}>
        {record.error instanceof Error ? record.error.message : 'The record does not exist or you are not allowed to see it'}
      </Alert>
    );
  if (!current) return null;

  const issues: ValidationIssue[] =
    mode === 'view'
      ? []
      : validateInput(
          entity,
          {
            ...inputOf(entity, current, mode === 'create' ? 'create' : 'edit').input,
            ...Object.fromEntries(fields.filter(([n, f]) => f.kind === 'file' && current[n] instanceof File).map(([n]) => [n, current[n]])),
          },
          mode === 'create' ? 'create' : 'update',
        );
  const matching = (key: string) => (i: ValidationIssue) => i.path === key || i.path.startsWith(`${key}.`);
  const errorFor = (key: string) => {
    if (!submitted && !touched.has(key)) return null;
    return issues.find(matching(key))?.message ?? serverIssues.find(matching(key))?.message ?? null;
  };
  const set = (key: string, v: unknown) => {
    setValues({ ...current, [key]: v });
    setTouched((t) => new Set(t).add(key));
    setServerIssues((list) => list.filter((i) => !matching(key)(i)));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setServerErrors([]);
    setServerIssues([]);
    if (issues.length || !current) return;
    setSaving(true);
    try {
      const { input, files } = inputOf(entity, current, mode === 'create' ? 'create' : 'edit');
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
        for (const list of lists) if (fileChanges[list.name]) await saveFileList(list, savedId, fileChanges[list.name]);
        if (Object.keys(fileChanges).length) void client.invalidateQueries({ queryKey: ['file-list'] });
      } catch (err) {
        // The record is saved; its files are not: carry on in its edit screen.
        notifications.show({
          color: 'red',
          title: messages.couldNotSave,
          message: serverMessages(err).messages.join('\n'),
          autoClose: false,
        });
        setFileChanges({});
        void client.invalidateQueries({ queryKey: ['file-list'] });
        navigate(`${listPath}/edit/${savedId}`, { replace: true });
        return;
      }
      notifications.show({ color: 'green', message: `Successfully ${mode === 'create' ? 'added' : 'edited'} ${entity.label}` });
      back(savedId);
    } catch (err) {
      const failure = serverMessages(err);
      setServerErrors(failure.messages);
      setServerIssues(failure.issues);
      notifications.show({
        color: 'red',
        title: messages.couldNotSave,
        message: failure.messages.join('\n'),
        autoClose: false,
        style: { whiteSpace: 'pre-line' },
      });
    } finally {
      setSaving(false);
    }
  }

  const groups = [...new Set(fields.map(([, f]) => f.group ?? ''))];
  const renderField = ([name, f]: [string, Field]) => {
    const key = inputKey(name, f);
    if (mode === 'view' && f.writeOnly) return null;
    return (
      <FieldInput
        key={name}
        name={name}
        field={f}
        value={f.kind === 'file' && current[name] instanceof File ? current[name] : current[key]}
        record={loaded}
        mode={mode}
        error={errorFor(key)}
        onChange={(v) => set(f.kind === 'file' ? name : key, v)}
        onBlur={() => setTouched((t) => new Set(t).add(key))}
      />
    );
  };

  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between">
        <Title order={1}>{mode === 'create' ? `Create ${entity.label}` : mode === 'edit' ? `Edit ${entity.label}` : title}</Title>
        {mode === 'view' && allowed('update') && (
          <Button component={Link} to={`${listPath}/edit/${id}`}>
            Edit
          </Button>
        )}
      </Group>
      <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="sm">
          {submitted && issues.length > 0 && (
            <Alert color="red" role="alert" aria-live="assertive">
              <Text>{messages.genericForm}</Text>
            </Alert>
          )}
          {serverErrors.length > 0 && (
            <Alert color="red" role="alert" aria-live="assertive" title={messages.couldNotSave}>
              <Anchor component="button" type="button" size="sm" onClick={() => setShowDetails((s) => !s)}>
                {showDetails ? 'Hide Detailed Errors' : 'Show Detailed Errors'}
              </Anchor>
              {showDetails &&
                serverErrors.map((m) => (
                  <Text key={m} size="sm">
                    {m}
                  </Text>
                ))}
            </Alert>
          )}
          {groups.map((g) =>
            g ? (
              <Fieldset key={g} legend={g}>
                <Stack gap="sm">{fields.filter(([, f]) => f.group === g).map(renderField)}</Stack>
              </Fieldset>
            ) : (
              <Stack key="main" gap="sm">
                {fields.filter(([, f]) => !f.group).map(renderField)}
              </Stack>
            ),
          )}
          {passwordRule && mode !== 'view' && (
            <FieldInput
              name="confirmPassword"
              field={{ kind: 'password', label: 'Confirm Password' }}
              value={current.confirmPassword}
              record={null}
              mode={mode}
              error={errorFor('confirmPassword')}
              onChange={(v) => set('confirmPassword', v)}
              onBlur={() => setTouched((t) => new Set(t).add('confirmPassword'))}
            />
          )}
          {lists.map((list) => (
            <FileListField
              key={list.name}
              list={list}
              parentId={mode === 'create' ? undefined : id}
              mode={mode}
              change={fileChanges[list.name] ?? { add: [], remove: [] }}
              onChange={(c) => setFileChanges((all) => ({ ...all, [list.name]: c }))}
              canAdd={allowed('create', list.target.name)}
              canRemove={allowed('delete', list.target.name)}
            />
          ))}
          {mode !== 'create' && loaded && (
            <Text size="xs" c="dimmed">
              Created {formatLocal(loaded.created as string)} · Modified {formatLocal(loaded.modified as string)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => back()}>
              {mode === 'view' ? 'Back' : 'Cancel'}
            </Button>
            {mode !== 'view' && (
              <Button type="submit" loading={saving}>
                Submit
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
