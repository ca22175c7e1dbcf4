import { Alert, Anchor, Button, Checkbox, Group, Pagination, Paper, Skeleton, Stack, Table, Text, useMatches } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { DOCUMENT_SEARCH_DEBOUNCE_MS, type EntityDef } from '@hub/model';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { clearSelection, isPageSelected, isSelected, togglePage, toggleRow } from '../../admin/list/list-state';
import type { Where } from '../../admin/list/query';
import { useListController } from '../../admin/list/useListController';
import { PageSearch } from '../../ui/PageSearch';
import { HitArea } from '../records/HitArea';
import { BulkDownloadBar, useBulkDownload } from './BulkDownload';
import type { BulkItem, BulkKind } from './bulk-download';

export type Row = Record<string, unknown>;

/** A column: a header and the cell of a row (a labelled line on a phone card); the first is the row's name. */
export interface ListColumn {
  key: string;
  label: string;
  cell(row: Row): ReactNode;
}

/**
 * The list of the document, MEA document and template pages: search (300 ms), a table on
 * desktop and cards on phones, a pager, and (with `bulk`) a checkbox per row and Bulk Download
 * of the chosen rows' files. The data, paging, search and selection are the back-office's
 * useListController and list-state; the page owns its tabs (two levels, in the path).
 */
export function SelectableList(props: {
  entity: EntityDef;
  /** Conditions every row meets (the tab's type and status). */
  base: Where[][];
  listKey: string;
  /** GraphQL fields beyond the entity's columns that the cells and `hasFile` read. */
  select: string;
  columns: ListColumn[];
  rowName(row: Row): string;
  viewPath(row: Row): string;
  editPath?(row: Row): string | null;
  /** Extra actions of a row (a template's Download). */
  rowActions?(row: Row, phone: boolean): ReactNode;
  bulk?: { kind: BulkKind; hasFile(row: Row): boolean };
  /** 'documents' for 'Loading documents...'. */
  plural: string;
  searchLabel: string;
}) {
  const { entity, columns, rowName, bulk } = props;
  const list = useListController({ entity, base: props.base, listKey: props.listKey, select: props.select });
  const phone = useMatches({ base: true, sm: false });
  const [text, setText] = useState(list.state.search);
  const searchLater = useDebouncedCallback((term: string) => list.search(term), DOCUMENT_SEARCH_DEBOUNCE_MS);
  const download = useBulkDownload(bulk?.kind ?? 'documents');
  /** Whether each row seen so far has a file: the chosen rows may lie on other pages. */
  const files = useRef(new Map<string, boolean>());
  const rows = list.rows ?? [];
  useEffect(() => {
    if (bulk) for (const r of list.rows ?? []) files.current.set(r.id as string, bulk.hasFile(r));
  }, [bulk, list.rows]);
  const chosen = list.state.selected;

  async function bulkDownload() {
    const items: BulkItem[] = chosen.map((id) => ({ id, hasFile: files.current.get(id) ?? false }));
    if (await download.start(items)) list.setState(clearSelection);
  }

  const pageIds = list.pageIds;
  const pickAll = bulk && rows.length > 0 && (
    <HitArea>
      <Checkbox
        aria-label="Choose every row on this page"
        checked={isPageSelected(list.state, pageIds)}
        indeterminate={!isPageSelected(list.state, pageIds) && pageIds.some((id) => isSelected(list.state, id))}
        onChange={() => list.setState((s) => togglePage(s, pageIds))}
        size="md"
      />
    </HitArea>
  );
  const pick = (row: Row) =>
    bulk && (
      <HitArea>
        <Checkbox
          aria-label={`Choose ${rowName(row)}`}
          checked={isSelected(list.state, row.id as string)}
          onChange={() => list.setState((s) => toggleRow(s, row.id as string))}
          size="md"
        />
      </HitArea>
    );
  const actions = (row: Row) => {
    const edit = props.editPath?.(row);
    const size = phone ? 'sm' : 'xs';
    const fill = phone ? { mih: 44, style: { flex: '1 1 auto' } } : {};
    return (
      <Group gap={6} wrap={phone ? 'wrap' : 'nowrap'}>
        <Button component={Link} to={props.viewPath(row)} size={size} {...fill} variant="light" aria-label={`View ${rowName(row)}`}>
          View
        </Button>
        {edit && (
          <Button component={Link} to={edit} size={size} {...fill} variant="light" aria-label={`Edit ${rowName(row)}`}>
            Edit
          </Button>
        )}
        {props.rowActions?.(row, phone)}
      </Group>
    );
  };

  let body: ReactNode;
  if (list.list.isPending)
    body = (
      <Stack gap="xs" aria-busy>
        <Text>Loading {props.plural}...</Text>
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h={40} />
        ))}
      </Stack>
    );
  else if (list.list.error !== null)
    body = (
      <Alert color="red" title={`Error Loading ${entity.label}`}>
        An unexpected error occurred: {list.list.error}
      </Alert>
    );
  else if (!rows.length) body = <Text py="lg">No {props.plural} found</Text>;
  else if (phone)
    body = (
      <>
        {pickAll && (
          <Checkbox
            mb="xs"
            label="Choose every row on this page"
            checked={isPageSelected(list.state, pageIds)}
            indeterminate={!isPageSelected(list.state, pageIds) && pageIds.some((id) => isSelected(list.state, id))}
            onChange={() => list.setState((s) => togglePage(s, pageIds))}
            size="md"
            styles={{ body: { minHeight: 44, alignItems: 'center' }, label: { paddingBlock: 10, cursor: 'pointer' } }}
          />
        )}
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={props.plural} aria-busy={list.list.isFetching}>
          {rows.map((row) => (
            <Paper component="li" key={row.id as string} withBorder p="sm" radius="md">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                {pick(row)}
                <Anchor
                  component={Link}
                  to={props.viewPath(row)}
                  fw={600}
                  display="block"
                  mih={44}
                  style={{ overflowWrap: 'anywhere', alignContent: 'center', flex: 1 }}
                >
                  {rowName(row)}
                </Anchor>
              </Group>
              <Stack gap={2} my="xs">
                {columns.slice(1).map((c) => (
                  <Text key={c.key} size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                    <Text span size="sm" c="gray.7">
                      {c.label}:{' '}
                    </Text>
                    {c.cell(row) ?? '—'}
                  </Text>
                ))}
              </Stack>
              {actions(row)}
            </Paper>
          ))}
        </Stack>
      </>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={list.list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              {bulk && <Table.Th w={48}>{pickAll}</Table.Th>}
              {columns.map((c) => (
                <Table.Th key={c.key}>{c.label}</Table.Th>
              ))}
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id as string}>
                {bulk && <Table.Td>{pick(row)}</Table.Td>}
                <Table.Td>
                  <Anchor component={Link} to={props.viewPath(row)} style={{ overflowWrap: 'anywhere' }}>
                    {columns[0].cell(row) ?? rowName(row)}
                  </Anchor>
                </Table.Td>
                {columns.slice(1).map((c) => (
                  <Table.Td key={c.key}>{c.cell(row) ?? '—'}</Table.Td>
                ))}
                <Table.Td>{actions(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <>
      <PageSearch
        label={props.searchLabel}
        placeholder="Search by name"
        value={text}
        onChange={(v) => {
          setText(v);
          searchLater(v);
        }}
      />
      {bulk && (
        <Group mb="sm" gap="sm" align="flex-start">
          <BulkDownloadBar count={chosen.length} onClick={() => void bulkDownload()} progress={download.progress} />
          {chosen.length > 0 && !download.running && (
            <Button variant="subtle" mih={44} onClick={() => list.setState(clearSelection)}>
              Clear selection
            </Button>
          )}
        </Group>
      )}
      {body}
      {list.rows && list.total > 0 && (
        <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
          <Text size="sm" c="gray.7">
            Page {list.state.page} of {list.pages} · {list.total} {list.total === 1 ? entity.label.toLowerCase() : props.plural}
          </Text>
          <Pagination
            total={list.pages}
            value={list.state.page}
            onChange={(p) => list.setState((s) => ({ ...s, page: p }))}
            size={phone ? 'xl' : 'sm'}
            withPages={!phone}
            getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        </Group>
      )}
    </>
  );
}
