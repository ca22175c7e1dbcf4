import { Button, FileInput, Group, MultiSelect, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { getEntity, LOOKUP_DEBOUNCE_MS, MB, type EntityName, type FileField } from '@hub/model';
import { useQuery } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { graphqlRequest } from '../../client/graphql';
import type { FieldProps } from './FieldInput';
import { RecordOrganisation, optionConditions, optionsQuery, organisationConditions } from './record-query';
import { acceptAttribute, acceptedWords, maxBytesOf, uploadProblem } from './upload';

/** The inputs of the relation and file kinds (the others are one Mantine input each, in ../kinds.tsx). */
/** Reference pickers: search the target (take 10, debounced 500 ms). */
export function useOptions(targetName: EntityName, search: string) {
  const target = getEntity(targetName);
  const [debounced] = useDebouncedValue(search, LOOKUP_DEBOUNCE_MS);
  // On a record of one organisation, only that organisation's rows are offered (an asset's parent, its assignees).
  const organisation = useContext(RecordOrganisation);
  return useQuery({
    queryKey: ['options', targetName, debounced, organisation],
    queryFn: () =>
      graphqlRequest<{ r: Record<string, unknown>[] }>(optionsQuery(target), {
        c: [...optionConditions(target, debounced), ...organisationConditions(target, organisation)],
      }),
    select: (d) => d.r.map((r) => ({ value: r.id as string, label: String(r[target.display] ?? r.id) })),
  });
}

export function ReferenceInput(props: FieldProps & { target: EntityName; label: string }) {
  const [search, setSearch] = useState('');
  const options = useOptions(props.target, search);
  const current = props.record?.[props.name] as Record<string, unknown> | null | undefined;
  const target = getEntity(props.target);
  const data = [...(options.data ?? [])];
  if (current && !data.some((o) => o.value === current.id))
    data.unshift({ value: current.id as string, label: String(current[target.display] ?? current.id) });
  return (
    <Select
      label={props.label}
      data={data}
      value={(props.value as string) ?? null}
      onChange={(v) => props.onChange(v)}
      onBlur={props.onBlur}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable={!props.field.required}
      nothingFoundMessage={options.isError ? 'There was an error loading the combobox data' : 'Nothing found'}
      error={props.error}
      withAsterisk={props.field.required}
    />
  );
}

export function LinksInput(props: FieldProps & { target: EntityName; label: string }) {
  const [search, setSearch] = useState('');
  const options = useOptions(props.target, search);
  const target = getEntity(props.target);
  const chosen = (props.value as { id: string; label?: string }[] | undefined) ?? [];
  const data = [...(options.data ?? [])];
  for (const c of chosen) if (!data.some((o) => o.value === c.id)) data.push({ value: c.id, label: c.label ?? c.id });
  const pick = (ids: string[]) => props.onChange(ids.map((id) => ({ id, label: data.find((o) => o.value === id)?.label })));
  return (
    <Stack gap={4}>
      <MultiSelect
        label={props.label}
        data={data}
        value={chosen.map((c) => c.id)}
        onChange={pick}
        onBlur={props.onBlur}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={options.isError ? 'There was an error loading the combobox data' : 'Nothing found'}
        error={props.error}
        withAsterisk={props.field.required}
        description={props.field.description ?? target.label}
      />
      <Group gap="xs">
        {/* Select all: every option the picker has loaded (the search's first 10) joins the chosen ones. */}
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`Select all ${props.label}`}
          disabled={!options.data?.length}
          onClick={() => pick([...new Set([...chosen.map((c) => c.id), ...data.map((o) => o.value)])])}
        >
          Select all
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`Unselect all ${props.label}`}
          disabled={!chosen.length}
          onClick={() => pick([])}
        >
          Unselect all
        </Button>
      </Group>
    </Stack>
  );
}

/** A file input with the upload rules (types and size) checked before anything is sent. */
export function FileUpload(props: FieldProps & { field: FileField; label: string }) {
  const { field, name } = props;
  const [problem, setProblem] = useState<string | null>(null);
  const accept = acceptAttribute(field);
  return (
    <FileInput
      label={props.label}
      withAsterisk={!!field.required}
      onBlur={props.onBlur}
      error={problem ?? props.error}
      description={`Up to ${maxBytesOf(field) / MB} MB${field.accept ? `; ${acceptedWords(field.accept)}` : ''}`}
      accept={accept}
      placeholder={(props.record?.[name] as { fileName?: string } | null)?.fileName ?? 'No File Attached'}
      value={props.value instanceof File ? props.value : null}
      onChange={(f) => {
        const p = f ? uploadProblem(field, f) : null;
        setProblem(p);
        if (!p) props.onChange(f);
      }}
      clearable
    />
  );
}
