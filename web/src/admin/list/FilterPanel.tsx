import { Button, Group, MultiSelect, Paper, TextInput } from '@mantine/core';
import type { EnumDef } from '@hub/model';
import { applyFilters, clearFilters, editDateRange, editFilter } from './list-state';
import { ReferenceFilter } from './ReferenceFilter';
import type { ListController } from './useListController';

/** The filter panel: enum and boolean choices, references, date ranges; Apply and Clear. */
export function FilterPanel({ list }: { list: ListController }) {
  const { state, setState, filters } = list;
  return (
    <Paper withBorder p="md">
      <Group align="flex-end" wrap="wrap">
        {filters.choices.map(([path, f]) => (
          <MultiSelect
            key={path}
            label={f.label ?? path}
            data={
              f.kind === 'enum'
                ? Object.entries((f.enum as EnumDef).values).map(([value, label]) => ({ value, label: label as string }))
                : [
                    { value: 'true', label: 'Yes' },
                    { value: 'false', label: 'No' },
                  ]
            }
            value={state.draft[path] ?? []}
            onChange={(v) => setState((s) => editFilter(s, path, v))}
            w={220}
            clearable
          />
        ))}
        {filters.references.map(({ path, field }) => (
          <ReferenceFilter
            key={path}
            label={field.label ?? path}
            target={field.target}
            value={state.draft[path] ?? []}
            onChange={(v) => setState((s) => editFilter(s, path, v))}
          />
        ))}
        {filters.dates.map(([path, f]) => {
          const range = state.draft[path] ?? ['', ''];
          const setRange = (i: 0 | 1, v: string) =>
            setState((s) => {
              const next = [s.draft[path]?.[0] ?? '', s.draft[path]?.[1] ?? ''];
              next[i] = v;
              return editDateRange(s, path, next[0], next[1]);
            });
          return (
            <Group key={path} gap={4} align="flex-end" wrap="nowrap">
              <TextInput
                type="date"
                label={`${f.label ?? path} from`}
                value={range[0] ?? ''}
                onChange={(e) => setRange(0, e.currentTarget.value)}
                w={160}
              />
              <TextInput
                type="date"
                label={`${f.label ?? path} to`}
                value={range[1] ?? ''}
                onChange={(e) => setRange(1, e.currentTarget.value)}
                w={160}
              />
            </Group>
          );
        })}
        <Button onClick={() => setState(applyFilters)}>Apply Filters</Button>
        <Button variant="subtle" onClick={() => setState(clearFilters)}>
          Clear Filters
        </Button>
      </Group>
    </Paper>
  );
}
