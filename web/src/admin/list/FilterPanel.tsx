import { Button, Group, MultiSelect, Paper } from '@mantine/core';
import { DayInput } from '../../ui/DayInput';
import { applyFilters, clearFilters, editDateRange, editFilter } from './list-state';
import { ReferenceFilter } from './ReferenceFilter';
import type { ListController } from './useListController';

/** The filter panel: enum and boolean choices, references, date ranges; Apply and Clear. */
export function FilterPanel({ list }: { list: ListController }) {
  const { state, setState, filters } = list;
  return (
    <Paper withBorder p="md">
      <Group align="flex-end" wrap="wrap">
        {filters.choices.map(({ path, label, choices }) => (
          <MultiSelect
            key={path}
            label={label}
            data={choices}
            value={state.draft[path] ?? []}
            onChange={(v) => setState((s) => editFilter(s, path, v))}
            w={220}
            clearable
          />
        ))}
        {filters.references.map(({ path, label, target }) => (
          <ReferenceFilter
            key={path}
            label={label}
            target={target}
            value={state.draft[path] ?? []}
            onChange={(v) => setState((s) => editFilter(s, path, v))}
          />
        ))}
        {filters.dates.map(({ path, label }) => {
          const range = state.draft[path] ?? ['', ''];
          const setRange = (i: 0 | 1, v: string) =>
            setState((s) => {
              const next = [s.draft[path]?.[0] ?? '', s.draft[path]?.[1] ?? ''];
              next[i] = v;
              return editDateRange(s, path, next[0], next[1]);
            });
          return (
            <Group key={path} gap={4} align="flex-end" wrap="nowrap">
              <DayInput label={`${label} from`} value={range[0]} onChange={(v) => setRange(0, v ?? '')} w={160} />
              <DayInput label={`${label} to`} value={range[1]} onChange={(v) => setRange(1, v ?? '')} w={160} />
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
