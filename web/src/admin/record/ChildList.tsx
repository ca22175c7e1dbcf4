import { Anchor, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { opNames, type EntityDef } from '@hub/model';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { graphqlRequest } from '../../client/graphql';
import { formatValue } from '../format';
import { columnsOf } from '../list/query';

/** A record's list of child records of another entity (an account's licences): at most this many shown. */
export const CHILD_LIST_TAKE = 50;

export interface ChildListDef {
  name: string;
  label: string;
  target: EntityDef;
  /** The target's reference to the parent. */
  inverse: string;
}

interface Props {
  list: ChildListDef;
  parentId: string;
  canCreate: boolean;
}

/**
 * The child records of a record's view and edit screens (an account's licences): the target's
 * list columns, each row opening its own record, and Create with the parent already chosen.
 * Saved through the target's own screens and rules, never as part of the parent's save.
 */
export function ChildList({ list, parentId, canCreate }: Props) {
  const n = opNames(list.target.name);
  const columns = columnsOf(list.target).slice(0, 4);
  const base = `/admin/${list.target.name.toLowerCase()}`;
  const rows = useQuery({
    queryKey: ['list', list.target.name, 'child-of', parentId],
    queryFn: () =>
      graphqlRequest<{ r: Record<string, unknown>[]; total: number }>(
        `query($c: [[WhereExpressionGraph!]!]) { r: ${n.list}(conditions: $c, take: ${CHILD_LIST_TAKE}, orderBy: [{path: "created"}]) { id ${columns.map((c) => c.select).join(' ')} } total: ${n.count}(conditions: $c) }`,
        { c: [[{ path: `${list.inverse}Id`, comparison: 'equal', value: [parentId] }]] },
      ),
  });
  return (
    <Stack gap={4} component="section" aria-label={list.label}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {list.label}
        </Text>
        {canCreate && (
          <Button
            component={Link}
            to={`${base}/create?${list.inverse}Id=${encodeURIComponent(parentId)}`}
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
          >
            Create {list.target.label}
          </Button>
        )}
      </Group>
      {rows.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Loading {list.target.plural ?? `${list.target.label}s`}...</Text>
        </Group>
      ) : rows.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {rows.error instanceof Error ? rows.error.message : 'The list could not be loaded'}
        </Text>
      ) : rows.data.r.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.path}>{c.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data.r.map((row) => (
              <Table.Tr key={row.id as string}>
                {columns.map((c, i) => (
                  <Table.Td key={c.path}>
                    {i === 0 ? (
                      <Anchor component={Link} to={`${base}/view/${row.id as string}`}>
                        {formatValue(c.field, row[c.path]) || 'View'}
                      </Anchor>
                    ) : (
                      formatValue(c.field, row[c.path])
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {rows.data && rows.data.total > rows.data.r.length && (
        <Text size="xs" c="dimmed">
          Showing {rows.data.r.length} of {rows.data.total}
        </Text>
      )}
    </Stack>
  );
}
