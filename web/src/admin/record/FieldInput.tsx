import {
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { getEntity, LOOKUP_DEBOUNCE_MS, MB, type EntityName, type Field, type FileField } from '@hub/model';
import { formatValue } from '../format';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { graphqlRequest } from '../../client/graphql';
import { optionConditions, optionsQuery } from './record-query';
import { acceptAttribute, acceptedWords, fileLinkProps, maxBytesOf, uploadProblem, type StoredFile } from './upload';

export interface FieldProps {
  name: string;
  field: Field;
  value: unknown;
  /** The loaded record, for display values of references and files. */
  record: Record<string, unknown> | null;
  mode: 'create' | 'edit' | 'view';
  error?: string | null;
  onChange(value: unknown): void;
  onBlur(): void;
}

/** datetime-local wants 'YYYY-MM-DDTHH:mm' in local time; the wire is UTC 'YYYY-MM-DD HH:mm:ss'. */
function toLocalInput(wire: unknown, withTime: boolean): string {
  if (typeof wire !== 'string' || !wire) return '';
  const d = new Date(`${wire.replace(' ', 'T')}Z`);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  return withTime ? `${day}T${p(d.getHours())}:${p(d.getMinutes())}` : day;
}
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value.length === 10 ? `${value}T00:00` : value);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:00`;
}

/** Reference pickers: search the target (take 10, debounced 500 ms). */
export function useOptions(targetName: EntityName, search: string) {
  const target = getEntity(targetName);
  const [debounced] = useDebouncedValue(search, LOOKUP_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['options', targetName, debounced],
    queryFn: () => graphqlRequest<{ r: Record<string, unknown>[] }>(optionsQuery(target), { c: optionConditions(target, debounced) }),
    select: (d) => d.r.map((r) => ({ value: r.id as string, label: String(r[target.display] ?? r.id) })),
  });
}

function ReferenceInput(props: FieldProps & { target: EntityName; label: string }) {
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

function LinksInput(props: FieldProps & { target: EntityName; label: string }) {
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
        description={target.label}
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
function FileUpload(props: FieldProps & { field: FileField; label: string }) {
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

/** The read-only value of a field in view mode: references show their loaded record. */
function displayValue(name: string, field: Field, value: unknown, record: Record<string, unknown> | null): string {
  if (field.kind === 'reference' && value) return formatValue(field, record?.[name] ?? { id: value });
  return formatValue(field, value);
}

/** One input per field kind: the unit of extension of the record screens. */
export function FieldInput(props: FieldProps) {
  const { name, field, value, mode, error, onChange, onBlur } = props;
  const label = field.label ?? name;
  const readOnly = mode === 'view' || field.readOnly || (mode === 'edit' && field.immutable);
  if (readOnly) {
    const file = field.kind === 'file' ? (props.record?.[name] as StoredFile | null) : null;
    return (
      <div>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {file ? (
          <Anchor {...fileLinkProps(file)}>{file.fileName}</Anchor>
        ) : (
          <Text size="sm" c={displayValue(name, field, value, props.record) ? undefined : 'dimmed'}>
            {displayValue(name, field, value, props.record) || '—'}
          </Text>
        )}
      </div>
    );
  }
  const common = { label, error, onBlur, withAsterisk: !!field.required };
  switch (field.kind) {
    case 'textarea':
    case 'json':
      return (
        <Textarea {...common} autosize minRows={2} value={(value as string) ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'password':
      return (
        <PasswordInput
          {...common}
          autoComplete="new-password"
          value={(value as string) ?? ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'integer':
    case 'number':
      return (
        <NumberInput
          {...common}
          allowDecimal={field.kind === 'number'}
          value={(value as number) ?? ''}
          onChange={(v) => onChange(v === '' ? null : typeof v === 'number' ? v : Number(v))}
        />
      );
    case 'boolean':
      return <Checkbox label={label} checked={!!value} onChange={(e) => onChange(e.currentTarget.checked)} onBlur={onBlur} error={error} />;
    case 'date':
    case 'datetime':
      return (
        <TextInput
          {...common}
          type={field.kind === 'date' ? 'date' : 'datetime-local'}
          value={toLocalInput(value, field.kind === 'datetime')}
          onChange={(e) => onChange(fromLocalInput(e.currentTarget.value))}
        />
      );
    case 'enum':
      return (
        <Select
          {...common}
          data={Object.entries(field.enum.values).map(([v, l]) => ({ value: v, label: l as string }))}
          value={(value as string) ?? null}
          onChange={(v) => onChange(v)}
          clearable={!field.required}
        />
      );
    case 'reference':
      return <ReferenceInput {...props} target={field.target} label={label} />;
    case 'links':
      return <LinksInput {...props} target={field.target!} label={label} />;
    case 'file':
      return <FileUpload {...props} field={field} label={label} />;
    default:
      return (
        <TextInput
          {...common}
          type={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'}
          value={(value as string) ?? ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
