import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { opNames, type EntityDef } from '@hub/model';
import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '../../client/graphql';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Where } from '../../admin/list/query';
import { useListController, type ListController } from '../../admin/list/useListController';
import { Crumbs, type Crumb } from '../../ui/Crumbs';
import { PageSearch } from '../../ui/PageSearch';
import { useTab, type MemberTab } from './tabs';

export type Row = Record<string, unknown>;

/** A column of a member list: a header and the cell of a row (on a phone card, a labelled line). */
export interface MemberColumn {
  key: string;
  label: string;
  cell(row: Row): ReactNode;
}

/**
 * The member list frame (issue 11): title, URL-driven tabs, a search box, a table on desktop that
 * turns into cards on phones, a pager, 'Loading {entity}...' and empty states, View and Edit per row
 * by permission. Built on the back-office's useListController (no second list machine).
 *
 * Props:
 * - entity, title; `crumbs` (after Home; `safety` false for non-safety pages).
 * - `tabs`: each a key, a label and the conditions its rows meet; the address's ?tab= picks one
 *   (the first when absent or unknown). `base`: conditions of every tab.
 * - `page` and `pathOf(page)`: the page lives in the address (e.g. /assets-{n}); the frame moves
 *   between pages and tabs by address, and back to page 1 past the last.
 * - `recordPath`: rows open at {recordPath}/view/{id} and /edit/{id}; `canEdit(row)` narrows Edit
 *   below the entity's update right. `rowName(row)`: the card's title and the actions' names.
 * - `columns` (the first is the row's name, a link to its view), `select`: the GraphQL fields they read.
 * - `toolbar`: buttons beside the title (Create...); `plural`: 'assets' for 'Loading assets...'.
 */
export function MemberListPage(props: {
  entity: EntityDef;
  title: string;
  crumbs: Crumb[];
  safety?: boolean;
  tabs: MemberTab[];
  base?: Where[][];
  page: number;
  pathOf(page: number): string;
  recordPath: string;
  columns: MemberColumn[];
  select?: string;
  rowName(row: Row): string;
  canEdit?(row: Row): boolean;
  toolbar?: ReactNode;
  plural: string;
  searchPlaceholder?: string;
  /** Each tab's label ends with its count of rows, e.g. 'Open (3)'. */
  tabCounts?: boolean;
}) {
  const { entity, tabs, page, pathOf } = props;
  const navigate = useNavigate();
  const tab = useTab(tabs);
  const hrefOf = (p: number, key = tab.key) => `${pathOf(p)}?tab=${encodeURIComponent(key)}`;
  const list = useListController({
    entity,
    base: [...(props.base ?? []), ...tab.where],
    // One key for every page of a tab (not recordPath, which is /assets-{n}): the search typed on one page holds on the next.
    listKey: `${pathOf(1)}#${tab.key}`,
    page,
    select: props.select,
  });
  const cards = useMatches({ base: true, sm: false });
  const counts = useTabCounts(entity, tabs, props.base, !!props.tabCounts);
  const [text, setText] = useState(list.state.search);
  const searchLater = useDebouncedCallback((term: string) => {
    list.search(term);
    if (page !== 1) void navigate(hrefOf(1), { replace: true });
  }, 300);

  // A page past the last (after a narrower search, or a typed address) goes back to the first.
  const beyond = list.rows !== undefined && !list.list.isFetching && page > list.pages;
  useEffect(() => {
    if (beyond) void navigate(hrefOf(1), { replace: true });
  });

  return (
    <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs items={props.crumbs} safety={props.safety} />
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {props.title}
        </Title>
        {props.toolbar && <Group gap="sm">{props.toolbar}</Group>}
      </Group>
      <Tabs value={tab.key} onChange={(key) => key && void navigate(hrefOf(1, key))} mb="md" keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.key} value={t.key} mih={44}>
              {t.label}
              {counts?.[t.key] !== undefined && ` (${counts[t.key]})`}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <PageSearch
        label={`Search ${props.plural}`}
        placeholder={props.searchPlaceholder ?? 'Search'}
        value={text}
        onChange={(v) => {
          setText(v);
          searchLater(v);
        }}
      />
      <ListBody list={list} {...props} cards={cards} />
      {list.rows && list.total > 0 && (
        <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
          <Text size="sm" c="gray.7">
            Page {Math.min(page, list.pages)} of {list.pages} · {list.total} {list.total === 1 ? entity.label.toLowerCase() : props.plural}
          </Text>
          <Pagination
            total={list.pages}
            value={Math.min(page, list.pages)}
            onChange={(p) => void navigate(hrefOf(p))}
            size={cards ? 'xl' : 'sm'}
            withPages={!cards}
            getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        </Group>
      )}
    </Container>
  );
}

/** The count of each tab's rows (one request for every tab), when asked; refreshed with the list's own queries. */
function useTabCounts(entity: EntityDef, tabs: MemberTab[], base: Where[][] | undefined, on: boolean): Record<string, number> | undefined {
  const n = opNames(entity.name);
  const counts = useQuery({
    queryKey: ['list', entity.name, 'tab-counts', tabs.map((t) => `${t.key}:${JSON.stringify(t.where)}`)],
    enabled: on,
    queryFn: async () => {
      const data = await graphqlRequest<Record<string, number>>(
        `query(${tabs.map((_t, i) => `$c${i}: [[WhereExpressionGraph!]!]`).join(', ')}) { ${tabs
          .map((_t, i) => `t${i}: ${n.count}(conditions: $c${i})`)
          .join(' ')} }`,
        Object.fromEntries(tabs.map((t, i) => [`c${i}`, [...(base ?? []), ...t.where]])),
      );
      return Object.fromEntries(tabs.map((t, i) => [t.key, data[`t${i}`]]));
    },
  });
  return on ? counts.data : undefined;
}

function ListBody(props: Parameters<typeof MemberListPage>[0] & { list: ListController; cards: boolean }): ReactNode {
  const { list, entity, columns, cards, recordPath, rowName } = props;
  if (list.list.isPending)
    return (
      <Stack gap="xs" aria-busy>
        <Text>Loading {props.plural}...</Text>
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h={40} />
        ))}
      </Stack>
    );
  if (list.list.error !== null)
    return (
      <Alert color="red" title={`Error Loading ${entity.label}`}>
        An unexpected error occurred: {list.list.error}
      </Alert>
    );
  const rows = list.rows ?? [];
  if (!rows.length) return <Text py="lg">No {props.plural} found</Text>;
  const actions = (row: Row) => (
    <RowButtons
      row={row}
      name={rowName(row)}
      recordPath={recordPath}
      view={list.allowed('read')}
      edit={list.allowed('update') && (props.canEdit?.(row) ?? true)}
      phone={cards}
    />
  );
  const [first, ...rest] = columns;
  if (cards)
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={props.title} aria-busy={list.list.isFetching}>
        {rows.map((row) => (
          <Paper component="li" key={row.id as string} withBorder p="sm" radius="md">
            <Anchor
              component={Link}
              to={`${recordPath}/view/${row.id as string}`}
              fw={600}
              display="block"
              mih={44}
              style={{ overflowWrap: 'anywhere', alignContent: 'center' }}
            >
              {rowName(row)}
            </Anchor>
            <Stack gap={2} my="xs">
              {rest.map((c) => (
                <Text key={c.key} size="sm" style={{ overflowWrap: 'anywhere' }}>
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
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-busy={list.list.isFetching}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key}>{c.label}</Table.Th>
            ))}
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id as string}>
              <Table.Td>
                <Anchor component={Link} to={`${recordPath}/view/${row.id as string}`}>
                  {first.cell(row) ?? rowName(row)}
                </Anchor>
              </Table.Td>
              {rest.map((c) => (
                <Table.Td key={c.key}>{c.cell(row) ?? '—'}</Table.Td>
              ))}
              <Table.Td>{actions(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** View and Edit of a row, each only when permitted; 44 px tap targets sharing a phone card's width. */
function RowButtons(p: { row: Row; name: string; recordPath: string; view: boolean; edit: boolean; phone: boolean }) {
  const size = p.phone ? 'sm' : 'xs';
  const fill = p.phone ? { mih: 44, style: { flex: '1 1 auto' } } : {};
  const id = p.row.id as string;
  return (
    <Group gap={6} wrap={p.phone ? 'wrap' : 'nowrap'}>
      {p.view && (
        <Button component={Link} to={`${p.recordPath}/view/${id}`} size={size} {...fill} variant="light" aria-label={`View ${p.name}`}>
          View
        </Button>
      )}
      {p.edit && (
        <Button component={Link} to={`${p.recordPath}/edit/${id}`} size={size} {...fill} variant="light" aria-label={`Edit ${p.name}`}>
          Edit
        </Button>
      )}
    </Group>
  );
}
