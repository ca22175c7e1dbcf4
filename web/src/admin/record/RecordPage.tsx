import { Alert, Anchor, Button, Center, Fieldset, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { inputKey, isUuid, kinds, messages, type EntityDef, type Field } from '@hub/model';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChildList } from './ChildList';
import { DocumentStatusActions } from './DocumentStatusActions';
import { RecordOrganisation, childLists, organisationOfValues } from './record-query';
import { FieldInput } from './FieldInput';
import { formatLocal } from '../../ui/dates';
import { FileListField } from './FileListField';
import { useRecordController, type RecordMode } from './useRecordController';

interface Props {
  entity: EntityDef;
  title: string;
  mode: RecordMode;
  id?: string;
  listPath: string;
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The generic create, view and edit screen of back-office 2.6 for any entity. */
export function RecordPage({ entity, title, mode, id, listPath }: Props) {
  // A create screen opened from a parent (an account's 'Create Licence') has that reference chosen: ?mehubAccountId=...
  const [params] = useSearchParams();
  const initial = useMemo(() => {
    if (mode !== 'create') return undefined;
    const given: Record<string, unknown> = {};
    for (const [name, f] of Object.entries(entity.fields)) {
      const value = params.get(`${name}Id`);
      if (f.kind === 'reference' && value && isUuid(value)) given[`${name}Id`] = value;
    }
    return given;
  }, [entity, mode, params]);
  const rec = useRecordController({ entity, mode, id, listPath, initial });
  const children = useMemo(() => childLists(entity).sort((a, b) => a.order - b.order), [entity]);
  const { record, loaded, current, fields, lists, issues, submitted, serverErrors, errorFor, set, touch, allowed } = rec;
  const [showDetails, setShowDetails] = useState(false);
  const passwordRule = entity.rules?.includes('confirmPassword');

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

  // A new record's read-only and derived fields cannot be set and have nothing to show yet ('Status —'):
  // only those holding a value (a default, or a parent given by the address) are shown.
  const shown = mode === 'create' ? fields.filter(([name, f]) => !f.readOnly || !isBlank(current[inputKey(name, f)])) : fields;
  const groups = [...new Set(shown.map(([, f]) => f.group ?? ''))];
  const renderField = ([name, f]: [string, Field]) => {
    const key = inputKey(name, f);
    // A picked file is held under the field's name until it is uploaded with the save.
    const upload = kinds[f.kind].upload;
    if (mode === 'view' && f.writeOnly) return null;
    return (
      <FieldInput
        key={name}
        name={name}
        field={f}
        value={upload && current[name] instanceof File ? current[name] : current[key]}
        record={loaded}
        mode={mode}
        error={errorFor(key)}
        onChange={(v) => set(upload ? name : key, v)}
        onBlur={() => touch(key)}
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
      {mode === 'view' && id && entity.name === 'DocumentEntity' && <DocumentStatusActions id={id} onRemoved={() => rec.back()} />}
      <RecordOrganisation.Provider value={organisationOfValues(entity, current)}>
        <Paper withBorder p="md" component="form" onSubmit={(e) => void rec.submit(e)} noValidate>
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
                  <Stack gap="sm">{shown.filter(([, f]) => f.group === g).map(renderField)}</Stack>
                </Fieldset>
              ) : (
                <Stack key="main" gap="sm">
                  {shown.filter(([, f]) => !f.group).map(renderField)}
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
                onBlur={() => touch('confirmPassword')}
              />
            )}
            {lists.map((list) => (
              <FileListField
                key={list.name}
                list={list}
                parentId={mode === 'create' ? undefined : id}
                mode={mode}
                change={rec.fileChanges[list.name] ?? { add: [], remove: [] }}
                onChange={(c) => rec.setFileChange(list.name, c)}
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
              <Button variant="default" onClick={() => rec.back()}>
                {mode === 'view' ? 'Back' : 'Cancel'}
              </Button>
              {mode !== 'view' && (
                <Button type="submit" loading={rec.saving}>
                  Submit
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      </RecordOrganisation.Provider>
      {mode !== 'create' &&
        id &&
        children.map((list) => (
          <Paper key={list.name} withBorder p="md">
            <ChildList list={list} parentId={id} canCreate={allowed('create', list.target.name)} />
          </Paper>
        ))}
    </Stack>
  );
}
