import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Menu,
  Modal,
  MultiSelect,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  ActionIcon,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowUp,
  IconCopy,
  IconDots,
  IconDownload,
  IconEye,
  IconFileExport,
  IconFilter,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { opNames, type EntityDef, type EnumDef } from '@hub/model';
import { can } from '@hub/model/groups';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { graphqlRequest, GraphqlError } from '../../client/graphql';
import { useMe } from '../../app/session';
import { cellText } from './cells';
import { ReferenceFilter } from './ReferenceFilter';
import {
  applyFilters,
  clampPage,
  clearFilters,
  clearSelection,
  cycleSort,
  editDateRange,
  editFilter,
  filterStatus,
  goToPage,
  initialState,
  isPageSelected,
  isSelected,
  pageCount,
  selectAllPages,
  selectedCount,
  togglePage,
  toggleRow,
  type ListState,
} from './list-state';
import { columnsOf, conditionsOf, listQuery, orderOf, selectionConditions, type Where } from './query';

const SEARCH_KEY = 'searchedValue';

/** The spec's delete failure text: only the generic text when the server redacted its detail. */
export function deleteFailure(err: unknown, bulk: boolean): string {
  const text = bulk
    ? 'These records could not be deleted because of an association or because they have linked child/parent assets'
    : 'This record could not be deleted because of an association or because it has linked child/parent assets';
  const message = err instanceof Error ? err.message : String(err);
  return message.startsWith('Detail redacted') ? text : `${text}\nMessage: ${message}`;
}

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

/** The generic list screen of back-office 2.5 for any entity of the model. */
export function ListPage({ entity, title, base = [], basePath, bulkActions, withoutView = false }: Props) {
  const me = useMe().data;
  const client = useQueryClient();
  const allowed = (op: 'create' | 'read' | 'update' | 'delete') =>
    can(me?.groups.map((g) => g.name) ?? [], me?.roleName ?? null, entity.name, op);
  const [state, setState] = useState<ListState>(() => ({ ...initialState(10), search: localStorage.getItem(SEARCH_KEY) ?? '' }));
  const [searchText, setSearchText] = useState(state.search);
  const [showFilters, setShowFilters] = useState(false);
  const [pageInput, setPageInput] = useState('');
  const [confirm, setConfirm] = useState<null | { ids: string[] | 'selection' }>(null);
  const columns = useMemo(() => columnsOf(entity), [entity]);
  const filterFields = useMemo(
    () => Object.entries(entity.fields).filter(([, f]) => (f.kind === 'enum' || f.kind === 'boolean') && !f.writeOnly),
    [entity],
  );
  const dateFields = useMemo(
    () => Object.entries(entity.fields).filter(([, f]) => (f.kind === 'date' || f.kind === 'datetime') && !f.hidden),
    [entity],
  );
  const referenceFields = useMemo(
    () => Object.entries(entity.fields).flatMap(([path, f]) => (f.kind === 'reference' && !f.hidden ? [{ path, field: f }] : [])),
    [entity],
  );
  const conditions = conditionsOf(entity, state, base);
  const n = opNames(entity.name);

  const list = useQuery({
    queryKey: ['list', entity.name, conditions, state.page, state.pageSize, state.sort],
    queryFn: () =>
      graphqlRequest<{ rows: Record<string, unknown>[]; total: number }>(listQuery(entity), {
        c: conditions,
        skip: (state.page - 1) * state.pageSize,
        take: state.pageSize,
        o: orderOf(state),
      }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pageIds = rows.map((r) => r.id as string);
  const pages = pageCount(total, state.pageSize);
  const count = selectedCount(state, total);
  const showView = allowed('read') && !withoutView;
  const editLabel = showView ? 'Edit' : 'Review';
  const nameOf = (row: Record<string, unknown>) => String(row[entity.display] ?? 'this item');

  // A page beyond the total (after deletes or a narrower filter) goes back to the first.
  useEffect(() => {
    if (list.data) setState((s) => clampPage(s, list.data.total));
  }, [list.data]);

  const remove = useMutation({
    mutationFn: async (target: string[] | 'selection') =>
      target === 'selection'
        ? graphqlRequest(`mutation($c: [[WhereExpressionGraph!]!]) { r: ${n.deleteConditional}(conditions: $c) }`, {
            c: selectionConditions(entity, state, base),
          })
        : graphqlRequest(`mutation($ids: [ID!]!) { r: ${n.delete}(${n.idsArg}: $ids) }`, { ids: target }),
    onSuccess: (_d, target) => {
      notifications.show({
        color: 'green',
        message: target === 'selection' ? 'All selected items are deleted successfully' : 'Deleted successfully',
      });
      setState(clearSelection);
      void client.invalidateQueries({ queryKey: ['list', entity.name] });
    },
    onError: (err, target) =>
      notifications.show({
        color: 'red',
        message: deleteFailure(err, target === 'selection'),
        autoClose: false,
        style: { whiteSpace: 'pre-line' },
      }),
    onSettled: () => setConfirm(null),
  });

  function search() {
    localStorage.setItem(SEARCH_KEY, searchText);
    setState((s) => clearSelection({ ...s, search: searchText, page: 1 }));
  }

  function exportCsv(conditions: Where[][] = selectionConditions(entity, state, base)) {
    const c = encodeURIComponent(JSON.stringify(conditions));
    window.location.assign(`/api/entity/${entity.name}/export?stringConditions=${c}`);
  }

  function copyId(id: string) {
    navigator.clipboard
      .writeText(id)
      .then(() => notifications.show({ color: 'green', message: `Copied ${id}` }))
      .catch(() => notifications.show({ color: 'red', message: 'The id could not be copied' }));
  }

  const status = filterStatus(state);

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
        <TextInput
          label="Search"
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && search()}
          leftSection={<IconSearch size={16} />}
          w={320}
          maw="100%"
        />
        <Button onClick={search}>Go</Button>
        {filterFields.length + dateFields.length + referenceFields.length > 0 && (
          <Button
            variant={status === 'applied' ? 'filled' : 'light'}
            color={status === 'applied' ? 'safety' : undefined}
            leftSection={<IconFilter size={16} />}
            onClick={() => setShowFilters((v) => !v)}
            aria-expanded={showFilters}
          >
            {status === 'applied' ? 'Filters applied' : 'Filter'}
          </Button>
        )}
        {status === 'not-applied' && (
          <Badge color="yellow" variant="light" size="lg" mb={6}>
            Filters not applied
          </Badge>
        )}
      </Group>

      {showFilters && (
        <Paper withBorder p="md">
          <Group align="flex-end" wrap="wrap">
            {filterFields.map(([path, f]) => (
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
            {referenceFields.map(({ path, field }) => (
              <ReferenceFilter
                key={path}
                label={field.label ?? path}
                target={field.target}
                value={state.draft[path] ?? []}
                onChange={(v) => setState((s) => editFilter(s, path, v))}
              />
            ))}
            {dateFields.map(([path, f]) => {
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
      )}

      {count > 0 && (
        <Paper withBorder p="sm" bg="navy.0">
          <Group justify="space-between" wrap="wrap">
            <Group gap="sm">
              <Text fw={600}>{count} items are selected</Text>
              {isPageSelected(state, pageIds) && !state.allPages && total > pageIds.length && (
                <Anchor component="button" onClick={() => setState(selectAllPages)}>
                  Select all {total} items
                </Anchor>
              )}
              <Anchor component="button" onClick={() => setState(clearSelection)}>
                Cancel
              </Anchor>
            </Group>
            <Group gap="sm">
              {bulkActions?.({ conditions: selectionConditions(entity, state, base), done: () => setState(clearSelection) })}
              {allowed('read') && (
                <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => exportCsv()}>
                  CSV Export
                </Button>
              )}
              {allowed('delete') && (
                <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirm({ ids: 'selection' })}>
                  Delete
                </Button>
              )}
            </Group>
          </Group>
        </Paper>
      )}

      {list.isError && (
        <Alert color="red" title={`Error Loading ${entity.label}`}>
          An unexpected error occurred: {list.error instanceof GraphqlError ? list.error.message : String(list.error)}
        </Alert>
      )}
      {list.isPending && (
        <Stack gap="xs" aria-busy>
          <Group>
            <Loader size="sm" />
            <Text>Loading {entity.label}...</Text>
          </Group>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={34} />
          ))}
        </Stack>
      )}
      {list.data && (
        <ScrollArea type="auto">
          <Table striped highlightOnHover withTableBorder miw={640} aria-busy={list.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all on this page"
                    checked={isPageSelected(state, pageIds)}
                    onChange={() => setState((s) => togglePage(s, pageIds))}
                  />
                </Table.Th>
                {[...columns, { path: 'created', label: 'Created', sortable: true }].map((c) => (
                  <Table.Th key={c.path}>
                    {c.sortable ? (
                      <UnstyledButton onClick={() => setState((s) => cycleSort(s, c.path))} fw={700} fz="sm">
                        <Group gap={4} wrap="nowrap">
                          {c.label}
                          {state.sort?.path === c.path &&
                            (state.sort.direction === 'desc' ? (
                              <IconArrowDown size={14} aria-label="descending" />
                            ) : (
                              <IconArrowUp size={14} aria-label="ascending" />
                            ))}
                        </Group>
                      </UnstyledButton>
                    ) : (
                      c.label
                    )}
                  </Table.Th>
                ))}
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id as string}>
                  <Table.Td>
                    <Checkbox
                      aria-label="Select row"
                      checked={isSelected(state, row.id as string)}
                      onChange={() => setState((s) => toggleRow(s, row.id as string))}
                    />
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.path}>
                      {c.field.kind === 'textarea' ? (
                        <Text size="sm" lineClamp={2} maw={420}>
                          {cellText(c, row)}
                        </Text>
                      ) : (
                        cellText(c, row)
                      )}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    {cellText({ path: 'created', label: 'Created', field: { kind: 'datetime' }, select: 'created', sortable: true }, row)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {showView && (
                        <Tooltip label="View">
                          <ActionIcon
                            component={Link}
                            to={`${basePath}/view/${row.id}`}
                            variant="subtle"
                            aria-label={`View ${nameOf(row)}`}
                          >
                            <IconEye size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {allowed('update') && (
                        <Tooltip label={editLabel}>
                          <ActionIcon
                            component={Link}
                            to={`${basePath}/edit/${row.id}`}
                            variant="subtle"
                            aria-label={`${editLabel} ${nameOf(row)}`}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {allowed('delete') && (
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${nameOf(row)}`}
                            onClick={() => setConfirm({ ids: [row.id as string] })}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${nameOf(row)}`}>
                            <IconDots size={16} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Label>More</Menu.Label>
                          <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => copyId(row.id as string)}>
                            Copy id
                          </Menu.Item>
                          {allowed('read') && (
                            <Menu.Item
                              leftSection={<IconFileExport size={14} />}
                              onClick={() => exportCsv([[{ path: 'id', comparison: 'in', value: [row.id as string] }]])}
                            >
                              Export CSV of this row
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {rows.length === 0 && (
            <Text ta="center" py="lg" c="dimmed">
              No results found
            </Text>
          )}
        </ScrollArea>
      )}

      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Button variant="default" size="sm" disabled={state.page <= 1} onClick={() => setState((s) => ({ ...s, page: 1 }))}>
            First
          </Button>
          <Button variant="default" size="sm" disabled={state.page <= 1} onClick={() => setState((s) => ({ ...s, page: s.page - 1 }))}>
            Previous
          </Button>
          <Text size="sm" px="xs">
            {state.page} of {pages}
          </Text>
          <Button variant="default" size="sm" disabled={state.page >= pages} onClick={() => setState((s) => ({ ...s, page: s.page + 1 }))}>
            Next
          </Button>
          <Button variant="default" size="sm" disabled={state.page >= pages} onClick={() => setState((s) => ({ ...s, page: pages }))}>
            Last
          </Button>
        </Group>
        <Group gap="xs">
          <TextInput
            aria-label="Go to page"
            placeholder="Page"
            value={pageInput}
            onChange={(e) => setPageInput(e.currentTarget.value)}
            w={80}
            size="sm"
          />
          <Button variant="default" size="sm" onClick={() => setState((s) => goToPage(s, pageInput, total))}>
            Go to page
          </Button>
        </Group>
      </Group>

      <Modal opened={!!confirm} onClose={() => setConfirm(null)} title="Please confirm" centered>
        <Stack>
          <Text>
            {confirm?.ids === 'selection'
              ? 'Are you sure you want to delete all the selected items?'
              : 'Are you sure you want to delete this item?'}
          </Text>
          <Group justify="flex-end">
            <Button variant="subtle" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => confirm && remove.mutate(confirm.ids)}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
