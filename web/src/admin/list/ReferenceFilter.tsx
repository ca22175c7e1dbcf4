import type { EntityName } from '@hub/model';
import { MultiSelect } from '@mantine/core';
import { useState } from 'react';
import { useOptions } from '../record/FieldInput';

/** A reference filter: several of the target's records, found by search (take 10, debounced). */
export function ReferenceFilter({
  label,
  target,
  value,
  onChange,
}: {
  label: string;
  target: EntityName;
  value: string[];
  onChange(ids: string[]): void;
}) {
  const [search, setSearch] = useState('');
  // Labels of picked records, kept for when a later search no longer returns them.
  const [picked, setPicked] = useState<Record<string, string>>({});
  const options = useOptions(target, search);
  const data = [...(options.data ?? [])];
  for (const id of value) if (!data.some((o) => o.value === id)) data.push({ value: id, label: picked[id] ?? id });
  return (
    <MultiSelect
      label={label}
      data={data}
      value={value}
      onChange={(ids) => {
        setPicked(Object.fromEntries(ids.map((id) => [id, data.find((o) => o.value === id)?.label ?? id])));
        onChange(ids);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      nothingFoundMessage={options.isError ? 'There was an error loading the combobox data' : 'Nothing found'}
      w={240}
    />
  );
}
