import { Anchor, Badge, Button, Checkbox, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFilter, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { EntityDef } from '@hub/model';
import { useState, type ReactNode } from 'react';
import { cellText } from './cells';
import { DataTable, type TableColumn } from './DataTable';
import { FilterPanel } from './FilterPanel';
import { listExtrasFor } from './list-extras';
import { clearSelection, cycleSort, goToPage, isPageSelected, isSelected, selectAllPages, togglePage, toggleRow } from './list-state';
import { Pager } from './Pager';
import type { Where } from './query';
import { RowActions } from './RowActions';
import { SearchBox } from './SearchBox';
import { SortHeader } from './SortHeader';
import { useListController, type ListController } from './useListController';

interface Props {
  entity: EntityDef;
  title: string;
  /** The screen's path: rows open at {basePath}/view/{id} and {basePath}/edit/{id}. */
  basePath: string;
  /** Extra bulk actions for the selection (e.g. Assign Forms on organisations). */
  bulkActions?: (selection: { conditions: Where[][]; done(): void }) => ReactNode;
  /** Conditions every row of this screen meets (e.g. MEA documents only). */
  base?: Where[][];
  /** The screen offers no View row action; Edit is then relabelled Review. */
  withoutView?: boolean;
}

const NO_BASE: Where[][] = [];
const CREATED = { path: 'created', label: 'Created', field: { kind: 'datetime' }, select: 'created', sortable: true, long: false } as const;

/** The generic list screen of back-office 2.5 for any entity of the model. */
export function ListPage({ entity, title, base = NO_BASE, basePath, bulkActions, withoutView = false }: Props) {
  const extras = listExtrasFor(entity);
  const list = useListController({ entity, base, listKey: basePath, select: extras?.select });
  const { state, setState, allowed } = list;
  const [showFilters, setShowFilters] = useState(false);
  const showView = allowed('read') && !withoutView;
  const editLabel = showView ? 'Edit' : 'Review';
  const nameOf = (row: Record<string, unknown>) => String(row[entity.display] ?? 'this item');
  const { choices, dates, references } = list.filters;

  const headerOf = (c: { path: string; label: string; sortable: boolean }): TableColumn => ({
    key: c.path,
    header: c.sortable ? (
      <SortHeader
        label={c.label}
        direction={state.sort?.path === c.path ? state.sort.direction : null}
        onClick={() => setState((s) => cycleSort(s, c.path))}
      />
    ) : (
      c.label
    ),
  });
  const columns: TableColumn[] = [
    {
      key: 'select',
      width: 40,
      header: (
        <Checkbox
          aria-label="Select all on this page"
          checked={isPageSelected(state, list.pageIds)}
          onChange={() => setState((s) => togglePage(s, list.pageIds))}
        />
      ),
    },
    ...list.columns.map(headerOf),
    ...(extras?.columns ?? []).map((c) => ({ key: c.key, header: c.label })),
    headerOf(CREATED),
    { key: 'actions', ariaLabel: 'Actions' },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        {allowed('create') && (
          <Button component={Link} to={`${basePath}/create`} leftSection={<IconPlus size={16} />}>
            Create
          </Button>
        )}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchBox initial={state.search} onSearch={list.search} />
        {choices.length + dates.length + references.length > 0 && (
          <Button
            variant={list.status === 'applied' ? 'filled' : 'light'}
            color={list.status === 'applied' ? 'safety' : undefined}
            leftSection={<IconFilter size={16} />}
            onClick={() => setShowFilters((v) => !v)}
            aria-expanded={showFilters}
          >
            {list.status === 'applied' ? 'Filters applied' : 'Filter'}
          </Button>
        )}
        {list.status === 'not-applied' && (
          <Badge color="yellow" variant="light" size="lg" mb={6}>
            Filters not applied
          </Badge>
        )}
      </Group>

      {showFilters && <FilterPanel list={list} />}
      {list.selected > 0 && <SelectionBar list={list} bulkActions={bulkActions} />}

      <DataTable
        label={entity.label}
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id as string}
        isPending={list.list.isPending}
        error={list.list.error === null ? null : { title: `Error Loading ${entity.label}`, text: list.list.error }}
        busy={list.list.isFetching}
        minWidth={640}
        highlightOnHover
        cells={(row) => (
          <>
            <Table.Td>
              <Checkbox
                aria-label="Select row"
                checked={isSelected(state, row.id as string)}
                onChange={() => setState((s) => toggleRow(s, row.id as string))}
              />
            </Table.Td>
            {list.columns.map((c) => (
              <Table.Td key={c.path}>
                {c.long ? (
                  <Text size="sm" lineClamp={2} maw={420}>
                    {cellText(c, row)}
                  </Text>
                ) : (
                  cellText(c, row)
                )}
              </Table.Td>
            ))}
            {extras?.columns.map((c) => (
              <Table.Td key={c.key}>{c.cell(row)}</Table.Td>
            ))}
            <Table.Td>{cellText(CREATED, row)}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {extras?.actions?.(row)}
                <RowActions
                  list={list}
                  id={row.id as string}
                  name={nameOf(row)}
                  basePath={basePath}
                  showView={showView}
                  editLabel={editLabel}
                />
              </Group>
            </Table.Td>
          </>
        )}
      />

      <Pager
        page={state.page}
        pages={list.pages}
        onPage={(page) => setState((s) => ({ ...s, page }))}
        onGoTo={(input) => setState((s) => goToPage(s, input, list.total))}
      />

      <Modal opened={!!list.confirm} onClose={() => list.setConfirm(null)} title="Please confirm" centered>
        <Stack>
          <Text>
            {list.confirm?.ids === 'selection'
              ? 'Are you sure you want to delete all the selected items?'
              : 'Are you sure you want to delete this item?'}
          </Text>
          <Group justify="flex-end">
            <Button variant="subtle" onClick={() => list.setConfirm(null)}>
              Cancel
            </Button>
            <Button color="red" loading={list.remove.isPending} onClick={() => list.confirm && list.remove.run(list.confirm.ids)}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The selection bar: how many are selected, select all pages, and the bulk actions. */
function SelectionBar({ list, bulkActions }: { list: ListController; bulkActions: Props['bulkActions'] }) {
  const { state, setState } = list;
  return (
    <Paper withBorder p="sm" bg="navy.0">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Text fw={600}>{list.selected} items are selected</Text>
          {isPageSelected(state, list.pageIds) && !state.allPages && list.total > list.pageIds.length && (
            <Anchor component="button" onClick={() => setState(selectAllPages)}>
              Select all {list.total} items
            </Anchor>
          )}
          <Anchor component="button" onClick={() => setState(clearSelection)}>
            Cancel
          </Anchor>
        </Group>
        <Group gap="sm">
          {bulkActions?.({ conditions: list.selection(), done: () => setState(clearSelection) })}
          {list.allowed('read') && (
            <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => list.exportCsv()}>
              CSV Export
            </Button>
          )}
          {list.allowed('delete') && (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => list.setConfirm({ ids: 'selection' })}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
