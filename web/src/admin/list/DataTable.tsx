import { Alert, Group, Loader, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TableColumn {
  key: string;
  /** The header cell's content (a SortHeader for a sortable column); none for an actions column. */
  header?: ReactNode;
  /** Accessible name of a header without visible text. */
  ariaLabel?: string;
  width?: number;
}

interface Props<R> {
  /** What the rows are, for "Loading {label}...". */
  label: string;
  columns: TableColumn[];
  rows: R[] | undefined;
  rowKey(row: R): string;
  /** The cells of a row (Table.Td elements, one per column). */
  cells(row: R): ReactNode;
  isPending: boolean;
  /** The load failure, shown as an alert. */
  error?: { title?: string; text: string } | null;
  /** A refetch is under way (the rows shown are the previous ones). */
  busy?: boolean;
  minWidth: number;
  highlightOnHover?: boolean;
}

/** The table of a list screen: loading skeleton, error, rows, "No results found". */
export function DataTable<R>({ label, columns, rows, rowKey, cells, isPending, error, busy, minWidth, highlightOnHover }: Props<R>) {
  return (
    <>
      {error && (
        <Alert color="red" title={error.title}>
          An unexpected error occurred: {error.text}
        </Alert>
      )}
      {isPending && (
        <Stack gap="xs" aria-busy>
          <Group>
            <Loader size="sm" />
            <Text>Loading {label}...</Text>
          </Group>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={34} />
          ))}
        </Stack>
      )}
      {rows && (
        <ScrollArea type="auto">
          <Table striped highlightOnHover={highlightOnHover} withTableBorder miw={minWidth} aria-busy={busy}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.key} w={c.width} aria-label={c.ariaLabel}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>{cells(row)}</Table.Tr>
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
    </>
  );
}
